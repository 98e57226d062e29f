/**
 * The person's side of an `ask`, on the installed extension (the packaged .vsix with `--package`): a workspace rule
 * asks before `npm publish`; each PreToolUse runs through the installed hook command (the bridge finds the window by
 * its lease) and waits while the person answers. The notification has real buttons (*Allow Once*, *Deny*, *More…*);
 * *More…* offers only the answers that can work (an exception to the asking rule, not an *Always Allow* an ask rule
 * would outrank); exceptions and session grants show in the *Policies* view and *Revoke* undoes them; the *Approvals*
 * view answers inline; *Always Allow…* writes an exact rule after showing it; an unanswered request times out
 * visibly. Each state is saved under test-results/screenshots/approvals-*.png.
 */
import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { after, afterEach, before, describe, it } from 'mocha';

import {
	type HookFileJson,
	type HookRun,
	describeRun,
	entriesFor,
	pollUntil,
	readHookFileJson,
	runHookEvent,
	runnerEnv,
	withoutHookwardenRouting,
	terminalInput,
	toolUseId,
	vscodePayload,
} from '../support/hookRunner';
import { hookTimeoutSeconds } from '../../../src/host/installer/hookFile';
import {
	extensionUnderTest,
	findRepoRoot,
	startVscodeServer,
	type VscodeServer,
} from '../support/vscodeServer';
import { openWorkbench, type Workbench } from '../support/workbench';

const ASK_RULE = {
	id: 'ask-publish',
	command: 'npm publish',
	verdict: 'ask',
	reason: 'Publishing needs a person.',
};
const SCOPE_QUESTION =
	'Hookwarden decides agent hook events once its hooks are installed. Install them?';
const QUESTION = /Hookwarden: Allow run_in_terminal to run “/;

describe('approvals: the notification, the Approvals view, Always Allow and the timeout', function () {
	let root: string;
	let workspace: string;
	let settingsFile: string;
	let hookJson: HookFileJson;
	let server: VscodeServer | undefined;
	let wb: Workbench | undefined;
	let hookEnv: NodeJS.ProcessEnv;
	const session = randomUUID();
	let calls = 0;

	/** Starts one PreToolUse through the installed hook command; resolves when the hook prints its answer. */
	function startCall(command: string): Promise<HookRun> {
		const payload = vscodePayload(
			{ sessionId: session, workspace, userDataDir: server?.dirs.userDataDir ?? root },
			{
				event: 'PreToolUse',
				toolName: 'run_in_terminal',
				toolInput: terminalInput(command),
				toolUseId: toolUseId(++calls),
			},
		);
		return runHookEvent(hookJson, 'PreToolUse', payload, { cwd: workspace, env: hookEnv }).then(
			(runs) => {
				assert.equal(runs.length, 1);
				const run = runs[0]!;
				assert.equal(run.exitCode, 0, describeRun(run));
				return run;
			},
		);
	}

	function decision(run: HookRun): {
		permissionDecision?: string;
		permissionDecisionReason?: string;
	} {
		return run.json?.hookSpecificOutput ?? {};
	}

	function writeWorkspaceSettings(extra: Record<string, unknown>): void {
		fs.writeFileSync(
			settingsFile,
			`${JSON.stringify({ 'hookwarden.rules': [ASK_RULE], ...extra }, null, '\t')}\n`,
		);
	}

	/**
	 * Waits until the window has read a new default verdict: the *Policies* view is rebuilt from the same compiled
	 * policy the decisions use, after the settings change cleared it, so its *Default verdict* row shows the value
	 * the next call is decided with.
	 */
	async function defaultVerdictShown(verdict: string): Promise<void> {
		assert.ok(wb);
		await wb.waitForTreeRows(
			(rows) =>
				rows.some((r) => r.label === 'Default verdict' && r.description.startsWith(`${verdict} `)),
			{ view: 'Policies', timeoutMs: 15_000, what: `a Default verdict row saying ${verdict}` },
		);
	}

	/**
	 * Waits until the window has read a new approval timeout: the same settings change that clears the compiled
	 * policy (and with it the approval timeout) makes the installer rewrite the hook file's timeout to match.
	 */
	async function hookTimeoutWritten(approvalTimeoutSeconds: number): Promise<void> {
		const hookFile = path.join(workspace, '.github', 'hooks', 'hookwarden.json');
		const expected = hookTimeoutSeconds(approvalTimeoutSeconds);
		let seen: unknown;
		await pollUntil(
			() => {
				seen = entriesFor(readHookFileJson(hookFile), 'PreToolUse')[0]?.timeout;
				return seen === expected ? true : undefined;
			},
			{
				timeoutMs: 15_000,
				describe: () =>
					`the PreToolUse timeout in ${hookFile} stayed ${String(seen)}, not ${expected}`,
			},
		);
	}

	async function toastShown(message: RegExp): Promise<boolean> {
		assert.ok(wb);
		const texts = await wb.toasts();
		return texts.some((t) => message.test(t.message));
	}

	async function clickDialogButton(label: string): Promise<string> {
		assert.ok(wb);
		const dialog = wb.page.locator('.monaco-dialog-box');
		await dialog.waitFor({ state: 'visible', timeout: 20_000 });
		const text = (await dialog.textContent()) ?? '';
		await wb.screenshot(`approvals-dialog-${label.replace(/\W+/g, '-').toLowerCase()}`);
		await dialog.locator('.monaco-button', { hasText: label }).first().click();
		return text;
	}

	before(async () => {
		root = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-e2e-approvals-'));
		const home = path.join(root, 'home');
		const runtimeBase = path.join(root, 'run');
		workspace = path.join(root, 'workspace');
		fs.mkdirSync(home);
		fs.mkdirSync(runtimeBase, { mode: 0o700 });
		fs.cpSync(path.join(findRepoRoot(), 'test', 'e2e', 'fixtures', 'workspace'), workspace, {
			recursive: true,
		});
		settingsFile = path.join(workspace, '.vscode', 'settings.json');
		writeWorkspaceSettings({});
		const outsideUserSettings = path.join(root, 'outside-user-settings.json');
		fs.writeFileSync(outsideUserSettings, '{}\n');
		const clean = withoutHookwardenRouting(process.env);
		hookEnv = runnerEnv({
			...clean,
			HOME: home,
			XDG_RUNTIME_DIR: runtimeBase,
			HOOKWARDEN_USER_SETTINGS: outsideUserSettings,
		});
		server = await startVscodeServer({
			...extensionUnderTest(),
			label: 'approvals',
			env: {
				HOME: home,
				XDG_RUNTIME_DIR: runtimeBase,
				HOOKWARDEN_ENDPOINT: undefined,
				HOOKWARDEN_SECRET_FILE: undefined,
				HOOKWARDEN_USER_SETTINGS: undefined,
			},
		});
		wb = await openWorkbench(server, { folder: workspace });
		await wb.clickNotificationButton(SCOPE_QUESTION, 'This Workspace (Shared via Git)', {
			timeoutMs: 30_000,
		});
		const hookFile = path.join(workspace, '.github', 'hooks', 'hookwarden.json');
		hookJson = await pollUntil(
			() => (fs.existsSync(hookFile) ? readHookFileJson(hookFile) : undefined),
			{ timeoutMs: 15_000, describe: () => `no ${hookFile}` },
		);
		await wb.runCommand('Notifications: Clear All Notifications');
		await wb.openView('Hookwarden');
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
			fs.rmSync(root, { recursive: true, force: true });
		}
	});

	it('shows the request at once with real buttons, the command in full, the rule and the time it waits until; Allow Once allows it', async () => {
		assert.ok(wb);
		const call = startCall('npm publish --tag next');
		const toast = await wb.waitForNotification(/npm publish --tag next/, { timeoutMs: 20_000 });
		assert.match(toast.message, QUESTION);
		assert.match(
			toast.message,
			/Rule 'ask-publish' in workspace settings: Publishing needs a person\./,
		);
		assert.match(toast.message, /Waits for your answer until \d/);
		assert.deepEqual(toast.buttons, ['Allow Once', 'Deny', 'More…']);
		await wb.waitForTreeRow(/npm publish --tag next/, { view: 'Approvals' });
		await wb.screenshot('approvals-1-notification');
		await wb.clickNotificationButton(/npm publish --tag next/, 'Allow Once');
		const run = await call;
		assert.equal(decision(run).permissionDecision, 'allow', describeRun(run));
		await wb.waitForTreeRows((rows) => rows.some((r) => r.description.includes('Allowed once')), {
			view: 'Approvals',
		});
		await wb.screenshot('approvals-2-allowed-once');
	});

	it('a provider from hookwarden.providers asks; its question becomes the same inline approval', async () => {
		assert.ok(wb);
		// A command provider as a person would plug in an existing hook script: it reads the payload on stdin and
		// answers `ask: <question>` for production deploys, nothing otherwise.
		const script = [
			"let s='';",
			"process.stdin.on('data',(d)=>(s+=d)).on('end',()=>{",
			"process.stdout.write(s.includes('deploy --prod')?'ask: The acme provider wants a person for production deploys.':'');",
			'});',
		].join('');
		writeWorkspaceSettings({
			'hookwarden.providers': [
				{
					id: 'acme.deploys',
					type: 'command',
					command: process.execPath,
					args: ['-e', script],
					events: ['PreToolUse'],
				},
			],
		});
		// The Policies view lists the chain's providers: once it shows this one, the next call goes through it.
		await wb.waitForTreeRows((rows) => rows.some((r) => r.label === 'acme.deploys'), {
			view: 'Policies',
			timeoutMs: 15_000,
			what: 'the acme.deploys provider in the Policies view',
		});
		const call = startCall('./deploy --prod');
		const toast = await wb.waitForNotification(/deploy --prod/, { timeoutMs: 20_000 });
		assert.match(toast.message, /The acme provider wants a person for production deploys\./);
		await wb.screenshot('approvals-2-provider-ask');
		await wb.clickNotificationButton(/deploy --prod/, 'Allow Once');
		const run = await call;
		assert.equal(decision(run).permissionDecision, 'allow', describeRun(run));
		writeWorkspaceSettings({});
		await wb.waitForTreeRows((rows) => !rows.some((r) => r.label === 'acme.deploys'), {
			view: 'Policies',
			timeoutMs: 15_000,
			what: 'the acme.deploys provider gone from the Policies view',
		});
	});

	it('More… offers only what can work: no Always Allow under an ask rule, the exception to that rule instead; Deny with Reason reaches the agent', async () => {
		assert.ok(wb);
		const call = startCall('npm publish --tag reason');
		await wb.clickNotificationButton(/npm publish --tag reason/, 'More…', { timeoutMs: 20_000 });
		const offered = await wb.quickPickLabels();
		await wb.screenshot('approvals-3-more');
		assert.ok(
			offered.some((l) => l.includes('Allow for This Session')),
			JSON.stringify(offered),
		);
		assert.ok(
			offered.some((l) => l.includes('Add an Exception…')),
			JSON.stringify(offered),
		);
		assert.ok(!offered.some((l) => l.includes('Always Allow')), JSON.stringify(offered));
		await wb.pickQuickPickItem(/Deny with Reason…/);
		const input = wb.page.locator('.quick-input-widget .quick-input-box input');
		await input.waitFor({ state: 'visible', timeout: 10_000 });
		await input.fill('Bump the version first.');
		await input.press('Enter');
		const run = await call;
		assert.deepEqual(
			decision(run),
			{
				hookEventName: 'PreToolUse',
				permissionDecision: 'deny',
				permissionDecisionReason: 'Bump the version first.',
			},
			describeRun(run),
		);
	});

	it('answers from the Approvals view inline action; a later click on the notification says it was already answered', async () => {
		assert.ok(wb);
		const call = startCall('npm publish --dry-run');
		await wb.waitForNotification(/npm publish --dry-run/, { timeoutMs: 20_000 });
		await wb.waitForTreeRow(/npm publish --dry-run/, { view: 'Approvals' });
		const status = wb.page.locator('.statusbar-item', { hasText: /1 approval/ });
		await status.first().waitFor({ state: 'visible', timeout: 10_000 });
		await wb.screenshot('approvals-4-tree-pending');
		await wb.clickRowAction(/npm publish --dry-run/, 'Allow Once', { view: 'Approvals' });
		const run = await call;
		assert.equal(decision(run).permissionDecision, 'allow', describeRun(run));
		await status.first().waitFor({ state: 'detached', timeout: 10_000 });
		await wb.clickNotificationButton(/npm publish --dry-run/, 'Deny');
		await wb.waitForNotification(/already resolved \(allowed once\)/);
		await wb.screenshot('approvals-5-tree-answered');
	});

	it('Add an Exception… lifts the asking rule for exactly this command; the Policies view lists it and Revoke brings the question back', async () => {
		assert.ok(wb);
		await wb.runCommand('Notifications: Clear All Notifications');
		const call = startCall('npm publish --tag canary');
		await wb.clickNotificationButton(/npm publish --tag canary/, 'More…', { timeoutMs: 20_000 });
		await wb.pickQuickPickItem(/Add an Exception…/);
		const shown = await clickDialogButton('Add to Workspace Settings');
		assert.match(shown, /"rule": "ask-publish"/, shown);
		const run = await call;
		assert.equal(decision(run).permissionDecision, 'allow', describeRun(run));
		const written = JSON.parse(
			fs.readFileSync(settingsFile, 'utf8').replace(/^\s*\/\/.*$/gm, ''),
		) as Record<string, unknown>;
		assert.deepEqual(
			(written['hookwarden.exceptions'] as { rule: string; command: string[] }[]).map((e) => [
				e.rule,
				e.command,
			]),
			[['ask-publish', ['npm publish --tag canary']]],
		);
		const listed = /^npm publish --tag canary$/;
		await wb.waitForTreeRows(
			(rows) => rows.some((r) => listed.test(r.label) && r.description === 'lifts ask-publish'),
			{ view: 'Policies', timeoutMs: 15_000, what: 'the exception in the Policies view' },
		);
		await wb.screenshot('approvals-6-exception-listed');
		const again = await startCall('npm publish --tag canary');
		assert.equal(decision(again).permissionDecision, undefined, describeRun(again));
		await wb.clickRowAction(listed, 'Revoke', { view: 'Policies' });
		await wb.waitForTreeRows((rows) => !rows.some((r) => listed.test(r.label)), {
			view: 'Policies',
			timeoutMs: 15_000,
			what: 'the exception gone from the Policies view',
		});
		const asked = startCall('npm publish --tag canary');
		await wb.clickNotificationButton(/npm publish --tag canary/, 'Deny', { timeoutMs: 20_000 });
		assert.equal(decision(await asked).permissionDecision, 'deny');
	});

	it('a rule’s inline Go to Rule opens the settings file it is written in', async () => {
		assert.ok(wb);
		await wb.clickRowAction(/^ask-publish$/, 'Go to Rule', { view: 'Policies' });
		const tab = wb.page.locator('.tabs-container .tab.active', { hasText: 'settings.json' });
		await tab.first().waitFor({ state: 'visible', timeout: 15_000 });
		await wb.runCommand('View: Close Editor');
	});

	it('Allow for This Session is listed under Grants; Revoke ends it', async () => {
		assert.ok(wb);
		const call = startCall('npm publish --tag session');
		await wb.clickNotificationButton(/npm publish --tag session/, 'More…', { timeoutMs: 20_000 });
		await wb.pickQuickPickItem(/Allow for This Session/);
		assert.equal(decision(await call).permissionDecision, 'allow');
		const granted = /^npm publish --tag session$/;
		await wb.waitForTreeRow(granted, { view: 'Policies', timeoutMs: 15_000 });
		await wb.screenshot('approvals-7-grants');
		const again = await startCall('npm publish --tag session');
		assert.equal(decision(again).permissionDecision, 'allow', describeRun(again));
		await wb.clickRowAction(granted, 'Revoke', { view: 'Policies' });
		await wb.waitForTreeRows(
			(rows) =>
				!rows.some(
					(r) =>
						granted.test(r.label) && r.description.startsWith('run_in_terminal · this session'),
				),
			{
				view: 'Policies',
				timeoutMs: 15_000,
				what: 'the grant gone',
			},
		);
		const asked = startCall('npm publish --tag session');
		await wb.clickNotificationButton(/npm publish --tag session/, 'Deny', { timeoutMs: 20_000 });
		assert.equal(decision(await asked).permissionDecision, 'deny');
	});

	it('Always Allow… (offered where an allow rule can work) shows the exact rule, writes it, and the next identical call is allowed without a prompt', async () => {
		assert.ok(wb);
		// An allow rule can only lift what the default verdict asks (an ask rule outranks allow rules).
		writeWorkspaceSettings({ 'hookwarden.defaultVerdict': 'ask' });
		await defaultVerdictShown('ask');
		await wb.runCommand('Notifications: Clear All Notifications');
		const call = startCall('make release VERSION=1.2');
		await wb.clickNotificationButton(/make release VERSION=1\.2/, 'More…', { timeoutMs: 20_000 });
		await wb.pickQuickPickItem(/Always Allow…/);
		const shown = await clickDialogButton('Add to Workspace Settings');
		assert.match(shown, /\/\^make release VERSION=1\\\\\.2\$\//, shown);
		const run = await call;
		assert.equal(decision(run).permissionDecision, 'allow', describeRun(run));
		const written = fs.readFileSync(settingsFile, 'utf8');
		assert.match(written, /"command": \[\s*"\/\^make release VERSION=1\\\\\.2\$\/"\s*\]/, written);
		assert.match(written, /"tool": "run_in_terminal"/, written);

		const again = await startCall('make release VERSION=1.2');
		assert.equal(decision(again).permissionDecision, 'allow', describeRun(again));
		assert.equal(
			await toastShown(/make release VERSION=1\.2/),
			false,
			'a prompt was shown for the allowed call',
		);
		await wb.waitForTreeRow(/^\/\^make release/, { view: 'Policies' });
		// Not wider than what was seen: another version still asks.
		const other = startCall('make release VERSION=9');
		await wb.clickNotificationButton(/make release VERSION=9/, 'Deny', { timeoutMs: 20_000 });
		assert.equal(decision(await other).permissionDecision, 'deny');
		await wb.openView('Hookwarden');
		await wb.screenshot('approvals-8-always-allowed');
	});

	it('an unanswered request times out as configured; the item says why, and the notification answers that it is over', async () => {
		assert.ok(wb);
		writeWorkspaceSettings({ 'hookwarden.approval.timeoutSeconds': 5 });
		await hookTimeoutWritten(5);
		const call = startCall('npm publish --tag late');
		await wb.waitForNotification(/npm publish --tag late/, { timeoutMs: 20_000 });
		const run = await call;
		assert.equal(decision(run).permissionDecision, 'deny', describeRun(run));
		assert.match(decision(run).permissionDecisionReason ?? '', /No answer within 5 s/);
		await wb.waitForTreeRows(
			(rows) =>
				rows.some(
					(r) =>
						r.label.includes('npm publish --tag late') &&
						r.description.includes('Timed out: denied'),
				),
			{ view: 'Approvals' },
		);
		await wb.clickNotificationButton(/npm publish --tag late/, 'Allow Once');
		await wb.waitForNotification(/already resolved \(timed out: denied\)/);
		await wb.screenshot('approvals-9-timed-out');
	});

	it('Events read subject · verdict with the tool and rule beside; the search box narrows them; details open rendered with local times', async () => {
		assert.ok(wb);
		await wb.runCommand('Notifications: Clear All Notifications');
		const late = /^npm publish --tag late · timed out, denied$/;
		await wb.waitForTreeRows(
			(rows) =>
				rows.some((r) => late.test(r.label) && r.description === 'run_in_terminal · ask-publish'),
			{ view: 'Events', what: 'the timed-out call as subject · verdict, tool and rule beside it' },
		);
		await wb.screenshot('approvals-10-events');
		await wb.runCommand('Hookwarden: Search Events…', { opensQuickPick: true });
		const input = wb.page.locator('.quick-input-widget .quick-input-box input');
		await input.waitFor({ state: 'visible', timeout: 10_000 });
		await input.fill('verdict:deny canary');
		await wb.waitForTreeRows(
			(rows) =>
				rows.some((r) => r.label.includes('npm publish --tag canary')) &&
				!rows.some((r) => /--tag late|--tag next/.test(r.label)),
			{ view: 'Events', what: 'only the denied canary call' },
		);
		await wb.screenshot('approvals-11-events-search');
		await input.press('Enter');
		await wb.waitForTreeRows((rows) => rows.length > 0, { view: 'Events' });
		const message = wb.page.locator('.pane-body .message', {
			hasText: /events match “verdict:deny canary”/,
		});
		await message.first().waitFor({ state: 'visible', timeout: 10_000 });
		await wb.runCommand('Hookwarden: Clear Events Search');
		await wb.waitForTreeRow(late, { view: 'Events' });
		await wb.clickTreeRow(late, { view: 'Events' });
		const text = await wb.waitForWebviewText(/Decided by:/);
		assert.match(text, /timed out, denied · run_in_terminal · npm publish --tag late/);
		assert.match(text, /Answered: Timed out: denied/);
		assert.doesNotMatch(
			text.split('Record')[0] ?? '',
			/\d{4}-\d\d-\d\dT\d\d:/,
			'a UTC time above the record',
		);
		await wb.screenshot('approvals-12-event-details');
	});
});
