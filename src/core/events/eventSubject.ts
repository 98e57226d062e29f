import type { HookEvent } from './hookEvent';

/**
 * What an event was about, as raw text (not masked, not shortened): a tool call's command line or paths, the prompt,
 * the subagent, the error or notification; empty when there is nothing beyond the event's name. The Events view and
 * the audit log both start from this, each masking and shaping it for its reader.
 */
export function eventSubject(event: HookEvent): string {
	switch (event.name) {
		case 'PreToolUse':
		case 'PostToolUse':
		case 'PermissionRequest':
			return event.tool.commandLine ?? event.tool.paths.join(', ');
		case 'PostToolUseFailure':
			return `failed: ${event.error ?? '?'}`;
		case 'UserPromptSubmit':
			return event.prompt;
		case 'SubagentStart':
		case 'SubagentStop':
			return event.agentType ?? event.agentName ?? '';
		case 'SessionStart':
			return event.source ?? '';
		case 'PreCompact':
			return event.trigger ?? '';
		case 'ErrorOccurred':
			return event.error ?? '';
		case 'Notification':
			return event.message ?? event.title ?? '';
		case 'SessionEnd':
			return event.reason ?? '';
		case 'Stop':
			return event.stopHookActive ? 're-entered' : '';
	}
}
