/**
 * End to end against the installed extension (the packaged .vsix with `--package`): a person opens a workspace and
 * answers the first-activation question with "This Workspace"; then this spec plays VS Code's hook runner on the file
 * that wrote (`/bin/sh -c <entry.command>`, cwd = workspace, payloads shaped exactly as VS Code 1.139 writes them,
 * all eight events). The rule that denies `make deploy` exists only in the server's User settings, which the headless
 * bridge is kept from reading, so its deny can only come from the running window. The window's own log (the
 * Hookwarden output channel, read off the screen) shows each event under its session. Then the server stops and the
 * same command falls back to headless: the window-only rule is gone, the workspace's `.vscode/settings.json` rule
 * still holds.
 */
import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { after, afterEach, before, describe, it } from 'mocha';

import {
	type EventFields,
	type HookFileJson,
	type HookRun,
	LOCAL_HOOK_EVENTS,
	describeRun,
	pollUntil,
	readHookFileJson,
	runHookEvent,
	runnerEnv,
	withoutHookwardenRouting,
	terminalInput,
	toolUseId,
	vscodePayload,
} from '../support/hookRunner';
import {
	extensionUnderTest,
	findRepoRoot,
	startVscodeServer,
	type VscodeServer,
} from '../support/vscodeServer';
import { REGISTERED_HOOK_EVENTS } from '../../../src/host/installer/hookFile';
import { removeTestRoot } from '../support/processes';
import { openWorkbench, waitFor, type Workbench } from '../support/workbench';

const WINDOW_RULE = {
	id: 'window-only',
	command: 'make deploy',
	verdict: 'deny',
	reason: 'Deploys go through CI.',
};
const WORKSPACE_REASON = 'Infrastructure is torn down through the release pipeline.';
const SCOPE_QUESTION =
	'Hookwarden decides agent hook events once its hooks are installed. Install them?';
const THIS_WORKSPACE = 'This Workspace (Shared via Git)';

describe('live hooks end to end: Install Hooks, the hook runner, the window, then headless', function () {
	let root: string;
	let home: string;
	let runtimeBase: string;
	let workspace: string;
	let hookFile: string;
	let hookJson: HookFileJson;
	let server: VscodeServer | undefined;
	let wb: Workbench | undefined;
	let userDataDir: string;
	/** The environment VS Code's runner would give the hooks, minus HOOKWARDEN_ENDPOINT: the bridge must find the window by its lease. */
	let hookEnv: NodeJS.ProcessEnv;
	const session1 = randomUUID();
	const session2 = randomUUID();
	let calls = 0;

	async function play(
		sessionId: string,
		fields: EventFields,
	): Promise<HookRun & { json: Record<string, unknown> }> {
		const payload = vscodePayload({ sessionId, workspace, userDataDir }, fields);
		const runs = await runHookEvent(hookJson, fields.event, payload, {
			cwd: workspace,
			env: hookEnv,
		});
		assert.equal(runs.length, 1, `${fields.event}: ran ${runs.length} entries`);
		const run = runs[0]!;
		assert.equal(run.exitCode, 0, `${fields.event}: ${describeRun(run)}`);
		assert.ok(run.json, `${fields.event}: stdout is not one JSON object: ${describeRun(run)}`);
		return run as HookRun & { json: Record<string, unknown> };
	}

	function preToolUse(command: string): EventFields & { toolUseId: string } {
		return {
			event: 'PreToolUse',
			toolName: 'run_in_terminal',
			toolInput: terminalInput(command),
			toolUseId: toolUseId(++calls),
		};
	}

	function leaseFolder(): string {
		return path.join(
			runtimeBase,
			`hookwarden-${process.getuid?.() ?? os.userInfo().username}`,
			'windows',
		);
	}

	function leases(): { file: string; pid: number; endpoint: string; folders: string[] }[] {
		const dir = leaseFolder();
		if (!fs.existsSync(dir)) {
			return [];
		}
		return fs
			.readdirSync(dir)
			.filter((name) => name.endsWith('.json'))
			.map((name) => ({
				file: path.join(dir, name),
				...(JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as {
					pid: number;
					endpoint: string;
					folders: string[];
				}),
			}));
	}

	before(async () => {
		root = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-e2e-live-'));
		home = path.join(root, 'home');
		runtimeBase = path.join(root, 'run');
		workspace = path.join(root, 'workspace');
		fs.mkdirSync(home);
		fs.mkdirSync(runtimeBase, { mode: 0o700 });
		fs.cpSync(path.join(findRepoRoot(), 'test', 'e2e', 'fixtures', 'workspace'), workspace, {
			recursive: true,
		});
		hookFile = path.join(workspace, '.github', 'hooks', 'hookwarden.json');
		// The User settings the person has outside this server: no Hookwarden rules. The headless bridge reads these.
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
			label: 'live',
			// Outside the server's temp root, so stop() (the window closing) leaves the installed extension, and with it the
			// bridge the launcher runs, and the User settings in place, as closing VS Code does.
			userDataDir: path.join(root, 'user-data'),
			extensionsDir: path.join(root, 'extensions'),
			settings: { 'hookwarden.rules': [WINDOW_RULE] },
			env: {
				HOME: home,
				XDG_RUNTIME_DIR: runtimeBase,
				HOOKWARDEN_ENDPOINT: undefined,
				HOOKWARDEN_SECRET_FILE: undefined,
				HOOKWARDEN_USER_SETTINGS: undefined,
			},
		});
		userDataDir = server.dirs.userDataDir;
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

	it('asks once where to install; "This Workspace" writes .github/hooks/hookwarden.json and the launcher into HOME', async () => {
		assert.ok(wb && server);
		const question = await wb.waitForNotification(SCOPE_QUESTION, { timeoutMs: 30_000 });
		assert.deepEqual(question.buttons, ['For Me (All Workspaces)', THIS_WORKSPACE, 'Not Now']);
		assert.equal(question.source, 'Hookwarden');
		await wb.screenshot('live-1-scope-question');
		await wb.clickNotificationButton(SCOPE_QUESTION, THIS_WORKSPACE);

		hookJson = await pollUntil(
			() => (fs.existsSync(hookFile) ? readHookFileJson(hookFile) : undefined),
			{
				timeoutMs: 15_000,
				describe: () =>
					`no ${hookFile}; .github: ${fs.existsSync(path.join(workspace, '.github')) ? fs.readdirSync(path.join(workspace, '.github'), { recursive: true }).join(', ') : '(none)'}`,
			},
		);
		assert.deepEqual(Object.keys(hookJson.hooks), [...REGISTERED_HOOK_EVENTS]);
		assert.ok(
			!fs.existsSync(path.join(home, '.copilot', 'hooks', 'hookwarden.json')),
			'the user scope was written too',
		);

		const launcher = path.join(home, '.hookwarden', 'bin', 'hookwarden-hook');
		assert.ok(fs.statSync(launcher).mode & 0o100, `${launcher} is not executable`);
		const launcherText = fs.readFileSync(launcher, 'utf8');
		const bridge = /^bridge='([^']+)'$/m.exec(launcherText)?.[1] ?? '';
		// The launcher runs a read-only copy of the installed bridge, outside the extension folder.
		assert.ok(
			bridge.startsWith(path.join(home, '.hookwarden', 'bridge') + path.sep),
			`the launcher runs ${bridge}, not the bridge's copy in ~/.hookwarden/bridge`,
		);
		assert.equal(fs.statSync(bridge).mode & 0o222, 0, `${bridge} is writable`);
		const installed = fs
			.readdirSync(server.dirs.extensionsDir)
			.find((name) => name.startsWith('hookwarden.hookwarden-'));
		assert.ok(installed, `no installed extension in ${server.dirs.extensionsDir}`);
		assert.equal(
			fs.readFileSync(bridge, 'utf8'),
			fs.readFileSync(path.join(server.dirs.extensionsDir, installed, 'dist', 'bridge.js'), 'utf8'),
		);
		const node = /^node='([^']+)'$/m.exec(launcherText)?.[1] ?? '';
		assert.ok(
			path.isAbsolute(node) && fs.existsSync(node),
			`the launcher pins no runtime: ${node}`,
		);
		// Headless decisions read the same User settings as the window: the launcher pins them.
		assert.match(
			launcherText,
			new RegExp(
				`HOOKWARDEN_USER_SETTINGS='${escapeRegExp(path.join(userDataDir, 'User', 'settings.json'))}'`,
			),
		);
	});

	it('"Hookwarden: Install Hooks" from the palette offers both scopes and confirms the workspace install', async () => {
		assert.ok(wb && hookJson, 'no hook file: the first-activation install did not pass');
		const before = fs.readFileSync(hookFile, 'utf8');
		await wb.runCommand('Hookwarden: Install Hooks', { opensQuickPick: true });
		const rows = wb.page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
		let offered: string[] = [];
		await waitFor(
			async () => {
				// The first label of each row is the item's label; the second, its detail.
				offered = await rows.evaluateAll((els: DomNode[]) =>
					els.map((el) => (el.querySelector('.label-name')?.textContent ?? '').trim()),
				);
				return offered.length === 2 ? offered : undefined;
			},
			{ timeoutMs: 10_000, describe: () => `the scope pick shows ${JSON.stringify(offered)}` },
		);
		assert.deepEqual(offered, ['For Me (All Workspaces)', THIS_WORKSPACE]);
		await wb.screenshot('live-2-scope-pick');
		await wb.pickQuickPickItem(THIS_WORKSPACE);
		await wb.waitForNotification(`Hookwarden: hooks installed in ${hookFile}.`);
		assert.equal(fs.readFileSync(hookFile, 'utf8'), before, 'installing again changed the file');
		assert.ok(
			!fs.existsSync(path.join(home, '.copilot', 'hooks', 'hookwarden.json')),
			'the user scope was written',
		);
		await wb.screenshot('live-3-installed');

		// A fresh install must not report a problem: Show Hook Problems says so, and shows no warning of its own.
		await wb.runCommand('Notifications: Clear All Notifications');
		await wb.runCommand('Hookwarden: Show Hook Problems');
		const verdict = await wb.waitForNotification(/^Hookwarden: (?!hooks installed)/);
		const all = (await wb.toasts()).concat(await wb.notificationCenter());
		assert.equal(
			verdict.message,
			'Hookwarden: the hooks are registered and nothing stops them from running.',
			`notifications: ${JSON.stringify(all.map((n) => n.message))}`,
		);
		assert.deepEqual(
			all.filter((n) => n.severity !== 'info').map((n) => n.message),
			[],
		);
		await wb.closeNotificationCenter();
	});

	it('plays all eight events through the installed entries: the window decides, found by its lease', async () => {
		assert.ok(hookJson, 'no hook file: the install test did not pass');
		assert.equal(hookEnv.HOOKWARDEN_ENDPOINT, undefined);
		const live = leases();
		assert.equal(live.length, 1, `leases: ${JSON.stringify(live)}`);
		assert.deepEqual(live[0]?.folders, [workspace]);

		const deploy = preToolUse('make deploy');
		const echo = preToolUse('echo hi');
		const inSubagent = preToolUse('ls');
		const steps: { fields: EventFields; expect: Record<string, unknown> }[] = [
			{ fields: { event: 'SessionStart' }, expect: {} },
			{
				fields: { event: 'UserPromptSubmit', prompt: 'deploy the app using the terminal' },
				expect: {},
			},
			{
				fields: deploy,
				expect: {
					permissionDecision: 'deny',
					permissionDecisionReason: WINDOW_RULE.reason,
					hookSpecificOutput: {
						hookEventName: 'PreToolUse',
						permissionDecision: 'deny',
						permissionDecisionReason: WINDOW_RULE.reason,
					},
				},
			},
			{ fields: echo, expect: {} },
			{
				fields: {
					event: 'PostToolUse',
					toolName: 'run_in_terminal',
					toolInput: terminalInput('echo hi'),
					toolUseId: echo.toolUseId,
					toolResponse: 'hi',
				},
				expect: {},
			},
			{ fields: { event: 'PreCompact' }, expect: {} },
			{ fields: { event: 'SubagentStart', agentId: 'call_1' }, expect: {} },
			{ fields: inSubagent, expect: {} },
			{ fields: { event: 'SubagentStop', agentId: 'call_1' }, expect: {} },
			{ fields: { event: 'Stop' }, expect: {} },
		];
		assert.deepEqual(
			[...new Set(steps.map((s) => s.fields.event))].sort(),
			[...LOCAL_HOOK_EVENTS].sort(),
			'every event is played',
		);
		for (const step of steps) {
			const run = await play(session1, step.fields);
			assert.deepEqual(run.json, step.expect, `${step.fields.event}: ${describeRun(run)}`);
			assert.equal(
				run.stderr,
				'',
				`${step.fields.event}: the window answered with a warning: ${describeRun(run)}`,
			);
		}
		assert.equal(
			(await play(session1, preToolUse('echo hi'))).stdout,
			'{}\n',
			'a harmless call prints exactly {}',
		);

		// A second session; the workspace's own rule is the window's too.
		await play(session2, { event: 'SessionStart' });
		const destroy = await play(session2, preToolUse('terraform destroy'));
		assert.equal(destroy.json.permissionDecision, 'deny', describeRun(destroy));
		assert.equal(destroy.json.permissionDecisionReason, WORKSPACE_REASON);
	});

	it('shows every event under its session in the Hookwarden output channel', async () => {
		assert.ok(wb);
		const page = wb.page;
		await wb.closeNotificationCenter();
		await wb.runCommand('Output: Show Output Channels...', { opensQuickPick: true });
		await wb.pickQuickPickItem(/^Hookwarden$/);
		await wb.runCommand('View: Toggle Maximized Panel');
		const viewLines = page.locator('.part.panel .monaco-editor .view-lines .view-line');
		const expected = [
			[session1, /SessionStart no opinion/],
			[session1, /UserPromptSubmit no opinion/],
			[session1, /PreToolUse deny by hookwarden\.policy\/window-only/],
			[session1, /PreToolUse no opinion/],
			[session1, /PostToolUse no opinion/],
			[session1, /PreCompact no opinion/],
			[session1, /SubagentStart no opinion/],
			[session1, /PreToolUse no opinion/],
			[session1, /SubagentStop no opinion/],
			[session1, /Stop no opinion/],
			[session1, /PreToolUse no opinion/],
			[session2, /SessionStart no opinion/],
			[session2, /PreToolUse deny by hookwarden\.policy\/workspace-no-terraform-destroy/],
		] as const;
		let shown: string[] = [];
		const bySession = await waitFor(
			async () => {
				shown = logEntries(
					await viewLines.evaluateAll((els: DomNode[]) =>
						els.map((el) => ({ top: parseFloat(el.style.top) || 0, text: el.textContent ?? '' })),
					),
				);
				const per = (id: string) => shown.filter((l) => l.includes(`session ${id})`));
				const one = per(session1);
				const two = per(session2);
				return one.length >= 11 && two.length >= 2 ? { one, two } : undefined;
			},
			{
				timeoutMs: 20_000,
				describe: () => `the Hookwarden output channel shows: ${JSON.stringify(shown)}`,
			},
		);
		await wb.screenshot('live-4-output-channel');
		const actual = [
			...bySession.one.map((l) => [session1, l] as const),
			...bySession.two.map((l) => [session2, l] as const),
		];
		assert.equal(actual.length, expected.length, JSON.stringify(actual));
		expected.forEach(([id, pattern], i) => {
			const [actualId, line] = actual[i]!;
			assert.equal(actualId, id);
			assert.match(line, pattern, `line ${i + 1} of the recorded events`);
		});
	});

	it('once the window is gone, the same PreToolUse entry is decided headless from the pinned User settings and the workspace rule', async () => {
		assert.ok(server && wb && hookJson);
		const [lease] = leases();
		assert.ok(lease, 'no lease before stopping the server');
		await server.stop();
		await pollUntil(
			() => {
				try {
					process.kill(lease.pid, 0);
					return undefined;
				} catch {
					return true;
				}
			},
			{ describe: () => `the extension host (pid ${lease.pid}) is still running` },
		);

		// The runner's environment names other User settings (HOOKWARDEN_USER_SETTINGS, which an agent can set for every
		// later session): the launcher ignores it and the bridge reads the User settings it pinned, so the person's user
		// rule holds with the window gone, exactly as it did with the window there.
		assert.ok(
			hookEnv.HOOKWARDEN_USER_SETTINGS,
			'the runner environment names no other User settings',
		);
		const deploy = await play(randomUUID(), preToolUse('make deploy'));
		assert.equal(
			deploy.json.permissionDecisionReason,
			WINDOW_RULE.reason,
			`headless, the pinned user rule must apply: ${describeRun(deploy)}`,
		);
		assert.doesNotMatch(deploy.stderr, /refused/, describeRun(deploy));
		const destroy = await play(randomUUID(), preToolUse('terraform destroy'));
		assert.deepEqual(
			destroy.json.hookSpecificOutput,
			{
				hookEventName: 'PreToolUse',
				permissionDecision: 'deny',
				permissionDecisionReason: WORKSPACE_REASON,
			},
			describeRun(destroy),
		);
		for (const event of ['SessionStart', 'Stop'] as const) {
			const run = await play(randomUUID(), { event });
			assert.deepEqual(run.json, {}, `${event}: ${describeRun(run)}`);
		}
		assert.deepEqual(leases(), [], "the dead window's lease is still in the runtime folder");
		// The page stays as it was: VS Code's web client notices a dead server only after its reconnection grace time.
		await wb.screenshot('live-5-after-server-stopped');
	});
});

/** The few DOM members the page-side callbacks use (the project's tsconfig has no DOM lib). */
interface DomNode {
	readonly textContent: string | null;
	readonly style: { readonly top: string };
	querySelector(selector: string): DomNode | null;
}

/**
 * The log entries an output editor shows: its rendered lines in screen order, with word-wrapped continuations joined
 * back to the entry they belong to (each entry starts with its timestamp).
 */
function logEntries(lines: readonly { top: number; text: string }[]): string[] {
	const entries: string[] = [];
	for (const { text } of [...lines].sort((a, b) => a.top - b.top)) {
		const line = text.replace(/\u00a0/g, ' ');
		if (/^\d{4}-\d\d-\d\d /.test(line) || entries.length === 0) {
			entries.push(line);
		} else {
			entries[entries.length - 1] += line.trimStart();
		}
	}
	return entries.filter((e) => e.trim() !== '');
}

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
