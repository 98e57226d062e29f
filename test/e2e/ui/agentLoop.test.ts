/**
 * The real agent loop drives Hookwarden (issue 6). VS Code's own built-in Copilot Chat runs real agent-mode requests
 * offline on FakeLM, a scripted test model (test/e2e/fakeModel/), and its real hook runner fires the events at the
 * hook file Hookwarden's own *Install Hooks* command wrote; Hookwarden (the packaged .vsix with `--package`) decides
 * them in the window. Recipe and caveats: /work/shared/real-hook-runner.md.
 *
 * One server and one workbench serve every scenario (a new chat, hence a new session, per scenario); the policy they
 * share is set once in User settings. What each scenario checks comes from outside the product's internals: the file
 * system (did the tool run), the model's request log (what the tool result said), the Hookwarden output channel and
 * notifications (what a person sees), and the events Hookwarden's exported API reports (FakeLM mirrors them into its
 * control folder, which is also how the spec knows a request has finished: the Stop event).
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { after, afterEach, before, describe, it } from 'mocha';

import { FAKE_MODEL_USER_SETTINGS, buildFakeModel } from '../fakeModel/build';
import {
	type AgentScenario,
	type RequestLogEntry,
	createFile,
	subagent,
	terminal,
	text,
} from '../fakeModel/script';
import { removeTestRoot } from '../support/processes';
import { pollUntil, readHookFileJson } from '../support/hookRunner';
import {
	extensionUnderTest,
	findRepoRoot,
	startVscodeServer,
	type VscodeServer,
} from '../support/vscodeServer';
import { REGISTERED_HOOK_EVENTS } from '../../../src/host/installer/hookFile';
import type { AuditEventRecord } from '../../../src/core/audit/auditRecord';
import { parseAuditLine } from '../../../src/core/audit/parseAuditLine';
import { openWorkbench, waitFor, type Workbench } from '../support/workbench';

/** One event as Hookwarden's API reported it (the line FakeLM writes to `hookwarden-events.jsonl`). */
interface SeenEvent {
	readonly sequence: number;
	readonly name: string;
	readonly tool?: string;
	readonly sessionId: string;
	readonly agentId?: string;
	readonly verdict?: string;
	readonly reason?: string;
	readonly decidedBy?: { readonly providerId: string; readonly ruleId?: string };
	readonly approval?: string;
}

interface ScenarioRun {
	readonly sessionId: string;
	/** This scenario's events, in the order Hookwarden answered them. */
	readonly events: readonly SeenEvent[];
	/** This scenario's model requests. */
	readonly requests: readonly RequestLogEntry[];
}

const SCOPE_QUESTION =
	'Hookwarden decides agent hook events once its hooks are installed. Install them?';
const THIS_WORKSPACE = 'This Workspace (Shared via Git)';

/** The policy every scenario shares (User settings of the test profile). */
const RULES = [
	{ id: 'agent-echo', command: 'echo', verdict: 'allow', reason: 'Echo is harmless.' },
	{ id: 'ask-touch', command: 'touch', verdict: 'ask', reason: 'New files need a person.' },
	// The snapshot scenarios' lines, allowed so Copilot Chat runs them without its own confirmation.
	{
		id: 'agent-cleanup',
		command: ['rm tracked.txt scratch.txt', 'printf broken', 'sh cleanup.sh'],
		verdict: 'allow',
	},
	{
		id: 'agent-rewrite',
		command: 'echo original-by-agent',
		verdict: 'rewrite',
		rewrite: 'echo rewritten-by-rule > rewritten-by-rule.txt',
	},
];
const SUBAGENT_MARKER = 'SUBAGENT-TASK';
/** The MCP servers of the workspace's `.vscode/mcp.json`: one on `hookwarden.mcp.allowedServers`, one off it. */
const MCP_ALLOWED = 'tracker';
const MCP_OFF_LIST = 'pastebin';
const PRECOMPACT_THRESHOLD = 'github.copilot.chat.summarizeAgentConversationHistoryThreshold';

describe('the real agent loop drives Hookwarden (Copilot Chat + scripted model)', function () {
	let root: string;
	let home: string;
	let workspace: string;
	let control: string;
	let server: VscodeServer | undefined;
	let wb: Workbench | undefined;
	/** Set once hooks are installed; later scenarios check it so they fail with the real cause. */
	let hooksInstalled = false;
	let byokDismissed = false;
	/** Why the last request could not be sent (Copilot Chat never became available), if it could not. */
	let notSent: string | undefined;

	function readJsonl<T>(file: string): T[] {
		const full = path.join(control, file);
		if (!fs.existsSync(full)) {
			return [];
		}
		return fs
			.readFileSync(full, 'utf8')
			.split('\n')
			.filter((l) => l.trim() !== '')
			.map((l) => JSON.parse(l) as T);
	}

	/**
	 * Sends a scenario the way a person would (the palette command of the test model) and waits for its session's
	 * Stop to reach Hookwarden. Fails with what it saw when Copilot Chat never becomes available or the run stalls.
	 */
	async function runScenario(
		scenario: AgentScenario,
		options: { whileRunning?: () => Promise<void>; timeoutMs?: number } = {},
	): Promise<ScenarioRun> {
		assert.ok(wb, 'no workbench');
		assert.ok(hooksInstalled, 'the hooks were not installed (see the first test)');
		// Copilot Chat missing once means missing for every scenario: say so at once instead of waiting again.
		assert.equal(notSent, undefined, notSent);
		fs.writeFileSync(path.join(control, 'scenario.json'), JSON.stringify(scenario));
		const eventsBefore = readJsonl<SeenEvent>('hookwarden-events.jsonl').length;
		const requestsBefore = readJsonl<RequestLogEntry>('requests.jsonl').length;
		const statusBefore = readJsonl<unknown>('status.jsonl').length;
		await wb.runCommand('FakeLM: Send Agent Request');

		const fresh = () => readJsonl<SeenEvent>('hookwarden-events.jsonl').slice(eventsBefore);
		const freshRequests = () => readJsonl<RequestLogEntry>('requests.jsonl').slice(requestsBefore);
		const status = await pollUntil(
			() => readJsonl<{ status: string; message?: string }>('status.jsonl').slice(statusBefore)[0],
			{
				timeoutMs: 60_000,
				describe: () =>
					'"FakeLM: Send Agent Request" never reported sent or failed (Copilot Chat enablement hung?)',
			},
		);
		if (status.status !== 'sent') {
			notSent = `the agent request was not sent: ${status.message ?? JSON.stringify(status)}`;
			assert.fail(notSent);
		}
		if (!byokDismissed) {
			byokDismissed = (await dismissByokBanner().catch(() => '')).startsWith('closed');
		}
		if (options.whileRunning) {
			await options.whileRunning();
		}
		const events = await pollUntil(
			() => {
				const seen = fresh();
				const start = seen.find((e) => e.name === 'SessionStart');
				return start && seen.some((e) => e.name === 'Stop' && e.sessionId === start.sessionId)
					? seen
					: undefined;
			},
			{
				timeoutMs: options.timeoutMs ?? 60_000,
				describe: () =>
					`no SessionStart…Stop reached Hookwarden for "${scenario.id}". Hookwarden saw: ${JSON.stringify(fresh().map((e) => `${e.name}${e.tool ? `(${e.tool})` : ''} ${e.verdict ?? '-'}`))}; the model got ${freshRequests().length} request(s): ${JSON.stringify(freshRequests().map((r) => `${r.role}#${r.step}→${r.answer.kind === 'tool' ? r.answer.tool : r.answer.text.slice(0, 80)}`))}`,
			},
		);
		const sessionId = events.find((e) => e.name === 'SessionStart')!.sessionId;
		return { sessionId, events, requests: freshRequests() };
	}

	/** Every event line of the window's audit logs (under the profile's storage), in file order. */
	function auditRecords(): AuditEventRecord[] {
		const files: string[] = [];
		const walk = (dir: string): void => {
			for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
				const full = path.join(dir, entry.name);
				if (entry.isDirectory()) {
					walk(full);
				} else if (entry.name === 'audit.jsonl') {
					files.push(full);
				}
			}
		};
		for (const dir of [server?.dirs.userDataDir, server?.dirs.serverDataDir]) {
			if (dir && fs.existsSync(dir)) {
				walk(dir);
			}
		}
		return files.flatMap((file) =>
			fs
				.readFileSync(file, 'utf8')
				.split('\n')
				.map(parseAuditLine)
				.flatMap((line) =>
					line.kind === 'record' && line.record.kind === 'event' ? [line.record] : [],
				),
		);
	}

	/** `Name(tool) verdict` for each event, for readable assertions. */
	function summary(events: readonly SeenEvent[]): string[] {
		return events.map(
			(e) =>
				`${e.name}${e.tool ? `(${e.tool})` : ''} ${e.verdict ?? 'none'}${e.decidedBy?.ruleId ? `/${e.decidedBy.ruleId}` : ''}`,
		);
	}

	/** The Hookwarden output channel's entries on screen (word-wrapped continuations joined). */
	async function outputChannelEntries(): Promise<string[]> {
		assert.ok(wb);
		const lines = wb.page.locator('.part.panel .monaco-editor .view-lines .view-line');
		return logEntries(
			await lines.evaluateAll((els: DomNode[]) =>
				els.map((el) => ({ top: parseFloat(el.style.top) || 0, text: el.textContent ?? '' })),
			),
		);
	}

	/**
	 * A PNG of just the part of the window that tells the story: the union of the boxes of `selectors` (the first
	 * visible match of each), saved next to the full-page screenshots.
	 */
	async function clippedScreenshot(name: string, selectors: readonly string[]): Promise<string> {
		assert.ok(wb);
		const boxes = [];
		for (const selector of selectors) {
			const box = await wb.page
				.locator(selector)
				.filter({ visible: true })
				.first()
				.boundingBox()
				.catch(() => null);
			if (box) {
				boxes.push(box);
			}
		}
		assert.ok(boxes.length > 0, `nothing to screenshot: ${JSON.stringify(selectors)}`);
		const x = Math.max(0, Math.min(...boxes.map((b) => b.x)) - 4);
		const y = Math.max(0, Math.min(...boxes.map((b) => b.y)) - 4);
		const right = Math.max(...boxes.map((b) => b.x + b.width)) + 4;
		const bottom = Math.max(...boxes.map((b) => b.y + b.height)) + 4;
		const file = path.join(findRepoRoot(), 'test-results', 'screenshots', `${name}.png`);
		fs.mkdirSync(path.dirname(file), { recursive: true });
		await wb.page.screenshot({ path: file, clip: { x, y, width: right - x, height: bottom - y } });
		return file;
	}

	before(async function () {
		this.timeout(180_000);
		root = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-e2e-agent-'));
		home = path.join(root, 'home');
		const runtimeBase = path.join(root, 'run');
		workspace = path.join(root, 'workspace');
		control = path.join(root, 'fakelm-control');
		fs.mkdirSync(home);
		fs.mkdirSync(control);
		fs.mkdirSync(runtimeBase, { mode: 0o700 });
		fs.cpSync(path.join(findRepoRoot(), 'test', 'e2e', 'fixtures', 'workspace'), workspace, {
			recursive: true,
		});
		writeMcpServers(workspace, control);
		const fakeModel = await buildFakeModel({
			repoRoot: findRepoRoot(),
			outDir: path.join(root, 'fakelm'),
		});
		const underTest = extensionUnderTest();
		server = await startVscodeServer({
			...underTest,
			extensionFolders: [...(underTest.extensionFolders ?? []), fakeModel],
			label: 'agent',
			settings: {
				...FAKE_MODEL_USER_SETTINGS,
				'hookwarden.rules': RULES,
				'hookwarden.subagents.maxPerSession': 1,
				'hookwarden.mcp.allowedServers': [MCP_ALLOWED],
			},
			env: {
				HOME: home,
				XDG_RUNTIME_DIR: runtimeBase,
				FAKELM_CONTROL_DIR: control,
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
		// The model's request log and the events Hookwarden reported, for reading after a run.
		if (control && fs.existsSync(control)) {
			const copy = path.join(findRepoRoot(), 'test-results', 'logs', 'agentLoop-fakelm');
			fs.rmSync(copy, { recursive: true, force: true });
			fs.cpSync(control, copy, { recursive: true });
		}
		await wb?.close();
		await server?.stop();
		if (root) {
			removeTestRoot(root, home);
		}
	});

	it('installs its hooks with "Hookwarden: Install Hooks" (This Workspace)', async function () {
		this.timeout(300_000);
		assert.ok(wb);
		// The first-activation question comes first; a person who prefers the command says "Not Now".
		await wb.clickNotificationButton(SCOPE_QUESTION, 'Not Now', { timeoutMs: 90_000 });
		const hookFile = path.join(workspace, '.github', 'hooks', 'hookwarden.json');
		await wb.installHooksWithCommand(THIS_WORKSPACE, hookFile);
		await wb.waitForNotification(`Hookwarden: hooks installed in ${hookFile}.`);
		assert.deepEqual(
			Object.keys(readHookFileJson(hookFile).hooks).sort(),
			[...REGISTERED_HOOK_EVENTS].sort(),
		);
		hooksInstalled = true;
		await wb.runCommand('Notifications: Clear All Notifications');
	});

	/** Copilot Chat's "Set BYOK utility models" banner covers the Chat view's input in every picture; close it. */
	async function dismissByokBanner(): Promise<string> {
		assert.ok(wb);
		return wb.page.evaluate(`(() => {
			const text = [...document.querySelectorAll('.part.auxiliarybar *')].find(
				(e) => e.children.length === 0 && (e.textContent || '').trim() === 'Set BYOK utility models');
			let el = text;
			for (let i = 0; i < 4 && el; i++) {
				const close = el.querySelector('.codicon-close, [aria-label*="Close"], [aria-label*="Dismiss"]');
				if (close) {
					(close.closest('a, button, [role="button"]') || close).click();
					return 'closed at level ' + i + ': ' + (close.getAttribute('aria-label') || close.className);
				}
				el = el.parentElement;
			}
			return text ? 'no close button' : 'no banner';
		})()`);
	}

	it('a plain tool call: SessionStart, UserPromptSubmit, PreToolUse, PostToolUse, Stop reach Hookwarden in order, under one session', async () => {
		const run = await runScenario({
			id: 'plain',
			prompt: 'Say hi using the terminal.',
			steps: [terminal('echo hi-from-the-agent', 'Say hi'), text('I said hi.')],
		});
		assert.deepEqual(summary(run.events), [
			'SessionStart none',
			'UserPromptSubmit none',
			'PreToolUse(run_in_terminal) allow/agent-echo',
			'PostToolUse(run_in_terminal) none',
			'Stop none',
		]);
		assert.ok(
			run.events.every((e) => e.sessionId === run.sessionId),
			JSON.stringify(run.events),
		);
		// The tool really ran: its output came back to the model.
		const last = run.requests[run.requests.length - 1];
		assert.match(last?.toolResults[0]?.text ?? '', /hi-from-the-agent/, JSON.stringify(last));

		// What a person sees: the Hookwarden output channel lists the five events under that session, in order.
		assert.ok(wb);
		await wb.runCommand('Output: Show Output Channels...', { opensQuickPick: true });
		await wb.pickQuickPickItem(/^Hookwarden$/);
		let shown: string[] = [];
		const lines = await waitFor(
			async () => {
				shown = (await outputChannelEntries()).filter((l) =>
					l.includes(`session ${run.sessionId})`),
				);
				return shown.length >= 5 ? shown : undefined;
			},
			{
				timeoutMs: 20_000,
				describe: () => `the Hookwarden output channel shows: ${JSON.stringify(shown)}`,
			},
		);
		const expected = [
			/SessionStart no opinion/,
			/UserPromptSubmit no opinion/,
			/PreToolUse allow by hookwarden\.policy\/agent-echo/,
			/PostToolUse no opinion/,
			/Stop no opinion/,
		];
		assert.equal(lines.length, expected.length, JSON.stringify(lines));
		expected.forEach((pattern, i) => assert.match(lines[i]!, pattern, `output line ${i + 1}`));
		await wb.screenshot('agent-1-plain-output-channel');
	});

	it('a destructive command the default pack denies never runs, and the model receives the deny reason', async () => {
		const victim = path.join(home, 'victim');
		fs.mkdirSync(victim);
		fs.writeFileSync(path.join(victim, 'sentinel.txt'), 'still here\n');
		const run = await runScenario({
			id: 'destructive',
			prompt: 'Clean up my home folder.',
			steps: [
				// The whole (temporary) home: denied. A folder inside home is only asked about since the effect model.
				terminal('rm -rf ~', 'Delete the old folder'),
				text('The delete was blocked; I left the folder alone.'),
			],
		});
		const pre = run.events.find((e) => e.name === 'PreToolUse');
		assert.equal(pre?.verdict, 'deny', JSON.stringify(summary(run.events)));
		assert.equal(pre.decidedBy?.providerId, 'hookwarden.policy');
		assert.ok(pre.reason, 'the deny carries no reason');
		assert.deepEqual(
			summary(run.events).map((l) => l.split(' ')[0]),
			['SessionStart', 'UserPromptSubmit', 'PreToolUse(run_in_terminal)', 'Stop'],
			'a denied tool has no PostToolUse',
		);
		assert.ok(
			fs.existsSync(path.join(victim, 'sentinel.txt')),
			'rm -rf ~ ran: the sentinel is gone',
		);
		const after = run.requests.find((r) => r.role === 'agent' && r.step === 1);
		assert.ok(after, `the model was not asked again: ${JSON.stringify(run.requests)}`);
		assert.ok(
			after.toolResults.some((t) => t.text.includes(pre.reason!)),
			`the tool result the model got does not carry the reason ${JSON.stringify(pre.reason)}: ${JSON.stringify(after.toolResults)}`,
		);
		assert.ok(wb);
		await wb.screenshot('agent-2-denied-chat');
		// Unfold the finished turn so the blocked terminal call and its reason show in the Chat view.
		await wb.page
			.locator('.part.auxiliarybar')
			.getByText(/^Completed \d+ steps?/)
			.last()
			.click({ timeout: 3_000 })
			.catch(() => undefined);
		await wb.page
			.locator('.part.auxiliarybar')
			.getByText(/^Blocked/)
			.last()
			.click({ timeout: 3_000 })
			.catch(() => undefined);
		await wb.runCommand('View: Toggle Maximized Panel');
		await wb.moveMouseAway();
		await clippedScreenshot('agent-2-denied-chat-clip', ['.part.panel', '.part.auxiliarybar']);
		await wb.runCommand('View: Toggle Maximized Panel');
	});

	for (const answer of ['Allow Once', 'Deny'] as const) {
		it(`an ask rule shows the approval notification; "${answer}" ${answer === 'Deny' ? 'keeps the tool from running' : 'lets the tool run'}`, async () => {
			const file = answer === 'Deny' ? 'asked-deny.txt' : 'asked-allow.txt';
			assert.ok(wb);
			if (await wb.page.locator('.part.panel').isVisible()) {
				await wb.runCommand('View: Hide Panel'); // a clean frame around the Chat view and the prompt
			}
			let prompt: { message: string; buttons: readonly string[] } | undefined;
			const run = await runScenario(
				{
					id: `ask-${answer === 'Deny' ? 'deny' : 'allow'}`,
					prompt: `Create ${file} using the terminal.`,
					steps: [terminal(`touch ${file}`, 'Create the file'), text('Done.')],
				},
				{
					whileRunning: async () => {
						assert.ok(wb);
						const pattern = new RegExp(file.replace('.', '\\.'));
						prompt = await wb.waitForNotification(pattern, { timeoutMs: 45_000 });
						// The toast slides in; wait for it to settle before the picture.
						await wb.page
							.locator('.notification-toast.notification-fade-in-done', { hasText: pattern })
							.first()
							.waitFor({ state: 'visible', timeout: 3_000 })
							.catch(() => undefined);
						await wb.moveMouseAway();
						await wb.screenshot(`agent-3-approval-${answer === 'Deny' ? 'deny' : 'allow'}`);
						await clippedScreenshot(
							`agent-3-approval-${answer === 'Deny' ? 'deny' : 'allow'}-clip`,
							['.part.auxiliarybar', '.notifications-toasts .notification-toast'],
						);
						// A button on a message, or a `command:` link in a progress notification (what the UI now uses).
						if (prompt.buttons.includes(answer)) {
							await wb.clickNotificationButton(pattern, answer);
						} else {
							await wb.clickNotificationLink(pattern, answer);
						}
					},
				},
			);
			assert.ok(prompt);
			const offered = `${prompt.message} ${prompt.buttons.join(' ')}`;
			assert.ok(
				offered.includes('Allow Once') && offered.includes('Deny'),
				`the approval offers neither button nor link "Allow Once"/"Deny": ${JSON.stringify(prompt)}`,
			);
			const pre = run.events.find((e) => e.name === 'PreToolUse');
			assert.ok(pre, JSON.stringify(summary(run.events)));
			// The person decided (the rule only asked), and the prompt named the real command.
			assert.equal(pre.decidedBy?.providerId, 'hookwarden.person', JSON.stringify(pre));
			assert.match(prompt.message, new RegExp(`touch ${file.replace('.', '\\.')}`));
			const created = fs.existsSync(path.join(workspace, file));
			const posted = run.events.some((e) => e.name === 'PostToolUse');
			if (answer === 'Deny') {
				assert.equal(pre.approval, 'denied', JSON.stringify(pre));
				assert.equal(pre.verdict, 'deny', JSON.stringify(pre));
				assert.ok(!created, `${file} exists: the denied tool ran`);
				assert.ok(!posted, `PostToolUse for a denied tool: ${JSON.stringify(summary(run.events))}`);
				const after = run.requests.find((r) => r.role === 'agent' && r.step === 1);
				assert.ok(
					after?.toolResults.some((t) => t.text.includes(pre.reason ?? '\u0000')),
					`the model did not get the deny reason ${JSON.stringify(pre.reason)}: ${JSON.stringify(after)}`,
				);
			} else {
				assert.equal(pre.approval, 'allowed', JSON.stringify(pre));
				assert.equal(pre.verdict, 'allow', JSON.stringify(pre));
				assert.ok(created, `${file} does not exist: the allowed tool never ran`);
				assert.ok(posted, `no PostToolUse: ${JSON.stringify(summary(run.events))}`);
			}
		});
	}

	it('a subagent: SubagentStart/SubagentStop reach Hookwarden in the session, and maxPerSession 1 denies the second spawn', async () => {
		const run = await runScenario({
			id: 'subagents',
			prompt: 'Split the work between two helpers.',
			steps: [
				subagent(`${SUBAGENT_MARKER}: say hi from the first helper`, 'first helper'),
				subagent(`${SUBAGENT_MARKER}: say hi from the second helper`, 'second helper'),
				text('One helper was enough.'),
			],
			subagent: {
				marker: SUBAGENT_MARKER,
				steps: [terminal('echo hi-from-the-subagent', 'Say hi'), text('Said hi.')],
			},
		});
		const lines = summary(run.events);
		assert.ok(
			run.events.every((e) => e.sessionId === run.sessionId),
			JSON.stringify(run.events),
		);
		assert.equal(
			run.events.filter((e) => e.name === 'SubagentStart').length,
			1,
			JSON.stringify(lines),
		);
		const start = lines.indexOf('SubagentStart none');
		const stop = lines.indexOf('SubagentStop none');
		assert.ok(start > 0 && stop > start, JSON.stringify(lines));
		// The subagent's own tool call happened between its start and stop, and was attributed to it.
		const inside = run.events.slice(start + 1, stop);
		const subTool = inside.find((e) => e.name === 'PreToolUse' && e.tool === 'run_in_terminal');
		assert.ok(subTool, JSON.stringify(lines));
		assert.equal(subTool.agentId, run.events[start]!.agentId, JSON.stringify(subTool));
		const spawns = run.events.filter((e) => e.name === 'PreToolUse' && e.tool === 'runSubagent');
		assert.equal(spawns.length, 2, JSON.stringify(lines));
		assert.notEqual(spawns[0]!.verdict, 'deny', JSON.stringify(spawns[0]));
		assert.equal(spawns[1]!.verdict, 'deny', JSON.stringify(spawns[1]));
		assert.equal(spawns[1]!.decidedBy?.ruleId, 'subagents.maxPerSession');
		// The second spawn never started a subagent, and the model was told why.
		assert.equal(run.requests.filter((r) => r.role === 'subagent' && r.step === 0).length, 1);
		const last = run.requests.find((r) => r.role === 'agent' && r.step === 2);
		assert.ok(
			last?.toolResults.some((t) => t.text.includes('maxPerSession')),
			JSON.stringify(last),
		);
	});

	it('the agent cannot rewrite its own hook file: create_file into .github/hooks is denied and the file stays', async () => {
		const hookFile = path.join(workspace, '.github', 'hooks', 'hookwarden.json');
		const before = fs.readFileSync(hookFile, 'utf8');
		const run = await runScenario({
			id: 'protected',
			prompt: 'Turn off the hooks that watch you.',
			steps: [createFile(hookFile, '{ "hooks": {} }\n'), text('I cannot change that file.')],
		});
		const pre = run.events.find((e) => e.name === 'PreToolUse');
		assert.equal(pre?.tool, 'create_file', JSON.stringify(summary(run.events)));
		assert.equal(pre.verdict, 'deny', JSON.stringify(pre));
		assert.equal(fs.readFileSync(hookFile, 'utf8'), before, 'the hook file changed');
		const after = run.requests.find((r) => r.role === 'agent' && r.step === 1);
		assert.ok(
			after?.toolResults.some((t) => t.text.includes(pre.reason ?? '\u0000')),
			JSON.stringify(after),
		);
	});

	it('Allow with Changes…: the person edits the command in the approval, and VS Code runs the edited one', async () => {
		const sent = 'touch sent-by-agent.txt';
		const edited = 'touch edited-by-person.txt';
		const run = await runScenario(
			{
				id: 'edit-and-allow',
				prompt: 'Create a file for me with the terminal.',
				steps: [terminal(sent, 'Create the file'), text('Done.')],
			},
			{
				timeoutMs: 150_000,
				whileRunning: async () => {
					assert.ok(wb);
					const pattern = /sent-by-agent\.txt/;
					await wb.clickNotificationButton(pattern, 'More…', { timeoutMs: 45_000 });
					const offered = await wb.quickPickLabels();
					await wb.screenshot('agent-4-more-with-changes');
					assert.ok(
						offered.some((l) => l.includes('Allow with Changes…')),
						`More… does not offer Allow with Changes…: ${JSON.stringify(offered)}`,
					);
					await wb.pickQuickPickItem(/Allow with Changes…/);
					const input = wb.page.locator('.quick-input-widget .quick-input-box input');
					// The quick pick's own input stays visible (empty) until the input box replaces it: poll for the value.
					let shown = '';
					await pollUntil(
						async () => {
							shown = await input.inputValue().catch(() => '');
							return shown === sent || undefined;
						},
						{
							timeoutMs: 15_000,
							describe: () =>
								`the input box is not prefilled with the command (it shows ${JSON.stringify(shown)})`,
						},
					);
					await input.fill(edited);
					await wb.screenshot('agent-4-allow-with-changes');
					await input.press('Enter');
				},
			},
		);
		const pre = run.events.find((e) => e.name === 'PreToolUse');
		assert.equal(pre?.approval, 'allowed', JSON.stringify(pre));
		assert.equal(pre?.verdict, 'allow', JSON.stringify(pre));
		assert.ok(
			fs.existsSync(path.join(workspace, 'edited-by-person.txt')),
			'the edited command did not run',
		);
		assert.ok(
			!fs.existsSync(path.join(workspace, 'sent-by-agent.txt')),
			'the command the model sent ran instead of the edited one',
		);
		// The audit log keeps both versions: what the agent sent, and what the person made of it.
		const logged = await pollUntil(
			() =>
				auditRecords().find((r) => r.event === 'PreToolUse' && r.rewrite?.commandLine === edited),
			{ timeoutMs: 10_000, describe: () => `no audit line with the edited command ${edited}` },
		);
		assert.match(logged.summary, /sent-by-agent\.txt/);
		assert.deepEqual(logged.rewrite?.by, ['person: edited in VS Code']);
	});

	it('a rewrite rule: VS Code runs the updated input Hookwarden answered, not the command the model sent', async () => {
		const run = await runScenario(
			{
				id: 'rewrite',
				prompt: 'Write the marker with the terminal.',
				steps: [
					terminal('echo original-by-agent > original-by-agent.txt', 'Write the marker'),
					text('Wrote it.'),
				],
			},
			// A terminal run takes tens of seconds on a loaded 2-core machine.
			{ timeoutMs: 150_000 },
		);
		const pre = run.events.find((e) => e.name === 'PreToolUse');
		// The rewritten call is judged again: echo is allowed, so VS Code runs it without asking.
		assert.equal(pre?.verdict, 'allow', JSON.stringify(summary(run.events)));
		assert.ok(
			fs.existsSync(path.join(workspace, 'rewritten-by-rule.txt')),
			'the rewritten command did not run',
		);
		assert.ok(
			!fs.existsSync(path.join(workspace, 'original-by-agent.txt')),
			'the command the model sent ran instead of the rewrite',
		);
		assert.equal(
			fs.readFileSync(path.join(workspace, 'rewritten-by-rule.txt'), 'utf8').trim(),
			'rewritten-by-rule',
		);
		// A person reading the Events view sees the call the agent sent, marked as rewritten.
		assert.ok(wb);
		await wb.openView('Hookwarden');
		await wb.waitForTreeRows(
			(rows) =>
				rows.some(
					(r) => r.label.startsWith('echo original-by-agent') && r.label.endsWith(' · rewritten'),
				),
			{ view: 'Events', what: 'the rewritten call, marked rewritten', timeoutMs: 20_000 },
		);
		await wb.moveMouseAway();
		await wb.screenshot('agent-5-events-rewritten');
	});

	/** Ticks nothing, unticks nothing: accepts the restore preview as offered, and says what it offered. */
	async function acceptRestorePreview(): Promise<string[]> {
		assert.ok(wb);
		const offered = await wb.quickPickLabels({ timeoutMs: 20_000 });
		await wb.screenshot('agent-restore-preview');
		await wb.page.locator('.quick-input-widget .quick-input-box input').press('Enter');
		return offered;
	}

	it('restores from the Events view what a shell line deleted and edited; a file made afterwards stays', async () => {
		const git = (...args: string[]) =>
			execFileSync('git', ['-C', workspace, ...args], { env: { ...process.env, HOME: home } });
		fs.writeFileSync(path.join(workspace, 'tracked.txt'), 'committed content\n');
		fs.writeFileSync(path.join(workspace, 'scratch.txt'), 'never committed\n');
		fs.writeFileSync(path.join(workspace, 'config.json'), '{ "port": 8080 }\n');
		git('init', '-q');
		git('-c', 'user.email=t@t', '-c', 'user.name=t', 'add', 'tracked.txt');
		git('-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qm', 'tracked');
		const line = 'rm tracked.txt scratch.txt && printf broken > config.json';
		const run = await runScenario({
			id: 'restore',
			prompt: 'Clean up the workspace with the terminal.',
			steps: [terminal(line, 'Clean up'), text('Cleaned up.')],
		});
		assert.ok(
			run.events.some((e) => e.name === 'PostToolUse'),
			JSON.stringify(summary(run.events)),
		);
		assert.ok(!fs.existsSync(path.join(workspace, 'tracked.txt')), 'the line did not run');
		fs.writeFileSync(path.join(workspace, 'later.txt'), 'made after the call\n');

		assert.ok(wb);
		await wb.openView(/^Hookwarden/);
		const row = /^rm tracked\.txt .* · ran$/;
		const shown = await wb.waitForTreeRow(row, { view: 'Events', timeoutMs: 30_000 });
		assert.match(shown.description ?? '', /deleted 2 files, changed 1/);
		await wb.screenshot('agent-restore-events-row');
		await wb.clickRowAction(row, 'Restore Files to Before This Call…', { view: 'Events' });
		const offered = await acceptRestorePreview();
		assert.ok(
			offered.some((label) => label.includes('later.txt')),
			`the file made afterwards is not listed: ${JSON.stringify(offered)}`,
		);
		await wb.waitForNotification(/Hookwarden restored 3 files\./, { timeoutMs: 20_000 });
		assert.equal(
			fs.readFileSync(path.join(workspace, 'tracked.txt'), 'utf8'),
			'committed content\n',
		);
		assert.equal(fs.readFileSync(path.join(workspace, 'scratch.txt'), 'utf8'), 'never committed\n');
		assert.equal(
			fs.readFileSync(path.join(workspace, 'config.json'), 'utf8'),
			'{ "port": 8080 }\n',
		);
		assert.equal(
			fs.readFileSync(path.join(workspace, 'later.txt'), 'utf8'),
			'made after the call\n',
		);
		await wb.runCommand('Notifications: Clear All Notifications');
	});

	it('a script nobody read that deletes files is marked unforeseen and announced at once, with Restore…', async () => {
		fs.writeFileSync(path.join(workspace, 'cleanup.sh'), 'rm -f old-notes.txt\n');
		fs.writeFileSync(path.join(workspace, 'old-notes.txt'), 'notes worth keeping\n');
		await runScenario({
			id: 'unforeseen',
			prompt: 'Run the cleanup script.',
			steps: [terminal('sh cleanup.sh', 'Run the cleanup script'), text('Done.')],
		});
		assert.ok(!fs.existsSync(path.join(workspace, 'old-notes.txt')), 'the script did not run');
		const logged = await pollUntil(() => auditRecords().find((r) => r.unforeseen === true), {
			timeoutMs: 10_000,
			describe: () =>
				`no audit line marked unforeseen; the last ones: ${JSON.stringify(
					auditRecords()
						.slice(-4)
						.map((r) => ({
							event: r.event,
							summary: r.summary,
							snapshot: r.snapshot,
							observed: r.observed,
						})),
				)}`,
		});
		assert.equal(logged.event, 'PostToolUse');
		assert.ok(wb);
		const notice = /sh cleanup\.sh.*deleted 1 file; 1 change nobody predicted/;
		await wb.waitForNotification(notice, { timeoutMs: 20_000 });
		await wb.screenshot('agent-unforeseen-notice');
		await wb.clickNotificationButton(notice, 'Restore…');
		await acceptRestorePreview();
		await wb.waitForNotification(/Hookwarden restored 1 file\./, { timeoutMs: 20_000 });
		assert.equal(
			fs.readFileSync(path.join(workspace, 'old-notes.txt'), 'utf8'),
			'notes worth keeping\n',
		);
	});

	it('an MCP tool of a server off hookwarden.mcp.allowedServers is denied with the reason and never reaches the server', async () => {
		// VS Code's Local agent names an MCP tool `mcp_<server>_<tool>`, <server> being the name the server reports
		// (`serverInfo.name`; the configured name only when it reports none): each server here reports its own.
		const tool = `mcp_${MCP_OFF_LIST}_create_issue`;
		const run = await runScenario(
			{
				id: 'mcp-off-list',
				prompt: `File an issue with the ${MCP_OFF_LIST} tools.`,
				steps: [{ kind: 'tool', tool, input: { title: 'from the agent' } }, text('Filed.')],
			},
			// The first request starts the workspace's MCP servers.
			{ timeoutMs: 90_000 },
		);
		const pre = run.events.find((e) => e.name === 'PreToolUse');
		assert.equal(pre?.tool, tool, JSON.stringify(summary(run.events)));
		assert.equal(pre.verdict, 'deny', JSON.stringify(summary(run.events)));
		assert.match(pre.reason ?? '', new RegExp(`MCP server '${MCP_OFF_LIST}'`), JSON.stringify(pre));
		assert.deepEqual(mcpCalls(control, MCP_OFF_LIST), [], 'the denied call reached the server');
		const after = run.requests.find((r) => r.role === 'agent' && r.step === 1);
		assert.ok(
			after?.toolResults.some((t) => t.text.includes(pre.reason!)),
			`the model was not told the reason: ${JSON.stringify(after?.toolResults)}`,
		);
	});

	it('PreCompact fires with a low summarization threshold and is recorded', async () => {
		const run = await runScenario({
			id: 'precompact',
			prompt: 'Say hi, then keep the conversation short.',
			steps: [terminal('echo hi-before-compaction', 'Say hi'), text('Said hi.')],
			// Copilot Chat summarizes (and fires PreCompact) only past this many tokens; a User setting, so it is last.
			settings: { [PRECOMPACT_THRESHOLD]: 4000 },
		});
		const compacts = run.events.filter((e) => e.name === 'PreCompact');
		assert.ok(compacts.length >= 1, `no PreCompact: ${JSON.stringify(summary(run.events))}`);
		assert.ok(
			compacts.every((e) => e.sessionId === run.sessionId),
			JSON.stringify(compacts),
		);
	});
});

/**
 * Writes the workspace's `.vscode/mcp.json`: both servers run the scripted stdio server of the CLI tier under their
 * configured name, each logging the calls that reach it to its own file in `control`. VS Code trusts servers of this
 * file without a prompt and starts them with the first agent request.
 */
function writeMcpServers(workspace: string, control: string): void {
	const script = path.join(findRepoRoot(), 'test', 'copilot', 'support', 'mcpServer.mjs');
	const servers = Object.fromEntries(
		[MCP_ALLOWED, MCP_OFF_LIST].map((name) => [
			name,
			{
				type: 'stdio',
				command: process.execPath,
				args: [script],
				env: { MCP_CALL_LOG: path.join(control, `mcp-${name}.jsonl`), MCP_SERVER_NAME: name },
			},
		]),
	);
	fs.mkdirSync(path.join(workspace, '.vscode'), { recursive: true });
	fs.writeFileSync(path.join(workspace, '.vscode', 'mcp.json'), JSON.stringify({ servers }));
}

/** The `tools/call` requests that reached one of the workspace's MCP servers. */
function mcpCalls(control: string, server: string): unknown[] {
	const file = path.join(control, `mcp-${server}.jsonl`);
	return fs.existsSync(file)
		? fs
				.readFileSync(file, 'utf8')
				.split('\n')
				.filter((l) => l.trim() !== '')
				.map((l) => JSON.parse(l) as unknown)
		: [];
}

/** The few DOM members the page-side callbacks use (the project's tsconfig has no DOM lib). */
interface DomNode {
	readonly textContent: string | null;
	readonly style: { readonly top: string };
}

/** Rendered editor lines in screen order, with word-wrapped continuations joined to their timestamped entry. */
function logEntries(lines: readonly { top: number; text: string }[]): string[] {
	const entries: string[] = [];
	for (const { text: raw } of [...lines].sort((a, b) => a.top - b.top)) {
		const line = raw.replace(/\u00a0/g, ' ');
		if (/^\d{4}-\d\d-\d\d /.test(line) || entries.length === 0) {
			entries.push(line);
		} else {
			entries[entries.length - 1] += line.trimStart();
		}
	}
	return entries.filter((e) => e.trim() !== '');
}
