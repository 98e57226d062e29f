import type { HookEvent } from '../events/hookEvent';
import { PATH_KEY } from '../reading/tools/toolPathsOf';

/** The one field of a tool call a person may edit before allowing it: its command line, or the path it touches. */
export interface EditableField {
	/** The key of the tool input that holds it (`command`, `filePath`, `file_path`, `path`). */
	readonly key: string;
	readonly value: string;
	readonly what: 'command' | 'path';
}

// The keys a command line is read from (see toolCallOf), in the order tried.
const COMMAND_KEYS = ['command', 'cmd'] as const;

/**
 * What *Allow with Changes…* offers to edit: a shell call's command line (when the tool sends it as one string), else a
 * file tool's one path; `undefined` when the call has neither (a prompt, a patch, a list of edits) or names several
 * paths (a move's source and destination: which one the person means is not clear), so the choice is not offered.
 */
export function editableFieldOf(event: HookEvent): EditableField | undefined {
	if (event.name !== 'PreToolUse') {
		return undefined;
	}
	const { input, commandLine } = event.tool;
	const command = COMMAND_KEYS.find(
		(key) => input[key] === commandLine && commandLine !== undefined,
	);
	if (command !== undefined && commandLine !== undefined) {
		return { key: command, value: commandLine, what: 'command' };
	}
	const paths = Object.entries(input).filter(
		(entry): entry is [string, string] => PATH_KEY.test(entry[0]) && typeof entry[1] === 'string',
	);
	const [only] = paths;
	return paths.length === 1 && only ? { key: only[0], value: only[1], what: 'path' } : undefined;
}

/** The whole tool input with the edited field replaced: what runs once the person allows it. */
export function withEditedField(
	event: HookEvent,
	field: EditableField,
	value: string,
): Readonly<Record<string, unknown>> {
	return event.name === 'PreToolUse' ? { ...event.tool.input, [field.key]: value } : {};
}
