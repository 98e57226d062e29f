/*
 * VS Code command ids an agent runs through a tool (`run_vscode_command {commandId, args}`, an MCP server's
 * `execute_command {command: 'workbench…'}`): what each family of ids does, as effects. Typing into a terminal is a
 * shell line; cleaning git's working tree, installing or removing extensions and running Hookwarden's own commands
 * are judged like the same act on the command line; an extension's other ids by their verb.
 */
import type { Effect, EffectKind, EffectSubject } from '../../terms/effect';
import { HOOKWARDEN_EXTENSION_ID } from '../programs/editorCommandLines';
import { readVerbs, verbParts } from '../programs/verbs';

/** An editor command a tool runs: its id and its arguments as given. */
export interface EditorCommand {
	readonly id: string;
	readonly args: unknown;
}

/** A command id: dotted words without spaces (`workbench.action.terminal.sendSequence`, `git.cleanAll`). */
const COMMAND_ID = /^[A-Za-z][\w-]*(?:\.[\w-]+)+$/;

/** Argument keys that hold a command id whatever the tool is called. */
const ID_KEYS = ['commandId', 'command_id', 'commandID'];

/** Tools whose `command` argument is an editor command id rather than a shell line: the editor's own servers. */
const EDITOR_TOOL = /(?:vscode|vs_code|code|editor|workbench|ide)/i;

/** Copilot Chat's `install_extension {id, name}` does what the editor's own install command does with that id. */
const INSTALL_TOOL = /^install_?extension$/i;

/** The editor command a tool call runs, or `undefined` when it runs none. */
export function editorCommandOf(
	name: string,
	input: Readonly<Record<string, unknown>>,
): EditorCommand | undefined {
	if (INSTALL_TOOL.test(name) && typeof input.id === 'string') {
		return { id: 'workbench.extensions.installExtension', args: [input.id] };
	}
	const args = input.args ?? input.arguments ?? input.params;
	for (const key of ID_KEYS) {
		const id = input[key];
		if (typeof id === 'string' && COMMAND_ID.test(id.trim())) {
			return { id: id.trim(), args };
		}
	}
	const command = input.command;
	return typeof command === 'string' && COMMAND_ID.test(command.trim()) && EDITOR_TOOL.test(name)
		? { id: command.trim(), args }
		: undefined;
}

/** Ids that type text into the terminal, where the shell runs it. */
const TYPES_INTO_TERMINAL =
	/^workbench\.action\.terminal\.(?:sendSequence|sendText|runSelectedText|runActiveFile|runRecentCommand)$/i;

/** The text a terminal-typing command sends, when its arguments show it (`{text}`, `[{text}]`, `['text']`). */
function typedText(args: unknown): string | undefined {
	const first: unknown = Array.isArray(args) ? args[0] : args;
	if (typeof first === 'string') {
		return first;
	}
	const text = (first as { text?: unknown } | undefined)?.text;
	return typeof text === 'string' ? text : undefined;
}

/**
 * The shell line an editor command types into a terminal (`sendSequence {text: 'rm -rf ~\n'}`), without the keys
 * that run it; `undefined` for any other command or when the text is not shown.
 */
export function terminalLineOf(command: EditorCommand): string | undefined {
	if (!TYPES_INTO_TERMINAL.test(command.id)) {
		return undefined;
	}
	return typedText(command.args)
		?.replace(/(?:\\r|\\n|\r|\n)+$/, '')
		.trim();
}

/** What one editor command does, as the fields of one effect. */
interface CommandEffect {
	readonly kind: EffectKind;
	readonly subject: EffectSubject;
	readonly action: string;
	readonly whole?: true;
}

/** git's source-control commands that lose work or history, as the same acts on the command line are judged. */
const GIT_COMMANDS: readonly (readonly [RegExp, CommandEffect])[] = [
	[
		/^git\.clean(?:All|AllTracked)$/,
		{
			kind: 'historyRewrite',
			subject: 'worktree',
			whole: true,
			action: "discards every uncommitted change in git's working tree",
		},
	],
	[
		/^git\.cleanAllUntracked$/,
		{ kind: 'historyRewrite', subject: 'untrackedFiles', action: 'deletes every untracked file' },
	],
	[
		/^git\.(?:clean|revertChange|revertSelectedRanges)$/,
		{ kind: 'historyRewrite', subject: 'worktreeFiles', action: 'discards uncommitted changes' },
	],
	[
		/^git\.pushForce$/,
		{ kind: 'historyRewrite', subject: 'remoteHistory', action: 'force-pushes' },
	],
	[
		/^git\.stashDrop(?:All)?$/,
		{ kind: 'historyRewrite', subject: 'recoveryData', action: 'drops stashed work' },
	],
	[
		/^git\.undoCommit$/,
		{ kind: 'historyRewrite', subject: 'localHistory', action: 'undoes the last commit' },
	],
	[
		/^git\.delete(?:Remote)?Branch$/,
		{ kind: 'historyRewrite', subject: 'localRefs', action: 'deletes a branch' },
	],
];

/** Hookwarden's own commands that only show something; every other one changes what Hookwarden decides. */
const HOOKWARDEN_LOOKS = /^hookwarden\.(?:show|open|explain|reveal|filter|clearEventFilter)/i;

/** Namespaces of the editor's own ids, whose verbs edit text or the window (`editor.action.deleteLines`). */
const CORE_NAMESPACES = new Set([
	'editor',
	'workbench',
	'notebook',
	'search',
	'list',
	'explorer',
	'breadcrumbs',
	'problems',
	'debug',
	'cursor',
	'default',
	'scm',
	'terminal',
	'interactive',
	'inlinechat',
	'chat',
	'github.copilot',
]);

/** Whether an extension command's arguments name Hookwarden (`['hookwarden.hookwarden']`, `{id: …}`). */
function namesHookwarden(args: unknown): boolean {
	return JSON.stringify(args ?? '')
		.toLowerCase()
		.includes(HOOKWARDEN_EXTENSION_ID);
}

/** The extension an install command names, when its arguments show one as text. */
function extensionNamed(args: unknown): string {
	const first: unknown = Array.isArray(args) ? args[0] : args;
	return typeof first === 'string' ? first : JSON.stringify(first ?? '');
}

/** Installing, removing or disabling editor extensions. */
function extensionEffect(command: EditorCommand): CommandEffect | undefined {
	const id = command.id;
	if (!/^workbench\.extensions\./i.test(id)) {
		return undefined;
	}
	if (/(?:uninstall|disable)/i.test(id)) {
		return namesHookwarden(command.args) || /disableAll/i.test(id)
			? {
					kind: 'configExec',
					subject: 'hookSettings',
					action: `${/disable/i.test(id) ? 'disables' : 'uninstalls'} Hookwarden (\`${id}\`), so no hook call reaches it`,
				}
			: {
					kind: 'serviceDataLoss',
					subject: 'serviceData',
					action: `removes or disables the editor extension ${extensionNamed(command.args)}`,
				};
	}
	const named = extensionNamed(command.args);
	// A Marketplace id is an everyday install; a `.vsix` file or a path installs code nobody published.
	return /install/i.test(id) && /\.vsix|[\\/]/i.test(named)
		? {
				kind: 'configExec',
				subject: 'runtimeCode',
				action: `installs the editor extension ${named}, whose code runs in the editor without a hook call`,
			}
		: undefined;
}

/** What an editor command does, when its id says. */
function commandEffect(command: EditorCommand): CommandEffect | undefined {
	const { id } = command;
	if (/^hookwarden\./i.test(id)) {
		return HOOKWARDEN_LOOKS.test(id)
			? undefined
			: {
					kind: 'configExec',
					subject: 'hookSettings',
					action: `runs Hookwarden's own command \`${id}\`, which only the person may`,
				};
	}
	if (TYPES_INTO_TERMINAL.test(id)) {
		return {
			kind: 'exec',
			subject: 'runtimeCode',
			action: `types text Hookwarden cannot see into a terminal (\`${id}\`)`,
		};
	}
	const git = GIT_COMMANDS.find(([pattern]) => pattern.test(id))?.[1];
	if (git) {
		return git;
	}
	const extension = extensionEffect(command);
	if (extension) {
		return extension;
	}
	const segments = id.split('.');
	const namespace = segments.slice(0, -1).join('.');
	if (CORE_NAMESPACES.has(segments[0] ?? '') || CORE_NAMESPACES.has(namespace)) {
		return undefined;
	}
	const verbs = readVerbs(verbParts(segments.at(-1) ?? ''));
	return verbs.destroys
		? {
				kind: 'serviceDataLoss',
				subject: 'serviceData',
				action: `runs the editor command \`${id}\` (${verbs.why})`,
			}
		: undefined;
}

/**
 * The effects of an editor command run through a tool (see {@link editorCommandOf}); a command that types a line
 * into a terminal whose text is shown is read as that shell line instead (see {@link terminalLineOf}).
 */
export function editorCommandEffects(
	command: EditorCommand,
	make: (fields: CommandEffect) => Effect,
): Effect[] {
	const effect = commandEffect(command);
	return effect ? [make(effect)] : [];
}
