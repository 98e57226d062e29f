import { describe, expect, it } from 'vitest';

import { type Call, verdictOf } from '../../../support/verdictOf';

const tool = (name: string, input: Record<string, unknown> = {}): Call => ({ name, input });
const vscode = (commandId: string, args?: unknown): Call =>
	tool('run_vscode_command', { commandId, ...(args !== undefined && { args }) });

/** Tools judged by what their name, command id or setting key says, not only by the paths they name. */
const ROWS: Readonly<Record<string, readonly (readonly [Call, string])[]>> = {
	'the verb of an MCP tool that names no path, on the data its server holds': [
		[
			tool('mcp__jira__delete_issue', { issueKey: 'OPS-1' }),
			'ask destructiveCommands.serviceDataLoss',
		],
		[
			tool('mcp__postgres__drop_table', { table: 'orders' }),
			'ask destructiveCommands.serviceDataLoss',
		],
		[tool('mcp__cache__flushdb'), 'ask destructiveCommands.serviceDataLoss'],
		[
			tool('mcp__cloud__terminate_instance', { instanceId: 'i-1', target: 'eu' }),
			'ask destructiveCommands.serviceDataLoss',
		],
		[tool('mcp_linear_archive_and_delete_issue'), 'ask destructiveCommands.serviceDataLoss'],
	],
	'a whole scope through an MCP tool: a namespace, a project, everything, production': [
		[
			tool('mcp__k8s__delete_namespace', { name: 'payments' }),
			'deny destructiveCommands.serviceDataLoss',
		],
		[tool('mcp_linear_delete_project', { id: 'p1' }), 'deny destructiveCommands.serviceDataLoss'],
		[tool('mcp__store__delete_records', { all: true }), 'deny destructiveCommands.serviceDataLoss'],
		[
			tool('mcp__cloud__delete_stack', { stackName: 'web', environment: 'production' }),
			'deny destructiveCommands.serviceDataLoss',
		],
	],
	'MCP tools whose verb only looks or builds, or whose object costs nothing': [
		[tool('mcp__github__list_deleted_workflows'), 'none'],
		[tool('mcp__github__create_issue', { title: 'remove the flaky test' }), 'none'],
		[tool('mcp__memory__delete_entities', { entityNames: ['draft'] }), 'none'],
		[tool('mcp__filesystem__delete_file', { path: 'src/old.ts' }), 'none'],
	],
	'editor commands that type a line into a terminal run that line': [
		[
			vscode('workbench.action.terminal.sendSequence', { text: 'rm -rf ~\n' }),
			'deny destructiveCommands.recursiveForceDelete',
		],
		[vscode('workbench.action.terminal.sendSequence', { text: 'npm test\n' }), 'none'],
		[vscode('workbench.action.terminal.runSelectedText'), 'ask destructiveCommands.hiddenCode'],
	],
	"editor commands that clean git's working tree, as git clean and checkout are judged": [
		[vscode('git.cleanAll'), 'deny destructiveCommands.discardChanges'],
		[vscode('git.clean', ['src/a.ts']), 'ask destructiveCommands.discardChanges'],
		[vscode('git.stashDropAll'), 'ask destructiveCommands.historyRewrite'],
	],
	'editor commands that switch Hookwarden off or install code': [
		[
			tool('mcp__vscode__execute_command', {
				command: 'workbench.extensions.action.disableExtension',
				args: ['HookWarden.hookwarden'],
			}),
			'deny protectedPaths.ownState',
		],
		[vscode('workbench.extensions.action.disableAll'), 'deny protectedPaths.ownState'],
		[vscode('hookwarden.pause'), 'deny protectedPaths.ownState'],
		[vscode('hookwarden.alwaysAllow'), 'deny protectedPaths.ownState'],
		[vscode('hookwarden.showActivity'), 'none'],
		[
			vscode('workbench.extensions.installExtension', ['/tmp/helper.vsix']),
			'ask protectedPaths.configExec',
		],
		[vscode('workbench.extensions.installExtension', ['ms-python.python']), 'none'],
		[
			vscode('workbench.extensions.uninstallExtension', ['esbenp.prettier-vscode']),
			'ask destructiveCommands.serviceDataLoss',
		],
	],
	"Copilot Chat's install_extension, as the editor's install command with that id": [
		[tool('install_extension', { id: 'ms-python.python', name: 'Python' }), 'none'],
		[
			tool('install_extension', { id: '/tmp/helper.vsix', name: 'helper' }),
			'ask protectedPaths.configExec',
		],
	],
	'VS Code 1.139 terminal and notebook tools': [
		[
			tool('send_to_terminal', { id: 'a1', command: 'rm -rf ~', waitForOutput: true }),
			'deny destructiveCommands.recursiveForceDelete',
		],
		[tool('send_to_terminal', { id: 'a1', command: 'y' }), 'none'],
		[
			tool('run_notebook_cell', { filePath: '/ws/a.ipynb', cellId: 'c1' }),
			'ask destructiveCommands.unreadableCommandLine',
		],
	],
	"an extension's own command by its verb; the editor's own editing commands stay quiet": [
		[vscode('remote-containers.removeContainer'), 'ask destructiveCommands.serviceDataLoss'],
		[vscode('editor.action.deleteLines'), 'none'],
		[vscode('workbench.action.files.save'), 'none'],
	],
	'settings changed by key': [
		[
			tool('mcp__vscode__update_setting', { key: 'hookwarden.defaultVerdict', value: 'allow' }),
			'deny protectedPaths.ownState',
		],
		[
			tool('mcp__ide__set_setting', { setting: 'chat.tools.autoApprove', value: true }),
			'ask protectedPaths.configExec',
		],
		[
			tool('mcp__vscode__update_setting', {
				key: 'python.defaultInterpreterPath',
				value: '/tmp/py',
			}),
			'ask protectedPaths.configExec',
		],
		[tool('mcp__vscode__update_setting', { key: 'editor.fontSize', value: 14 }), 'none'],
	],
};

describe('tools are judged by their verbs, command ids and setting keys', () => {
	for (const [kind, rows] of Object.entries(ROWS)) {
		describe(kind, () => {
			it.each(rows)('%j → %s', async (call, expected) => {
				expect(await verdictOf(call)).toBe(expected);
			});
		});
	}
});
