// @ts-check
// How Hookwarden's .vsix is packaged, in one place for `npm run package`, `npm start` and the real-VS-Code tier: the
// marketplace page is README.marketplace.md (for people who install the extension), not the repository's README (for
// people who work on it).
//
// Its relative links are rewritten to absolute https URLs into the repository. VS Code's extension page (1.139.1,
// desktop and server alike) renders a README in a webview that keeps only http(s) image sources (relative paths and
// data: URIs are stripped) under a `img-src https: data:` policy, with no way to reach the files inside the installed
// extension; the Marketplace resolves nothing relative either. So an image shows only from an https URL.

/** The README the .vsix carries, relative to the repository root. */
export const PACKAGED_README = 'README.marketplace.md';

/** Where the packaged README's relative image links point: the repository's files on its main branch, served raw. */
export const README_IMAGES_URL = 'https://raw.githubusercontent.com/hookwarden/hookwarden/main/';

/** Where its other relative links point: the same files as GitHub shows them. */
export const README_CONTENT_URL = 'https://github.com/hookwarden/hookwarden/blob/main/';

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
		'--baseImagesUrl',
		README_IMAGES_URL,
		'--baseContentUrl',
		README_CONTENT_URL,
		'--out',
		out,
	];
}
