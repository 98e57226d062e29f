import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HookEvent } from '../../../../src/core/events/hookEvent';
import type { HookEventName } from '../../../../src/core/events/hookEventName';
import { parseHookEventName } from '../../../../src/core/events/hookEventName';
import { describeHookInputError } from '../../../../src/core/events/hookInputError';
import { parseHookEvent } from '../../../../src/core/reading/tools/parseHookEvent';

// What Copilot CLI 1.0.102 really sent, per spelling (see test/unit/fixtures/payloads/README.md).
const LINES = readFileSync(
	join(__dirname, '../../fixtures/payloads/copilot-cli-1.0.102.log'),
	'utf8',
)
	.split('\n')
	.filter((line) => line.length > 0)
	.map((line) => {
		const [label = '', json = ''] = line.split('\t');
		const [spelling = '', key = ''] = label.split(':');
		return { spelling, key, raw: JSON.parse(json) as Record<string, unknown> };
	});

function payloadOf(key: string): Record<string, unknown> {
	const line = LINES.find((candidate) => candidate.key === key);
	if (!line) {
		throw new Error(`no fixture line for ${key}`);
	}
	return line.raw;
}

function parsedAs(key: string, hint?: HookEventName): HookEvent {
	const result = parseHookEvent(payloadOf(key), hint ?? parseHookEventName(key));
	if (!result.ok) {
		throw new Error(describeHookInputError(result.error));
	}
	return result.event;
}

describe('every payload Copilot CLI 1.0.102 sent', () => {
	it.each(LINES.filter((line) => parseHookEventName(line.key) !== undefined))(
		'$spelling:$key parses as its event',
		({ key }) => {
			const event = parsedAs(key);
			expect(event.name).toBe(parseHookEventName(key));
			expect(event.sessionId).toMatch(/^[0-9a-f-]{36}$/);
			expect(event.cwd).toBe('<home>/work');
		},
	);

	it('reads even without the event argument where the payload names its event', () => {
		for (const key of ['PermissionRequest', 'permissionRequest', 'Notification', 'notification']) {
			const result = parseHookEvent(payloadOf(key));
			expect(result.ok && result.event.name, key).toBe(parseHookEventName(key));
		}
	});
});

describe.each([
	['PascalCase', 'P'],
	['camelCase', 'c'],
])('the Copilot-runtime events in %s', (_label, spelling) => {
	const key = (pascal: string, camel: string) => (spelling === 'P' ? pascal : camel);

	it('SessionEnd carries its reason', () => {
		expect(parsedAs(key('SessionEnd', 'sessionEnd'))).toMatchObject({
			name: 'SessionEnd',
			reason: expect.stringMatching(/^(?:complete|error)$/) as string,
		});
	});

	it('ErrorOccurred carries the error message (and its context where the CLI sends it)', () => {
		const event = parsedAs(key('ErrorOccurred', 'errorOccurred'));
		expect(event).toMatchObject({
			name: 'ErrorOccurred',
			error: expect.stringMatching(/^\{"message":".+","type":"server_error"\}$/) as string,
		});
		if (spelling === 'c') {
			expect(event).toMatchObject({ errorContext: 'model_call', recoverable: true });
		}
	});

	it('PostToolUseFailure carries the tool, its kind and the error', () => {
		const event = parsedAs(key('PostToolUseFailure', 'postToolUseFailure'));
		expect(event).toMatchObject({
			name: 'PostToolUseFailure',
			error: 'Path does not exist',
			tool: {
				name: spelling === 'P' ? 'Read' : 'view',
				kind: 'fileRead',
				input: { path: 'missing.txt' },
			},
		});
	});

	it('PermissionRequest carries the shell call, command line read', () => {
		const event = parsedAs(key('PermissionRequest', 'permissionRequest'));
		expect(event).toMatchObject({
			name: 'PermissionRequest',
			dialect: 'copilotCli',
			tool: { name: 'bash', kind: 'shell', commandLine: 'echo hi' },
		});
	});

	it('Notification carries its type, title and message', () => {
		expect(parsedAs(key('Notification', 'notification'))).toMatchObject({
			name: 'Notification',
			dialect: 'copilotCli',
			notificationType: 'permission_prompt',
			title: 'Permission needed',
			message: 'Path permission needed: /nonexistent/file.txt',
		});
	});

	it('agentStop/Stop carries the stop reason and the transcript', () => {
		expect(parsedAs(key('Stop', 'agentStop'))).toMatchObject({
			name: 'Stop',
			stopReason: 'end_turn',
			stopHookActive: false,
			transcriptPath: expect.stringMatching(/events\.jsonl$/) as string,
		});
	});
});

describe('Copilot-runtime events in the snake_case spelling other runners use', () => {
	it('a Claude-style PermissionRequest and PostToolUseFailure', () => {
		expect(
			parseHookEvent({
				hook_event_name: 'PermissionRequest',
				session_id: 's',
				tool_name: 'Bash',
				tool_input: { command: 'rm -rf build' },
			}),
		).toMatchObject({
			ok: true,
			event: { name: 'PermissionRequest', tool: { kind: 'shell', commandLine: 'rm -rf build' } },
		});
		expect(
			parseHookEvent({
				hook_event_name: 'PostToolUseFailure',
				session_id: 's',
				tool_name: 'Bash',
				tool_input: { command: 'false' },
				tool_use_id: 'toolu_1',
				error: 'exit 1',
				permission_mode: 'default',
			}),
		).toMatchObject({
			ok: true,
			event: {
				name: 'PostToolUseFailure',
				dialect: 'claude',
				error: 'exit 1',
				tool: { useId: 'toolu_1' },
			},
		});
	});

	it('subagentStop in camelCase keeps the agent and the stop flag', () => {
		expect(
			parseHookEvent(
				{ sessionId: 's', timestamp: 1, agentName: 'explore', stop_hook_active: true },
				'SubagentStop',
			),
		).toMatchObject({
			ok: true,
			event: {
				name: 'SubagentStop',
				dialect: 'copilotCli',
				agentName: 'explore',
				stopHookActive: true,
			},
		});
	});

	it("the Copilot SDK's hook input (VS Code's Agent Host): workingDirectory is the cwd, an ISO timestamp", () => {
		expect(
			parseHookEvent(
				{
					sessionId: 's',
					timestamp: '2026-11-25T15:00:00.000Z',
					workingDirectory: '/repo',
					toolName: 'bash',
					toolArgs: { command: 'rm -rf /' },
				},
				'PreToolUse',
			),
		).toMatchObject({
			ok: true,
			event: {
				dialect: 'copilotCli',
				cwd: '/repo',
				tool: { kind: 'shell', commandLine: 'rm -rf /' },
			},
		});
	});

	it('rejects a PermissionRequest with no tool name', () => {
		const result = parseHookEvent({ hookName: 'permissionRequest', sessionId: 's', timestamp: 1 });
		expect(result.ok).toBe(false);
	});
});
