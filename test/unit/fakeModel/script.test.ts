import { describe, expect, it } from 'vitest';

import {
	DEMO_SCENARIOS,
	DEMO_STOP_GATE_MARKER,
	type SeenRequest,
	answer,
	scenarioFor,
} from '../../e2e/fakeModel/script';

const TOOLS = ['run_in_terminal', 'create_file', 'runSubagent'];
const wrap = (prompt: string) => `<userRequest>\n${prompt}\n</userRequest>`;

function seen(userTexts: string[], results = 0, resultsBefore?: number[]): SeenRequest {
	return {
		userTexts,
		toolResults: Array.from({ length: results }, (_, i) => ({ callId: `c${i}`, text: 'x' })),
		tools: TOOLS,
		...(resultsBefore && { resultsBefore }),
	};
}

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

	it('changes a file, then runs npm test once the Stop gate kept the agent working, then reports', () => {
		const gate = DEMO_SCENARIOS.find((s) => s.id === 'demo-stop-gate');
		expect(gate).toBeDefined();
		if (!gate) {
			return;
		}
		const reason = `a hook blocked you: "You changed files: run \`npm test\` and ${DEMO_STOP_GATE_MARKER}."`;
		expect(answer(gate, seen([wrap(gate.prompt)])).answer).toMatchObject({
			kind: 'tool',
			input: { filePath: expect.stringContaining('NOTES.md') as string },
		});
		expect(answer(gate, seen([wrap(gate.prompt)], 1)).answer.kind).toBe('text');
		expect(answer(gate, seen([wrap(gate.prompt), reason], 1, [0, 1])).answer).toMatchObject({
			kind: 'tool',
			input: { command: 'npm test' },
		});
		expect(answer(gate, seen([wrap(gate.prompt), reason], 2, [0, 1])).answer.kind).toBe('text');
	});
});
