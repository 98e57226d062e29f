import { describe, expect, it } from 'vitest';

import { encodeDecision, readHookEvent } from '../../../src/sdk/dialect';

describe('readHookEvent', () => {
	it('reads a VS Code payload', () => {
		const read = readHookEvent(
			JSON.stringify({
				hook_event_name: 'PreToolUse',
				session_id: 's',
				tool_name: 'run_in_terminal',
				tool_input: { command: 'ls' },
			}),
		);
		expect(read).toMatchObject({
			ok: true,
			event: { name: 'PreToolUse', dialect: 'vscode', tool: { kind: 'shell', commandLine: 'ls' } },
		});
	});

	it('reads a Copilot CLI payload named by the hook command argument, in any spelling', () => {
		const read = readHookEvent(
			JSON.stringify({ sessionId: 's', timestamp: 1764064800000, cwd: '/w', prompt: 'hi' }),
			'userPromptSubmitted',
		);
		expect(read).toMatchObject({
			ok: true,
			event: { name: 'UserPromptSubmit', dialect: 'copilotCli', prompt: 'hi' },
		});
	});

	it.each([
		['not JSON', '{', /not JSON/],
		['not an object', '[]', /not a JSON object/],
		['no event', '{"session_id":"s"}', /names no event/],
		['a bad field', '{"hook_event_name":"UserPromptSubmit","prompt":3}', /"prompt"/],
	])('says why it cannot read %s', (_, text, problem) => {
		const read = readHookEvent(text);
		expect(read.ok).toBe(false);
		expect(!read.ok && read.problem).toMatch(problem);
	});
});

describe('encodeDecision', () => {
	const read = readHookEvent(
		JSON.stringify({
			hook_event_name: 'PreToolUse',
			tool_name: 'run_in_terminal',
			tool_input: { command: 'ls' },
		}),
	);
	if (!read.ok) {
		throw new Error(read.problem);
	}
	const { event } = read;

	it('gives {} for no opinion', () => {
		expect(encodeDecision(event, undefined)).toEqual({});
	});

	it("encodes one provider's decision in every host's fields", () => {
		expect(
			encodeDecision(event, { verdict: 'deny', reason: 'no', provenance: { providerId: 'me' } }),
		).toEqual({
			permissionDecision: 'deny',
			permissionDecisionReason: 'no',
			hookSpecificOutput: {
				hookEventName: 'PreToolUse',
				permissionDecision: 'deny',
				permissionDecisionReason: 'no',
			},
		});
	});

	it('encodes a merged decision as it is', () => {
		expect(
			encodeDecision(event, { verdict: 'ask', reason: 'sure?', contributors: [], failures: [] }),
		).toMatchObject({ permissionDecision: 'ask', permissionDecisionReason: 'sure?' });
	});
});
