/**
 * The machine policy in the window, as a person sees it: the server runs in a private mount namespace whose /etc is
 * an overlay holding /etc/hookwarden/policy.json (root-owned, or not), so the window reads the real fixed path and
 * the machine's /etc never changes. The *Policies* view lists what the policy locks, the settings editor shows the
 * lock in a hover and warns on the person's value it keeps out, and a file someone else owns is ignored with a
 * warning notification. Screenshots: test-results/screenshots/machine-policy-*.png. Needs root (skipped otherwise).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { afterEach, describe, it } from 'mocha';

import { privateFoldersProblem, withPrivateFolders } from '../../support/privateSystemFolders';
import {
	extensionUnderTest,
	findRepoRoot,
	startVscodeServer,
	type VscodeServer,
} from '../support/vscodeServer';
import { openWorkbench, waitFor, type Workbench } from '../support/workbench';

const POLICY = {
	'hookwarden.failMode': 'closed',
	'hookwarden.defaultVerdict': 'ask',
	'hookwarden.rules': [
		{ id: 'corp-no-curl', command: 'curl', verdict: 'deny', reason: 'No uploads.' },
	],
};

describe('the machine policy in the window', function () {
	const problem = privateFoldersProblem();
	let root: string | undefined;
	let server: VscodeServer | undefined;
	let wb: Workbench | undefined;

	afterEach(async function () {
		if (this.currentTest?.state === 'failed') {
			await wb?.saveDiagnostics(this.currentTest.fullTitle()).catch(() => undefined);
		}
		await wb?.close();
		await server?.stop();
		wb = undefined;
		server = undefined;
		if (root) {
			fs.rmSync(root, { recursive: true, force: true });
		}
	});

	/** Starts a window whose machine has POLICY at /etc/hookwarden/policy.json, owned by `uid`. */
	async function start(uid: number): Promise<Workbench> {
		root = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-e2e-machine-'));
		const overlay = path.join(root, 'overlay');
		const policyDir = path.join(overlay, 'upper', 'etc', 'hookwarden');
		fs.mkdirSync(policyDir, { recursive: true, mode: 0o755 });
		const policyFile = path.join(policyDir, 'policy.json');
		fs.writeFileSync(policyFile, JSON.stringify(POLICY, null, '\t'), { mode: 0o644 });
		fs.chownSync(policyFile, uid, uid);
		const workspace = path.join(root, 'workspace');
		fs.cpSync(path.join(findRepoRoot(), 'test', 'e2e', 'fixtures', 'workspace'), workspace, {
			recursive: true,
		});
		const home = path.join(root, 'home');
		const runtime = path.join(root, 'run');
		fs.mkdirSync(home);
		fs.mkdirSync(runtime, { mode: 0o700 });
		server = await startVscodeServer({
			...extensionUnderTest(),
			label: 'machine-policy',
			settings: { 'hookwarden.failMode': 'open' },
			env: {
				HOME: home,
				XDG_RUNTIME_DIR: runtime,
				HOOKWARDEN_ENDPOINT: undefined,
				HOOKWARDEN_SECRET_FILE: undefined,
				HOOKWARDEN_USER_SETTINGS: undefined,
			},
			wrap: (command, args) => withPrivateFolders(overlay, ['/etc'], command, args),
		});
		wb = await openWorkbench(server, { folder: workspace });
		await wb.runCommand('Notifications: Clear All Notifications');
		return wb;
	}

	it('lists what it locks in the Policies view, and shows the lock in the settings editor', async function () {
		if (problem) {
			this.skip();
		}
		const page = await start(0);
		await page.openView('Hookwarden');
		const rows = await page.waitForTreeRows(
			(rs) => rs.some((r) => r.label === 'Machine Policy' && r.description === '3 locked'),
			{ view: 'Policies', timeoutMs: 30_000, what: 'the Machine Policy group' },
		);
		assert.ok(
			rows.some((r) => r.label === 'hookwarden.failMode' && r.description.includes('"closed"')),
			JSON.stringify(rows),
		);
		await page.screenshot('machine-policy-view');

		await page.runCommand('Preferences: Open User Settings (JSON)');
		const key = page.page.locator('.view-line span', { hasText: '"hookwarden.failMode"' }).first();
		await key.waitFor({ state: 'visible', timeout: 20_000 });
		const hoverText = await waitFor(
			async () => {
				await key.hover();
				const hover = page.page.locator('.monaco-hover-content', {
					hasText: 'Locked by the machine policy',
				});
				return (await hover.count()) > 0 ? ((await hover.first().textContent()) ?? '') : undefined;
			},
			{ timeoutMs: 20_000, describe: () => 'no lock hover' },
		);
		assert.match(hoverText, /\/etc\/hookwarden\/policy\.json/);
		assert.match(hoverText, /can only make it stricter/);
		await page.screenshot('machine-policy-hover');
		// The person's `open` is kept out, and the editor says so on the value.
		await page.runCommand('View: Focus Problems (Errors, Warnings, Infos)');
		await waitFor(
			async () =>
				(await page.page
					.locator('.markers-panel .monaco-tl-contents', {
						hasText: 'locked by the machine policy',
					})
					.count()) > 0 || undefined,
			{ timeoutMs: 20_000, describe: () => 'no lock warning in the Problems panel' },
		);
		await page.screenshot('machine-policy-problems');
	});

	it('ignores a policy file someone else owns, with a warning', async function () {
		if (problem) {
			this.skip();
		}
		const page = await start(1000);
		const toast = await waitFor(
			async () =>
				(await page.notificationCenter()).find((n) =>
					/machine policy .* is ignored/.test(n.message),
				),
			{ timeoutMs: 30_000, describe: () => 'no ignored-policy warning' },
		);
		assert.match(toast.message, /belongs to uid 1000, not root/);
		await page.openView('Hookwarden');
		await page.waitForTreeRows(
			(rs) => rs.some((r) => r.label === 'Machine Policy' && r.description === 'ignored'),
			{ view: 'Policies', timeoutMs: 30_000, what: 'the ignored Machine Policy group' },
		);
		await page.screenshot('machine-policy-ignored');
	});
});
