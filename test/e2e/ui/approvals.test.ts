/**
 * The person's side of an `ask`, on the installed extension (the packaged .vsix with `--package`): a workspace rule
 * asks before `npm publish`; each PreToolUse runs through the installed hook command (the bridge finds the window by
 * its lease) and waits while the person answers. The notification answers with one click (*Allow Once*, *Deny
 * with Reason…*), the *Approvals* view answers inline, *Always Allow…* writes an exact rule after showing it, and an
 * unanswered request times out visibly. Each state is saved under test-results/screenshots/approvals-*.png.
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
import { openWorkbench, waitFor, type Workbench } from '../support/workbench';

const ASK_RULE = {
	id: 'ask-publish',
	command: 'npm publish',
	verdict: 'ask',
	reason: 'Publishing needs a person.',
};
const SCOPE_QUESTION =
	'Hookwarden decides agent hook events once its hooks are installed. Install them?';
const QUESTION = /Hookwarden: Allow run_in_terminal to run/;

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

	/** Clicks an answer link in the notification whose text matches. */
	async function clickNotificationLink(message: RegExp, link: string): Promise<void> {
		assert.ok(wb);
		await wb.clickNotificationLink(message, link);
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

	it('shows the request at once, names the command, the rule and the time left; Allow Once allows it', async () => {
		assert.ok(wb);
		const call = startCall('npm publish --tag next');
		const toast = await wb.waitForNotification(QUESTION, { timeoutMs: 20_000 });
		assert.match(toast.message, /npm publish --tag next/);
		assert.match(
			toast.message,
			/Rule 'ask-publish' in workspace settings: Publishing needs a person\./,
		);
		assert.match(toast.message, /\d+ s left/);
		await wb.waitForTreeRow(/npm publish --tag next/, { view: 'Approvals' });
		await wb.screenshot('approvals-1-notification');
		await clickNotificationLink(QUESTION, 'Allow Once');
		const run = await call;
		assert.equal(decision(run).permissionDecision, 'allow', describeRun(run));
		await waitFor(async () => ((await toastShown(QUESTION)) ? undefined : true), {
			timeoutMs: 10_000,
			describe: () => 'the notification did not close after the answer',
		});
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
		const toast = await wb.waitForNotification(QUESTION, { timeoutMs: 20_000 });
		assert.match(toast.message, /The acme provider wants a person for production deploys\./);
		await wb.screenshot('approvals-2-provider-ask');
		await clickNotificationLink(QUESTION, 'Allow Once');
		const run = await call;
		assert.equal(decision(run).permissionDecision, 'allow', describeRun(run));
		writeWorkspaceSettings({});
		await wb.waitForTreeRows((rows) => !rows.some((r) => r.label === 'acme.deploys'), {
			view: 'Policies',
			timeoutMs: 15_000,
			what: 'the acme.deploys provider gone from the Policies view',
		});
	});

	it('Deny with Reason… sends the reason to the agent as the deny reason', async () => {
		assert.ok(wb);
		const call = startCall('npm publish');
		await wb.waitForNotification(QUESTION, { timeoutMs: 20_000 });
		await clickNotificationLink(QUESTION, 'Deny with Reason…');
		const input = wb.page.locator('.quick-input-widget .quick-input-box input');
		await input.waitFor({ state: 'visible', timeout: 10_000 });
		await input.fill('Bump the version first.');
		await wb.screenshot('approvals-3-deny-reason');
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

	it('answers from the Approvals view inline action; the notification closes and the status bar clears', async () => {
		assert.ok(wb);
		const call = startCall('npm publish --dry-run');
		await wb.waitForNotification(QUESTION, { timeoutMs: 20_000 });
		await wb.waitForTreeRow(/npm publish --dry-run/, { view: 'Approvals' });
		const status = wb.page.locator('.statusbar-item', { hasText: /1 approval/ });
		await status.first().waitFor({ state: 'visible', timeout: 10_000 });
		await wb.screenshot('approvals-4-tree-pending');
		await wb.clickRowAction(/npm publish --dry-run/, 'Allow Once', { view: 'Approvals' });
		const run = await call;
		assert.equal(decision(run).permissionDecision, 'allow', describeRun(run));
		await waitFor(async () => ((await toastShown(QUESTION)) ? undefined : true), {
			timeoutMs: 10_000,
			describe: () => 'the notification stayed after the tree answered',
		});
		await status.first().waitFor({ state: 'detached', timeout: 10_000 });
		await wb.screenshot('approvals-5-tree-answered');
	});

	it('Always Allow… shows the exact rule, writes it to the workspace settings, and the next identical call is allowed without a prompt', async () => {
		assert.ok(wb);
		// An allow rule can only lift what the default verdict asks (an ask rule outranks allow rules).
		writeWorkspaceSettings({ 'hookwarden.defaultVerdict': 'ask' });
		await defaultVerdictShown('ask');
		const call = startCall('make release VERSION=1.2');
		await wb.waitForNotification(/make release VERSION=1\.2/, { timeoutMs: 20_000 });
		await clickNotificationLink(/make release/, 'Always Allow…');
		const shown = await clickDialogButton('Add to Workspace Settings');
		assert.match(shown, /\/\^make release VERSION=1\\\\\.2\$\//, shown);
		const run = await call;
		assert.equal(decision(run).permissionDecision, 'allow', describeRun(run));
		const written = fs.readFileSync(settingsFile, 'utf8');
		assert.match(written, /"command": \[\s*"\/\^make release VERSION=1\\\\\.2\$\/"\s*\]/, written);
		assert.match(written, /"tool": "run_in_terminal"/, written);
		// The first call's notification closes once it is answered; only then can a new one be told apart from it.
		await waitFor(async () => ((await toastShown(/make release/)) ? undefined : true), {
			timeoutMs: 10_000,
			describe: () => 'the first notification did not close after Always Allow',
		});

		const again = await startCall('make release VERSION=1.2');
		assert.equal(decision(again).permissionDecision, 'allow', describeRun(again));
		assert.equal(
			await toastShown(/make release/),
			false,
			'a prompt was shown for the allowed call',
		);
		// Not wider than what was seen: another version still asks.
		const other = startCall('make release VERSION=9');
		await wb.waitForNotification(/make release VERSION=9/, { timeoutMs: 20_000 });
		await clickNotificationLink(/make release VERSION=9/, 'Deny');
		assert.equal(decision(await other).permissionDecision, 'deny');
		await wb.openView('Hookwarden');
		await wb.screenshot('approvals-6-always-allowed');
	});

	it('an unanswered request times out as configured; the notification closes and the item says why', async () => {
		assert.ok(wb);
		writeWorkspaceSettings({ 'hookwarden.approval.timeoutSeconds': 5 });
		await hookTimeoutWritten(5);
		const call = startCall('npm publish --tag late');
		await wb.waitForNotification(/npm publish --tag late/, { timeoutMs: 20_000 });
		const run = await call;
		assert.equal(decision(run).permissionDecision, 'deny', describeRun(run));
		assert.match(decision(run).permissionDecisionReason ?? '', /No answer within 5 s/);
		await waitFor(async () => ((await toastShown(/npm publish --tag late/)) ? undefined : true), {
			timeoutMs: 10_000,
			describe: () => 'the notification stayed after the timeout',
		});
		await wb.waitForTreeRows(
			(rows) =>
				rows.some(
					(r) =>
						r.label.includes('npm publish --tag late') &&
						r.description.includes('Timed out: denied'),
				),
			{ view: 'Approvals' },
		);
		await wb.screenshot('approvals-7-timed-out');
	});

	it('shows the events, the policies and an event document', async () => {
		assert.ok(wb);
		await wb.waitForTreeRow(/npm publish --tag late/, { view: 'Events' });
		await wb.screenshot('approvals-8-views');
		await wb.clickTreeRow(/npm publish --tag late/, { view: 'Events' });
		await wb.page
			.locator('.tab', { hasText: /PreToolUse\.md/ })
			.first()
			.waitFor({ state: 'visible', timeout: 10_000 });
		await wb.screenshot('approvals-9-event-document');
	});
});
