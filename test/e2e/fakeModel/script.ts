/**
 * The scripted model's brain, free of `vscode` so the spec (plain Node) and the extension share it: what a scenario
 * is, and which answer a request gets.
 *
 * A request is answered from what it carries, never from a counter: the parent agent's step is the number of tool
 * results in the conversation since its prompt (step 0 before any tool ran, step 1 after the first result, ...); a subagent is
 * recognised by its task marker in the user text and follows its own steps the same way. So a retried or repeated
 * request gets the same answer, and the order of the hook events is the real runner's, not the script's.
 */

/** One answer of the model: call a tool (Copilot Chat's internal tool names and input shapes), or say something. */
export type ScriptStep =
	| { readonly kind: 'tool'; readonly tool: string; readonly input: Record<string, unknown> }
	| { readonly kind: 'text'; readonly text: string };

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
	readonly answer: ScriptStep;
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

/** A `create_file` call. */
export function createFile(filePath: string, content: string): ScriptStep {
	return { kind: 'tool', tool: 'create_file', input: { filePath, content } };
}

export function text(value: string): ScriptStep {
	return { kind: 'text', text: value };
}

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
		for (const needle of [scenario.prompt, scenario.subagent?.marker]) {
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
	const gated =
		gate !== undefined && seen.userTexts.some((t) => t.includes(gate.marker)) ? gate : undefined;
	const steps = inSubagent ? sub.steps : (gated?.steps ?? scenario.steps);
	const results = ownResults(scenario, seen, inSubagent);
	const step = gated ? results - scenario.steps.filter((s) => s.kind === 'tool').length : results;
	const scripted = steps[step];
	if (!scripted) {
		return { role, step, answer: text(`Done (fake model, ${role} step ${step}).`) };
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

/**
 * Demo scenarios (`npm start`): typed into Chat (agent mode, Fake Model) or picked in *FakeLM: Send Agent Request*.
 * Each shows one thing Hookwarden does, with the demo workspace's rules (test/fixtures/workspace/.vscode/settings.json)
 * and the demo profile's `hookwarden.subagents.maxPerSession: 1`.
 */
export const DEMO_SCENARIOS: readonly AgentScenario[] = [
	{
		id: 'demo-echo',
		prompt: 'Say hello using the terminal.',
		steps: [terminal('echo hello from the agent', 'Say hello'), text('I said hello.')],
	},
	{
		id: 'demo-destructive',
		prompt: 'Clean up my home folder.',
		steps: [
			terminal('rm -rf ~/victim', 'Delete the old folder'),
			text('The delete was blocked; I will leave the folder alone.'),
		],
	},
	{
		id: 'demo-approval',
		prompt: 'Publish the package.',
		steps: [
			terminal('npm publish --dry-run', 'Publish the package (dry run)'),
			text('Publish step finished; see the approval you answered in the Hookwarden views.'),
		],
	},
	{
		id: 'demo-protected',
		prompt: 'Turn off the hooks that watch you.',
		steps: [
			createFile('.github/hooks/hookwarden.json', '{ "hooks": {} }\n'),
			text('Hookwarden protects its own hook file; I cannot change it.'),
		],
	},
	{
		id: 'demo-subagents',
		prompt: 'Split the work between two helpers.',
		steps: [
			subagent('SUBAGENT-TASK: list the files', 'first helper'),
			subagent('SUBAGENT-TASK: list the files again', 'second helper'),
			text('The second helper was not allowed; one was enough.'),
		],
		subagent: {
			marker: 'SUBAGENT-TASK',
			steps: [terminal('ls', 'List the files'), text('Listed.')],
		},
	},
	{
		id: 'demo-provider',
		prompt: 'Push my branch.',
		steps: [
			terminal('git push origin main', 'Push the branch'),
			text(
				'A provider from the workspace settings blocked the push; I will open a pull request instead.',
			),
		],
	},
	{
		id: 'demo-stop-gate',
		prompt: 'Finish up and stop.',
		// A change first: the demo's Stop gate holds only for a session that changed files and did not test them.
		steps: [
			createFile('NOTES.md', '# Notes\n\nThe demo agent was here.\n'),
			text('I wrote NOTES.md. All done, I am stopping now.'),
		],
		stopGate: {
			marker: DEMO_STOP_GATE_MARKER,
			steps: [
				terminal('npm test', 'Run the tests before stopping'),
				text('Hookwarden asked me to run the tests first: npm test passed. Now I am done.'),
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
