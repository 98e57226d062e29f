/**
 * VS Code's Copilot harness (the Agent Host running the Copilot runtime) drives Hookwarden (issue 23). A chat on the
 * Copilot harness runs offline in the pinned VS Code: the smoke-test switches authenticate the Agent Host, and a
 * scripted fake of the Copilot API (support/fakeCopilotApi.ts) is the model. The Copilot runtime inside the Agent Host
 * runs the hook file Hookwarden's own *Install Hooks* wrote, with CLI semantics, and Hookwarden (the packaged .vsix
 * with `--package`) decides in the window. Recipe and caveats: /work/shared/real-agent-host.md; what ran is written up
 * in docs/decisions/agent-host.md.
 *
 * One server and one workbench serve every scenario, each in a new chat (a new session). What a scenario checks comes
 * from outside Hookwarden's internals: the file system (did the tool run), the fake API's log (what the model was
 * told), the audit log (what Hookwarden answered), and what a person sees (the Approvals, Events and Policies views).
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { after, afterEach, before, describe, it } from 'mocha';

import { parseAuditLine } from '../../../src/core/audit/parseAuditLine';
import type { AuditEventRecord } from '../../../src/core/audit/auditRecord';
import { HOOK_FILE_NAME } from '../../../src/host/installer/hookFile';
import {
	AGENT_HOST_USER_SETTINGS,
	newChat,
	pickFakeModel,
	sendChatPrompt,
} from '../support/agentHostChat';
import { removeTestRoot } from '../support/processes';
import type { CapiScript, CapiTurn, FakeCopilotApi } from '../support/fakeCopilotApi';
import { fakeCopilotApiEnv, startFakeCopilotApi } from '../support/fakeCopilotApi';
import { pollUntil } from '../support/hookRunner';
import { extensionUnderTest, startVscodeServer, type VscodeServer } from '../support/vscodeServer';
import { openWorkbench, type Workbench } from '../support/workbench';

const ASK_TOUCH = {
	id: 'ask-touch',
	command: 'touch',
	verdict: 'ask',
	reason: 'New files need a person.',
};
const SESSION_CONTEXT = 'House rule 7: every change gets a test (AGENT-HOST-CONTEXT).';
const GATE_REASON = 'Run the tests before you stop.';
const SUBAGENT_MARKER = 'SUBAGENT-TASK';

/** One scenario's slice of the run: its audit events (every session it touched) and its model turns. */
interface ScenarioRun {
	readonly sessionId: string;
	readonly events: readonly AuditEventRecord[];
	readonly turns: readonly CapiTurn[];
}

describe("VS Code's Copilot harness (Agent Host) drives Hookwarden", function () {
	let root: string;
	let home: string;
	let workspace: string;
	let auditFile: string;
	let api: FakeCopilotApi | undefined;
	let server: VscodeServer | undefined;
	let wb: Workbench | undefined;
	let installed = false;
	let scenarios = 0;

	function auditEvents(): AuditEventRecord[] {
		if (!fs.existsSync(auditFile)) {
			return [];
		}
		return fs
			.readFileSync(auditFile, 'utf8')
			.split('\n')
			.map((line) => parseAuditLine(line))
			.flatMap((parsed) =>
				parsed.kind === 'record' && parsed.record.kind === 'event' ? [parsed.record] : [],
			);
	}

	/** `Event(tool) verdict` lines, for readable failures. */
	function summary(events: readonly AuditEventRecord[]): string[] {
		return events.map((e) => `${e.event}${e.tool ? `(${e.tool})` : ''} ${e.verdict}`);
	}

	/**
	 * Sends `prompt` in a new chat with the model following `script`, and waits until the session it started has ended
	 * (`done`, by default its first SessionEnd). Returns that session's events (and any session it spawned) and turns.
	 */
	async function runScenario(
		prompt: string,
		script: CapiScript,
		options: {
			whileRunning?: (sessionId: () => string | undefined) => Promise<void>;
			done?: (events: readonly AuditEventRecord[], sessionId: string) => boolean;
			timeoutMs?: number;
		} = {},
	): Promise<ScenarioRun> {
		assert.ok(wb && api, 'no workbench');
		assert.ok(installed, 'the hooks were not installed (see the first test)');
		if (scenarios++ > 0) {
			await newChat(wb);
		}
		api.setScript(script);
		const eventsBefore = auditEvents().length;
		const turnsBefore = api.turns.length;
		const fresh = () => auditEvents().slice(eventsBefore);
		const sessionOf = () =>
			fresh().find(
				(e) =>
					e.event === 'UserPromptSubmit' &&
					e.input.name === 'UserPromptSubmit' &&
					e.input.prompt === prompt,
			)?.session;
		await sendChatPrompt(wb, prompt);
		if (options.whileRunning) {
			await options.whileRunning(sessionOf);
		}
		const done =
			options.done ??
			((events: readonly AuditEventRecord[], id: string) =>
				events.some((e) => e.event === 'SessionEnd' && e.session === id));
		const events = await pollUntil(
			() => {
				const id = sessionOf();
				const seen = fresh();
				return id !== undefined && done(seen, id) ? seen : undefined;
			},
			{
				timeoutMs: options.timeoutMs ?? 90_000,
				describe: () =>
					`the session of ${JSON.stringify(prompt)} never ended. Hookwarden saw: ${JSON.stringify(summary(fresh()))}; the fake API got ${JSON.stringify(api?.requests.slice(-8))}`,
			},
		);
		return { sessionId: sessionOf()!, events, turns: api.turns.slice(turnsBefore) };
	}

	/** Makes the gate provider block the next `event` once. */
	function arm(event: 'Stop' | 'SubagentStop'): void {
		fs.writeFileSync(path.join(root, `armed-${event}`), '');
	}

	before(async function () {
		this.timeout(180_000);
		root = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-e2e-agenthost-'));
		home = path.join(root, 'home');
		workspace = path.join(root, 'workspace');
		const runtime = path.join(root, 'run');
		fs.mkdirSync(home);
		fs.mkdirSync(workspace);
		fs.mkdirSync(runtime, { mode: 0o700 });
		auditFile = path.join(workspace, 'hookwarden-audit.jsonl');
		// The Copilot runtime runs repository hooks only in a git repository; one commit is enough.
		execFileSync('git', ['init', '-q'], { cwd: workspace });
		execFileSync(
			'git',
			[
				'-c',
				'user.email=t@example.com',
				'-c',
				'user.name=t',
				'commit',
				'-q',
				'--allow-empty',
				'-m',
				'init',
			],
			{ cwd: workspace },
		);
		api = await startFakeCopilotApi();
		server = await startVscodeServer({
			...extensionUnderTest(),
			label: 'agenthost',
			// The Agent Host authenticates with the test token only in smoke-test mode (which also hides toasts).
			smokeTestDriver: true,
			settings: {
				...AGENT_HOST_USER_SETTINGS,
				'hookwarden.rules': [ASK_TOUCH],
				'hookwarden.context.sessionStart': SESSION_CONTEXT,
				'hookwarden.subagents.maxPerSession': 1,
				'hookwarden.audit.path': path.basename(auditFile),
				// A Stop gate that a scenario arms for one answer, so a harness that honours it cannot loop the test: the
				// command provider blocks the next Stop (or SubagentStop) once its flag file exists, and removes the flag.
				'hookwarden.providers': [
					{
						id: 'gate-once',
						type: 'command',
						command: 'sh',
						args: [
							'-c',
							`f="${root}/armed-$HOOKWARDEN_EVENT"; cat >/dev/null; if [ -e "$f" ]; then rm -f "$f"; echo "block: ${GATE_REASON}"; else echo '{}'; fi`,
						],
						events: ['Stop', 'SubagentStop'],
						failAction: 'ignore',
					},
				],
			},
			env: {
				HOME: home,
				XDG_RUNTIME_DIR: runtime,
				...fakeCopilotApiEnv(api),
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
		// What the model was told and what Hookwarden answered, for reading after a run.
		if (root && fs.existsSync(root)) {
			const logs = path.join(process.cwd(), 'test-results', 'logs', 'agentHost');
			fs.mkdirSync(logs, { recursive: true });
			if (fs.existsSync(auditFile)) {
				fs.copyFileSync(auditFile, path.join(logs, 'audit.jsonl'));
			}
			fs.writeFileSync(path.join(logs, 'turns.json'), JSON.stringify(api?.turns ?? [], null, '\t'));
			fs.writeFileSync(
				path.join(logs, 'requests.json'),
				JSON.stringify(api?.requests ?? [], null, '\t'),
			);
		}
		await wb?.close();
		await server?.stop();
		await api?.close();
		if (root) {
			removeTestRoot(root, home);
		}
	});

	it('installs its hooks with "Hookwarden: Install Hooks" (For Me), and the chat runs on the scripted model', async function () {
		this.timeout(360_000);
		assert.ok(wb);
		// Activation writes the launcher; on a loaded machine that can take a while, and the command waits for it.
		await pollUntil(
			() => fs.existsSync(path.join(home, '.hookwarden', 'bin', 'hookwarden-hook')) || undefined,
			{ timeoutMs: 90_000, describe: () => 'Hookwarden never activated (no launcher written)' },
		);
		await wb.installHooksWithCommand(
			'For Me (All Workspaces)',
			path.join(home, '.copilot', 'hooks', HOOK_FILE_NAME),
		);
		installed = true;
		await pickFakeModel(wb);
	});

	it('a deny is honoured: the destructive command never runs, the model gets the reason, the Events view names the harness', async function () {
		this.timeout(150_000);
		const victim = path.join(home, 'victim');
		fs.mkdirSync(victim);
		fs.writeFileSync(path.join(victim, 'sentinel.txt'), 'still here\n');
		const run = await runScenario('Clean up my home folder.', {
			steps: [
				{
					tool: 'bash',
					// The whole home folder (a temporary one): the pack denies it outright, where a folder in it is asked.
					args: { command: 'rm -rf ~', description: 'Delete everything' },
				},
				{ text: 'The delete was blocked; I left the folder alone.' },
			],
		});
		const pre = run.events.find((e) => e.event === 'PreToolUse');
		assert.equal(pre?.verdict, 'deny', JSON.stringify(summary(run.events)));
		assert.equal(pre.decidedBy?.providerId, 'hookwarden.policy');
		assert.ok(fs.existsSync(path.join(victim, 'sentinel.txt')), 'rm -rf ~ ran');
		assert.ok(
			!run.events.some((e) => e.event === 'PostToolUse' && e.session === run.sessionId),
			`a denied tool has no PostToolUse: ${JSON.stringify(summary(run.events))}`,
		);
		const after = run.turns.find((t) => t.role === 'agent' && t.step === 1);
		assert.deepEqual(after?.toolResults, [`Denied by preToolUse hook: ${pre.reason ?? ''}`]);
		// Every event of the session names the Copilot harness, whatever dialect its payload looked like.
		const mine = run.events.filter((e) => e.session === run.sessionId);
		assert.deepEqual(
			[...new Set(mine.map((e) => e.input.harness))],
			['agentHost'],
			JSON.stringify(mine.map((e) => [e.event, e.dialect, e.input.harness])),
		);
		assert.ok(!mine.some((e) => e.notHonoured !== undefined), 'the honoured deny was flagged');

		assert.ok(wb);
		await wb.openView('Hookwarden');
		// A session is named by its first prompt; its row says the harness, the time it began and its denials.
		const row = await wb.waitForTreeRow('“Clean up my home folder.”', { view: 'Events' });
		assert.match(row.description, /^Copilot harness · .+ · 1 denied$/);
		await wb.screenshot('agenthost-1-denied-events');
	});

	it('an ask is answered inline in the Approvals view: Allow Once runs the tool, Deny keeps it from running', async function () {
		this.timeout(180_000);
		assert.ok(wb);
		const answered: string[] = [];
		const run = await runScenario(
			'Create two files using the terminal.',
			{
				steps: [
					{ tool: 'bash', args: { command: 'touch asked-allow.txt', description: 'First file' } },
					{ tool: 'bash', args: { command: 'touch asked-deny.txt', description: 'Second file' } },
					{ text: 'Done.' },
				],
			},
			{
				whileRunning: async () => {
					assert.ok(wb);
					await wb.openView('Hookwarden');
					for (const [file, answer] of [
						['asked-allow.txt', 'Allow Once'],
						['asked-deny.txt', 'Deny'],
					] as const) {
						const pattern = new RegExp(`touch ${file.replace('.', '\\.')}`);
						await wb.waitForTreeRow(pattern, { view: 'Approvals', timeoutMs: 60_000 });
						if (answer === 'Allow Once') {
							await wb.moveMouseAway();
							await wb.screenshot('agenthost-2-approval');
						}
						await wb.clickRowAction(pattern, answer, { view: 'Approvals' });
						answered.push(file);
					}
				},
			},
		);
		assert.deepEqual(answered, ['asked-allow.txt', 'asked-deny.txt']);
		assert.ok(fs.existsSync(path.join(workspace, 'asked-allow.txt')), 'the allowed tool never ran');
		assert.ok(!fs.existsSync(path.join(workspace, 'asked-deny.txt')), 'the denied tool ran');
		const pres = run.events.filter((e) => e.event === 'PreToolUse');
		assert.deepEqual(
			pres.map((e) => [
				e.approval?.kind,
				e.verdict,
				e.decidedBy?.providerId,
				e.asked?.decidedBy?.ruleId,
			]),
			[
				['allowed', 'allow', 'hookwarden.person', 'ask-touch'],
				['denied', 'deny', 'hookwarden.person', 'ask-touch'],
			],
		);
		const denied = pres[1];
		const last = run.turns.find((t) => t.role === 'agent' && t.step === 2);
		assert.ok(
			last?.toolResults.some((r) => r === `Denied by preToolUse hook: ${denied?.reason ?? ''}`),
			JSON.stringify(last?.toolResults),
		);
	});

	it('runs the events Hookwarden registers, and session-start context reaches the model', async function () {
		this.timeout(150_000);
		const run = await runScenario('Look around, then say hi.', {
			steps: [
				{ tool: 'view', args: { path: 'missing.txt' } },
				{ tool: 'bash', args: { command: 'echo hi-from-the-agent-host', description: 'Say hi' } },
				{ text: 'Said hi.' },
			],
		});
		const names = new Set(
			run.events.filter((e) => e.session === run.sessionId).map((e) => e.event),
		);
		for (const expected of [
			'UserPromptSubmit',
			'SessionStart',
			'PreToolUse',
			'PermissionRequest',
			'PostToolUse',
			'PostToolUseFailure',
			'Notification',
			'Stop',
			'SessionEnd',
		]) {
			assert.ok(
				names.has(expected as never),
				`${expected} missing: ${JSON.stringify(summary(run.events))}`,
			);
		}
		// The Agent Host runs userPromptSubmitted before sessionStart.
		const order = run.events.map((e) => e.event);
		assert.ok(
			order.indexOf('UserPromptSubmit') < order.indexOf('SessionStart'),
			JSON.stringify(order),
		);
		assert.ok(
			run.turns.every((t) => t.context.includes(SESSION_CONTEXT)),
			'the session-start context is missing from a model turn',
		);
		const failed = run.events.find((e) => e.event === 'PostToolUseFailure');
		assert.match(failed?.summary ?? '', /Path does not exist/);
	});

	it('a model error fires ErrorOccurred, and the session ends with reason error', async function () {
		this.timeout(120_000);
		const run = await runScenario('Say hi.', {
			steps: [{ error: 400, message: 'scripted failure' }],
		});
		const mine = run.events.filter((e) => e.session === run.sessionId);
		assert.deepEqual(
			mine.map((e) => e.event),
			['UserPromptSubmit', 'SessionStart', 'ErrorOccurred', 'SessionEnd'],
		);
		assert.match(mine[2]?.summary ?? '', /scripted failure/);
		assert.equal(mine[3]?.summary, 'session end (error)');
	});

	it('subagents: SubagentStart and SubagentStop reach Hookwarden, maxPerSession 1 denies the second spawn, and a SubagentStop gate keeps the subagent working', async function () {
		this.timeout(330_000);
		const task = (what: string) => ({
			tool: 'task',
			args: {
				description: what,
				prompt: `${SUBAGENT_MARKER}: ${what}`,
				agent_type: 'general-purpose',
				name: 'helper',
			},
		});
		arm('SubagentStop');
		const run = await runScenario(
			'Split the work between two helpers.',
			{
				steps: [
					task('say hi from the first helper'),
					task('say hi from the second helper'),
					{ text: 'One helper was enough.' },
				],
				subagent: {
					marker: SUBAGENT_MARKER,
					steps: [
						{ tool: 'bash', args: { command: 'echo hi-from-the-subagent', description: 'Say hi' } },
						{ text: 'Said hi.' },
					],
				},
			},
			{ timeoutMs: 300_000 },
		);
		const parent = run.events.filter((e) => e.session === run.sessionId);
		const lines = summary(parent);
		assert.equal(
			parent.filter((e) => e.event === 'SubagentStart').length,
			1,
			JSON.stringify(lines),
		);
		const spawns = parent.filter(
			(e) =>
				e.event === 'PreToolUse' &&
				e.input.name === 'PreToolUse' &&
				e.input.tool.kind === 'subagent',
		);
		assert.equal(spawns.length, 2, JSON.stringify(lines));
		assert.notEqual(spawns[0]?.verdict, 'deny');
		assert.equal(spawns[1]?.verdict, 'deny', JSON.stringify(spawns[1]));
		assert.equal(spawns[1]?.decidedBy?.ruleId, 'subagents.maxPerSession');
		// The subagent runs as a session of its own; SubagentStop names it.
		const stop = parent.find((e) => e.event === 'SubagentStop');
		const childId = stop?.input.name === 'SubagentStop' ? stop.input.agentId : undefined;
		assert.ok(childId, JSON.stringify(stop));
		const childEvents = run.events.filter((e) => e.session === childId);
		assert.ok(
			childEvents.some(
				(e) => e.event === 'PreToolUse' && e.summary.includes('hi-from-the-subagent'),
			),
			JSON.stringify(summary(run.events)),
		);
		// The armed gate blocked the subagent's stop once: the subagent got the reason as a new prompt, worked on, and
		// its second stop went through.
		const subStops = parent.filter((e) => e.event === 'SubagentStop');
		assert.deepEqual(
			subStops.map((e) => [e.verdict, e.reason]),
			[
				['deny', GATE_REASON],
				['none', undefined],
			],
			JSON.stringify(lines),
		);
		const subPrompts = run.turns
			.filter((t) => t.role === 'subagent' && t.step === 0)
			.map((t) => t.prompt);
		assert.equal(subPrompts.length, 2, JSON.stringify(subPrompts));
		assert.ok(subPrompts[1]?.endsWith(GATE_REASON), JSON.stringify(subPrompts));
	});

	it("a Stop gate is honoured: the session ends, then the gate's reason comes back as the next prompt", async function () {
		this.timeout(240_000);
		arm('Stop');
		const run = await runScenario(
			'Finish up and stop.',
			{ steps: [{ text: 'All finished.' }] },
			{
				done: (events, id) =>
					events.filter((e) => e.event === 'SessionEnd' && e.session === id).length >= 2,
				timeoutMs: 200_000,
			},
		);
		const mine = run.events.filter((e) => e.session === run.sessionId);
		const stops = mine.filter((e) => e.event === 'Stop');
		assert.deepEqual(
			stops.map((e) => e.verdict),
			['deny', 'none'],
			JSON.stringify(summary(mine)),
		);
		assert.equal(stops[0]?.reason, GATE_REASON);
		const prompts = mine.flatMap((e) =>
			e.input.name === 'UserPromptSubmit' ? [e.input.prompt] : [],
		);
		assert.deepEqual(prompts, ['Finish up and stop.', GATE_REASON]);
		// The stop after the re-prompt is marked as re-entered, so Hookwarden's loop guard lets a gate that always
		// blocks go the second time.
		assert.equal(stops[1]?.input.name === 'Stop' && stops[1].input.stopHookActive, true);
		assert.deepEqual(
			run.turns.map((t) => t.prompt.endsWith(GATE_REASON)),
			[false, true],
			JSON.stringify(run.turns.map((t) => t.prompt)),
		);
	});

	it('the Policies view says what the Copilot harness runs and honours', async function () {
		this.timeout(60_000);
		assert.ok(wb);
		await wb.openView('Hookwarden');
		await wb.runCommand('Hookwarden: Refresh Policies');
		// The tree renders only the rows in sight: select a plain row (a group would fold) and go to the end of the
		// list, where the group lives.
		await wb.clickTreeRow('No grants', { view: 'Policies' });
		await wb.page.keyboard.press('End');
		const rows = await wb.waitForTreeRows(
			(all) =>
				all.some((r) => r.label === 'Harnesses Seen') &&
				all.some((r) => r.label === 'VS Code Copilot harness (Agent Host)') &&
				all.some((r) => r.label === 'Honours'),
			{ view: 'Policies' },
		);
		const honours = rows.find((r) => r.label === 'Honours');
		assert.match(
			honours?.description ?? '',
			/deny a tool call, ask before a tool call, session-start context/,
		);
		assert.match(rows.find((r) => r.label === 'Never runs')?.description ?? '', /PreCompact/);
		await (await wb.treeRow('Harnesses Seen', { view: 'Policies' })).scrollIntoViewIfNeeded();
		await wb.moveMouseAway();
		await wb.screenshot('agenthost-3-policies-coverage');
	});

	it('another hook file that runs first answers for Hookwarden, and Show Hook Problems says so', async function () {
		this.timeout(150_000);
		// Runs before hookwarden.json (same folder, later name) and denies curl: the runtime then never asks Hookwarden.
		const guard = path.join(home, '.copilot', 'hooks', 'zz-guard.json');
		const script = path.join(root, 'zz-guard.sh');
		fs.writeFileSync(
			script,
			`in=$(cat); case "$in" in *curl*) echo '{"permissionDecision":"deny","permissionDecisionReason":"zz-guard says no"}' ;; *) echo '{}' ;; esac\n`,
		);
		fs.writeFileSync(
			guard,
			JSON.stringify({
				version: 1,
				hooks: { preToolUse: [{ type: 'command', bash: `sh ${script}` }] },
			}),
		);
		const run = await runScenario('Fetch the status page.', {
			steps: [
				{
					tool: 'bash',
					args: { command: 'curl -s http://127.0.0.1:9/status', description: 'Fetch' },
				},
				{ text: 'Could not fetch it.' },
			],
		});
		const mine = run.events.filter((e) => e.session === run.sessionId);
		assert.ok(
			!mine.some((e) => e.event === 'PreToolUse'),
			`Hookwarden was asked about the call zz-guard answered: ${JSON.stringify(summary(mine))}`,
		);
		const after = run.turns.find((t) => t.role === 'agent' && t.step === 1);
		assert.deepEqual(after?.toolResults, ['Denied by preToolUse hook: zz-guard says no']);
		assert.ok(wb);
		await wb.runCommand('Hookwarden: Show Hook Problems');
		await wb.waitForNotification(
			/zz-guard\.json runs before Hookwarden in the Copilot CLI and VS Code's Copilot harness/,
			{
				timeoutMs: 20_000,
			},
		);
	});
});
