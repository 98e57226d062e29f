import type { Effect } from '../../terms/effect';
import { given, parseOptions, valuesOf } from './optionGrammar';
import type { ProgramModel } from './programModel';

/** `tar`'s first word may be a bundle of letters without a dash (`tar xzf a.tgz`): read it as options. */
function tarWords(args: readonly string[]): string[] {
	const [first = '', ...rest] = args;
	return /^[A-Za-z]+$/.test(first) && !first.startsWith('-') ? [`-${first}`, ...rest] : [...args];
}

/**
 * `tar`/`bsdtar`: extracting writes an unknown set of files under `-C DIR` (or here); creating reads its operands
 * as trees and writes the archive file.
 */
export const tarArchive: ProgramModel = (call) => {
	const parsed = parseOptions(tarWords(call.args), {
		shortValues: 'fCbTXgKLNV',
		longValues: [
			'file',
			'directory',
			'exclude',
			'files-from',
			'exclude-from',
			'transform',
			'owner',
			'group',
		],
	});
	const archive = valuesOf(parsed, 'f', 'file').at(-1);
	const effects: Effect[] = [];
	if (given(parsed, 'x', 'extract', 'get')) {
		const into = valuesOf(parsed, 'C', 'directory').at(-1) ?? '.';
		if (archive !== undefined && archive !== '-') {
			effects.push(call.effect({ kind: 'read', path: archive, action: 'unpacks' }));
		}
		effects.push(
			call.effect({
				kind: 'write',
				path: into,
				tree: true,
				contentsUnknown: true,
				force: !given(parsed, 'k', 'keep-old-files', 'skip-old-files'),
				action: 'unpacks an archive into',
			}),
		);
		return effects;
	}
	if (given(parsed, 'c', 'create', 'r', 'append', 'u', 'update')) {
		const base = valuesOf(parsed, 'C', 'directory').at(-1);
		// `--remove-files` deletes what it archived: the files leave their place, as with `mv`.
		const removes = given(parsed, 'remove-files');
		for (const operand of parsed.operands) {
			const path = base !== undefined && !/^[/~]/.test(operand) ? `${base}/${operand}` : operand;
			effects.push(call.effect({ kind: 'read', path, tree: true, action: 'archives' }));
			if (removes) {
				effects.push(
					call.effect({ kind: 'move', path, tree: true, action: 'archives and removes' }),
				);
			}
		}
		if (archive !== undefined && archive !== '-') {
			effects.push(call.effect({ kind: 'write', path: archive, action: 'writes the archive' }));
		}
	}
	return effects;
};

/** `unzip`: extracts into `-d DIR` (or here); listing, testing and piping (`-l`, `-t`, `-p`, `-Z`) write nothing. */
export const unzipArchive: ProgramModel = (call) => {
	const parsed = parseOptions(call.args, { shortValues: 'dxP' });
	if (given(parsed, 'l', 't', 'p', 'Z', 'v', 'z', 'c', 'h')) {
		return [];
	}
	const into = valuesOf(parsed, 'd').at(-1) ?? '.';
	return [
		...(parsed.operands[0] !== undefined
			? [call.effect({ kind: 'read' as const, path: parsed.operands[0], action: 'unpacks' })]
			: []),
		call.effect({
			kind: 'write',
			path: into,
			tree: true,
			contentsUnknown: true,
			force: given(parsed, 'o'),
			action: 'unpacks an archive into',
		}),
	];
};

/** `7z`/`7za`/`7zz x|e ARCHIVE -oDIR`: extracts; `a ARCHIVE files` archives files (reading them). */
export const sevenZip: ProgramModel = (call) => {
	const [verb = '', archive, ...rest] = call.args.filter((word) => !word.startsWith('-'));
	const outDir = call.args.find((word) => word.startsWith('-o'))?.slice(2);
	if (verb === 'x' || verb === 'e') {
		return [
			call.effect({
				kind: 'write',
				path: outDir !== undefined && outDir !== '' ? outDir : '.',
				tree: true,
				contentsUnknown: true,
				force: call.args.includes('-y') || call.args.includes('-aoa'),
				action: 'unpacks an archive into',
			}),
		];
	}
	if (verb === 'a' || verb === 'u') {
		return [
			...rest.map((path) => call.effect({ kind: 'read', path, tree: true, action: 'archives' })),
			...(archive !== undefined
				? [call.effect({ kind: 'write' as const, path: archive, action: 'writes the archive' })]
				: []),
		];
	}
	return [];
};

/** `zip ARCHIVE files…`: reads the files (trees with `-r`) and writes the archive. */
export const zipArchive: ProgramModel = (call) => {
	const parsed = parseOptions(call.args, { shortValues: 'bnstxiOP' });
	const [archive, ...files] = parsed.operands;
	const tree = given(parsed, 'r', 'R', 'recurse-paths');
	// `-m` moves the files into the archive: they leave their place, as with `mv`.
	const moves = given(parsed, 'm', 'move');
	return [
		...files.map((path) => call.effect({ kind: 'read', path, tree, action: 'archives' })),
		...(moves
			? files.map((path) =>
					call.effect({ kind: 'move', path, tree: true, action: 'moves into an archive' }),
				)
			: []),
		...(archive !== undefined && archive !== '-'
			? [call.effect({ kind: 'write' as const, path: archive, action: 'writes the archive' })]
			: []),
	];
};

/** `cpio -i` and `jar x` unpack into the current folder. */
export const unpackHere: ProgramModel = (call) => {
	const extracting =
		call.name === 'cpio'
			? call.args.some((word) => /^-[A-Za-z]*i|^--extract$/.test(word))
			: /^-?x/.test(call.args[0] ?? '');
	return extracting
		? [
				call.effect({
					kind: 'write',
					path: '.',
					tree: true,
					contentsUnknown: true,
					action: 'unpacks an archive into',
				}),
			]
		: [];
};
