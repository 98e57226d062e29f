import { describe, expect, it } from 'vitest';

import { EVENT_NAME_FIELDS } from '../../../../src/core/events/statedEventNames';
import { readHookCall } from '../../../../src/core/pipeline/readHookCall';

const tool = { session_id: 's', tool_name: 'run_in_terminal', tool_input: { command: 'ls' } };
// The Copilot CLI, which names its event `hookName`, sends camelCase tool fields.
const cliTool = { sessionId: 's', toolName: 'bash', toolArgs: { command: 'ls' } };
const toolIn = (field: string) => (field === 'hookName' ? cliTool : tool);

describe('readHookCall: one event identity over every field a dialect names the event with', () => {
	it.each(EVENT_NAME_FIELDS)(
		'%s naming another event than the hook command is a mismatch',
		(field) => {
			const read = readHookCall({
				eventArg: 'PreToolUse',
				payload: { ...toolIn(field), [field]: 'agentStop' },
			});
			expect(read).toMatchObject({ ok: false, why: 'eventMismatch', eventName: 'PreToolUse' });
			expect(!read.ok && read.problem).toContain(
				`in ${field}, but the hook command runs for PreToolUse`,
			);
		},
	);

	it.each(EVENT_NAME_FIELDS)(
		'%s naming the same event in another spelling reads the event',
		(field) => {
			const read = readHookCall({
				eventArg: 'preToolUse',
				payload: { ...toolIn(field), [field]: 'PreToolUse' },
			});
			expect(read).toMatchObject({ ok: true, event: { name: 'PreToolUse' } });
		},
	);

	it('counts a non-string event name as a mismatch, not as an absent one', () => {
		expect(
			readHookCall({ eventArg: 'PreToolUse', payload: { ...tool, hookName: 7 } }),
		).toMatchObject({
			ok: false,
			why: 'eventMismatch',
		});
	});

	it('without an event argument, fields that disagree are a mismatch judged as the tool call', () => {
		const read = readHookCall({
			payload: { ...tool, hook_event_name: 'Stop', hookName: 'preToolUse' },
		});
		expect(read).toMatchObject({ ok: false, why: 'eventMismatch', eventName: 'PreToolUse' });
	});

	it('lets a Stop hook read a SubagentStop payload (VS Code runs a custom agent Stop hook so)', () => {
		const read = readHookCall({
			eventArg: 'Stop',
			payload: { session_id: 's', hook_event_name: 'SubagentStop', stop_hook_active: false },
		});
		expect(read).toMatchObject({ ok: true, event: { name: 'SubagentStop' } });
	});

	it('reports a payload it cannot read as unreadable, with the event the payload names when the argument is missing', () => {
		const read = readHookCall({
			payload: { hook_event_name: 'PreToolUse', tool_name: 42, tool_input: {} },
		});
		expect(read).toMatchObject({ ok: false, why: 'unreadable', eventName: 'PreToolUse' });
	});
});
