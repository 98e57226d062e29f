/**
 * VS Code's managed-hooks-only switch in the window, as a person sees it (issue 35). With `chat.hooks.allowManagedOnly`
 * on, VS Code runs no hook file from the user or the workspace, Hookwarden's included; once Hookwarden's hooks are
 * installed, the status bar says it is switched off, the Policies view's *Not Running Here* row and the Approvals
 * view name the setting, and *Show Hook Problems* says why and offers the administrator's route. The switch is a User
 * setting here: an organisation's policy would need VS Code's policy service, which this spec does not feed.
 * Screenshots: test-results/screenshots/managed-only-*.png.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { after, afterEach, before, describe, it } from 'mocha';

import { removeTestRoot } from '../support/processes';
import {
	extensionUnderTest,
	findRepoRoot,
	startVscodeServer,
	type VscodeServer,
} from '../support/vscodeServer';
import { openWorkbench, type Workbench } from '../support/workbench';

const SCOPE_QUESTION =
	'Hookwarden decides agent hook events once its hooks are installed. Install them?';
const MANAGED_ONLY = 'chat.hooks.allowManagedOnly';

describe('managed hooks only: Hookwarden says it is switched off, and why', function () {
	let root: string;
	let home: string;
	let workspace: string;
	let server: VscodeServer | undefined;
	let wb: Workbench | undefined;
	let hooksInstalled = false;

	before(async function () {
		this.timeout(180_000);
		root = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-e2e-managed-'));
		home = path.join(root, 'home');
		workspace = path.join(root, 'workspace');
		const runtime = path.join(root, 'run');
		fs.mkdirSync(home);
		fs.mkdirSync(runtime, { mode: 0o700 });
		fs.cpSync(path.join(findRepoRoot(), 'test', 'e2e', 'fixtures', 'workspace'), workspace, {
			recursive: true,
		});
		server = await startVscodeServer({
			...extensionUnderTest(),
			label: 'managed-only',
			settings: { [MANAGED_ONLY]: true },
			env: {
				HOME: home,
				XDG_RUNTIME_DIR: runtime,
				HOOKWARDEN_ENDPOINT: undefined,
				HOOKWARDEN_SECRET_FILE: undefined,
				HOOKWARDEN_USER_SETTINGS: undefined,
			},
		});
		wb = await openWorkbench(server, { folder: workspace });
	});

	afterEach(async function () {
		if (this.currentTest?.state === 'failed') {
			await wb?.saveDiagnostics(this.currentTest.fullTitle()).catch(() => undefined);
		}
	});

	after(async () => {
		await wb?.close();
		await server?.stop();
		if (root) {
			removeTestRoot(root, home);
		}
	});

	it('installs its hooks in the workspace as usual', async function () {
		this.timeout(300_000);
		assert.ok(wb);
		await wb.clickNotificationButton(SCOPE_QUESTION, 'Not Now', { timeoutMs: 90_000 });
		const hookFile = path.join(workspace, '.github', 'hooks', 'hookwarden.json');
		await wb.installHooksWithCommand('This Workspace (Shared via Git)', hookFile);
		await wb.waitForNotification(`Hookwarden: hooks installed in ${hookFile}.`);
		assert.ok(fs.existsSync(hookFile), hookFile);
		hooksInstalled = true;
		await wb.runCommand('Notifications: Clear All Notifications');
	});

	it('the status bar says switched off, and the Policies view names the setting first', async () => {
		assert.ok(wb);
		assert.ok(hooksInstalled, 'the hooks were not installed (see the first test)');
		await wb.page
			.locator('.part.statusbar .statusbar-item', { hasText: 'Hookwarden: switched off' })
			.first()
			.waitFor({ state: 'visible', timeout: 30_000 });
		await wb.openView('Hookwarden');
		const rows = await wb.waitForTreeRows(
			(rs) => rs.some((r) => r.label === 'Not Running Here' && r.description === MANAGED_ONLY),
			{ view: 'Policies', timeoutMs: 30_000, what: 'the Not Running Here group' },
		);
		// First in the view: the policies below it decide nothing while the host never runs the hook file.
		assert.equal(rows[0]?.label, 'Not Running Here', JSON.stringify(rows));
		const detail = rows.find((r) => r.label === MANAGED_ONLY);
		assert.match(detail?.description ?? '', /runs only managed hooks/, JSON.stringify(rows));
		// The Approvals view's welcome names the same setting, not chat.useHooks (whose fix is another one).
		const welcome = (text: string) =>
			wb!.page.locator('.welcome-view-content').filter({ hasText: text, visible: true });
		await welcome(`runs only managed hooks (setting ${MANAGED_ONLY})`)
			.first()
			.waitFor({ state: 'visible', timeout: 20_000 });
		assert.equal(await welcome('chat.useHooks').count(), 0, 'the welcome names chat.useHooks');
		await wb.moveMouseAway();
		await wb.screenshot('managed-only-policies');
	});

	it('"Show Hook Problems" says why and copies the administrator’s route', async () => {
		assert.ok(wb);
		assert.ok(hooksInstalled, 'the hooks were not installed (see the first test)');
		await wb.runCommand('Hookwarden: Show Hook Problems');
		const why = /runs only managed hooks \(chat\.hooks\.allowManagedOnly\)/;
		await wb.waitForNotification(why, { timeoutMs: 20_000 });
		await wb.screenshot('managed-only-problem');
		await wb.clickNotificationButton(why, 'Copy the Administrator’s Steps');
		await wb.waitForNotification(/the steps for your administrator are on the clipboard/, {
			timeoutMs: 20_000,
		});
	});
});
