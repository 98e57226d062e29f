import { describe, expect, it } from 'vitest';
import type { HookEvent } from '../../../../src/core/events/hookEvent';
import { parseHookEvent } from '../../../../src/core/reading/tools/parseHookEvent';
import {
	applyPatch,
	fileWrite,
	oneOfEach,
	preToolUse,
	SESSION_ID,
	shellTool,
	stop,
	TIMESTAMP,
	TRANSCRIPT_PATH,
	userPrompt,
	WORKSPACE,
} from '../../../support/hookEventBuilder';

// The builder is only worth using if its events are what the parser makes of real payloads.
const local = {
	timestamp: TIMESTAMP,
	session_id: SESSION_ID,
	transcript_path: TRANSCRIPT_PATH,
	cwd: WORKSPACE,
};

function parsedLocal(payload: Record<string, unknown>): HookEvent | undefined {
	const result = parseHookEvent({ ...local, ...payload });
	return result.ok ? result.event : undefined;
}

describe('hookEventBuilder', () => {
	it.each<[string, HookEvent, Record<string, unknown>]>([
		[
			'preToolUse() is a real run_in_terminal PreToolUse',
			preToolUse(),
			{
				hook_event_name: 'PreToolUse',
				tool_name: 'run_in_terminal',
				tool_input: {
					command: 'echo hi',
					explanation: 'x',
					goal: 'x',
					mode: 'sync',
					isBackground: false,
				},
				tool_use_id: 'call_1__vscode-1',
			},
		],
		[
			'preToolUse({ tool: fileWrite(p) }) is a real create_file PreToolUse',
			preToolUse({ tool: fileWrite('/ws/a.ts') }),
			{
				hook_event_name: 'PreToolUse',
				tool_name: 'create_file',
				tool_input: { filePath: '/ws/a.ts', content: '' },
				tool_use_id: 'call_1__vscode-1',
			},
		],
		[
			'userPrompt(text) is a real UserPromptSubmit',
			userPrompt('hi'),
			{ hook_event_name: 'UserPromptSubmit', prompt: 'hi' },
		],
		['stop() is a real Stop', stop(), { hook_event_name: 'Stop', stop_hook_active: false }],
	])('%s', (_label, built, payload) => {
		expect(built).toEqual(parsedLocal(payload));
	});

	it('normalises tools through the real toolCallOf', () => {
		expect(shellTool('rm -rf /')).toMatchObject({
			kind: 'shell',
			commandLine: 'rm -rf /',
			shell: 'bash',
		});
		expect(shellTool('ls', { cwd: 'C:\\repo' }).shell).toBe('powershell');
		expect(shellTool('ls', { name: 'Bash' })).toMatchObject({
			name: 'Bash',
			input: { command: 'ls' },
		});
		expect(
			applyPatch('*** Begin Patch\n*** Add File: /ws/.env\n+A=1\n*** End Patch').paths,
		).toEqual(['/ws/.env']);
	});

	it('gives one event of each name, each named by its key', () => {
		for (const [name, event] of Object.entries(oneOfEach())) {
			expect(event.name).toBe(name);
		}
	});
});
