import type { ToolKind } from '../../terms/toolKind';

// Keys are lower-cased: where harnesses spell one tool differently only by case (`bash`/`Bash`,
// `edit`/`Edit`, `task`/`Task`) they always mean the same kind, so one entry covers both.
const KIND_BY_LOWER_NAME: ReadonlyMap<string, ToolKind> = new Map<string, ToolKind>([
	// VS Code Local; `runTerminalCommand` is the docs' sample name, kept so a sample-based rule still bites.
	['run_in_terminal', 'shell'],
	['runinterminal', 'shell'],
	['runterminalcommand', 'shell'],
	// A task's command runs in a shell exactly like a terminal command.
	['create_and_run_task', 'shell'],
	// Text typed into a terminal the agent started, where its shell (or the program waiting there) runs it.
	['send_to_terminal', 'shell'],
	// A notebook cell runs code its arguments do not carry: a shell call with no command, which is never let through
	// unread.
	['run_notebook_cell', 'shell'],
	// Copilot CLI and Claude.
	['bash', 'shell'],
	['powershell', 'shell'],
	['pwsh', 'shell'],
	// Codex and other harnesses.
	['shell', 'shell'],
	['exec', 'shell'],
	['exec_command', 'shell'],
	['local_shell', 'shell'],
	['run_shell_command', 'shell'],
	// Cursor, Cline/Roo, Windsurf and other agents' terminal tools.
	['run_terminal_cmd', 'shell'],
	['run_terminal_command', 'shell'],
	['execute_command', 'shell'],
	['run_command', 'shell'],
	['shell_exec', 'shell'],
	['terminal', 'shell'],

	// VS Code Local; `editFiles`/`createFile` are the docs' sample names.
	['create_file', 'fileWrite'],
	['replace_string_in_file', 'fileWrite'],
	['multi_replace_string_in_file', 'fileWrite'],
	['insert_edit_into_file', 'fileWrite'],
	['apply_patch', 'fileWrite'],
	['edit_notebook_file', 'fileWrite'],
	['create_directory', 'fileWrite'],
	['editfiles', 'fileWrite'],
	['createfile', 'fileWrite'],
	// Copilot CLI.
	['create', 'fileWrite'],
	['edit', 'fileWrite'],
	['str_replace_editor', 'fileWrite'],
	['str_replace_based_edit_tool', 'fileWrite'],
	['str_replace', 'fileWrite'],
	['write_file', 'fileWrite'],
	['edit_file', 'fileWrite'],
	// Other agents' file tools (Cursor `target_file`, Cline `write_to_file`, Roo `apply_diff`, Windsurf).
	['write_to_file', 'fileWrite'],
	['replace_in_file', 'fileWrite'],
	['apply_diff', 'fileWrite'],
	['insert_content', 'fileWrite'],
	['search_and_replace', 'fileWrite'],
	['delete_file', 'fileWrite'],
	['move_file', 'fileWrite'],
	['rename_file', 'fileWrite'],
	['search_replace', 'fileWrite'],
	['write_to_file_tool', 'fileWrite'],
	// Claude.
	['write', 'fileWrite'],
	['multiedit', 'fileWrite'],
	['notebookedit', 'fileWrite'],

	// VS Code Local.
	['read_file', 'fileRead'],
	['view_image', 'fileRead'],
	['list_dir', 'fileRead'],
	['grep_search', 'fileRead'],
	['file_search', 'fileRead'],
	['semantic_search', 'fileRead'],
	['get_errors', 'fileRead'],
	['get_changed_files', 'fileRead'],
	// Copilot CLI.
	['view', 'fileRead'],
	['glob', 'fileRead'],
	['grep', 'fileRead'],
	['rg', 'fileRead'],
	// Claude.
	['read', 'fileRead'],
	['ls', 'fileRead'],
	['notebookread', 'fileRead'],

	// VS Code Local (`vscode_fetchWebPage` is the core tool behind `fetch_webpage`).
	['fetch_webpage', 'web'],
	['vscode_fetchwebpage', 'web'],
	['github_repo', 'web'],
	// Copilot CLI and Claude.
	['web_fetch', 'web'],
	['web_search', 'web'],
	['webfetch', 'web'],
	['websearch', 'web'],

	['runsubagent', 'subagent'],
	// Copilot Chat's own subagents: each tool call they make reaches the hooks as a call of its own.
	['search_subagent', 'subagent'],
	['explore_subagent', 'subagent'],
	['execution_subagent', 'subagent'],
	['task', 'subagent'],
	['agent', 'subagent'],
]);

// `mcp__server__tool` is how Claude and the Copilot CLI name MCP tools; VS Code Local exposes them
// to the model as `mcp_server_tool`.
const MCP_NAME = /^mcp__?[^_]/i;

/** An MCP tool that runs a shell command by its own name (`mcp__desktop__execute_command`, `mcp_shell_run`). */
const MCP_SHELL =
	/^mcp__?.*?(?:__|_)(?:execute_command|run_command|run_terminal_cmd|run_shell_command|shell_exec|exec_command|execute_shell|run_shell|bash|shell|terminal|exec|(?:start|spawn|run|execute)_process)$/i;

/** A tool with a generic verb on a server named for running commands (`mcp__shell__run`, `mcp__exec__execute`). */
const MCP_SHELL_SERVER =
	/^mcp__?[\w-]*?(?:shell|terminal|exec|bash|cmd|command|process)[\w-]*?(?:__|_)(?:run|execute|exec|start|spawn)$/i;

/** What a tool does, from its name in any harness's spelling; an unknown name is `other`, never guessed. */
export function toolKindOf(name: string): ToolKind {
	const known = KIND_BY_LOWER_NAME.get(name.toLowerCase());
	if (known) {
		return known;
	}
	if (MCP_SHELL.test(name) || MCP_SHELL_SERVER.test(name)) {
		return 'shell';
	}
	return MCP_NAME.test(name) ? 'mcp' : 'other';
}
