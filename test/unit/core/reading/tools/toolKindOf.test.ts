import { describe, expect, it } from 'vitest';
import type { ToolKind } from '../../../../../src/core/terms/toolKind';
import { TOOL_KINDS } from '../../../../../src/core/terms/toolKind';
import { toolKindOf } from '../../../../../src/core/reading/tools/toolKindOf';

// Grouped by harness so a missing spelling is easy to spot: [kind, names…].
const TABLE: readonly (readonly [ToolKind, readonly string[]])[] = [
	[
		'shell',
		[
			// VS Code Local (and the docs' sample name)
			'run_in_terminal',
			'runTerminalCommand',
			'create_and_run_task',
			// VS Code 1.139: typing into a terminal the agent started, and running a notebook cell
			'send_to_terminal',
			'run_notebook_cell',
			// Copilot CLI
			'bash',
			'powershell',
			// Claude and the Copilot harness's Claude names
			'Bash',
			'PowerShell',
			// others
			'pwsh',
			'shell',
			'exec',
			'exec_command',
			'local_shell',
			'run_shell_command',
			// MCP servers named for running commands, with a generic verb
			'mcp__shell__run',
			'mcp__exec__execute',
			'mcp_terminal_server_start',
			// MCP tools named for starting a process (Desktop Commander's `start_process`)
			'mcp__desktop-commander__start_process',
			'mcp_procs_spawn_process',
		],
	],
	[
		'fileWrite',
		[
			'create_file',
			'replace_string_in_file',
			'multi_replace_string_in_file',
			'insert_edit_into_file',
			'apply_patch',
			'edit_notebook_file',
			'create_directory',
			'editFiles',
			'createFile',
			'create',
			'edit',
			'str_replace_editor',
			'str_replace_based_edit_tool',
			'write_file',
			'edit_file',
			'Write',
			'Edit',
			'MultiEdit',
			'NotebookEdit',
		],
	],
	[
		'fileRead',
		[
			'read_file',
			'view_image',
			'list_dir',
			'grep_search',
			'file_search',
			'semantic_search',
			'get_errors',
			'get_changed_files',
			'view',
			'glob',
			'grep',
			'rg',
			'Read',
			'Glob',
			'Grep',
			'LS',
			'NotebookRead',
		],
	],
	[
		'web',
		[
			'fetch_webpage',
			'vscode_fetchWebPage',
			'github_repo',
			'web_fetch',
			'web_search',
			'WebFetch',
			'WebSearch',
		],
	],
	[
		'subagent',
		[
			'runSubagent',
			'task',
			'Task',
			'Agent',
			'search_subagent',
			'explore_subagent',
			'execution_subagent',
		],
	],
	[
		'mcp',
		[
			'mcp__github__create_issue',
			'mcp__playwright__browser_navigate',
			'mcp_github_create_issue',
			'MCP__server__tool',
			// a generic verb on a server not named for commands
			'mcp__tests__run',
		],
	],
	[
		'other',
		[
			'manage_todo_list',
			'memory',
			'run_task',
			'runTests',
			'get_terminal_output',
			'vscode_askQuestions',
			'install_extension',
			'run_vscode_command',
			'ask_user',
			'AskUserQuestion',
			'TodoWrite',
			'report_intent',
			'',
			'mcp',
			'mcp_',
			'mcp___x',
			'mcpish',
			'bash2',
			'run_in_terminal_x',
		],
	],
];

const ROWS = TABLE.flatMap(([kind, names]) => names.map((name) => [name, kind] as const));

describe('toolKindOf', () => {
	it.each(ROWS)('%j is %s', (name, kind) => {
		expect(toolKindOf(name)).toBe(kind);
	});

	it('has rows for every kind', () => {
		expect(new Set(TABLE.map(([kind]) => kind))).toEqual(new Set(TOOL_KINDS));
	});

	it('covers every Claude name the Copilot harness maps CLI tools to', () => {
		// contract §4.4: bash/powershell→Bash, view→Read, create→Write, edit/str_replace_editor/apply_patch→Edit,
		// grep/rg→Grep, glob→Glob, web_fetch→WebFetch, web_search→WebSearch, task→Agent.
		const pairs: readonly (readonly [string, string])[] = [
			['bash', 'Bash'],
			['powershell', 'Bash'],
			['view', 'Read'],
			['create', 'Write'],
			['edit', 'Edit'],
			['str_replace_editor', 'Edit'],
			['apply_patch', 'Edit'],
			['grep', 'Grep'],
			['rg', 'Grep'],
			['glob', 'Glob'],
			['web_fetch', 'WebFetch'],
			['web_search', 'WebSearch'],
			['task', 'Agent'],
		];
		for (const [cli, claude] of pairs) {
			expect({ cli, kind: toolKindOf(cli) }).toEqual({ cli, kind: toolKindOf(claude) });
		}
	});
});
