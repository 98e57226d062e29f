import type { ToolCall } from '../../events/hookEvent';
import { speaksPowerShell } from '../shell/powershellCmdlets';
import { type EditorCommand, editorCommandOf, terminalLineOf } from './editorCommands';
import type { ToolKind } from '../../terms/toolKind';
import { toolKindOf } from './toolKindOf';
import { toolPathsOf } from './toolPathsOf';

/** What besides the name and arguments shapes a {@link ToolCall}: the harness's call id and the event's `cwd`. */
export interface ToolCallContext {
	readonly useId?: string;
	/** The event's working directory; a Windows path tells which shell VS Code's terminal runs. */
	readonly cwd?: string;
}

// Tools that always run PowerShell, whatever the platform.
const POWERSHELL_TOOLS = new Set(['powershell', 'pwsh']);
// Tools that run the host's default terminal shell, which on Windows is PowerShell.
const HOST_SHELL_TOOLS = new Set([
	'run_in_terminal',
	'runinterminal',
	'runterminalcommand',
	'create_and_run_task',
	'send_to_terminal',
]);
const WINDOWS_PATH = /^(?:[A-Za-z]:[\\/]|\\\\)/;

/** Normalises one tool call from any harness: its kind, the command line and shell for shell tools, and every path it names. */
export function toolCallOf(
	name: string,
	input: Readonly<Record<string, unknown>>,
	context: ToolCallContext = {},
): ToolCall {
	const editor = editorCommandOf(name, input);
	const typed = editor && terminalLineOf(editor);
	const kind = typed !== undefined ? 'shell' : editorAware(toolKindOf(name), name, editor);
	const commandLine = typed ?? (kind === 'shell' ? commandLineOf(input) : undefined);
	const workingFolder =
		kind === 'shell' && typed === undefined ? workingFolderOf(input) : undefined;
	return {
		name,
		kind,
		input,
		...(context.useId !== undefined && { useId: context.useId }),
		...(kind === 'shell' && {
			shell: shellOf(name, context.cwd, commandLine, typed !== undefined),
		}),
		...(commandLine !== undefined && { commandLine }),
		paths: toolPathsOf(kind, input),
		...(workingFolder !== undefined && { workingFolder }),
	};
}

/** Where shell tools of the harnesses put the folder their line runs in. */
const WORKING_FOLDER_KEYS = ['cwd', 'workdir', 'working_directory', 'workingDirectory'];

/**
 * A shell tool's own working folder: a key of its own, or a VS Code task's `options.cwd`, else the `workspaceFolder`
 * `create_and_run_task` writes the task into, where a task without a cwd of its own runs.
 */
function workingFolderOf(input: Readonly<Record<string, unknown>>): string | undefined {
	const task = input.task;
	const options =
		typeof task === 'object' && task !== null
			? (task as Record<string, unknown>).options
			: undefined;
	const taskCwd =
		typeof options === 'object' && options !== null
			? (options as Record<string, unknown>).cwd
			: undefined;
	return [...WORKING_FOLDER_KEYS.map((key) => input[key]), taskCwd, input.workspaceFolder].find(
		(value): value is string => typeof value === 'string' && value.trim() !== '',
	);
}

/**
 * A tool named like one that runs shell commands (`mcp__vscode__execute_command`) but given an editor command id
 * runs that editor command, not a shell line.
 */
function editorAware(kind: ToolKind, name: string, editor: EditorCommand | undefined): ToolKind {
	if (!editor || kind !== 'shell') {
		return kind;
	}
	return /^mcp_/i.test(name) ? 'mcp' : 'other';
}

/**
 * The shell a tool's command line runs in: PowerShell for PowerShell tools, and for the host terminal (or a line an
 * editor command types into it) on Windows or when the line is written in PowerShell (a terminal on Linux or macOS may be pwsh); bash otherwise.
 */
function shellOf(
	name: string,
	cwd: string | undefined,
	commandLine: string | undefined,
	typedIntoTerminal: boolean,
): 'bash' | 'powershell' {
	const lower = name.toLowerCase();
	if (POWERSHELL_TOOLS.has(lower)) {
		return 'powershell';
	}
	const hostShell =
		(HOST_SHELL_TOOLS.has(lower) || typedIntoTerminal) &&
		((cwd !== undefined && WINDOWS_PATH.test(cwd)) ||
			(commandLine !== undefined && speaksPowerShell(commandLine)));
	return hostShell ? 'powershell' : 'bash';
}

/** Where shell tools of the harnesses and MCP servers put their command, most common first. */
const COMMAND_KEYS = [
	'command',
	'cmd',
	'commandLine',
	'command_line',
	'argv',
	'script',
	'shell_command',
	'input',
	'code',
];

function commandLineOf(input: Readonly<Record<string, unknown>>): string | undefined {
	for (const key of COMMAND_KEYS) {
		const direct = commandText(input[key]);
		if (direct !== undefined) {
			return direct;
		}
	}
	// `create_and_run_task` carries `{ task: { command, args } }`: run as one line, so policy sees it like a terminal command.
	const task = input.task;
	if (typeof task === 'object' && task !== null && !Array.isArray(task)) {
		const { command, args } = task as Record<string, unknown>;
		const base = commandText(command);
		const rest = Array.isArray(args)
			? args.filter((arg): arg is string => typeof arg === 'string')
			: [];
		return base === undefined ? undefined : [base, ...rest.map(quoteWord)].join(' ');
	}
	// A shell tool with one text argument under a name of its own (`{ "line": … }`) runs that text; words for the
	// person (`description`) or settings of the run (`cwd`) are not commands.
	const texts = Object.entries(input).filter(
		(entry): entry is [string, string] =>
			typeof entry[1] === 'string' && !NOT_COMMAND_KEYS.test(entry[0]),
	);
	return texts.length === 1 ? texts[0]?.[1] : undefined;
}

/**
 * Arguments of a shell tool that describe or set up the run rather than hold its command; a notebook cell's file and
 * id (`run_notebook_cell`) name the code that runs without holding it.
 */
const NOT_COMMAND_KEYS =
	/^(?:description|explanation|goal|title|label|summary|reason|mode|cwd|workdir|working_?directory|directory|dir|shell|timeout|workspace_?folder|file_?path|cell_?id)$/i;

function commandText(value: unknown): string | undefined {
	if (typeof value === 'string') {
		return value;
	}
	// Codex-style `command: ['bash', '-lc', 'rm -rf x']` is an argv, not a line: quote it back into one.
	if (Array.isArray(value) && value.length > 0 && value.every((word) => typeof word === 'string')) {
		return value.map(quoteWord).join(' ');
	}
	return undefined;
}

function quoteWord(word: string): string {
	return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
