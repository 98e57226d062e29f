import type { Dialect } from './dialect';

// Only the CLI's camelCase payload uses these; the old VS Code spelling shares `sessionId` alone.
const CLI_KEYS = [
	'toolName',
	'toolArgs',
	'toolResult',
	'initialPrompt',
	'transcriptPath',
	'stopReason',
	'stopHookActive',
	'agentId',
	'agentType',
	'agentName',
	'errorContext',
	'customInstructions',
	'toolInput',
	'hookName',
];

// Keys VS Code Local and Claude-format payloads share.
const SNAKE_KEYS = [
	'session_id',
	'transcript_path',
	'tool_name',
	'tool_input',
	'tool_use_id',
	'tool_response',
	'stop_hook_active',
	'agent_id',
	'agent_type',
];

// Keys VS Code Local never sends: Claude's `permission_mode` and the Copilot harness's snake_case extras.
const CLAUDE_ONLY_KEYS = [
	'permission_mode',
	'tool_result',
	'agent_name',
	'stop_reason',
	'last_assistant_message',
	'error_context',
	'initial_prompt',
];

// Claude tool names (and what the Copilot harness reports with a PascalCase config); Local names are
// snake_case or camelCase, so a PascalCase word is Claude's even when the list misses it.
const CLAUDE_TOOL_NAME = /^(?:[A-Z][A-Za-z]+|mcp__.+)$/;

/**
 * Which dialect a payload speaks, from its keys alone: a payload naming its event is VS Code or Claude
 * (the CLI never names it); camelCase CLI keys or an epoch timestamp mean the CLI; Claude is told from
 * VS Code by Claude-only keys, a Claude tool name, or snake_case `tool_input` paths.
 */
export function detectDialect(payload: Readonly<Record<string, unknown>>): Dialect {
	// `sessionId` beside `hook_event_name` is the CLI's Notification payload: camelCase common fields, snake extras.
	const namesEvent =
		('hook_event_name' in payload &&
			!('sessionId' in payload && typeof payload.timestamp === 'number')) ||
		'hookEventName' in payload;
	if (!namesEvent) {
		const cli = CLI_KEYS.some((key) => key in payload) || typeof payload.timestamp === 'number';
		if (cli || !SNAKE_KEYS.some((key) => key in payload)) {
			return 'copilotCli';
		}
	}
	return looksLikeClaude(payload) ? 'claude' : 'vscode';
}

function looksLikeClaude(payload: Readonly<Record<string, unknown>>): boolean {
	if (CLAUDE_ONLY_KEYS.some((key) => key in payload)) {
		return true;
	}
	if (typeof payload.tool_name === 'string' && CLAUDE_TOOL_NAME.test(payload.tool_name)) {
		return true;
	}
	const input = payload.tool_input;
	return (
		typeof input === 'object' &&
		input !== null &&
		('file_path' in input || 'notebook_path' in input)
	);
}
