/**
 * Tool shapes from the real tools: every tool the pinned VS Code build (with its Copilot Chat) and the Copilot CLI
 * package ship is either read by Hookwarden (every path, command and batch item of its writes, edits, shell lines,
 * patches and tasks) or listed below as read-only or harmless, with why. A new or changed tool fails here instead of
 * passing unread.
 *
 * The schemas are read from the installed packages (test/support/shippedTools.ts). The Copilot CLI comes with
 * `npm ci`; the VS Code build with `npm run vscode:install`, which `.ci/run` runs before this tier starts
 * (scripts/test.mjs waits for it). Where a package is missing, its checks are skipped and say so, unless
 * REQUIRE_VSCODE=1 (set by .ci/run), where a missing package fails.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import type { ToolCall } from '../../src/core/events/hookEvent';
import { parseHookEvent } from '../../src/core/reading/tools/parseHookEvent';
import { toolEffects } from '../../src/core/reading/effects/toolEffects';
import { editorCommandOf } from '../../src/core/reading/tools/editorCommands';
import {
	copilotCliBinary,
	copilotCliTools,
	type Schema,
	type ShippedTool,
	vscodeBuildFolder,
	vscodeTools,
	workbenchRegisters,
} from '../support/shippedTools';

const WS = '/home/dev/src/app';
const REQUIRED = process.env.REQUIRE_VSCODE === '1';

/**
 * Tools Hookwarden does not read as a write, an edit, a shell line or a task, each with why that is safe. A tool
 * that writes or runs something belongs in Hookwarden's reading (src/core/reading/tools), not here.
 */
const READ_ONLY_OR_HARMLESS: Readonly<Record<string, string>> = {
	// VS Code and Copilot Chat
	skill: "loads a skill's instructions into the conversation; runs nothing",
	search_workspace_symbols: 'looks symbol names up through the language servers; names no file',
	get_vscode_api: "searches VS Code's API documentation",
	read_project_structure: "lists the workspace's file tree; takes no arguments",
	create_new_workspace:
		'returns a plan for a new project; its files are then made by create_file, create_directory and run_in_terminal calls, each judged',
	create_new_jupyter_notebook:
		'opens a new untitled notebook in the editor; nothing reaches the disk until the person saves it',
	copilot_getNotebookSummary: "reads a notebook's cell list, which the editor already holds",
	read_notebook_cell_output: "reads a cell's output, which the editor already holds",
	test_search: 'finds the test files that belong to the files it is given; reads only',
	github_text_search: 'searches code on GitHub; touches nothing on this machine',
	switch_agent: 'switches the chat to Plan mode, which has fewer tools',
	memory:
		"writes only Copilot's own memory store: it refuses any path outside `/memories/` or with `..`, and resolves the rest inside its storage",
	resolve_memory_file_uri: 'turns a `/memories/` name into its storage address; reads nothing',
	session_store_sql:
		"queries Copilot's own session index (read-only SQL) or rebuilds that index; no workspace file or command",
	edit_files:
		'a placeholder naming the edit tools in prompts; it has no input and the model never calls it',
	manage_todo_list: "keeps the chat's todo list",
	get_terminal_output: 'reads what a terminal the agent started has printed',
	terminal_selection: "reads the terminal's selected text",
	terminal_last_command: "reads the terminal's last command and its output",
	kill_terminal: 'ends a terminal the agent started; runs nothing new',
	get_task_output: 'reads what a task has printed',
	testFailure: 'reads the failures of the last test run',
	run_task:
		"runs a task already in the workspace's tasks.json: an agent's write to .vscode/tasks.json is denied, so the task is the person's own or one create_and_run_task had judged",
	runTests:
		"runs the workspace's own tests through VS Code's test controller; the files they run were written by calls that were judged",
	vscode_get_confirmation: "asks the person in VS Code's own UI",
	vscode_get_confirmation_with_options: "asks the person in VS Code's own UI",
	vscode_get_terminal_confirmation: "asks the person in VS Code's own UI",
	vscode_reviewPlan: 'shows the plan to the person for review',
	vscode_askQuestions: "asks the person in VS Code's own UI",
	tool_search: 'finds tools by their description; runs none',
	renderMermaidDiagram: 'renders a Mermaid diagram from text in the chat',
	// Copilot CLI
	read_bash: 'reads the output of a shell the agent started with bash',
	stop_bash: 'stops a shell the agent started with bash',
	list_bash: 'lists the shells the agent started',
	read_agent: "reads a background agent's status and result",
	list_agents: 'lists background agents',
	write_agent:
		'sends a message to background agents; each tool call they make then reaches the hooks as a call of its own',
};

/**
 * VS Code's integrated-browser tools, which Copilot Chat names but this build's workbench does not register: no schema
 * can be read, and no call can arrive. The test checks that they are still absent.
 */
const NOT_IN_THIS_BUILD = new Set([
	'open_browser_page',
	'click_element',
	'screenshot_page',
	'navigate_page',
	'read_page',
	'hover_element',
	'drag_element',
	'type_in_page',
	'handle_dialog',
	'run_playwright_code',
]);

// The test's own reading of a schema, independent of Hookwarden's key lists: a key ending in path, file, folder and
// the like names a path; these keys hold a shell line; `commandId` an editor command.
const PATH_LIKE =
	/(?:path|paths|file|files|dir|dirs|directory|folder|folders|uri|uris|cwd|workdir)$/i;
const COMMAND_LIKE = /^(?:command|cmd|command_?line|script)$/i;
const PATCH_LIKE = /patch/i;

/** What a sample input holds for the checks to find again. */
interface Planted {
	readonly paths: string[];
	readonly commands: string[];
	readonly commandIds: string[];
	readonly written: { path: string; kind: 'write' | 'delete' }[];
}

/** A patch naming one file per header kind, each of which must come back as an effect. */
function plantedPatch(tool: string, planted: Planted): string {
	const at = (what: string) => `/probe/${tool}/${what}.txt`;
	planted.written.push(
		{ path: at('added'), kind: 'write' },
		{ path: at('updated'), kind: 'write' },
		{ path: at('moved'), kind: 'write' },
		{ path: at('deleted'), kind: 'delete' },
	);
	return [
		'*** Begin Patch',
		`*** Add File: ${at('added')}`,
		'+x',
		`*** Update File: ${at('updated')}`,
		`*** Move to: ${at('moved')}`,
		'@@',
		'-a',
		'+b',
		`*** Delete File: ${at('deleted')}`,
		'*** End Patch',
	].join('\n');
}

/** A value for every property of `schema`, planting a distinct path, command or id where the key says so. */
function sample(
	schema: Schema,
	key: string,
	tool: string,
	planted: Planted,
	where: string,
): unknown {
	const alternative = schema.anyOf?.[0] ?? schema.oneOf?.[0];
	if (alternative) {
		return sample(
			{ ...alternative, ...schema, anyOf: undefined, oneOf: undefined },
			key,
			tool,
			planted,
			where,
		);
	}
	const type: string | undefined = typeof schema.type === 'string' ? schema.type : schema.type?.[0];
	if (type === 'object' || schema.properties) {
		return Object.fromEntries(
			Object.entries(schema.properties ?? {}).map(([k, s]) => [
				k,
				sample(s, k, tool, planted, `${where}.${k}`),
			]),
		);
	}
	if (type === 'array') {
		// Two items, so that every item of a batch is checked, not only the first.
		return [0, 1].map((i) => sample(schema.items ?? {}, key, tool, planted, `${where}[${i}]`));
	}
	if (type === 'number' || type === 'integer') {
		return 1;
	}
	if (type === 'boolean') {
		return false;
	}
	if (schema.enum) {
		return schema.enum[0];
	}
	return plantedText(schema, key, tool, planted, where);
}

function plantedText(
	schema: Schema,
	key: string,
	tool: string,
	planted: Planted,
	where: string,
): string {
	const id = where.replace(/\W+/g, '_').replace(/^_|_$/g, '');
	if (key === 'commandId') {
		planted.commandIds.push(`probe.${id}`);
		return `probe.${id}`;
	}
	if (COMMAND_LIKE.test(key) || key === 'args') {
		planted.commands.push(`probe_${id}`);
		return key === 'args' ? `probe_${id}` : `echo probe_${id}`;
	}
	if (PATH_LIKE.test(key)) {
		planted.paths.push(`/probe/${tool}/${id}`);
		return `/probe/${tool}/${id}`;
	}
	if ((key === 'input' || key === 'patch') && PATCH_LIKE.test(schema.description ?? '')) {
		return plantedPatch(tool, planted);
	}
	return `words ${id}`;
}

/** The tool call Hookwarden reads from a PreToolUse the tool's harness would send with these arguments. */
function readCall(tool: ShippedTool, args: Record<string, unknown> | string): ToolCall {
	const raw =
		tool.harness === 'vscode'
			? {
					hook_event_name: 'PreToolUse',
					session_id: 's1',
					timestamp: '2026-12-01T00:00:00.000Z',
					cwd: WS,
					tool_name: tool.name,
					tool_input: args,
					tool_use_id: 'u1',
				}
			: {
					sessionId: 's1',
					timestamp: 1_796_000_000_000,
					cwd: WS,
					toolName: tool.name,
					toolArgs: args,
				};
	const parsed = parseHookEvent(raw, 'PreToolUse');
	if (!parsed.ok || !('tool' in parsed.event)) {
		throw new Error(`${tool.name}: the sample call does not parse`);
	}
	return parsed.event.tool;
}

/** What Hookwarden misses of one shipped tool, as sentences; empty when it reads all of it. */
function problemsOf(tool: ShippedTool): string[] {
	const planted: Planted = { paths: [], commands: [], commandIds: [], written: [] };
	const freeForm = tool.schema === null && !tool.nameOnly;
	const args =
		tool.schema === null
			? freeForm
				? plantedPatch(tool.name, planted)
				: {}
			: (sample(tool.schema, '', tool.name, planted, tool.name) as Record<string, unknown>);
	const call = readCall(tool, args);
	const editor = editorCommandOf(tool.name, call.input);
	const known = !['other', 'mcp'].includes(call.kind) || editor !== undefined;
	const listed = READ_ONLY_OR_HARMLESS[tool.name] !== undefined;
	const at = `${tool.name} (${tool.source})`;
	if (known && listed) {
		return [`${at}: Hookwarden reads it as ${call.kind}; drop it from READ_ONLY_OR_HARMLESS`];
	}
	if (!known) {
		return listed || NOT_IN_THIS_BUILD.has(tool.name)
			? []
			: [`${at}: Hookwarden does not know this tool; read it, or list it as read-only with why`];
	}
	if (tool.nameOnly) {
		return [];
	}
	if (freeForm && call.kind !== 'fileWrite') {
		planted.written.length = 0;
	}
	const effects = toolEffects(call);
	const problems: string[] = [];
	const seen = new Set([
		...call.paths,
		...(call.workingFolder === undefined ? [] : [call.workingFolder]),
	]);
	for (const path of planted.paths) {
		if (!seen.has(path)) {
			problems.push(`${at}: the path ${path} is not among the call's paths`);
		} else if (
			call.kind === 'fileWrite' &&
			!effects.some((e) => e.path === path && e.kind !== 'read')
		) {
			problems.push(`${at}: ${path} is not read as written`);
		}
	}
	for (const { path, kind } of planted.written) {
		if (!effects.some((e) => e.path === path && e.kind === kind)) {
			problems.push(`${at}: the patch's ${path} is not read as ${kind}`);
		}
	}
	if (call.kind === 'shell') {
		for (const command of planted.commands) {
			if (!(call.commandLine ?? '').includes(command)) {
				problems.push(`${at}: ${command} is not in the command line read (${call.commandLine})`);
			}
		}
	}
	for (const id of planted.commandIds) {
		if (editor?.id !== id) {
			problems.push(`${at}: the editor command ${id} is not read`);
		}
	}
	return problems;
}

/** A check that runs where its package is installed, fails where REQUIRE_VSCODE=1 and it is not, and else skips. */
function whereInstalled(
	what: string,
	present: boolean,
	where: string,
): ReturnType<typeof it.skipIf> {
	if (!present) {
		console.log(`SKIP ${what}: not installed at ${where}`);
	}
	return it.skipIf(!present && !REQUIRED);
}

describe('tool shapes of the pinned VS Code build and its Copilot Chat', () => {
	const build = vscodeBuildFolder();
	const present = existsSync(join(build, 'extensions', 'copilot', 'package.json'));
	const check = whereInstalled('VS Code tool shapes (npm run vscode:install)', present, build);

	const needBuild = () => {
		if (!present) {
			throw new Error(`no VS Code build at ${build}; run npm run vscode:install`);
		}
	};

	check('reads every path, command and batch item of every tool that writes or runs', () => {
		needBuild();
		const tools = vscodeTools(build);
		// The tools this test was written against must still be among them, or the reading of the build is broken.
		const names = new Set(tools.map((tool) => tool.name));
		for (const name of [
			'create_file',
			'multi_replace_string_in_file',
			'apply_patch',
			'run_in_terminal',
		]) {
			expect(names).toContain(name);
		}
		expect(tools.flatMap(problemsOf)).toEqual([]);
	});

	check(
		'does not register the browser tools Copilot Chat names, so none can be called unread',
		() => {
			needBuild();
			const registered = [...NOT_IN_THIS_BUILD].filter((id) => workbenchRegisters(build, id));
			expect(registered, 'now shipped: read their schemas and judge them').toEqual([]);
		},
	);
});

describe('tool shapes of the Copilot CLI package', () => {
	const binary = copilotCliBinary();
	const where = join('node_modules', '@github', `copilot-${process.platform}-${process.arch}`);
	const check = whereInstalled('Copilot CLI tool shapes (npm ci)', binary !== undefined, where);

	check(
		'reads every path, command and batch item of every tool any model is offered',
		async () => {
			if (binary === undefined) {
				throw new Error(`no Copilot CLI at ${where}; run npm ci`);
			}
			const tools = await copilotCliTools(binary);
			const names = new Set(tools.map((tool) => tool.name));
			for (const name of ['bash', 'create', 'edit', 'apply_patch']) {
				expect(names).toContain(name);
			}
			expect(tools.flatMap(problemsOf)).toEqual([]);
		},
		120_000,
	);
});
