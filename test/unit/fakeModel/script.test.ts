import { describe, expect, it } from 'vitest';

import {
	DEMO_SCENARIOS,
	DEMO_STOP_GATE_MARKER,
	type AgentScenario,
	type SeenRequest,
	answer,
	inWorkspace,
	readToolResult,
	scenarioFor,
} from '../../e2e/fakeModel/script';

const TOOLS = ['run_in_terminal', 'create_file', 'runSubagent'];
const wrap = (prompt: string) => `<userRequest>\n${prompt}\n</userRequest>`;

function seen(
	userTexts: string[],
	results: number | string[] = 0,
	resultsBefore?: number[],
): SeenRequest {
	const texts = typeof results === 'number' ? Array<string>(results).fill('x') : results;
	return {
		userTexts,
		toolResults: texts.map((text, i) => ({ callId: `c${i}`, text })),
		tools: TOOLS,
		...(resultsBefore && { resultsBefore }),
	};
}

function demo(id: string): AgentScenario {
	const scenario = DEMO_SCENARIOS.find((s) => s.id === id);
	if (!scenario) {
		throw new Error(`no demo scenario ${id}`);
	}
	return scenario;
}

/** What VS Code hands the model for a call a PreToolUse hook denied (as recorded from the real Copilot Chat). */
const denied = (reason: string, context = '') =>
	`Tool execution denied: ${reason}${context ? `\n<PreToolUse-context>\n${context}\n</PreToolUse-context>` : ''}`;

/** VS Code's next request after a Stop hook blocked, quoting the hook's reason. */
const stopBlocked = (reason: string) =>
	wrap(
		`You were about to complete but a hook blocked you with the following message: "${reason}". Please address this requirement before completing.`,
	);

const textOf = (scenario: AgentScenario, request: SeenRequest): string => {
	const turn = answer(scenario, request).answer;
	if (turn.kind !== 'text') {
		throw new Error(`expected text, got a call to ${turn.tool}`);
	}
	return turn.text;
};

describe('the scripted model picks its scenario from the request text, every time', () => {
	it('finds a demo prompt typed without its punctuation or case', () => {
		expect(scenarioFor(seen([wrap('publish the package')]), DEMO_SCENARIOS)?.id).toBe(
			'demo-approval',
		);
	});

	it('prefers the newest prompt of a chat over older ones in its history', () => {
		const request = seen(
			[wrap('Clean up my home folder.'), wrap('Turn off the hooks that watch you.')],
			1,
			[0, 1],
		);
		const scenario = scenarioFor(request, DEMO_SCENARIOS);
		expect(scenario?.id).toBe('demo-protected');
		// Its own step 0 (the write), although the chat already holds the earlier scenario's tool result.
		expect(scenario && answer(scenario, request).answer).toMatchObject({
			kind: 'tool',
			tool: 'create_file',
		});
	});

	it('lets a sent scenario win over a demo one with the same prompt, but not stick to later prompts', () => {
		const sent = { id: 'sent', prompt: 'Clean up my home folder.', steps: [] };
		expect(
			scenarioFor(seen([wrap('Clean up my home folder.')]), [sent, ...DEMO_SCENARIOS])?.id,
		).toBe('sent');
		expect(
			scenarioFor(seen([wrap('Split the work between two helpers.')]), [sent, ...DEMO_SCENARIOS])
				?.id,
		).toBe('demo-subagents');
	});

	it('knows a subagent request by its task marker', () => {
		const request = seen(['SUBAGENT-TASK: list the files']);
		const scenario = scenarioFor(request, DEMO_SCENARIOS);
		expect(scenario?.id).toBe('demo-subagents');
		expect(scenario && answer(scenario, request)).toMatchObject({ role: 'subagent', step: 0 });
	});

	it('returns undefined for text no scenario knows, even after a known prompt in the same chat', () => {
		expect(scenarioFor(seen([wrap('Write me a poem.')]), DEMO_SCENARIOS)).toBeUndefined();
		expect(
			scenarioFor(
				seen([wrap('Say hello using the terminal.'), wrap('Write me a poem.')], 1, [0, 1]),
				DEMO_SCENARIOS,
			),
		).toBeUndefined();
		const unscripted = {
			id: 'unscripted',
			prompt: '',
			steps: [{ kind: 'text', text: 'menu' }],
		} as const;
		expect(
			answer(
				unscripted,
				seen([wrap('Say hello using the terminal.'), wrap('Write me a poem.')], 1, [0, 1]),
			).answer,
		).toEqual({ kind: 'text', text: 'menu' });
	});

	it('changes a file by an absolute path, runs npm test once the Stop gate kept it working, and says why', () => {
		const gate = demo('demo-stop-gate');
		const reason = `You changed files: run \`npm test\` and ${DEMO_STOP_GATE_MARKER}.`;
		const write = answer(gate, seen([wrap(gate.prompt)])).answer;
		expect(write).toMatchObject({ kind: 'tool', tool: 'create_file' });
		expect(inWorkspace(write, '/work/demo')).toMatchObject({
			input: { filePath: '/work/demo/NOTES.md' },
		});
		expect(textOf(gate, seen([wrap(gate.prompt)], ['File created at /work/demo/NOTES.md']))).toBe(
			'create_file `NOTES.md` ran: File created at /work/demo/NOTES.md\n\nAll done; stopping now.',
		);
		// The gate's message is the newest prompt: the same scenario, counted from there.
		const gated = seen([wrap(gate.prompt), stopBlocked(reason)], ['File created'], [0, 1]);
		expect(scenarioFor(gated, DEMO_SCENARIOS)?.id).toBe('demo-stop-gate');
		expect(answer(gate, gated).answer).toMatchObject({
			kind: 'tool',
			input: { command: 'npm test' },
		});
		const tested = seen(
			[wrap(gate.prompt), stopBlocked(reason)],
			['File created', '3 passed, 0 failed'],
			[0, 1],
		);
		expect(textOf(gate, tested)).toBe(
			[
				`Hookwarden kept me from stopping: ${reason}`,
				'run_in_terminal `npm test` ran: 3 passed, 0 failed',
				'Now I am done.',
			].join('\n\n'),
		);
	});
});

describe('the scripted model answers from what its tool calls came back with', () => {
	it('reads a hook deny, the reason without the context the hook added, a tool error and plain output', () => {
		expect(readToolResult(denied('Not here.', 'Ask the user.'))).toEqual({
			kind: 'denied',
			reason: 'Not here.',
		});
		expect(
			readToolResult(
				'ERROR while calling tool: Invalid input path: x. Be sure to use an absolute path.',
			),
		).toEqual({
			kind: 'failed',
			error: 'Invalid input path: x. Be sure to use an absolute path.',
		});
		expect(readToolResult('\nhello from the agent\n')).toEqual({
			kind: 'ran',
			output: 'hello from the agent',
		});
	});

	it('says Hookwarden denied the call, and why, instead of claiming it ran', () => {
		const echo = demo('demo-echo');
		const reason = 'Use the fetch tool instead.';
		const text = textOf(echo, seen([wrap(echo.prompt)], [denied(reason, 'More words.')]));
		expect(text).toBe(`Hookwarden denied run_in_terminal \`echo hello from the agent\`: ${reason}`);
		expect(text).not.toMatch(/Hello said/);
		expect(textOf(echo, seen([wrap(echo.prompt)], ['hello from the agent']))).toBe(
			'run_in_terminal `echo hello from the agent` ran: hello from the agent\n\nHello said.',
		);
	});

	it('reports each call of a scenario with several, in the order they were made', () => {
		const helpers = demo('demo-subagents');
		const limit = 'This session already started 1 subagent.';
		expect(textOf(helpers, seen([wrap(helpers.prompt)], ['Listed: a b', denied(limit)]))).toBe(
			[
				'runSubagent `first helper` ran: Listed: a b',
				`Hookwarden denied runSubagent \`second helper\`: ${limit}`,
				'One helper did the work.',
			].join('\n\n'),
		);
	});

	it('says a tool failed when it did, with neither the success nor the deny closing', () => {
		const notes = demo('demo-stop-gate');
		expect(textOf(notes, seen([wrap(notes.prompt)], ['ERROR while calling tool: disk full']))).toBe(
			'create_file `NOTES.md` failed: disk full',
		);
	});
});
