/**
 * Valid, normalised hook events for tests: each builder returns what `parseHookEvent` would make of a
 * realistic VS Code Local payload, and a test overrides only what it is about:
 *
 *   preToolUse({ tool: shellTool('rm -rf /') })
 *   preToolUse({ tool: fileWrite('/ws/.env'), dialect: 'claude' })
 *   userPrompt('deploy to prod')
 *   stop({ stopHookActive: true })
 *
 * Tool builders go through the real `toolCallOf`, so kinds, command lines and paths are never hand-made.
 */
import type { HookEventCommon, HookEventOf, ToolCall } from '../../src/core/events/hookEvent';
import type { HookEventName } from '../../src/core/events/hookEventName';
import type { ToolCallContext } from '../../src/core/reading/tools/toolCallOf';
import { toolCallOf } from '../../src/core/reading/tools/toolCallOf';

export const WORKSPACE = '/ws';
export const SESSION_ID = '3f678c70-5199-4845-bf64-cb0d7149f568';
export const TIMESTAMP = '2026-11-22T03:25:30.321Z';
export const TRANSCRIPT_PATH = `/home/dev/.vscode/transcripts/${SESSION_ID}.jsonl`;

/** Everything of an event but its name may be overridden. */
export type EventOverrides<N extends HookEventName> = Partial<Omit<HookEventOf<N>, 'name'>>;

function common(): HookEventCommon {
	return {
		dialect: 'vscode',
		sessionId: SESSION_ID,
		timestamp: TIMESTAMP,
		cwd: WORKSPACE,
		transcriptPath: TRANSCRIPT_PATH,
	};
}

// ---- tools -------------------------------------------------------------------------------------

/** Any tool call, normalised by the real `toolCallOf`; `useId` defaults to a Local-style id. */
export function tool(
	name: string,
	input: Record<string, unknown> = {},
	context: ToolCallContext = {},
): ToolCall {
	return toolCallOf(name, input, { useId: 'call_1__vscode-1', cwd: WORKSPACE, ...context });
}

/** A shell command: VS Code's `run_in_terminal` by default, or `bash`, `Bash`, `powershell`… */
export function shellTool(
	command: string,
	options: { readonly name?: string; readonly cwd?: string } = {},
): ToolCall {
	const name = options.name ?? 'run_in_terminal';
	const input =
		name === 'run_in_terminal'
			? { command, explanation: 'x', goal: 'x', mode: 'sync', isBackground: false }
			: { command };
	return tool(name, input, options.cwd === undefined ? {} : { cwd: options.cwd });
}

/** A file write: Local `create_file` by default. */
export function fileWrite(path: string, content = ''): ToolCall {
	return tool('create_file', { filePath: path, content });
}

/** An in-place edit: Local `replace_string_in_file`. */
export function fileEdit(path: string, oldString = 'a', newString = 'b'): ToolCall {
	return tool('replace_string_in_file', { filePath: path, oldString, newString });
}

/** A patch: Local `apply_patch` with the patch text as `input`. */
export function applyPatch(patch: string): ToolCall {
	return tool('apply_patch', { input: patch, explanation: 'x' });
}

/** A file read: Local `read_file`. */
export function fileRead(path: string): ToolCall {
	return tool('read_file', { filePath: path, startLine: 1, endLine: 100 });
}

/** A web fetch: Local `fetch_webpage`. */
export function webFetch(url: string): ToolCall {
	return tool('fetch_webpage', { urls: [url], query: '' });
}

/** A subagent spawn: Local `runSubagent`. */
export function subagentTool(prompt: string): ToolCall {
	return tool('runSubagent', { prompt, description: 'sub task' });
}

/** An MCP tool in the `mcp__server__tool` spelling. */
export function mcpTool(
	server: string,
	name: string,
	input: Record<string, unknown> = {},
): ToolCall {
	return tool(`mcp__${server}__${name}`, input);
}

// ---- events ------------------------------------------------------------------------------------

/** SessionStart with `source: 'new'`, as Local sends on a conversation's first turn. */
export function sessionStart(
	overrides: EventOverrides<'SessionStart'> = {},
): HookEventOf<'SessionStart'> {
	return { ...common(), name: 'SessionStart', source: 'new', model: 'fake-model', ...overrides };
}

/** UserPromptSubmit carrying `prompt`. */
export function userPrompt(
	prompt = 'say hi using the terminal',
	overrides: EventOverrides<'UserPromptSubmit'> = {},
): HookEventOf<'UserPromptSubmit'> {
	return { ...common(), name: 'UserPromptSubmit', prompt, ...overrides };
}

/** PreToolUse; the tool defaults to `run_in_terminal` running `echo hi`. */
export function preToolUse(
	overrides: EventOverrides<'PreToolUse'> = {},
): HookEventOf<'PreToolUse'> {
	return { ...common(), name: 'PreToolUse', tool: shellTool('echo hi'), ...overrides };
}

/** PostToolUse; the tool defaults to `run_in_terminal` running `echo hi`, its response to `hi`. */
export function postToolUse(
	overrides: EventOverrides<'PostToolUse'> = {},
): HookEventOf<'PostToolUse'> {
	return {
		...common(),
		name: 'PostToolUse',
		tool: shellTool('echo hi'),
		toolResponse: 'hi',
		...overrides,
	};
}

/** PreCompact with `trigger: 'auto'`, the only trigger Local sends. */
export function preCompact(
	overrides: EventOverrides<'PreCompact'> = {},
): HookEventOf<'PreCompact'> {
	return { ...common(), name: 'PreCompact', trigger: 'auto', ...overrides };
}

/** SubagentStart for Local's default subagent. */
export function subagentStart(
	overrides: EventOverrides<'SubagentStart'> = {},
): HookEventOf<'SubagentStart'> {
	return {
		...common(),
		name: 'SubagentStart',
		agentId: 'call_1',
		agentType: 'default',
		...overrides,
	};
}

/** SubagentStop for Local's default subagent, not yet re-entered. */
export function subagentStop(
	overrides: EventOverrides<'SubagentStop'> = {},
): HookEventOf<'SubagentStop'> {
	return {
		...common(),
		name: 'SubagentStop',
		agentId: 'call_1',
		agentType: 'default',
		stopHookActive: false,
		...overrides,
	};
}

/** Stop, not yet re-entered (`stopHookActive: false`). */
export function stop(overrides: EventOverrides<'Stop'> = {}): HookEventOf<'Stop'> {
	return { ...common(), name: 'Stop', stopHookActive: false, ...overrides };
}

/** SessionEnd (CLI only), as sent by the Copilot CLI. */
export function sessionEnd(
	overrides: EventOverrides<'SessionEnd'> = {},
): HookEventOf<'SessionEnd'> {
	return {
		...common(),
		dialect: 'copilotCli',
		name: 'SessionEnd',
		reason: 'complete',
		...overrides,
	};
}

/** ErrorOccurred (CLI only), as sent by the Copilot CLI. */
export function errorOccurred(
	overrides: EventOverrides<'ErrorOccurred'> = {},
): HookEventOf<'ErrorOccurred'> {
	return {
		...common(),
		dialect: 'copilotCli',
		name: 'ErrorOccurred',
		error: 'Network timeout',
		errorContext: 'model_call',
		recoverable: true,
		...overrides,
	};
}

/** PostToolUseFailure (Copilot runtime only): a shell call that failed. */
export function postToolUseFailure(
	overrides: EventOverrides<'PostToolUseFailure'> = {},
): HookEventOf<'PostToolUseFailure'> {
	return {
		...common(),
		dialect: 'copilotCli',
		name: 'PostToolUseFailure',
		tool: shellTool('echo hi'),
		error: 'Path does not exist',
		...overrides,
	};
}

/** PermissionRequest (Copilot CLI only): the runtime is about to ask about a shell call. */
export function permissionRequest(
	overrides: EventOverrides<'PermissionRequest'> = {},
): HookEventOf<'PermissionRequest'> {
	return {
		...common(),
		dialect: 'copilotCli',
		name: 'PermissionRequest',
		tool: shellTool('echo hi'),
		...overrides,
	};
}

/** Notification (Copilot CLI only): a permission prompt shown to the person. */
export function notification(
	overrides: EventOverrides<'Notification'> = {},
): HookEventOf<'Notification'> {
	return {
		...common(),
		dialect: 'copilotCli',
		name: 'Notification',
		message: 'Run command: echo hi',
		title: 'Permission needed',
		notificationType: 'permission_prompt',
		...overrides,
	};
}

/** One valid event of each kind, for tests that must hold for every event. */
export function oneOfEach(): { readonly [N in HookEventName]: HookEventOf<N> } {
	return {
		SessionStart: sessionStart(),
		UserPromptSubmit: userPrompt(),
		PreToolUse: preToolUse(),
		PostToolUse: postToolUse(),
		PreCompact: preCompact(),
		SubagentStart: subagentStart(),
		SubagentStop: subagentStop(),
		Stop: stop(),
		SessionEnd: sessionEnd(),
		ErrorOccurred: errorOccurred(),
		PostToolUseFailure: postToolUseFailure(),
		PermissionRequest: permissionRequest(),
		Notification: notification(),
	};
}
