import { describe, expect, it } from 'vitest';

import { toolEffects } from '../../../../../src/core/reading/effects/toolEffects';
import { toolCallOf } from '../../../../../src/core/reading/tools/toolCallOf';

function effectsOf(name: string, input: Record<string, unknown>): string[] {
	return toolEffects(toolCallOf(name, input, { cwd: '/ws' })).map(
		(e) => `${e.kind}${e.tree ? ' tree' : ''} ${e.path ?? e.subject ?? ''} @${e.reach}`,
	);
}

/** [tool name, arguments, an effect it must have]: every harness's file tools, by name or by argument shape. */
const ROWS: readonly (readonly [name: string, input: Record<string, unknown>, effect: string])[] = [
	['create_file', { filePath: '/ws/a.ts', content: 'x' }, 'write /ws/a.ts @fileTool'],
	['write_to_file', { TargetFile: '/ws/a.ts', CodeContent: 'x' }, 'write /ws/a.ts @fileTool'],
	[
		'edit_file',
		{ target_file: 'file:///ws/.vscode/settings.json', code_edit: 'x' },
		'write file:///ws/.vscode/settings.json @fileTool',
	],
	['Write', { file_path: '/ws/b.ts', content: 'x' }, 'write /ws/b.ts @fileTool'],
	['str_replace_editor', { command: 'view', path: '/ws/.env' }, 'read /ws/.env @fileTool'],
	[
		'str_replace_editor',
		{ command: 'create', path: '/ws/x.ts', file_text: 'x' },
		'write /ws/x.ts @fileTool',
	],
	[
		'read_file',
		{ filePath: '/home/dev/.aws/credentials' },
		'read /home/dev/.aws/credentials @fileTool',
	],
	[
		'apply_patch',
		{ input: '*** Begin Patch\n*** Delete File: /ws/src/a.ts\n*** End Patch' },
		'delete /ws/src/a.ts @fileTool',
	],
	['mcp__fs__move_file', { source: '/ws/a', destination: '/ws/b' }, 'write /ws/b @mcpTool'],
	['mcp__fs__move_file', { source: '/ws/a', destination: '/ws/b' }, 'move tree /ws/a @mcpTool'],
	['mcp__fs__delete_file', { path: '/ws/a' }, 'delete tree /ws/a @mcpTool'],
	// A delete tool given what looks like a folder may take everything in it.
	['mcp__fs__delete', { target: '/ws/.github' }, 'delete tree /ws/.github @mcpTool'],
	['delete_file', { filePath: '/ws/src/' }, 'delete tree /ws/src/ @fileTool'],
	['delete_file', { filePath: '/ws/src/a.ts' }, 'delete /ws/src/a.ts @fileTool'],
	// Every item of a batch edit writes its own file, not only the first.
	[
		'multi_replace_string_in_file',
		{
			explanation: 'x',
			replacements: [
				{ filePath: '/ws/src/a.ts', oldString: 'a', newString: 'b' },
				{ filePath: '/ws/.vscode/settings.json', oldString: '{', newString: '{"x":1,' },
			],
		},
		'write /ws/.vscode/settings.json @fileTool',
	],
	[
		'multi_replace_string_in_file',
		{ replacements: [{ filePath: '/ws/src/a.ts', oldString: 'a', newString: 'b' }] },
		'write /ws/src/a.ts @fileTool',
	],
	// A patch that renames a file writes where it moves it to.
	[
		'apply_patch',
		{
			input:
				'*** Begin Patch\n*** Update File: /ws/a.ts\n*** Move to: /ws/.github/hooks/h.json\n@@\n-a\n+b\n*** End Patch',
		},
		'write /ws/.github/hooks/h.json @fileTool',
	],
	[
		'view_image',
		{ filePath: '/home/dev/.ssh/id_ed25519' },
		'read /home/dev/.ssh/id_ed25519 @fileTool',
	],
	['grep', { pattern: 'x', paths: '/home/dev/.aws' }, 'read /home/dev/.aws @fileTool'],
	// A web tool handed a local address reads that file.
	[
		'fetch_webpage',
		{ urls: ['https://example.com', 'file:///home/dev/.ssh/id_rsa'] },
		'read file:///home/dev/.ssh/id_rsa @fileTool',
	],
	['web_fetch', { url: 'FILE:///etc/shadow' }, 'read FILE:///etc/shadow @fileTool'],
];

describe('toolEffects: file and MCP tools become the same effects a shell line would', () => {
	it.each(ROWS)('%s %j', (name, input, effect) => {
		expect(effectsOf(name, input)).toContain(effect);
	});

	it('leaves shell, web and subagent tools to their own readers', () => {
		expect(effectsOf('run_in_terminal', { command: 'rm -rf /' })).toEqual([]);
		expect(effectsOf('mcp__x__execute_command', { command: 'rm -rf ~' })).toEqual([]);
		expect(effectsOf('fetch_webpage', { urls: ['https://x.io'] })).toEqual([]);
	});
});
