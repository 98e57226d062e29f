/*
 * Windows' 8.3 short names (`SETTIN~1.JSO` for `settings.json`, `PROGRA~1` for `Program Files`): a path may name a
 * file by its short name, so a guarded name is recognised by its short form too.
 */
import { GUARDED_ANYWHERE } from './guardedLocations';

/** An 8.3 short name: up to six characters of the long name, `~N`, up to three of its extension. */
const SHORT_NAME = /^([^~*?{},]{1,6})~\d{1,6}(?:\.([^.*?{},]{1,3}))?$/;

/** The names the guarded locations are made of (`.vscode`, `settings.json`, `hooks`), to match short names against. */
const GUARDED_NAMES: readonly string[] = [
	...new Set(
		GUARDED_ANYWHERE.flatMap((location) => location.glob.split('/')).filter(
			(segment) => segment !== '' && !/[*?[\]{}]/.test(segment),
		),
	),
];

/** The short name's stem and extension Windows makes of a long name: leading dots dropped, spaces and dots removed. */
function shortForm(name: string): { readonly stem: string; readonly extension: string } {
	const bare = name.replace(/^\.+/, '').replace(/ /g, '');
	const dot = bare.lastIndexOf('.');
	const stem = (dot > 0 ? bare.slice(0, dot) : bare).replace(/\./g, '');
	return {
		stem: stem.slice(0, 6).toLowerCase(),
		extension: dot > 0 ? bare.slice(dot + 1, dot + 4).toLowerCase() : '',
	};
}

/**
 * What a path segment written as an 8.3 short name may stand for: the guarded names with that short form, and a glob
 * of every long name it may abbreviate (`SETTIN*.JSO*`); `undefined` when the segment is no short name.
 */
export function longNamesOf(segment: string): readonly string[] | undefined {
	const short = SHORT_NAME.exec(segment);
	if (!short) {
		return undefined;
	}
	const stem = (short[1] ?? '').toLowerCase();
	const extension = (short[2] ?? '').toLowerCase();
	const known = GUARDED_NAMES.filter((name) => {
		const form = shortForm(name);
		return form.stem === stem && form.extension === extension;
	});
	return [...known, `${short[1] ?? ''}*${short[2] === undefined ? '' : `.${short[2]}*`}`];
}
