import type { HookEvent } from '../../core/events/hookEvent';
import { maskSecrets } from '../../core/secrets/findSecrets';

const MAX = 120;

/** Names what an approval is about in plain words: the command, the paths, or the prompt excerpt; secrets masked. */
export function describeApprovalSubject(event: HookEvent): string {
	switch (event.name) {
		case 'PreToolUse':
		case 'PostToolUse': {
			const { tool } = event;
			if (tool.commandLine !== undefined) {
				return `${tool.name} to run \`${shorten(maskSecrets(tool.commandLine))}\``;
			}
			if (tool.paths.length > 0) {
				const more = tool.paths.length > 1 ? ` and ${tool.paths.length - 1} more` : '';
				return `${tool.name} on ${shorten(tool.paths[0] ?? '')}${more}`;
			}
			return tool.name;
		}
		case 'UserPromptSubmit':
			return `the prompt “${shorten(maskSecrets(event.prompt))}”`;
		case 'SubagentStart':
			return `a ${event.agentType ?? ''} subagent`.replace('  ', ' ');
		default:
			return event.name;
	}
}

function shorten(text: string): string {
	const line = text.replace(/\s+/g, ' ').trim();
	return line.length > MAX ? `${line.slice(0, MAX - 1)}…` : line;
}
