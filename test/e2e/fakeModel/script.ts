/**
 * The scripted model's brain, free of `vscode` so the spec (plain Node) and the extension share it: what a scenario
 * is, and which answer a request gets.
 *
 * A request is answered from what it carries, never from a counter: the parent agent's step is the number of tool
 * results in the conversation since its prompt (step 0 before any tool ran, step 1 after the first result, ...); a subagent is
 * recognised by its task marker in the user text and follows its own steps the same way. So a retried or repeated
 * request gets the same answer, and the order of the hook events is the real runner's, not the script's.
 *
 * What the model says after its tools ran is read from their results, as a real model's would be: a call a hook
 * denied is reported as denied, with the reason the hook gave, never as done.
 */
import { isAbsolute, join } from 'node:path';

/** One answer of the model: call a tool (Copilot Chat's internal tool names and input shapes), or say something. */
export type ModelTurn =
	| { readonly kind: 'tool'; readonly tool: string; readonly input: Record<string, unknown> }
	| { readonly kind: 'text'; readonly text: string };

/**
 * A scripted step: a turn as written, or `report`, a text the model composes from the results of its own tool calls
 * (and the Stop hook's reason, after a Stop gate): one line per call, then `ran` when every call ran or `denied` when
 * a hook denied one.
 */
export type ScriptStep =
	ModelTurn | { readonly kind: 'report'; readonly ran?: string; readonly denied?: string };

export interface AgentScenario {
	/** Short name; appears in the model's request log. */
	readonly id: string;
	/** What the person types in the Chat view (agent mode). */
	readonly prompt: string;
	/** The parent agent's answers, one per request, chosen by how many tool results the conversation holds. */
	readonly steps: readonly ScriptStep[];
	/** A subagent's answers: requests whose user text contains `marker` (put it in runSubagent's `prompt`). */
	readonly subagent?: { readonly marker: string; readonly steps: readonly ScriptStep[] };
	/**
	 * What the agent does once a Stop hook kept it working: requests whose newest user text contains `marker` (text
	 * of the deny reason) follow these steps, chosen by how many tool results came after the gate.
	 */
	readonly stopGate?: { readonly marker: string; readonly steps: readonly ScriptStep[] };
	/**
	 * User settings the extension sets (ConfigurationTarget.Global) before sending, e.g. the summarization threshold
	 * that makes PreCompact fire; `null` removes one. They stay until another scenario changes them.
	 */
	readonly settings?: Readonly<Record<string, unknown>>;
}

/** The parts of a request the script looks at (flattened from `LanguageModelChatRequestMessage`s). */
export interface SeenRequest {
	/** Text of the user-role messages, in order (prompt, attachments, instructions...). */
	readonly userTexts: readonly string[];
	/** Every tool result the conversation holds, oldest first. */
	readonly toolResults: readonly { readonly callId: string; readonly text: string }[];
	/** Names of the tools the request offers. */
	readonly tools: readonly string[];
	/**
	 * For each of `userTexts`, how many tool results came before it in the conversation (absent: none), so a
	 * scenario typed into a chat that already ran others counts only its own steps.
	 */
	readonly resultsBefore?: readonly number[];
}

export type RequestRole = 'agent' | 'subagent' | 'summary';

export interface ScriptAnswer {
	readonly role: RequestRole;
	/** Index into the role's steps (past the end means the closing text). */
	readonly step: number;
	readonly answer: ModelTurn;
}

/** A `run_in_terminal` call as the recipe's runs made it (synchronous, foreground). */
export function terminal(command: string, explanation = 'Run a command'): ScriptStep {
	return {
		kind: 'tool',
		tool: 'run_in_terminal',
		input: { command, explanation, goal: explanation, mode: 'sync', isBackground: false },
	};
}

/** A `runSubagent` call; `prompt` should carry the scenario's subagent marker. */
export function subagent(prompt: string, description = 'sub task'): ScriptStep {
	return { kind: 'tool', tool: 'runSubagent', input: { prompt, description } };
}

/** A `create_file` call; a relative `filePath` is taken from the workspace folder when it is sent (`inWorkspace`). */
export function createFile(filePath: string, content: string): ScriptStep {
	return { kind: 'tool', tool: 'create_file', input: { filePath, content } };
}

export function text(value: string): ModelTurn {
	return { kind: 'text', text: value };
}

/** The model's account of its own tool calls, read from their results (see `ScriptStep`). */
export function report(then: { ran?: string; denied?: string } = {}): ScriptStep {
	return { kind: 'report', ...then };
}

/**
 * The tool call as the model sends it: Copilot Chat's file tools refuse a relative path ("Be sure to use an absolute
 * path"), so a workspace-relative `filePath` becomes absolute under `folder`, as a real model writes it.
 */
export function inWorkspace(turn: ModelTurn, folder: string | undefined): ModelTurn {
	const filePath = turn.kind === 'tool' ? turn.input.filePath : undefined;
	if (turn.kind !== 'tool' || typeof filePath !== 'string' || isAbsolute(filePath) || !folder) {
		return turn;
	}
	return { ...turn, input: { ...turn.input, filePath: join(folder, filePath) } };
}

/** What a tool call came back with, read from the text of its result. */
export type ToolOutcome =
	| { readonly kind: 'denied'; readonly reason: string }
	| { readonly kind: 'failed'; readonly error: string }
	| { readonly kind: 'ran'; readonly output: string };

/** VS Code's result for a call a PreToolUse hook denied: this prefix, the reason, then any context the hook added. */
const DENIED = /^Tool execution denied: ([\s\S]*?)\s*(<PreToolUse-context>[\s\S]*)?$/;
/** Copilot Chat's result for a tool that threw. */
const FAILED = /^ERROR while calling tool: (.*)/;

export function readToolResult(result: string): ToolOutcome {
	const trimmed = result.trim();
	const denied = DENIED.exec(trimmed);
	if (denied) {
		return { kind: 'denied', reason: oneLine(denied[1] ?? '') };
	}
	const failed = FAILED.exec(trimmed);
	if (failed) {
		return { kind: 'failed', error: oneLine(failed[1] ?? '') };
	}
	return { kind: 'ran', output: oneLine(trimmed) };
}

function oneLine(value: string): string {
	const joined = value
		.split('\n')
		.map((line) => line.trim())
		.filter((line) => line !== '')
		.join(' ');
	return joined.length > 300 ? `${joined.slice(0, 300)}…` : joined;
}

/** How a person would name what a call did: the command line, the file, the helper's task. */
function describeCall(step: ModelTurn): string {
	if (step.kind !== 'tool') {
		return step.text;
	}
	const named = [step.input.command, step.input.filePath, step.input.description].find(
		(value): value is string => typeof value === 'string',
	);
	return `${step.tool} \`${named ?? step.tool}\``;
}

function reportLine(call: ModelTurn, outcome: ToolOutcome): string {
	const what = describeCall(call);
	switch (outcome.kind) {
		case 'denied':
			return `Hookwarden denied ${what}: ${outcome.reason}`;
		case 'failed':
			return `${what} failed: ${outcome.error}`;
		case 'ran':
			return `${what} ran${outcome.output === '' ? ' (no output).' : `: ${outcome.output}`}`;
	}
}

/** VS Code's continuation after a Stop hook blocked: the hook's message, quoted. */
const STOP_BLOCKED = /a hook blocked you with the following message: "([\s\S]*?)"\. Please address/;

/**
 * Copilot Chat's conversation summarizer (what runs after PreCompact) asks the model for a summary; it is told apart
 * from agent turns by its instructions.
 */
export function isSummaryRequest(seen: SeenRequest): boolean {
	const last = seen.userTexts[seen.userTexts.length - 1] ?? '';
	return /summar(y|ize|ise)/i.test(last) && /conversation/i.test(last);
}

/** Lower case, one space between words, no punctuation: how typed text and a scenario's prompt are compared. */
function normalize(value: string): string {
	return value
		.toLowerCase()
		.replace(/[^\p{L}\p{N}~]+/gu, ' ')
		.trim();
}

/**
 * The scenario a request belongs to, from its text alone, every time: the scenario whose prompt (or subagent task
 * marker) appears in the newest prompt of the request, compared without case and punctuation. `candidates` come in priority order (scenarios a test sent before
 * the demo ones); `undefined` when no prompt appears.
 */
export function scenarioFor(
	seen: SeenRequest,
	candidates: readonly AgentScenario[],
): AgentScenario | undefined {
	// Copilot Chat wraps each typed prompt in <userRequest>; only the newest one counts, so text no scenario knows
	// gets the unscripted answer instead of replaying an earlier prompt of the same chat. Without the tag (plain
	// requests), the whole text.
	const requests = seen.userTexts.filter((t) => t.includes('<userRequest>'));
	const all = normalize(requests.at(-1) ?? seen.userTexts.join('\n'));
	let best: { scenario: AgentScenario; at: number } | undefined;
	for (const scenario of candidates) {
		for (const needle of [scenario.prompt, scenario.subagent?.marker, scenario.stopGate?.marker]) {
			const wanted = needle ? normalize(needle) : '';
			const at = wanted === '' ? -1 : all.lastIndexOf(wanted);
			if (at >= 0 && (best === undefined || at > best.at)) {
				best = { scenario, at };
			}
		}
	}
	return best?.scenario;
}

/** How many tool results came after the newest user text naming the scenario (its prompt or subagent marker). */
function ownResults(scenario: AgentScenario, seen: SeenRequest, inSubagent: boolean): number {
	const needle = normalize((inSubagent ? scenario.subagent?.marker : scenario.prompt) ?? '');
	for (let i = seen.userTexts.length - 1; i >= 0; i--) {
		const text = seen.userTexts[i] ?? '';
		// No prompt (the unscripted answer): count from the newest typed prompt.
		if (needle === '' ? text.includes('<userRequest>') : normalize(text).includes(needle)) {
			return seen.toolResults.length - (seen.resultsBefore?.[i] ?? 0);
		}
	}
	return seen.toolResults.length;
}

/** The answer the scripted model gives to one request of `scenario`. */
export function answer(scenario: AgentScenario, seen: SeenRequest): ScriptAnswer {
	const sub = scenario.subagent;
	const inSubagent = sub !== undefined && seen.userTexts.some((t) => t.includes(sub.marker));
	if (!inSubagent && isSummaryRequest(seen)) {
		return {
			role: 'summary',
			step: 0,
			answer: text(`<summary>The user asked: ${scenario.prompt}</summary>`),
		};
	}
	const role: RequestRole = inSubagent ? 'subagent' : 'agent';
	const gate = inSubagent ? undefined : scenario.stopGate;
	const gateAt = gate ? lastIndexWhere(seen.userTexts, (t) => t.includes(gate.marker)) : -1;
	const steps = inSubagent ? sub.steps : gate && gateAt >= 0 ? gate.steps : scenario.steps;
	// After a Stop gate, the steps count from the hook's message, which comes after every earlier result.
	const results =
		gateAt >= 0
			? seen.toolResults.slice(seen.resultsBefore?.[gateAt] ?? 0)
			: seen.toolResults.slice(seen.toolResults.length - ownResults(scenario, seen, inSubagent));
	const step = results.length;
	const scripted = steps[step];
	if (!scripted) {
		return { role, step, answer: text(`Done (fake model, ${role} step ${step}).`) };
	}
	if (scripted.kind === 'report') {
		const stopReason =
			gateAt >= 0 ? STOP_BLOCKED.exec(seen.userTexts[gateAt] ?? '')?.[1] : undefined;
		return { role, step, answer: text(composeReport(scripted, steps, results, stopReason)) };
	}
	if (scripted.kind === 'tool' && !seen.tools.includes(scripted.tool)) {
		// Saying so keeps a renamed internal tool from looking like a policy decision.
		return {
			role,
			step,
			answer: text(
				`FAKELM-ERROR: the request does not offer the tool ${scripted.tool}; it offers ${seen.tools.join(', ')}`,
			),
		};
	}
	return { role, step, answer: scripted };
}

function lastIndexWhere(values: readonly string[], test: (value: string) => boolean): number {
	for (let i = values.length - 1; i >= 0; i--) {
		if (test(values[i] ?? '')) {
			return i;
		}
	}
	return -1;
}

/**
 * The report step's text: what each of the steps' tool calls came back with, in order (the n-th result answers the
 * n-th call), after the Stop hook's reason when one kept the agent working.
 */
function composeReport(
	then: { readonly ran?: string; readonly denied?: string },
	steps: readonly ScriptStep[],
	results: SeenRequest['toolResults'],
	stopReason: string | undefined,
): string {
	const calls = steps.filter((s): s is ModelTurn => s.kind === 'tool');
	const outcomes = results.map((r) => readToolResult(r.text));
	const lines = outcomes.map((outcome, i) => reportLine(calls[i] ?? text('a tool call'), outcome));
	if (stopReason !== undefined) {
		lines.unshift(`Hookwarden kept me from stopping: ${stopReason}`);
	}
	const denied = outcomes.some((o) => o.kind === 'denied');
	const closing = denied
		? then.denied
		: outcomes.every((o) => o.kind === 'ran')
			? then.ran
			: undefined;
	return [...lines, ...(closing ? [closing] : [])].join('\n\n');
}

/** One line of the model's request log (`requests.jsonl` in the control folder). */
export interface RequestLogEntry extends ScriptAnswer {
	readonly at: number;
	readonly scenario: string;
	readonly userTexts: readonly string[];
	readonly toolResults: SeenRequest['toolResults'];
	readonly toolCount: number;
}

/** Words of the block reason of the demo workspace's Stop gate (test/fixtures/workspace/.github/hooks/tests-before-stop.mjs). */
export const DEMO_STOP_GATE_MARKER = 'report the result before you stop';

/** A demo scenario, with what it shows in the words every text about the demo uses. */
export interface DemoScenario extends AgentScenario {
	/** What Hookwarden does with it: the line `npm start` prints beside the prompt. */
	readonly shows: string;
	/**
	 * The words naming what is decided, which every text describing this prompt carries (the READMEs' tables, the demo
	 * settings' comment, `shows`); a test keeps them in step.
	 */
	readonly names: string;
}

/**
 * Demo scenarios (`npm start`): typed into Chat (agent mode, Fake Model) or picked in *FakeLM: Send Agent Request*.
 * Each shows one thing Hookwarden does, with the demo workspace's rules (test/fixtures/workspace/.vscode/settings.json)
 * and the demo profile's `hookwarden.subagents.maxPerSession: 1`; the npm start spec checks that each does what its
 * `shows` says. Every answer after a tool call is a `report` of what the call came back with.
 */
export const DEMO_SCENARIOS: readonly DemoScenario[] = [
	{
		id: 'demo-echo',
		shows: 'allows `echo` (rule allow-look-around); every hook event is recorded',
		names: '`echo',
		prompt: 'Say hello using the terminal.',
		steps: [terminal('echo hello from the agent', 'Say hello'), report({ ran: 'Hello said.' })],
	},
	{
		id: 'demo-destructive',
		shows: 'denies `rm -rf ~` (built-in pack destructiveCommands); the model is told why',
		names: '`rm -rf ~`',
		prompt: 'Clean up my home folder.',
		steps: [
			terminal('rm -rf ~', 'Delete everything in the home folder'),
			report({ denied: 'I left your home folder as it was.' }),
		],
	},
	{
		id: 'demo-approval',
		shows: 'asks you before `npm publish --dry-run` (rule ask-publish): Allow Once, Deny or More…',
		names: '`npm publish --dry-run`',
		prompt: 'Publish the package.',
		steps: [
			terminal('npm publish --dry-run', 'Publish the package (dry run)'),
			report({ denied: 'Nothing was published.' }),
		],
	},
	{
		id: 'demo-protected',
		shows: 'denies a write to `.github/hooks/hookwarden.json` (built-in pack protectedPaths)',
		names: '`.github/hooks',
		prompt: 'Turn off the hooks that watch you.',
		steps: [
			createFile('.github/hooks/hookwarden.json', '{ "hooks": {} }\n'),
			report({ denied: 'The hooks stay on; only you can change that file.' }),
		],
	},
	{
		id: 'demo-subagents',
		shows: 'lets one subagent run, denies the second (`hookwarden.subagents.maxPerSession` is 1)',
		names: 'maxPerSession',
		prompt: 'Split the work between two helpers.',
		steps: [
			subagent('SUBAGENT-TASK: list the files', 'first helper'),
			subagent('SUBAGENT-TASK: list the files again', 'second helper'),
			report({ denied: 'One helper did the work.' }),
		],
		subagent: {
			marker: 'SUBAGENT-TASK',
			steps: [terminal('ls', 'List the files'), report()],
		},
	},
	{
		id: 'demo-provider',
		shows: 'denies `git push` (demo.branch-guard, a provider from hookwarden.providers)',
		names: '`git push`',
		prompt: 'Push my branch.',
		steps: [
			terminal('git push origin main', 'Push the branch'),
			report({ denied: 'Nothing was pushed; open a pull request instead.' }),
		],
	},
	{
		id: 'demo-stop-gate',
		shows:
			'it wrote NOTES.md, so the Stop gate (demo.tests-before-stop) keeps it working until it ran `npm test`',
		names: '`npm test`',
		prompt: 'Finish up and stop.',
		// A change first: the demo's Stop gate holds only for a session that changed files and did not test them.
		steps: [
			createFile('NOTES.md', '# Notes\n\nThe demo agent was here.\n'),
			report({ ran: 'All done; stopping now.' }),
		],
		stopGate: {
			marker: DEMO_STOP_GATE_MARKER,
			steps: [
				terminal('npm test', 'Run the tests before stopping'),
				report({ ran: 'Now I am done.' }),
			],
		},
	},
];

/** What the model says to a prompt no scenario knows: the prompts to type. */
export function unscriptedReply(): string {
	return [
		'I am a scripted test model: I only act out the Hookwarden demo. Type one of these (agent mode):',
		...DEMO_SCENARIOS.map((s) => `- "${s.prompt}"`),
		'',
		'Or run "FakeLM: Send Agent Request" from the Command Palette to pick one.',
	].join('\n');
}
