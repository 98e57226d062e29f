// @ts-check
// How Hookwarden's .vsix is packaged, in one place for `npm run package`, `npm start` and the real-VS-Code tier: the
// marketplace page is README.marketplace.md (for people who install the extension), not the repository's README (for
// people who work on it), and its relative image links stay relative, so VS Code shows the PNGs shipped in the .vsix.

/** The README the .vsix carries, relative to the repository root. */
export const PACKAGED_README = 'README.marketplace.md';

/**
 * The `npx` arguments that package the extension into `out`.
 * @param {string} out
 * @returns {string[]}
 */
export function vsceArgs(out) {
	return [
		'vsce',
		'package',
		'--no-dependencies',
		'--readme-path',
		PACKAGED_README,
		'--no-rewrite-relative-links',
		'--out',
		out,
	];
}
