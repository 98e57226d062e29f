/**
 * The extension's page as a person who installed the `.vsix` sees it in the pinned VS Code: the Details tab renders
 * the packaged README in a webview, and every picture in it has loaded (a broken image has no natural size), not only
 * shipped inside the `.vsix`.
 *
 * The page shows only https images (scripts/packageArgs.mjs says why), so the packaged README points into the
 * repository on GitHub. This machine has no internet: the browser's requests to GitHub's raw file host are answered
 * from this checkout's committed files, and any other https request fails, so a link to a file that is not in the
 * repository, a relative link or a data: URI still shows as a broken image.
 */
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { after, afterEach, before, describe, it } from 'mocha';
import type { BrowserContext, Frame } from 'playwright-core';

import { findRepoRoot, startVscodeServer, type VscodeServer } from '../support/vscodeServer';
import { openWorkbench, waitFor, type Workbench } from '../support/workbench';

/** What the page-side callback reads of an `<img>` (the project's tsconfig has no DOM lib, on purpose). */
interface ImageNode {
	readonly alt: string;
	readonly complete: boolean;
	readonly naturalWidth: number;
	getAttribute(name: string): string | null;
}

interface ImageState {
	readonly src: string;
	readonly alt: string;
	readonly complete: boolean;
	readonly naturalWidth: number;
}

/** The README webview's frame: the inner page of a webview whose text holds the README's first heading. */
async function readmeFrame(wb: Workbench): Promise<Frame> {
	await wb.waitForWebviewText(/Policies, approvals and an audit trail/, { timeoutMs: 60_000 });
	for (const frame of wb.page.frames()) {
		const text = await frame
			.locator('body')
			.innerText({ timeout: 1_000 })
			.catch(() => '');
		if (
			frame.url().includes('fake.html') &&
			text.includes('Policies, approvals and an audit trail')
		) {
			return frame;
		}
	}
	throw new Error('the README webview went away');
}

function images(frame: Frame): Promise<ImageState[]> {
	return frame.locator('img').evaluateAll((all: ImageNode[]) =>
		all.map((img) => ({
			src: img.getAttribute('src') ?? '',
			alt: img.alt,
			complete: img.complete,
			naturalWidth: img.naturalWidth,
		})),
	);
}

const ROOT = findRepoRoot();

/** The packaged extension: the runner's (`--package`), else packaged here the one way every caller packages it. */
function packagedVsix(folder: string): string {
	const given = process.env.HOOKWARDEN_E2E_VSIX;
	if (given) {
		return given;
	}
	const out = path.join(folder, 'hookwarden.vsix');
	const packed = spawnSync(process.execPath, ['scripts/package.mjs', out], {
		cwd: ROOT,
		encoding: 'utf8',
	});
	assert.equal(packed.status, 0, `${packed.stdout}\n${packed.stderr}`);
	return out;
}

/** `github.com/<owner>/<repo>` of package.json's repository. */
function repositorySlug(): string {
	const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
		repository: { url: string };
	};
	const slug = /github\.com\/([^/]+\/[^/.]+)/.exec(manifest.repository.url)?.[1];
	assert.ok(slug, `no GitHub repository in package.json: ${manifest.repository.url}`);
	return slug;
}

/**
 * Answers `https://raw.githubusercontent.com/<owner>/<repo>/<ref>/<path>` for this repository with the committed file
 * at `<path>`, as GitHub would; every other https request fails as it does offline. Returns the URLs asked for.
 */
async function serveRepositoryOffline(context: BrowserContext): Promise<string[]> {
	const committed = new Set(
		execFileSync('git', ['ls-files', 'media'], { cwd: ROOT, encoding: 'utf8' }).split('\n'),
	);
	const prefix = `/${repositorySlug()}/`;
	const asked: string[] = [];
	await context.route(/^https:\/\//, async (route) => {
		const url = new URL(route.request().url());
		asked.push(url.href);
		// <ref>/<path>: the ref is whatever the link names; offline, the checkout stands in for it.
		const file = url.pathname.startsWith(prefix)
			? url.pathname.slice(prefix.length).split('/').slice(1).join('/')
			: '';
		if (url.hostname === 'raw.githubusercontent.com' && committed.has(file)) {
			await route.fulfill({ path: path.join(ROOT, file) });
		} else {
			await route.abort('internetdisconnected');
		}
	});
	return asked;
}

describe('the extension page shows its pictures', function () {
	let folder: string;
	let server: VscodeServer | undefined;
	let wb: Workbench | undefined;
	let asked: string[] = [];

	before(async function () {
		this.timeout(300_000);
		folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-e2e-extension-page-'));
		server = await startVscodeServer({ vsix: [packagedVsix(folder)], label: 'extension-page' });
		wb = await openWorkbench(server);
		asked = await serveRepositoryOffline(wb.context);
	});

	afterEach(async function () {
		if (this.currentTest?.state === 'failed') {
			await wb?.saveDiagnostics(this.currentTest.fullTitle()).catch(() => undefined);
		}
	});

	after(async () => {
		await wb?.close();
		await server?.stop();
		fs.rmSync(folder, { recursive: true, force: true });
	});

	it('every image of the README on the Details tab has loaded', async () => {
		assert.ok(wb);
		await wb.runCommand('Extensions: Show Installed Extensions');
		const row = wb.page.locator('.extensions-viewlet .monaco-list-row', { hasText: 'Hookwarden' });
		await row.first().click({ timeout: 30_000 });
		const frame = await readmeFrame(wb);
		// Images load after the text: wait until each one has either loaded or failed.
		const seen = await waitFor(
			async () => {
				const all = await images(frame);
				return all.length > 0 && all.every((i) => i.complete) ? all : undefined;
			},
			{
				timeoutMs: 30_000,
				describe: async () =>
					`images never finished loading: ${JSON.stringify(await images(frame))}`,
			},
		);
		await wb.screenshot('extension-page-readme');
		const broken = seen.filter((i) => i.naturalWidth === 0);
		assert.deepEqual(
			broken,
			[],
			`broken images on the extension page: ${JSON.stringify(broken)}; https requests: ${JSON.stringify(asked)}`,
		);
		const written = fs
			.readFileSync(path.join(ROOT, 'README.marketplace.md'), 'utf8')
			.match(/!\[[^\]]*\]\(/g);
		assert.equal(seen.length, written?.length, `images shown: ${JSON.stringify(seen)}`);
	});
});
