/**
 * The extension page of the packaged `.vsix`: its README is README.marketplace.md (user-facing text only) with its
 * relative links made absolute https URLs into the repository (VS Code's extension page shows no other images; see
 * scripts/packageArgs.mjs), every image it shows is also a file the `.vsix` ships, and what it shares with the
 * repository README is the same text. That the page really shows them is test/e2e/ui/extensionPage.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { REGISTERED_HOOK_EVENTS } from '../../src/host/installer/hookFile';
import { exceptionSchema } from '../../src/core/settings/exceptionSchema';

const ROOT = resolve(__dirname, '../..');
const readme = (name: string) => readFileSync(join(ROOT, name), 'utf8');
const SLUG = /github\.com\/([^/]+\/[^/.]+)/.exec(
	(JSON.parse(readme('package.json')) as { repository: { url: string } }).repository.url,
)?.[1];
/** Where relative links point in the package: raw files for images, GitHub's pages for the rest, on main. */
const IMAGES_URL = `https://raw.githubusercontent.com/${SLUG}/main/`;
const CONTENT_URL = `https://github.com/${SLUG}/blob/main/`;

let folder: string;
let vsix: JSZip;

beforeAll(async () => {
	folder = mkdtempSync(join(tmpdir(), 'hookwarden-vsix-'));
	const out = join(folder, 'hookwarden.vsix');
	// The build already ran (the integration tier builds first); package exactly as `npm run package` does.
	const packed = spawnSync(process.execPath, ['scripts/package.mjs', out], {
		cwd: ROOT,
		encoding: 'utf8',
		env: { ...process.env, npm_config_loglevel: 'warn' },
	});
	expect(packed.status, `${packed.stdout}\n${packed.stderr}`).toBe(0);
	vsix = await JSZip.loadAsync(readFileSync(out));
}, 180_000);

afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** `## ` sections of a README by heading, without paragraphs marked `<!-- repository only -->`. */
function sections(text: string): Map<string, string> {
	const shared = text
		.replace(/<!-- repository only -->\n\n[^\n]+(\n[^\n]+)*\n?/g, '')
		.replace(/\n{3,}/g, '\n\n');
	return new Map(
		shared
			.split(/^(?=## )/m)
			.slice(1)
			.map((part) => [part.split('\n', 1)[0] ?? '', part.trim()]),
	);
}

describe('the packaged README', () => {
	it('is README.marketplace.md with absolute links, and the repository README is not packaged beside it', async () => {
		const packaged = await vsix.file('extension/readme.md')?.async('string');
		// Each relative link as the package writes it: an image from the raw file, anything else as GitHub shows it.
		const absolute = readme('README.marketplace.md').replace(
			/(!?)\[([^\]]*)\]\((?![a-z]+:|#)([^)\s]+)\)/g,
			(_, bang: string, label: string, link: string) =>
				`${bang}[${label}](${bang ? IMAGES_URL : CONTENT_URL}${link})`,
		);
		expect(packaged).toBe(absolute);
		expect(Object.keys(vsix.files).filter((f) => /readme/i.test(f))).toEqual([
			'extension/readme.md',
		]);
	});

	it('shows images by https URLs of repository files that the .vsix ships too', async () => {
		const packaged = (await vsix.file('extension/readme.md')?.async('string')) ?? '';
		const images = [...packaged.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)|<img[^>]+src="([^"]+)"/g)].map(
			(m) => m[1] ?? m[2] ?? '',
		);
		expect(images.length).toBeGreaterThan(0);
		for (const image of images) {
			expect(image.startsWith(IMAGES_URL), `${image} is not under ${IMAGES_URL}`).toBe(true);
			const file = image.slice(IMAGES_URL.length);
			expect(vsix.file(`extension/${file}`), `${file} is not in the .vsix`).not.toBeNull();
		}
	});

	it('holds what a person who installs the extension needs, not how to develop it', () => {
		const text = readme('README.marketplace.md');
		expect(text).not.toMatch(
			/npm (ci|start)\b|npm run (build|package|vscode|test)|dist\/|\.vscode-server|\.ci\/run|a clone of/,
		);
		expect(text).toMatch(/## Getting started/);
		expect(text).toMatch(/Hookwarden: Explain a Command Line…/);
		expect(text).toMatch(/~\/\.hookwarden\/bin\/hookwarden-hook --explain/);
		expect(text).toMatch(/npm install hookwarden/);
	});

	it('says the same as the repository README wherever both have a section', () => {
		const repository = sections(readme('README.md'));
		const marketplace = sections(readme('README.marketplace.md'));
		const common = [...marketplace.keys()].filter((heading) => repository.has(heading));
		expect(common.length).toBeGreaterThanOrEqual(5);
		for (const heading of common) {
			expect(marketplace.get(heading), heading).toBe(repository.get(heading));
		}
	});

	it.each(['README.md', 'README.marketplace.md'])(
		'%s names every event Install Hooks registers, and its exception example is valid',
		(name) => {
			const text = readme(name);
			expect(text).toContain(`all ${REGISTERED_HOOK_EVENTS.length} events`);
			for (const event of REGISTERED_HOOK_EVENTS) {
				expect(text).toContain(`\`${event}\``);
			}
			const example = /"hookwarden\.exceptions": (\[[\s\S]*?\n\])/.exec(text)?.[1] ?? '[]';
			const entries = JSON.parse(example) as unknown[];
			expect(entries.length).toBeGreaterThan(0);
			for (const entry of entries) {
				expect(exceptionSchema().safeParse(entry).success, JSON.stringify(entry)).toBe(true);
			}
		},
	);
});
