import { eventSubject } from '../events/eventSubject';
import type { HookEvent } from '../events/hookEvent';

const MAX_SUMMARY = 200;

/**
 * One line that says what an event was about, for the log's `summary` column and exports: the tool and its command
 * line or paths, a prompt excerpt, the subagent type. Not masked here; the caller masks the event first.
 */
export function summarizeEvent(event: HookEvent): string {
	switch (event.name) {
		case 'PreToolUse':
		case 'PostToolUse':
		case 'PermissionRequest': {
			const { tool } = event;
			const what =
				eventSubject(event) ||
				(Object.keys(tool.input).length > 0 ? JSON.stringify(tool.input) : '');
			return clip(what ? `${tool.name}: ${what}` : tool.name);
		}
		case 'UserPromptSubmit':
			return clip(`prompt: ${eventSubject(event)}`);
		case 'SessionStart':
			return clip(`session start${event.source ? ` (${event.source})` : ''}`);
		case 'SubagentStart':
		case 'SubagentStop':
			return clip(
				`subagent ${event.agentType ?? event.agentName ?? '?'}${event.agentId ? ` ${event.agentId}` : ''}`,
			);
		case 'Stop':
			return event.stopHookActive ? 'stop (re-entered)' : 'stop';
		case 'PreCompact':
			return `compact${event.trigger ? ` (${event.trigger})` : ''}`;
		case 'SessionEnd':
			return `session end${event.reason ? ` (${event.reason})` : ''}`;
		case 'ErrorOccurred':
			return clip(`error: ${event.error ?? '?'}`);
		case 'PostToolUseFailure':
			return clip(`${event.tool.name} ${eventSubject(event)}`);
		case 'Notification':
			return clip(
				`notification${event.notificationType ? ` (${event.notificationType})` : ''}: ${event.message ?? event.title ?? ''}`,
			);
	}
}

function clip(text: string): string {
	const line = text.replace(/\s+/g, ' ').trim();
	return line.length > MAX_SUMMARY ? `${line.slice(0, MAX_SUMMARY - 1)}…` : line;
}
