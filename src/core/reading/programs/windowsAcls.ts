/*
 * Windows' access-control programs: `icacls PATH /grant|/deny|/remove|/reset|/setowner … [/T]` and `takeown /F PATH
 * [/R]` change who may use a file, as `chmod`/`chown` do, through a whole tree with `/T` or `/R`.
 */
import type { ProgramModel } from './programModel';

/** icacls's switches that change an ACL, and the owner (what only reads or saves an ACL is not here). */
const ICACLS_CHANGES = new Set([
	'/grant',
	'/grant:r',
	'/deny',
	'/remove',
	'/remove:g',
	'/remove:d',
	'/reset',
	'/setowner',
	'/setintegritylevel',
	'/inheritance:e',
	'/inheritance:d',
	'/inheritance:r',
]);

/** Principals that stand for every user: a change for them changes everyone's access. */
const EVERY_USER =
	/^(?:\*?S-1-1-0|\*?S-1-5-11|\*?S-1-5-32-545|Everyone|Users|Authenticated Users|BUILTIN\\Users):/i;

/** The programs {@link windowsAcls} reads. */
export const ACL_PROGRAMS: readonly string[] = ['icacls', 'takeown'];

/** `icacls` and `takeown`: a permission change (`chmod` effect) on each path, a tree with `/T` or `/R`. */
export const windowsAcls: ProgramModel = (call) => {
	const words = call.args.map((word) => word.toLowerCase());
	if (call.name === 'takeown') {
		const at = words.indexOf('/f');
		const path = at >= 0 ? call.args[at + 1] : undefined;
		return path === undefined
			? []
			: [
					call.effect({
						kind: 'chmod',
						path: path.replace(/\\/g, '/'),
						tree: words.includes('/r'),
						action: 'takes ownership of',
					}),
				];
	}
	const change = words.find((word) => ICACLS_CHANGES.has(word));
	const path = call.args[0];
	if (change === undefined || path === undefined || path.startsWith('/')) {
		return [];
	}
	const everyone = call.args.some((word) => EVERY_USER.test(word));
	return [
		call.effect({
			kind: 'chmod',
			path: path.replace(/\\/g, '/'),
			tree: words.includes('/t'),
			...(everyone && { everyone: true }),
			action: everyone
				? `changes every user's access (${change}) to`
				: `changes the access (${change}) to`,
		}),
	];
};
