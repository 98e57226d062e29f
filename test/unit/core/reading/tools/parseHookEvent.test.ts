import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HookEvent, ToolCall } from '../../../../../src/core/events/hookEvent';
import type { HookEventName } from '../../../../../src/core/events/hookEventName';
import { parseHookEventName } from '../../../../../src/core/events/hookEventName';
import type { HookInputError } from '../../../../../src/core/events/hookInputError';
import { describeHookInputError } from '../../../../../src/core/events/hookInputError';
import { parseHookEvent } from '../../../../../src/core/reading/tools/parseHookEvent';

const NOW = new Date('2030-01-02T03:04:05.678Z');
const parse = (raw: unknown, hint?: HookEventName) => parseHookEvent(raw, hint, { now: () => NOW });

function parsed(raw: unknown, hint?: HookEventName): HookEvent {
	const result = parse(raw, hint);
	if (!result.ok) {
		throw new Error(`expected a parse, got: ${describeHookInputError(result.error)}`);
	}
	return result.event;
}

function rejected(raw: unknown, hint?: HookEventName): HookInputError {
	const result = parse(raw, hint);
	if (result.ok) {
		throw new Error(`expected an error, got event ${JSON.stringify(result.event)}`);
	}
	return result.error;
}

// ---- the real runner ---------------------------------------------------------------------------

interface RealLine {
	readonly hint: HookEventName;
	readonly raw: unknown;
	readonly line: number;
}

const REAL_LINES: readonly RealLine[] = readFileSync(
	join(__dirname, '../../../fixtures/payloads/vscode-1.139-real-runner.log'),
	'utf8',
)
	.split('\n')
	.filter((line) => line.trim() !== '')
	.map((line, index) => {
		const space = line.indexOf(' ');
		const hint = parseHookEventName(line.slice(0, space));
		if (!hint) {
			throw new Error(`fixture line ${index + 1} names no event`);
		}
		return { hint, raw: JSON.parse(line.slice(space + 1)) as unknown, line: index + 1 };
	});

const WS = '<workspace>';
const RUN_A_SESSION = '3f678c70-5199-4845-bf64-cb0d7149f568';
const RUN_A_TRANSCRIPT = `<user-data-dir>/User/workspaceStorage/7d1bc3a7/GitHub.copilot-chat/transcripts/${RUN_A_SESSION}.jsonl`;
const RUN_A_COMMON = {
	dialect: 'vscode',
	sessionId: RUN_A_SESSION,
	transcriptPath: RUN_A_TRANSCRIPT,
	cwd: WS,
} as const;
const ECHO_HI_INPUT = {
	command: 'echo hi',
	explanation: 'x',
	goal: 'x',
	mode: 'sync',
	isBackground: false,
};
const ECHO_HI_TOOL: ToolCall = {
	name: 'run_in_terminal',
	kind: 'shell',
	input: ECHO_HI_INPUT,
	useId: 'call_1__vscode-1795317921739',
	shell: 'bash',
	commandLine: 'echo hi',
	paths: [],
};

describe('parseHookEvent on the real VS Code 1.139 runner payloads', () => {
	it('has all sixteen fixture lines', () => {
		expect(REAL_LINES).toHaveLength(16);
	});

	it.each(REAL_LINES)(
		'line $line ($hint) parses as $hint in the vscode dialect, with or without the hint',
		({ hint, raw }) => {
			for (const event of [parsed(raw, hint), parsed(raw)]) {
				expect(event.name).toBe(hint);
				expect(event.dialect).toBe('vscode');
				expect(event.cwd).toBe(WS);
				expect(event.timestamp).toBe((raw as { timestamp: string }).timestamp);
			}
		},
	);

	it.each<[number, HookEvent]>([
		[
			1,
			{
				...RUN_A_COMMON,
				name: 'SessionStart',
				timestamp: '2026-11-22T03:25:30.321Z',
				source: 'new',
				model: 'fake-model',
			},
		],
		[
			2,
			{
				...RUN_A_COMMON,
				name: 'UserPromptSubmit',
				timestamp: '2026-11-22T03:25:30.350Z',
				prompt: 'say hi using the terminal',
			},
		],
		[
			3,
			{
				...RUN_A_COMMON,
				name: 'PreToolUse',
				timestamp: '2026-11-22T03:25:31.299Z',
				tool: ECHO_HI_TOOL,
			},
		],
		[
			4,
			{
				...RUN_A_COMMON,
				name: 'PostToolUse',
				timestamp: '2026-11-22T03:25:33.649Z',
				tool: ECHO_HI_TOOL,
				toolResponse: 'hi',
			},
		],
		[
			5,
			{
				...RUN_A_COMMON,
				name: 'Stop',
				timestamp: '2026-11-22T03:25:33.714Z',
				stopHookActive: false,
			},
		],
	])('run A line %i normalises exactly', (line, expected) => {
		const fixture = REAL_LINES[line - 1];
		expect(fixture && parsed(fixture.raw, fixture.hint)).toEqual(expected);
	});

	it.each<[number, Partial<HookEvent> & Record<string, unknown>]>([
		[8, { tool: expect.objectContaining({ name: 'runSubagent', kind: 'subagent', paths: [] }) }],
		[9, { agentId: 'call_1', agentType: 'default' }],
		[10, { prompt: 'SUBAGENT-TASK: run echo hi in the terminal' }],
		[13, { agentId: 'call_1', agentType: 'default', stopHookActive: false }],
		[14, { toolResponse: 'All done (fake model, call 3).' }],
		[16, { trigger: 'auto' }],
	])('runs B and C: line %i carries its event fields', (line, expected) => {
		const fixture = REAL_LINES[line - 1];
		expect(fixture && parsed(fixture.raw, fixture.hint)).toMatchObject(expected);
	});
});

// ---- every dialect, every event ----------------------------------------------------------------

interface DialectRow {
	readonly dialect: 'vscode' | 'copilotCli' | 'claude';
	readonly event: HookEventName;
	readonly payload: Record<string, unknown>;
	readonly expected: Record<string, unknown>;
}

const cliBase = { sessionId: 'cli-1', timestamp: 1763781930321, cwd: '/repo' };
const claudeBase = {
	session_id: 'claude-1',
	transcript_path: '/home/u/.claude/projects/x.jsonl',
	cwd: '/repo',
	permission_mode: 'default',
};
const claudeCommon = {
	dialect: 'claude',
	sessionId: 'claude-1',
	transcriptPath: '/home/u/.claude/projects/x.jsonl',
	cwd: '/repo',
	permissionMode: 'default',
	timestamp: NOW.toISOString(),
};
const cliCommon = {
	dialect: 'copilotCli',
	sessionId: 'cli-1',
	cwd: '/repo',
	timestamp: '2025-11-22T03:25:30.321Z',
};
const vscodeBase = {
	timestamp: '2026-11-22T03:25:30.321Z',
	session_id: 's-1',
	transcript_path: '/t.jsonl',
	cwd: '/ws',
};
const vscodeCommon = {
	dialect: 'vscode',
	sessionId: 's-1',
	transcriptPath: '/t.jsonl',
	cwd: '/ws',
	timestamp: '2026-11-22T03:25:30.321Z',
};

const DIALECT_ROWS: readonly DialectRow[] = [
	// VS Code Local: the eight events it fires.
	{
		dialect: 'vscode',
		event: 'SessionStart',
		payload: { ...vscodeBase, hook_event_name: 'SessionStart', source: 'new', model: 'gpt-5' },
		expected: { ...vscodeCommon, source: 'new', model: 'gpt-5' },
	},
	{
		dialect: 'vscode',
		event: 'UserPromptSubmit',
		payload: { ...vscodeBase, hook_event_name: 'UserPromptSubmit', prompt: 'fix it' },
		expected: { ...vscodeCommon, prompt: 'fix it' },
	},
	{
		dialect: 'vscode',
		event: 'PreToolUse',
		payload: {
			...vscodeBase,
			hook_event_name: 'PreToolUse',
			tool_name: 'create_file',
			tool_input: { filePath: '/ws/a.ts', content: 'x' },
			tool_use_id: 'u1',
		},
		expected: {
			...vscodeCommon,
			tool: { name: 'create_file', kind: 'fileWrite', useId: 'u1', paths: ['/ws/a.ts'] },
		},
	},
	{
		dialect: 'vscode',
		event: 'PostToolUse',
		payload: {
			...vscodeBase,
			hook_event_name: 'PostToolUse',
			tool_name: 'read_file',
			tool_input: { filePath: '/ws/a.ts', startLine: 1, endLine: 2 },
			tool_use_id: 'u2',
			tool_response: 'content',
		},
		expected: {
			...vscodeCommon,
			tool: { name: 'read_file', kind: 'fileRead', paths: ['/ws/a.ts'] },
			toolResponse: 'content',
		},
	},
	{
		dialect: 'vscode',
		event: 'PreCompact',
		payload: {
			...vscodeBase,
			hook_event_name: 'PreCompact',
			trigger: 'auto',
			custom_instructions: 'keep tests',
		},
		expected: { ...vscodeCommon, trigger: 'auto', customInstructions: 'keep tests' },
	},
	{
		dialect: 'vscode',
		event: 'SubagentStart',
		payload: {
			...vscodeBase,
			hook_event_name: 'SubagentStart',
			agent_id: 'a1',
			agent_type: 'Plan',
		},
		expected: { ...vscodeCommon, agentId: 'a1', agentType: 'Plan' },
	},
	{
		dialect: 'vscode',
		event: 'SubagentStop',
		payload: {
			...vscodeBase,
			hook_event_name: 'SubagentStop',
			agent_id: 'a1',
			agent_type: 'Plan',
			stop_hook_active: true,
		},
		expected: { ...vscodeCommon, agentId: 'a1', agentType: 'Plan', stopHookActive: true },
	},
	{
		dialect: 'vscode',
		event: 'Stop',
		payload: { ...vscodeBase, hook_event_name: 'Stop', stop_hook_active: true },
		expected: { ...vscodeCommon, stopHookActive: true },
	},

	// Copilot CLI camelCase: no event name in the payload, the hint names it.
	{
		dialect: 'copilotCli',
		event: 'SessionStart',
		payload: { ...cliBase, source: 'startup', initialPrompt: 'hello' },
		expected: { ...cliCommon, source: 'startup', initialPrompt: 'hello' },
	},
	{
		dialect: 'copilotCli',
		event: 'UserPromptSubmit',
		payload: { ...cliBase, prompt: 'fix it' },
		expected: { ...cliCommon, prompt: 'fix it' },
	},
	{
		dialect: 'copilotCli',
		event: 'PreToolUse',
		payload: { ...cliBase, toolName: 'bash', toolArgs: { command: 'ls -la', description: 'list' } },
		expected: {
			...cliCommon,
			tool: {
				name: 'bash',
				kind: 'shell',
				input: { command: 'ls -la', description: 'list' },
				shell: 'bash',
				commandLine: 'ls -la',
				paths: [],
			},
		},
	},
	{
		dialect: 'copilotCli',
		event: 'PostToolUse',
		payload: {
			...cliBase,
			toolName: 'edit',
			toolArgs: '{"path":"/repo/a.ts","old_str":"a","new_str":"b"}',
			toolResult: { resultType: 'success', textResultForLlm: 'File edited' },
		},
		expected: {
			...cliCommon,
			tool: { name: 'edit', kind: 'fileWrite', paths: ['/repo/a.ts'] },
			toolResponse: 'File edited',
		},
	},
	{
		dialect: 'copilotCli',
		event: 'PreCompact',
		payload: { ...cliBase, trigger: 'manual', customInstructions: 'keep it short' },
		expected: { ...cliCommon, trigger: 'manual', customInstructions: 'keep it short' },
	},
	{
		dialect: 'copilotCli',
		event: 'SubagentStart',
		payload: { ...cliBase, agentId: 'a1', agentType: 'custom', agentName: 'reviewer' },
		expected: { ...cliCommon, agentId: 'a1', agentType: 'custom', agentName: 'reviewer' },
	},
	{
		dialect: 'copilotCli',
		event: 'SubagentStop',
		payload: { ...cliBase, agentName: 'reviewer', stop_hook_active: true, stopReason: 'end_turn' },
		expected: { ...cliCommon, agentName: 'reviewer', stopHookActive: true, stopReason: 'end_turn' },
	},
	{
		dialect: 'copilotCli',
		event: 'Stop',
		payload: {
			...cliBase,
			transcriptPath: '/home/u/.copilot/t.jsonl',
			stopReason: 'end_turn',
			stopHookActive: true,
		},
		expected: {
			...cliCommon,
			transcriptPath: '/home/u/.copilot/t.jsonl',
			stopReason: 'end_turn',
			stopHookActive: true,
		},
	},
	{
		dialect: 'copilotCli',
		event: 'SessionEnd',
		payload: { ...cliBase, reason: 'user_exit' },
		expected: { ...cliCommon, reason: 'user_exit' },
	},
	{
		dialect: 'copilotCli',
		event: 'ErrorOccurred',
		payload: {
			...cliBase,
			error: { message: 'Network timeout', name: 'TimeoutError', stack: 'at x' },
			errorContext: 'model_call',
			recoverable: true,
		},
		expected: {
			...cliCommon,
			error: 'Network timeout',
			errorContext: 'model_call',
			recoverable: true,
		},
	},

	// Claude-format (and the Copilot harness with a PascalCase config): snake_case with Claude tool names.
	{
		dialect: 'claude',
		event: 'SessionStart',
		payload: { ...claudeBase, hook_event_name: 'SessionStart', source: 'startup' },
		expected: { ...claudeCommon, source: 'startup' },
	},
	{
		dialect: 'claude',
		event: 'UserPromptSubmit',
		payload: { ...claudeBase, hook_event_name: 'UserPromptSubmit', prompt: 'fix it' },
		expected: { ...claudeCommon, prompt: 'fix it' },
	},
	{
		dialect: 'claude',
		event: 'PreToolUse',
		payload: {
			...claudeBase,
			hook_event_name: 'PreToolUse',
			tool_name: 'Write',
			tool_input: { file_path: '/repo/a.ts', content: 'x' },
			tool_use_id: 'toolu_01',
		},
		expected: {
			...claudeCommon,
			tool: { name: 'Write', kind: 'fileWrite', useId: 'toolu_01', paths: ['/repo/a.ts'] },
		},
	},
	{
		dialect: 'claude',
		event: 'PostToolUse',
		payload: {
			...claudeBase,
			hook_event_name: 'PostToolUse',
			tool_name: 'Bash',
			tool_input: { command: 'npm test' },
			tool_response: { stdout: 'ok', stderr: '', interrupted: false },
		},
		expected: {
			...claudeCommon,
			tool: { name: 'Bash', kind: 'shell', commandLine: 'npm test', shell: 'bash' },
			toolResponse: '{"stdout":"ok","stderr":"","interrupted":false}',
		},
	},
	{
		dialect: 'claude',
		event: 'PreCompact',
		payload: {
			...claudeBase,
			hook_event_name: 'PreCompact',
			trigger: 'manual',
			custom_instructions: '',
		},
		expected: { ...claudeCommon, trigger: 'manual', customInstructions: '' },
	},
	{
		dialect: 'claude',
		event: 'SubagentStart',
		payload: {
			...claudeBase,
			hook_event_name: 'SubagentStart',
			agent_id: 'a1',
			agent_type: 'Explore',
		},
		expected: { ...claudeCommon, agentId: 'a1', agentType: 'Explore' },
	},
	{
		dialect: 'claude',
		event: 'SubagentStop',
		payload: {
			...claudeBase,
			hook_event_name: 'SubagentStop',
			agent_id: 'a1',
			agent_name: 'reviewer',
			stop_hook_active: false,
			stop_reason: 'end_turn',
		},
		expected: {
			...claudeCommon,
			agentId: 'a1',
			agentName: 'reviewer',
			stopHookActive: false,
			stopReason: 'end_turn',
		},
	},
	{
		dialect: 'claude',
		event: 'Stop',
		payload: { ...claudeBase, hook_event_name: 'Stop', stop_hook_active: false },
		expected: { ...claudeCommon, stopHookActive: false },
	},
	{
		dialect: 'claude',
		event: 'SessionEnd',
		payload: { ...claudeBase, hook_event_name: 'SessionEnd', reason: 'logout' },
		expected: { ...claudeCommon, reason: 'logout' },
	},
	{
		dialect: 'claude',
		event: 'ErrorOccurred',
		payload: {
			...claudeBase,
			hook_event_name: 'ErrorOccurred',
			error: 'rate limited',
			error_context: 'model_call',
			recoverable: false,
		},
		expected: {
			...claudeCommon,
			error: 'rate limited',
			errorContext: 'model_call',
			recoverable: false,
		},
	},
];

describe('parseHookEvent across dialects', () => {
	it('covers every event in every dialect it fires in', () => {
		const covered = new Set(DIALECT_ROWS.map((row) => `${row.dialect}:${row.event}`));
		expect(covered.size).toBe(DIALECT_ROWS.length);
		expect(DIALECT_ROWS.filter((row) => row.dialect === 'vscode')).toHaveLength(8);
		expect(DIALECT_ROWS.filter((row) => row.dialect === 'copilotCli')).toHaveLength(10);
		expect(DIALECT_ROWS.filter((row) => row.dialect === 'claude')).toHaveLength(10);
	});

	it.each(DIALECT_ROWS)('$dialect $event', ({ dialect, event, payload, expected }) => {
		const result = parsed(payload, event);
		expect(result).toMatchObject({ name: event, dialect, ...expected });
	});

	it.each(DIALECT_ROWS.filter((row) => row.dialect !== 'copilotCli'))(
		'$dialect $event needs no hint: the payload names its event',
		({ event, payload }) => {
			expect(parsed(payload).name).toBe(event);
		},
	);

	it('drops absent optional fields instead of keeping undefined keys', () => {
		expect(Object.keys(parsed({ prompt: 'hi' }, 'UserPromptSubmit')).sort()).toEqual(
			['dialect', 'name', 'prompt', 'timestamp'].sort(),
		);
	});
});

// ---- dialect detection edge cases --------------------------------------------------------------

describe('parseHookEvent dialect detection', () => {
	it.each<[string, Record<string, unknown>, HookEventName | undefined, string]>([
		[
			'the old VS Code doc spelling sessionId/hookEventName',
			{
				hookEventName: 'PreToolUse',
				sessionId: 'old',
				tool_name: 'read_file',
				tool_input: { filePath: '/a' },
			},
			undefined,
			'vscode',
		],
		[
			'snake_case keys without an event name',
			{ session_id: 's', prompt: 'x' },
			'UserPromptSubmit',
			'vscode',
		],
		[
			'a Claude tool name',
			{ hook_event_name: 'PreToolUse', tool_name: 'Read', tool_input: { file_path: '/a' } },
			undefined,
			'claude',
		],
		[
			'an unlisted PascalCase Claude tool',
			{ hook_event_name: 'PreToolUse', tool_name: 'Skill', tool_input: {} },
			undefined,
			'claude',
		],
		[
			'a Claude MCP tool',
			{ hook_event_name: 'PreToolUse', tool_name: 'mcp__github__create_issue', tool_input: {} },
			undefined,
			'claude',
		],
		[
			'tool_input.file_path on a lowercase tool',
			{ hook_event_name: 'PreToolUse', tool_name: 'custom', tool_input: { file_path: '/a' } },
			undefined,
			'claude',
		],
		[
			'the Copilot harness snake_case tool_result',
			{
				hook_event_name: 'PostToolUse',
				tool_name: 'Bash',
				tool_input: { command: 'ls' },
				tool_result: { result_type: 'success', text_result_for_llm: 'ok' },
			},
			undefined,
			'claude',
		],
		[
			'camelCase CLI keys with a snake hint',
			{ toolName: 'view', toolArgs: { path: '/a' } },
			'PreToolUse',
			'copilotCli',
		],
		[
			'an epoch-ms timestamp alone',
			{ timestamp: 1763781930321, prompt: 'x' },
			'UserPromptSubmit',
			'copilotCli',
		],
		['no telling keys at all', { prompt: 'x' }, 'UserPromptSubmit', 'copilotCli'],
	])('%s → %s', (_label, payload, hint, expectedDialect) => {
		expect(parsed(payload, hint).dialect).toBe(expectedDialect);
	});

	it('takes the old camelCase sessionId when the snake_case one is absent', () => {
		expect(
			parsed({ hookEventName: 'Stop', sessionId: 'old-id', timestamp: '2026-01-01T00:00:00Z' }),
		).toMatchObject({
			name: 'Stop',
			sessionId: 'old-id',
			timestamp: '2026-01-01T00:00:00.000Z',
		});
	});

	it('prefers session_id over sessionId when both are there', () => {
		expect(parsed({ hook_event_name: 'Stop', session_id: 'new', sessionId: 'old' }).sessionId).toBe(
			'new',
		);
	});

	it('reads the Copilot harness tool_result text as the tool response', () => {
		const event = parsed({
			hook_event_name: 'PostToolUse',
			tool_name: 'Edit',
			tool_input: { file_path: '/a' },
			tool_result: { result_type: 'success', text_result_for_llm: 'edited' },
		});
		expect(event).toMatchObject({ name: 'PostToolUse', toolResponse: 'edited' });
	});
});

// ---- event name: payload vs hint ---------------------------------------------------------------

describe('parseHookEvent event name', () => {
	it.each<[string, Record<string, unknown>, HookEventName | undefined, HookEventName]>([
		[
			'the payload wins over the hint (custom agent Stop run as SubagentStop)',
			{ hook_event_name: 'SubagentStop' },
			'Stop',
			'SubagentStop',
		],
		[
			'the hint fills in when the payload has none',
			{ stop_hook_active: false, session_id: 's' },
			'Stop',
			'Stop',
		],
		[
			'the hint fills in when the payload name is unknown',
			{ hook_event_name: 'StopFailure' },
			'Stop',
			'Stop',
		],
		[
			'a camelCase CLI name in the payload',
			{ hook_event_name: 'preToolUse', tool_name: 'bash', tool_input: {} },
			undefined,
			'PreToolUse',
		],
		['agentStop means Stop', { hook_event_name: 'agentStop' }, undefined, 'Stop'],
		[
			'userPromptSubmitted means UserPromptSubmit',
			{ hook_event_name: 'userPromptSubmitted', prompt: 'p' },
			undefined,
			'UserPromptSubmit',
		],
		['the old hookEventName spelling', { hookEventName: 'PreCompact' }, undefined, 'PreCompact'],
		[
			'an empty payload name defers to the hint',
			{ hook_event_name: '' },
			'SessionStart',
			'SessionStart',
		],
		[
			'a null payload name defers to the hint',
			{ hook_event_name: null },
			'SessionEnd',
			'SessionEnd',
		],
	])('%s', (_label, payload, hint, expected) => {
		expect(parsed(payload, hint).name).toBe(expected);
	});
});

// ---- CLI specifics -----------------------------------------------------------------------------

describe('parseHookEvent Copilot CLI specifics', () => {
	it.each<[string, unknown, Record<string, unknown>]>([
		['an object', { command: 'ls' }, { command: 'ls' }],
		['a JSON string', '{"command":"ls","timeout":5}', { command: 'ls', timeout: 5 }],
		['a JSON string with whitespace', '  {"command":"ls"}\n', { command: 'ls' }],
		['missing', undefined, {}],
		['null', null, {}],
	])('toolArgs as %s', (_label, toolArgs, expectedInput) => {
		const event = parsed({ toolName: 'bash', toolArgs }, 'PreToolUse');
		expect(event).toMatchObject({ tool: { input: expectedInput } });
	});

	it('reads a raw apply_patch string as the patch, since apply_patch is a free-form tool', () => {
		const patch = '*** Begin Patch\n*** Update File: /repo/a.ts\n@@\n-a\n+b\n*** End Patch';
		const event = parsed({ toolName: 'apply_patch', toolArgs: patch }, 'PreToolUse');
		expect(event).toMatchObject({
			tool: { kind: 'fileWrite', input: { input: patch }, paths: ['/repo/a.ts'] },
		});
	});

	it.each<[string, unknown, string]>([
		['epoch milliseconds', 1763781930321, '2025-11-22T03:25:30.321Z'],
		['epoch zero', 0, '1970-01-01T00:00:00.000Z'],
		['epoch milliseconds as a digits string', '1763781930321', '2025-11-22T03:25:30.321Z'],
		['an ISO string with an offset', '2026-11-22T04:25:30.321+01:00', '2026-11-22T03:25:30.321Z'],
		['an ISO string without milliseconds', '2026-11-22T03:25:30Z', '2026-11-22T03:25:30.000Z'],
		['missing: the receipt time', undefined, NOW.toISOString()],
		['null: the receipt time', null, NOW.toISOString()],
	])('timestamp as %s', (_label, timestamp, expected) => {
		expect(parsed({ prompt: 'x', timestamp }, 'UserPromptSubmit').timestamp).toBe(expected);
	});

	it('falls back to the real clock when no clock is given', () => {
		const before = Date.now();
		const result = parseHookEvent({ prompt: 'x' }, 'UserPromptSubmit');
		expect(result.ok && Date.parse(result.event.timestamp)).toBeGreaterThanOrEqual(before);
	});

	it('takes the error object message, else its name', () => {
		expect(parsed({ error: { name: 'AbortError' } }, 'ErrorOccurred')).toMatchObject({
			error: 'AbortError',
		});
		expect(parsed({ error: 'plain' }, 'ErrorOccurred')).toMatchObject({ error: 'plain' });
	});
});

// ---- bad input ---------------------------------------------------------------------------------

describe('parseHookEvent on bad input', () => {
	it.each<[string, unknown]>([
		['null', null],
		['undefined', undefined],
		['an array', [{ hook_event_name: 'Stop' }]],
		['a string', '{"hook_event_name":"Stop"}'],
		['a number', 42],
		['a boolean', true],
	])('%s is not an object', (_label, raw) => {
		expect(rejected(raw, 'Stop')).toEqual({ kind: 'notAnObject' });
	});

	it.each<[string, Record<string, unknown>]>([
		['an empty object', {}],
		['a CLI payload', { sessionId: 's', prompt: 'x' }],
		['an empty event name', { hook_event_name: '' }],
	])('%s with no hint names no event', (_label, raw) => {
		expect(rejected(raw)).toEqual({ kind: 'missingEvent' });
	});

	it.each<[Record<string, unknown>, string]>([
		[{ hook_event_name: 'StopFailure' }, 'StopFailure'],
		[{ hook_event_name: 'PermissionDenied' }, 'PermissionDenied'],
		[{ hookEventName: 'userPromptTransformed' }, 'userPromptTransformed'],
	])('%j is an unknown event', (raw, name) => {
		expect(rejected(raw)).toEqual({ kind: 'unknownEvent', name });
	});

	it.each<[string, Record<string, unknown>, HookEventName | undefined, string, string]>([
		[
			'hook_event_name a number',
			{ hook_event_name: 7 },
			'Stop',
			'hook_event_name',
			'must be a string, got number',
		],
		[
			'hookEventName an object',
			{ hookEventName: {} },
			undefined,
			'hookEventName',
			'must be a string, got object',
		],
		[
			'tool_input a number',
			{ hook_event_name: 'PreToolUse', tool_name: 'read_file', tool_input: 5 },
			undefined,
			'tool_input',
			'must be an object or a JSON string, got number',
		],
		[
			'tool_input an array',
			{ hook_event_name: 'PreToolUse', tool_name: 'read_file', tool_input: ['/a'] },
			undefined,
			'tool_input',
			'must be an object or a JSON string, got array',
		],
		[
			'tool_name missing',
			{ hook_event_name: 'PreToolUse', tool_input: {} },
			undefined,
			'tool_name',
			'is required',
		],
		[
			'tool_name empty',
			{ hook_event_name: 'PostToolUse', tool_name: '' },
			undefined,
			'tool_name',
			'must not be empty',
		],
		[
			'tool_name a number',
			{ hook_event_name: 'PreToolUse', tool_name: 3 },
			undefined,
			'tool_name',
			'must be a string, got number',
		],
		[
			'tool_use_id a number',
			{ hook_event_name: 'PreToolUse', tool_name: 'x', tool_use_id: 3 },
			undefined,
			'tool_use_id',
			'must be a string, got number',
		],
		[
			'session_id a number',
			{ hook_event_name: 'Stop', session_id: 12 },
			undefined,
			'session_id',
			'must be a string, got number',
		],
		[
			'cwd an array',
			{ hook_event_name: 'Stop', cwd: ['/a'] },
			undefined,
			'cwd',
			'must be a string, got array',
		],
		[
			'timestamp a boolean',
			{ hook_event_name: 'Stop', timestamp: true },
			undefined,
			'timestamp',
			'must be an ISO-8601 string or epoch milliseconds, got boolean',
		],
		[
			'timestamp not a date',
			{ hook_event_name: 'Stop', timestamp: 'yesterday' },
			undefined,
			'timestamp',
			'is not a date: "yesterday"',
		],
		[
			'timestamp out of range',
			{ hook_event_name: 'Stop', timestamp: 1e20 },
			undefined,
			'timestamp',
			'is not a date: 100000000000000000000',
		],
		[
			'stop_hook_active a string',
			{ hook_event_name: 'Stop', stop_hook_active: 'true' },
			undefined,
			'stop_hook_active',
			'must be a boolean, got string',
		],
		['prompt missing', { hook_event_name: 'UserPromptSubmit' }, undefined, 'prompt', 'is required'],
		[
			'prompt null',
			{ hook_event_name: 'UserPromptSubmit', prompt: null },
			undefined,
			'prompt',
			'must be a string, got null',
		],
		[
			'prompt an object',
			{ prompt: { text: 'x' } },
			'UserPromptSubmit',
			'prompt',
			'must be a string, got object',
		],
		[
			'tool_result a string',
			{ hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_result: 'ok' },
			undefined,
			'tool_result',
			'must be an object, got string',
		],
		[
			'tool_result.text_result_for_llm a number',
			{
				hook_event_name: 'PostToolUse',
				tool_name: 'Bash',
				tool_result: { text_result_for_llm: 1 },
			},
			undefined,
			'tool_result.text_result_for_llm',
			'must be a string, got number',
		],
		[
			'toolArgs a number',
			{ toolName: 'bash', toolArgs: 1 },
			'PreToolUse',
			'toolArgs',
			'must be an object or a JSON string, got number',
		],
		[
			'toolArgs a JSON array',
			{ toolName: 'bash', toolArgs: '["ls"]' },
			'PreToolUse',
			'toolArgs',
			'must hold a JSON object, got array',
		],
		[
			'toolArgs JSON null',
			{ toolName: 'bash', toolArgs: 'null' },
			'PreToolUse',
			'toolArgs',
			'must hold a JSON object, got null',
		],
		[
			'toolResult.resultType a number',
			{ toolName: 'bash', toolResult: { resultType: 1 } },
			'PostToolUse',
			'toolResult.resultType',
			'must be a string, got number',
		],
		[
			'error a number',
			{ error: 500 },
			'ErrorOccurred',
			'error',
			'must be a string or an {message, name, stack} object, got number',
		],
		[
			'recoverable a string',
			{ recoverable: 'yes' },
			'ErrorOccurred',
			'recoverable',
			'must be a boolean, got string',
		],
		[
			'agentId a number',
			{ agentId: 1 },
			'SubagentStart',
			'agentId',
			'must be a string, got number',
		],
	])('%s is an invalid field', (_label, raw, hint, field, message) => {
		expect(rejected(raw, hint)).toEqual({ kind: 'invalidField', field, message });
	});

	it('reports unparsable toolArgs JSON with the parser message', () => {
		const error = rejected({ toolName: 'bash', toolArgs: '{"command": ls}' }, 'PreToolUse');
		expect(error).toMatchObject({ kind: 'invalidField', field: 'toolArgs' });
		expect(error.kind === 'invalidField' && error.message).toMatch(/^is not valid JSON \(.+\)$/);
	});

	it('reports unparsable tool_input JSON too', () => {
		const error = rejected({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: '{' });
		expect(error).toMatchObject({ kind: 'invalidField', field: 'tool_input' });
	});

	it('ignores wrong types in fields the event does not use', () => {
		expect(parsed({ hook_event_name: 'Stop', prompt: 42, tool_input: 7, agent_id: [] }).name).toBe(
			'Stop',
		);
	});

	it('accepts unknown extra keys', () => {
		expect(parsed({ hook_event_name: 'Stop', future_field: { a: 1 }, another: [1, 2] }).name).toBe(
			'Stop',
		);
	});
});

// ---- huge and hostile values -------------------------------------------------------------------

describe('parseHookEvent on huge and hostile values', () => {
	function nested(depth: number): Record<string, unknown> {
		let value: Record<string, unknown> = { leaf: true };
		for (let i = 0; i < depth; i++) {
			value = { child: value };
		}
		return value;
	}

	it('keeps a tool_input nested exactly 100 levels deep, as the same object', () => {
		const deep = nested(98);
		const event = parsed({
			hook_event_name: 'PreToolUse',
			tool_name: 'mcp__x__y',
			tool_input: { deep },
		});
		expect(event).toMatchObject({ tool: { kind: 'mcp', paths: [] } });
		expect(event.name === 'PreToolUse' && event.tool.input.deep).toBe(deep);
	});

	it.each<[string, Record<string, unknown>, HookEventName | undefined, string]>([
		[
			'tool_input one level too deep',
			{ hook_event_name: 'PreToolUse', tool_name: 'x', tool_input: { deep: nested(99) } },
			undefined,
			'tool_input',
		],
		[
			'tool_input 10,000 levels deep',
			{ hook_event_name: 'PreToolUse', tool_name: 'x', tool_input: nested(10_000) },
			undefined,
			'tool_input',
		],
		[
			'an array tower in tool_input',
			{
				hook_event_name: 'PreToolUse',
				tool_name: 'x',
				tool_input: { a: JSON.parse('['.repeat(500) + ']'.repeat(500)) as unknown },
			},
			undefined,
			'tool_input',
		],
		[
			'a deep Claude tool_response',
			{ hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_response: nested(5_000) },
			undefined,
			'tool_response',
		],
		[
			'toolArgs 200,000 levels deep in a JSON string',
			{ toolName: 'bash', toolArgs: '{"a":'.repeat(200_000) + '1' + '}'.repeat(200_000) },
			'PreToolUse',
			'toolArgs',
		],
	])(
		'rejects %s rather than pass on what JSON.stringify cannot write',
		(_label, raw, hint, field) => {
			expect(rejected(raw, hint)).toEqual({
				kind: 'invalidField',
				field,
				message: 'nests deeper than 100 levels',
			});
		},
	);

	it('reads a 5 MB prompt', () => {
		const prompt = 'x'.repeat(5 * 1024 * 1024);
		expect(parsed({ prompt }, 'UserPromptSubmit')).toMatchObject({ prompt });
	});

	it('does not let __proto__ in tool_input reach the prototype', () => {
		const raw = JSON.parse(
			'{"hook_event_name":"PreToolUse","tool_name":"read_file","tool_input":{"__proto__":{"polluted":true},"filePath":"/a"}}',
		) as unknown;
		const event = parsed(raw);
		expect(event.name === 'PreToolUse' && event.tool.paths).toEqual(['/a']);
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
	});
});

// ---- describeHookInputError --------------------------------------------------------------------

describe('describeHookInputError', () => {
	it.each<[HookInputError, string]>([
		[
			{ kind: 'notAnObject' },
			'Hook input is not a JSON object: the hook runner must write one object such as {"hook_event_name":"PreToolUse",...} on stdin.',
		],
		[
			{ kind: 'missingEvent' },
			'Hook input names no event: the payload has no hook_event_name and the hook command passed no event argument.',
		],
		[
			{ kind: 'unknownEvent', name: 'StopFailure' },
			'Hook input names an unknown event "StopFailure"; expected one of SessionStart, UserPromptSubmit, PreToolUse, PostToolUse, PreCompact, SubagentStart, SubagentStop, Stop, SessionEnd, ErrorOccurred, PostToolUseFailure, PermissionRequest, Notification.',
		],
		[
			{
				kind: 'invalidField',
				field: 'toolArgs',
				message: 'must be an object or a JSON string, got number',
			},
			'Hook input field "toolArgs" must be an object or a JSON string, got number.',
		],
	])('%j', (error, line) => {
		expect(describeHookInputError(error)).toBe(line);
		expect(describeHookInputError(error)).not.toContain('\n');
	});
});
