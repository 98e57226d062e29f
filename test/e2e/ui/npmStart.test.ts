/**
 * `npm start` as a newcomer meets it (scripts/start.mjs, run as `npm start` runs it): a busy port is named and the run
 * fails at once; otherwise the demo starts with Hookwarden running and its walkthrough open in a browser that never saw
 * the demo (cold), every demo prompt typed into Chat does what `npm start` and the READMEs say, the scripted model
 * answers from what Hookwarden decided, and Ctrl-C (SIGINT to its process group, as a terminal sends it) leaves nothing
 * running: not the VS Code server, not a terminal it started (node-pty puts those in sessions of their own), not
 * esbuild's service process.
 * Every process the run starts inherits a marker in its environment, which is how this spec looks for leftovers.
 */
import * as assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';

import { after, afterEach, describe, it } from 'mocha';

import { DEMO_SCENARIOS, type DemoScenario, type RequestLogEntry } from '../fakeModel/script';
import { newChat, sendChatPrompt } from '../support/agentHostChat';
import { processesWithEnvironment } from '../support/processes';
import { findRepoRoot, requireServerInstall } from '../support/vscodeServer';
import { openWorkbenchUrl, waitFor, type Workbench } from '../support/workbench';

const ROOT = findRepoRoot();
const MARK = 'HOOKWARDEN_START_SPEC';

/** Ids of live processes whose environment holds `MARK=<id>`. */
function marked(id: string): number[] {
	return processesWithEnvironment(`${MARK}=${id}`);
}

function describeProcess(pid: number): string {
	try {
		return `${pid} ${fs.readFileSync(`/proc/${pid}/cmdline`, 'latin1').replace(/\0/g, ' ').slice(0, 160)}`;
	} catch {
		return `${pid} (gone)`;
	}
}

function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const probe = net.createServer();
		probe.once('error', reject);
		probe.listen(0, '127.0.0.1', () => {
			const { port } = probe.address() as net.AddressInfo;
			probe.close(() => resolve(port));
		});
	});
}

function accepts(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = net.connect(port, '127.0.0.1');
		socket.once('connect', () => {
			socket.destroy();
			resolve(true);
		});
		socket.once('error', () => resolve(false));
	});
}

interface StartRun {
	readonly child: ChildProcess;
	readonly output: () => string;
	readonly exited: Promise<number | null>;
}

/** Runs `node scripts/start.mjs` in a process group of its own, as a terminal runs `npm start` in the foreground. */
function start(env: Record<string, string>): StartRun {
	let output = '';
	const child = spawn(process.execPath, ['scripts/start.mjs'], {
		cwd: ROOT,
		env: { ...process.env, ...env },
		detached: true,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
	return { child, output: () => output, exited };
}

/** The lines of a JSONL file written by FakeLM (none yet: empty). */
function readJsonl(file: string): Record<string, unknown>[] {
	if (!fs.existsSync(file)) {
		return [];
	}
	return fs
		.readFileSync(file, 'utf8')
		.split('\n')
		.filter((line) => line.trim() !== '')
		.map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** One event Hookwarden recorded, as FakeLM mirrors it (test/e2e/fakeModel/extension.ts, `watchHookwarden`). */
interface SeenEvent {
	readonly name: string;
	readonly tool?: string;
	readonly sessionId: string;
	readonly verdict?: string;
	readonly reason?: string;
	readonly decidedBy?: { providerId: string; ruleId?: string };
	readonly approval?: string;
}

/** What one typed prompt led to: Hookwarden's events, the model's requests, and what the Chat view shows. */
interface PromptOutcome {
	readonly events: SeenEvent[];
	readonly requests: RequestLogEntry[];
	/** The model's last words, as it said them. */
	readonly said: string;
	/** The text of the Chat view's last response. */
	readonly shown: string;
}

const APPROVAL = /Hookwarden: Allow run_in_terminal to run “npm publish --dry-run”/;

/**
 * Types the scenario's prompt into a new chat, as a person does, answers the approval with *Deny* when one comes, and
 * waits for the session's last Stop that let the agent stop.
 */
async function typePrompt(
	wb: Workbench,
	control: string,
	scenario: DemoScenario,
): Promise<PromptOutcome> {
	const eventsFile = path.join(control, 'hookwarden-events.jsonl');
	const requestsFile = path.join(control, 'requests.jsonl');
	const eventsBefore = readJsonl(eventsFile).length;
	const requestsBefore = readJsonl(requestsFile).length;
	const events = () => readJsonl(eventsFile).slice(eventsBefore) as unknown as SeenEvent[];
	await newChat(wb);
	await sendChatPrompt(wb, scenario.prompt);
	if (scenario.id === 'demo-approval') {
		await wb.clickNotificationButton(APPROVAL, 'Deny', { timeoutMs: 90_000 });
	}
	await waitFor(
		() => (events().some((e) => e.name === 'Stop' && e.verdict !== 'deny') ? true : undefined),
		{
			timeoutMs: 120_000,
			describe: () =>
				`"${scenario.prompt}" never stopped; Hookwarden saw ${JSON.stringify(events().map((e) => `${e.name}(${e.tool ?? ''}) ${e.verdict ?? '-'}`))}`,
		},
	);
	const requests = readJsonl(requestsFile).slice(requestsBefore) as unknown as RequestLogEntry[];
	const said = requests.filter((r) => r.role === 'agent' && r.answer.kind === 'text').at(-1);
	const spoken = said?.answer.kind === 'text' ? said.answer.text : '';
	// The Chat view renders the answer as Markdown: compare its words, without the code marks.
	const plain = (text: string) => text.replace(/`/g, '').replace(/\s+/g, ' ').trim();
	const lastLine = plain(
		spoken
			.split('\n')
			.filter((l) => l.trim() !== '')
			.at(-1) ?? '',
	);
	const shown = await waitFor(
		async () => {
			const text = plain(
				await wb.page
					.locator('.interactive-item-container.interactive-response')
					.last()
					.innerText()
					.catch(() => ''),
			);
			return lastLine !== '' && text.includes(lastLine) ? text : undefined;
		},
		{
			timeoutMs: 30_000,
			describe: () => `the Chat view never showed the model's answer ${JSON.stringify(spoken)}`,
		},
	);
	return { events: events(), requests, said: spoken, shown };
}

/** The PreToolUse events of a prompt, as `verdict tool rule-or-provider`. */
function decisions(outcome: PromptOutcome): string[] {
	return outcome.events
		.filter((e) => e.name === 'PreToolUse')
		.map(
			(e) =>
				`${e.verdict ?? '-'} ${e.tool ?? ''} ${e.decidedBy?.ruleId ?? e.decidedBy?.providerId ?? ''}`,
		);
}

/** What each demo prompt must show: the decisions README.md's table describes, and the model saying so. */
function checkOutcome(scenario: DemoScenario, outcome: PromptOutcome, folder: string): void {
	const context = `${scenario.prompt}: ${JSON.stringify({ decisions: decisions(outcome), said: outcome.said })}`;
	const workspace = path.join(folder, 'demo-workspace');
	const denial = outcome.events.find((e) => e.name === 'PreToolUse' && e.verdict === 'deny');
	const saysDenied = (what: string) => {
		assert.ok(denial?.reason, context);
		assert.ok(outcome.said.includes(`Hookwarden denied ${what}: `), context);
		assert.ok(outcome.said.includes(denial.reason.split('\n')[0]!.slice(0, 60)), context);
	};
	switch (scenario.id) {
		case 'demo-echo':
			assert.deepEqual(decisions(outcome), ['allow run_in_terminal allow-look-around'], context);
			assert.match(
				outcome.said,
				/run_in_terminal `echo hello from the agent` ran: hello from the agent/,
				context,
			);
			break;
		case 'demo-destructive':
			assert.deepEqual(
				decisions(outcome),
				['deny run_in_terminal destructiveCommands.recursiveForceDelete'],
				context,
			);
			saysDenied('run_in_terminal `rm -rf ~`');
			assert.ok(
				fs.existsSync(path.join(folder, 'home', 'victim', 'keep-me.txt')),
				'the home folder was emptied',
			);
			break;
		case 'demo-approval':
			assert.deepEqual(decisions(outcome), ['deny run_in_terminal approval.denied'], context);
			assert.equal(denial?.approval, 'denied', context);
			saysDenied('run_in_terminal `npm publish --dry-run`');
			break;
		case 'demo-protected':
			assert.match(decisions(outcome).join(), /^deny create_file protectedPaths\./, context);
			saysDenied('create_file `.github/hooks/hookwarden.json`');
			assert.match(
				fs.readFileSync(path.join(workspace, '.github', 'hooks', 'hookwarden.json'), 'utf8'),
				/PreToolUse/,
			);
			break;
		case 'demo-subagents': {
			const spawns = decisions(outcome).filter((d) => d.includes(' runSubagent'));
			assert.equal(spawns.length, 2, context);
			assert.doesNotMatch(spawns[0] ?? '', /^deny/, context);
			assert.match(spawns[1] ?? '', /^deny/, context);
			assert.equal(outcome.events.filter((e) => e.name === 'SubagentStart').length, 1, context);
			saysDenied('runSubagent `second helper`');
			assert.match(outcome.said, /runSubagent `first helper` ran: /, context);
			break;
		}
		case 'demo-provider':
			assert.deepEqual(decisions(outcome), ['deny run_in_terminal demo.branch-guard'], context);
			saysDenied('run_in_terminal `git push origin main`');
			break;
		case 'demo-stop-gate': {
			assert.equal(
				fs.readFileSync(path.join(workspace, 'NOTES.md'), 'utf8'),
				'# Notes\n\nThe demo agent was here.\n',
			);
			const stops = outcome.events.filter((e) => e.name === 'Stop');
			assert.equal(stops[0]?.verdict, 'deny', context);
			assert.equal(stops[0]?.decidedBy?.providerId, 'demo.tests-before-stop', context);
			assert.match(
				outcome.said,
				/^Hookwarden kept me from stopping: You changed files: run `npm test` and report the result before you stop\./,
				context,
			);
			assert.match(outcome.said, /run_in_terminal `npm test` ran: .*3 passed, 0 failed/, context);
			break;
		}
		default:
			assert.fail(`no expectation for the demo scenario ${scenario.id}`);
	}
}

describe('npm start: a busy port, the first start, every demo prompt, and Ctrl-C', function () {
	let wb: Workbench | undefined;
	let running: StartRun | undefined;
	let id = '';
	/** The demo the first start left running, for the prompts and Ctrl-C. */
	let demo: { folder: string; wb: Workbench; run: StartRun; port: number } | undefined;

	afterEach(async function () {
		if (this.currentTest?.state === 'failed') {
			await wb?.saveDiagnostics(this.currentTest.fullTitle()).catch(() => undefined);
		}
	});

	after(async () => {
		await wb?.close();
		// Whatever a failed test left behind is stopped here, by the same marker the test looks for.
		if (running?.child.pid !== undefined) {
			try {
				process.kill(-running.child.pid, 'SIGKILL');
			} catch {
				// Already gone.
			}
		}
		for (const pid of id ? marked(id) : []) {
			try {
				process.kill(pid, 'SIGKILL');
			} catch {
				// Already gone.
			}
		}
	});

	it('names a busy port and exits non-zero before it installs or builds anything', async () => {
		const blocker = net.createServer();
		await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
		const { port } = blocker.address() as net.AddressInfo;
		try {
			const run = start({ PORT: String(port) });
			const code = await Promise.race([
				run.exited,
				new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 30_000)),
			]);
			assert.equal(code, 1, run.output());
			assert.match(run.output(), new RegExp(`port ${port} \\(from PORT\\) is busy`));
			assert.doesNotMatch(run.output(), /packaging|installing/);
		} finally {
			blocker.close();
		}
	});

	it('starts the demo cold with Hookwarden running and its walkthrough open, the steps already done ticked', async function () {
		// Packaging, the scripted model and the extension install come first: minutes on a busy machine.
		this.timeout(600_000);
		const install = requireServerInstall(ROOT);
		id = randomUUID();
		const port = await freePort();
		running = start({ PORT: String(port), [MARK]: id });
		const run = running;
		const url = await waitFor(
			() => /open (http:\/\/127\.0\.0\.1:\d+\/\S+)/.exec(run.output())?.[1],
			{
				timeoutMs: 300_000,
				intervalMs: 500,
				describe: () => `npm start printed no URL:\n${run.output()}`,
			},
		);
		const folder = /this run's files: (\S+)/.exec(run.output())?.[1];
		assert.ok(folder && fs.existsSync(folder), run.output());

		wb = await openWorkbenchUrl(url, { chromium: install.chromium, readLog: run.output });
		const page = wb.page;
		// Hookwarden runs in the demo window, and its walkthrough opens with what the demo already did ticked.
		await page
			.locator('.part.statusbar .statusbar-item', { hasText: 'Hookwarden' })
			.first()
			.waitFor({ state: 'visible', timeout: 60_000 });
		for (const done of ['Install the hooks', 'Write a first rule']) {
			await page
				.locator('.getting-started-step', { hasText: done })
				.locator('.codicon-getting-started-step-checked')
				.waitFor({ state: 'visible', timeout: 60_000 });
		}
		await wb.screenshot('start-1-walkthrough');
		demo = { folder, wb, run, port };
	});

	it('every demo prompt typed into Chat is decided as the texts say, and the model answers from the decision', async function () {
		this.timeout(900_000);
		assert.ok(demo, 'the demo did not start');
		const { folder, wb: workbench } = demo;
		const control = path.join(folder, 'fakelm-control');
		await waitFor(
			() =>
				readJsonl(path.join(control, 'status.jsonl')).some((l) => l.status === 'demo-ready')
					? true
					: undefined,
			{
				timeoutMs: 120_000,
				describe: () =>
					`Chat never got ready: ${fs.readFileSync(path.join(control, 'status.jsonl'), 'utf8')}`,
			},
		);
		await workbench.page.keyboard.press('Escape');
		for (const scenario of DEMO_SCENARIOS) {
			const outcome = await typePrompt(workbench, control, scenario);
			await workbench.screenshot(`start-prompt-${scenario.id}`);
			checkOutcome(scenario, outcome, folder);
		}
	});

	it('Ctrl-C stops every process the demo started, terminals included, and removes its folder', async function () {
		this.timeout(120_000);
		assert.ok(demo, 'the demo did not start');
		const { folder, run, port } = demo;
		const page = demo.wb.page;

		// A terminal: its shell runs in a session of its own, out of reach of a process-group kill.
		await demo.wb.runCommand('Terminal: Create New Terminal');
		await page
			.locator('.terminal-wrapper .xterm')
			.first()
			.waitFor({ state: 'visible', timeout: 30_000 });
		await page.keyboard.type('sleep 900\n');
		await waitFor(
			() =>
				marked(id).some((pid) => describeProcess(pid).includes('sleep 900')) ? true : undefined,
			{
				timeoutMs: 20_000,
				describe: () => `no sleep among ${marked(id).map(describeProcess).join('; ')}`,
			},
		);
		await demo.wb.close();
		wb = undefined;

		assert.ok(run.child.pid);
		process.kill(-run.child.pid, 'SIGINT');
		const code = await Promise.race([
			run.exited,
			new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 30_000)),
		]);
		assert.equal(code, 0, run.output());
		await waitFor(() => (marked(id).length === 0 ? true : undefined), {
			timeoutMs: 5_000,
			describe: () => `still running after Ctrl-C: ${marked(id).map(describeProcess).join('; ')}`,
		});
		assert.equal(await accepts(port), false, `port ${port} still accepts connections`);
		assert.equal(fs.existsSync(folder), false, `${folder} was left behind`);
	});
});
