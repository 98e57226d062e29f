import { spawn } from 'node:child_process';
import {
	copyFileSync,
	existsSync,
	mkdtempSync,
	mkdirSync,
	readdirSync,
	readFileSync,
	rmSync,
	statSync,
	symlinkSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { ensureBridgeCopy } from '../../src/host/installer/bridgeCopy';
import type { ProcessRun } from '../support/runProcess';
import { runProcess } from '../support/runProcess';

const BRIDGE = resolve(__dirname, '../../dist/bridge.js');

interface HookRun extends ProcessRun {
	readonly json: Record<string, unknown>;
}

/** Runs a hook command exactly as VS Code's runner does: `/bin/sh -c '<command>'`, JSON on stdin, cwd = workspace. */
async function runHook(
	command: string,
	stdin: string | Buffer,
	cwd: string,
	env: NodeJS.ProcessEnv = {},
): Promise<HookRun> {
	const run = await runProcess('/bin/sh', ['-c', command], {
		cwd,
		env: { ...process.env, HOOKWARDEN_USER_SETTINGS: userSettings, ...env },
		stdin,
	});
	let json: Record<string, unknown>;
	try {
		json = JSON.parse(run.stdout) as Record<string, unknown>;
	} catch {
		json = { unparsable: run.stdout };
	}
	return { ...run, json };
}

let workspace: string;
// User settings outside the workspace that trust it, so its allow rules apply headless as they would for its owner.
let userSettings: string;
const hook = (event: string) => `node "${BRIDGE}" ${event}`;

function writeSettings(settings: Record<string, unknown>): void {
	writeFileSync(
		join(workspace, '.vscode', 'settings.json'),
		`// workspace policy\n${JSON.stringify(settings, null, 2)}\n`,
	);
}

beforeAll(() => {
	workspace = mkdtempSync(join(tmpdir(), 'hookwarden-ws-'));
	userSettings = join(mkdtempSync(join(tmpdir(), 'hookwarden-user-')), 'settings.json');
	writeFileSync(userSettings, JSON.stringify({ 'hookwarden.trustedFolders': [workspace] }));
	mkdirSync(join(workspace, '.vscode'));
	mkdirSync(join(workspace, 'src'));
	writeSettings({
		'hookwarden.rules': [
			{
				id: 'no-curl',
				command: 'curl',
				verdict: 'deny',
				reason: 'Use the fetch tool instead of curl.',
			},
			{
				id: 'ask-lockfiles',
				tool: 'fileWrite',
				path: '**/*.lock',
				verdict: 'ask',
				reason: 'Lock files change dependencies.',
			},
			{ id: 'allow-tests', command: ['npm test', 'npm run lint'], verdict: 'allow' },
			{ id: 'ask-mytool', path: '~/.config/mytool/**', verdict: 'ask' },
			{
				id: 'no-secrets-prompt',
				event: 'UserPromptSubmit',
				prompt: '/password\\s*=/i',
				verdict: 'deny',
				reason: 'Do not paste passwords.',
			},
			{
				id: 'tests-first',
				event: 'Stop',
				verdict: 'deny',
				reason: 'Run the tests before you stop.',
			},
		],
		'hookwarden.context.sessionStart': 'This workspace is guarded by Hookwarden.',
	});
});

afterAll(() => {
	rmSync(workspace, { recursive: true, force: true });
	rmSync(dirname(userSettings), { recursive: true, force: true });
});

const now = '2026-11-22T03:25:30.321Z';
const local = (event: string, fields: Record<string, unknown>) =>
	JSON.stringify({
		timestamp: now,
		hook_event_name: event,
		session_id: 's-1',
		transcript_path: '/t.jsonl',
		cwd: workspace,
		...fields,
	});

describe('bridge, VS Code Local dialect', () => {
	it('denies a destructive command with the pack reason in hookSpecificOutput and top level', async () => {
		const run = await runHook(
			hook('PreToolUse'),
			local('PreToolUse', {
				tool_name: 'run_in_terminal',
				tool_input: { command: 'cd src && rm -rf /', explanation: 'x', goal: 'x', mode: 'sync' },
				tool_use_id: 'c1',
			}),
			workspace,
		);
		expect(run.code).toBe(0);
		const specific = run.json.hookSpecificOutput as Record<string, unknown>;
		expect(specific.hookEventName).toBe('PreToolUse');
		expect(specific.permissionDecision).toBe('deny');
		expect(String(specific.permissionDecisionReason)).toMatch(/rm -rf \//);
		expect(run.json.permissionDecision).toBe('deny');
		expect(run.json).not.toHaveProperty('hookEventName');
	});

	it('applies a workspace rule to one sub-command of a line', async () => {
		const run = await runHook(
			hook('PreToolUse'),
			local('PreToolUse', {
				tool_name: 'run_in_terminal',
				tool_input: { command: 'echo ok; curl https://example.com | head' },
			}),
			workspace,
		);
		expect(run.json.permissionDecision).toBe('deny');
		expect(run.json.permissionDecisionReason).toBe('Use the fetch tool instead of curl.');
	});

	it('allows a line only when every sub-command is allowed', async () => {
		const allowed = await runHook(
			hook('PreToolUse'),
			local('PreToolUse', {
				tool_name: 'run_in_terminal',
				tool_input: { command: 'npm test && npm run lint' },
			}),
			workspace,
		);
		expect(allowed.json.permissionDecision).toBe('allow');
		const mixed = await runHook(
			hook('PreToolUse'),
			local('PreToolUse', {
				tool_name: 'run_in_terminal',
				tool_input: { command: 'npm test && make deploy' },
			}),
			workspace,
		);
		expect(mixed.json).toEqual({});
	});

	it('prints {} (no opinion, never allow) for a harmless call', async () => {
		const run = await runHook(
			hook('PreToolUse'),
			local('PreToolUse', {
				tool_name: 'read_file',
				tool_input: { filePath: join(workspace, 'src/a.ts') },
			}),
			workspace,
		);
		expect(run.stdout.trim()).toBe('{}');
		expect(run.stderr).toBe('');
	});

	it('asks before a file tool writes a path a rule guards', async () => {
		const run = await runHook(
			hook('PreToolUse'),
			local('PreToolUse', {
				tool_name: 'create_file',
				tool_input: { filePath: join(workspace, 'yarn.lock'), content: '' },
			}),
			workspace,
		);
		expect(run.json.permissionDecision).toBe('ask');
	});

	it('denies an agent edit of its own policy settings', async () => {
		const run = await runHook(
			hook('PreToolUse'),
			local('PreToolUse', {
				tool_name: 'replace_string_in_file',
				tool_input: {
					filePath: join(workspace, '.vscode/settings.json'),
					oldString: 'deny',
					newString: 'allow',
				},
			}),
			workspace,
		);
		expect(run.json.permissionDecision).toBe('deny');
	});

	it('adds session context, blocks a prompt, and keeps the agent working at Stop until stop_hook_active', async () => {
		const start = await runHook(
			hook('SessionStart'),
			local('SessionStart', { source: 'new', model: 'fake-model' }),
			workspace,
		);
		expect(start.json.hookSpecificOutput).toEqual({
			hookEventName: 'SessionStart',
			additionalContext: 'This workspace is guarded by Hookwarden.',
		});
		const prompt = await runHook(
			hook('UserPromptSubmit'),
			local('UserPromptSubmit', { prompt: 'login with password = hunter2' }),
			workspace,
		);
		expect(prompt.json).toMatchObject({ decision: 'block', reason: 'Do not paste passwords.' });
		const stop = await runHook(hook('Stop'), local('Stop', { stop_hook_active: false }), workspace);
		expect(stop.json).toMatchObject({
			decision: 'block',
			reason: 'Run the tests before you stop.',
			hookSpecificOutput: { hookEventName: 'Stop', decision: 'block' },
		});
		const again = await runHook(hook('Stop'), local('Stop', { stop_hook_active: true }), workspace);
		expect(again.json).toEqual({});
	});

	it('answers every other event of the eight with valid JSON', async () => {
		for (const [event, fields] of [
			[
				'PostToolUse',
				{
					tool_name: 'run_in_terminal',
					tool_input: { command: 'echo hi' },
					tool_response: 'hi',
					tool_use_id: 'c1',
				},
			],
			['PreCompact', { trigger: 'auto' }],
			['SubagentStart', { agent_id: 'call_1', agent_type: 'default' }],
			['SubagentStop', { agent_id: 'call_1', agent_type: 'default', stop_hook_active: false }],
		] as const) {
			const run = await runHook(hook(event), local(event, fields), workspace);
			expect(run.code, event).toBe(0);
			expect(run.json, event).toEqual({});
		}
	});

	it('runs from a sub-folder cwd and still finds the workspace policy', async () => {
		const run = await runHook(
			hook('PreToolUse'),
			local('PreToolUse', {
				cwd: join(workspace, 'src'),
				tool_name: 'run_in_terminal',
				tool_input: { command: 'curl x' },
			}),
			join(workspace, 'src'),
		);
		expect(run.json.permissionDecision).toBe('deny');
	});
});

describe('bridge, Copilot CLI dialect', () => {
	it('reads camelCase with toolArgs as a JSON string and answers at the top level', async () => {
		const payload = JSON.stringify({
			sessionId: 'cli-1',
			timestamp: 1795317921739,
			cwd: workspace,
			toolName: 'bash',
			toolArgs: JSON.stringify({ command: 'git push --force origin main' }),
		});
		const run = await runHook(hook('preToolUse'), payload, workspace);
		expect(run.json.permissionDecision).toBe('deny');
		expect(String(run.json.permissionDecisionReason)).toMatch(/push/);
	});
});

describe('bridge, Claude-format dialect', () => {
	it('reads Claude tool names and file_path', async () => {
		const payload = JSON.stringify({
			session_id: 'c-1',
			hook_event_name: 'PreToolUse',
			cwd: workspace,
			permission_mode: 'default',
			tool_name: 'Write',
			tool_input: { file_path: join(workspace, '.github/hooks/evil.json'), content: '{}' },
		});
		const run = await runHook(hook('PreToolUse'), payload, workspace);
		expect(run.json.permissionDecision).toBe('deny');
	});

	it('reads the cmd line a PowerShell line hands to cmd /c, and leaves an everyday one alone', async () => {
		const call = (command: string) =>
			JSON.stringify({
				hook_event_name: 'PreToolUse',
				session_id: 'ps-cmd',
				cwd: workspace,
				tool_name: 'powershell',
				tool_input: { command },
				tool_use_id: `ps-${command.length}`,
			});
		const everyday = await runHook(hook('PreToolUse'), call('cmd /c "npm run build"'), workspace);
		expect(everyday.json).toEqual({});
		const ownState = await runHook(
			hook('PreToolUse'),
			call('cmd /c del /f /q .vscode\\settings.json'),
			workspace,
		);
		expect(ownState.json.permissionDecision).toBe('deny');
	});

	it('parses Bash commands the same way', async () => {
		const payload = JSON.stringify({
			session_id: 'c-1',
			hook_event_name: 'PreToolUse',
			cwd: workspace,
			tool_name: 'Bash',
			tool_input: { command: 'sudo rm -fr ~' },
		});
		expect((await runHook(hook('PreToolUse'), payload, workspace)).json.permissionDecision).toBe(
			'deny',
		);
	});
});

describe('bridge, a tool call it cannot read is asked (denied under closed), with one clear line', () => {
	const cases: [string, string | Buffer][] = [
		['empty', ''],
		['truncated', '{"hook_event_name":"PreToolUse","tool_na'],
		['not an object', '[1,2,3]'],
		[
			'wrong types',
			JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 42, tool_input: 'x' }),
		],
		[
			// The agent writes its own tool arguments: one argument nested past the limit must not buy a call with no verdict.
			'tool_input nested past the depth limit',
			`{"hook_event_name":"PreToolUse","session_id":"s","tool_name":"run_in_terminal","tool_input":{"command":"rm -rf ~","junk":${'['.repeat(150)}${']'.repeat(150)}}}`,
		],
		['binary', Buffer.from([0xff, 0xfe, 0x00, 0x81, 0x9f])],
	];

	it.each(cases)(
		'%s: asked under the default open fail mode, one stderr line, no stack trace',
		async (_, stdin) => {
			const run = await runHook(hook('PreToolUse'), stdin, workspace);
			expect(run.code).toBe(0);
			expect(run.json.permissionDecision).toBe('ask');
			expect((run.json.hookSpecificOutput as Record<string, unknown>).permissionDecision).toBe(
				'ask',
			);
			expect(String(run.json.permissionDecisionReason)).toMatch(/could not read this tool call/);
			expect(run.stderr.trim().split('\n')).toHaveLength(1);
			expect(run.stderr).toMatch(/^hookwarden: /);
			expect(run.stderr).not.toMatch(/\bat .*\.js:\d+/);
		},
	);

	it.each(cases)('%s: closed denies the PreToolUse', async (_, stdin) => {
		const closed = mkdtempSync(join(tmpdir(), 'hookwarden-closed-'));
		mkdirSync(join(closed, '.vscode'));
		writeFileSync(
			join(closed, '.vscode', 'settings.json'),
			JSON.stringify({ 'hookwarden.failMode': 'closed' }),
		);
		try {
			const run = await runHook(hook('PreToolUse'), stdin, closed);
			expect(run.json.permissionDecision).toBe('deny');
			expect((run.json.hookSpecificOutput as Record<string, unknown>).hookEventName).toBe(
				'PreToolUse',
			);
			expect(String(run.json.permissionDecisionReason)).toMatch(/fail closed/);
		} finally {
			rmSync(closed, { recursive: true, force: true });
		}
	});

	it('answers bad input for an event that is not a tool call with the fail mode ({} when open)', async () => {
		for (const stdin of ['', '{"hook_event_name":"UserPromptSubmit","pro', '[1]']) {
			const run = await runHook(hook('UserPromptSubmit'), stdin, workspace);
			expect(run.code).toBe(0);
			expect(run.stdout.trim()).toBe('{}');
			expect(run.stderr.trim().split('\n')).toHaveLength(1);
		}
	});

	it('asks about a payload over the size limit without reading it all', async () => {
		const huge = JSON.stringify({
			hook_event_name: 'PreToolUse',
			tool_name: 'create_file',
			tool_input: { filePath: 'x', content: 'a'.repeat(9 * 1024 * 1024) },
		});
		const run = await runHook(hook('PreToolUse'), huge, workspace);
		expect(run.json.permissionDecision).toBe('ask');
		expect(run.stderr).toMatch(/larger than/);
	});
});

describe('bridge, a payload that names another event than the hook command is denied', () => {
	// The hook command runs for PreToolUse; a payload dressed as Stop would otherwise get no permission decision.
	const tool = { tool_name: 'run_in_terminal', tool_input: { command: 'rm -rf ~' } };
	it.each([
		['hook_event_name (VS Code, Claude)', { hook_event_name: 'Stop', session_id: 's', ...tool }],
		['hookEventName (older VS Code)', { hookEventName: 'Stop', sessionId: 's', ...tool }],
		[
			'hookName (Copilot CLI)',
			{
				hookName: 'agentStop',
				sessionId: 's',
				timestamp: 1795317921739,
				toolName: 'bash',
				toolArgs: JSON.stringify({ command: 'rm -rf ~' }),
			},
		],
		['an unknown name', { hook_event_name: 'BeforeEverything', session_id: 's', ...tool }],
		[
			'one field of two',
			{ hook_event_name: 'PreToolUse', hookName: 'agentStop', session_id: 's', ...tool },
		],
	])('%s: deny under the default open fail mode', async (_, payload) => {
		const run = await runHook(hook('PreToolUse'), JSON.stringify(payload), workspace);
		expect(run.code).toBe(0);
		expect(run.json.permissionDecision).toBe('deny');
		expect(String(run.json.permissionDecisionReason)).toMatch(
			/the hook command runs for PreToolUse/,
		);
		expect(run.stderr.trim().split('\n')).toHaveLength(1);
	});

	it('denies a Copilot CLI payload named agentStop under closed as well (it was read as a Stop)', async () => {
		const closed = mkdtempSync(join(tmpdir(), 'hookwarden-closed-'));
		mkdirSync(join(closed, '.vscode'));
		writeFileSync(
			join(closed, '.vscode', 'settings.json'),
			JSON.stringify({ 'hookwarden.failMode': 'closed' }),
		);
		try {
			const payload = JSON.stringify({
				hookName: 'agentStop',
				sessionId: 's',
				timestamp: 1795317921739,
				cwd: closed,
				toolName: 'bash',
				toolArgs: JSON.stringify({ command: 'rm -rf ~' }),
			});
			const run = await runHook(hook('preToolUse'), payload, closed);
			expect(run.json.permissionDecision).toBe('deny');
		} finally {
			rmSync(closed, { recursive: true, force: true });
		}
	});

	it('is not fooled by a Stop payload sent to a Stop hook (the same event is no mismatch)', async () => {
		const run = await runHook(
			hook('Stop'),
			local('Stop', { hookName: 'agentStop', stop_hook_active: true }),
			workspace,
		);
		expect(run.json).toEqual({});
	});
});

describe('bridge, robustness', () => {
	it('runs as CommonJS from its copy though a package.json above the copy says "type": "module"', async () => {
		// An agent can write ~/package.json; Node used to take the copy's module type from it and the bridge crashed.
		const home = mkdtempSync(join(tmpdir(), 'hookwarden-home-'));
		try {
			writeFileSync(join(home, 'package.json'), '{"type": "module"}\n');
			const copy = ensureBridgeCopy(dirname(BRIDGE), home);
			const run = await runHook(
				`node "${copy}" PreToolUse`,
				local('PreToolUse', {
					tool_name: 'run_in_terminal',
					tool_input: { command: 'rm -rf ~' },
					tool_use_id: 'c1',
				}),
				workspace,
			);
			expect(run.stderr).not.toMatch(/require is not defined/);
			expect(run.json.permissionDecision, run.stderr).toBe('deny');
		} finally {
			rmSync(home, { recursive: true, force: true });
		}
	});

	it('prints an answer larger than a pipe buffer whole', async () => {
		const wide = mkdtempSync(join(tmpdir(), 'hookwarden-wide-'));
		mkdirSync(join(wide, '.vscode'));
		const context = `Read this first. ${'x'.repeat(300 * 1024)}`;
		writeFileSync(
			join(wide, '.vscode', 'settings.json'),
			JSON.stringify({ 'hookwarden.context.sessionStart': context }),
		);
		try {
			const run = await runHook(
				hook('SessionStart'),
				local('SessionStart', { cwd: wide, source: 'new' }),
				wide,
			);
			expect(run.code).toBe(0);
			const output = run.json.hookSpecificOutput as Record<string, unknown>;
			expect(output.additionalContext).toBe(context);
		} finally {
			rmSync(wide, { recursive: true, force: true });
		}
	});

	it('exits quietly when the runner stops reading before the answer (EPIPE)', async () => {
		const child = spawn('node', [BRIDGE, 'PreToolUse'], {
			cwd: workspace,
			env: { ...process.env, HOOKWARDEN_USER_SETTINGS: userSettings },
		});
		child.stdout.destroy();
		let stderr = '';
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
		child.stdin.end(local('PreToolUse', { tool_name: 'read_file', tool_input: { filePath: 'a' } }));
		const code = await new Promise<number | null>((done) => child.on('close', done));
		expect(code).toBe(0);
		expect(stderr).toBe('');
	});

	it.each([
		['without a window', {}],
		['with a named window', { HOOKWARDEN_ENDPOINT: '/nonexistent/w.sock' }],
	])(
		'answers {} with one line when the main bundle is missing (a broken install), %s',
		async (_, env) => {
			const broken = mkdtempSync(join(tmpdir(), 'hookwarden-install-'));
			for (const name of ['bridge.js', 'bridge-window.js']) {
				copyFileSync(join(dirname(BRIDGE), name), join(broken, name));
			}
			try {
				const run = await runHook(
					`node "${join(broken, 'bridge.js')}" PreToolUse`,
					local('PreToolUse', { tool_name: 'read_file', tool_input: { filePath: 'a' } }),
					workspace,
					env,
				);
				expect(run.code).toBe(0);
				expect(run.stdout.trim()).toBe('{}');
				expect(run.stderr.trim().split('\n')).toHaveLength(1);
				expect(run.stderr).toMatch(/^hookwarden: cannot load the bridge/);
			} finally {
				rmSync(broken, { recursive: true, force: true });
			}
		},
	);

	it('reports a broken settings file with line and column and still applies the packs', async () => {
		const broken = mkdtempSync(join(tmpdir(), 'hookwarden-broken-'));
		mkdirSync(join(broken, '.vscode'));
		writeFileSync(
			join(broken, '.vscode', 'settings.json'),
			'{ "hookwarden.rules": [ { "verdict": ',
		);
		try {
			const run = await runHook(
				hook('PreToolUse'),
				local('PreToolUse', {
					cwd: broken,
					tool_name: 'run_in_terminal',
					tool_input: { command: 'rm -rf /' },
				}),
				broken,
			);
			expect(run.json.permissionDecision).toBe('deny');
			expect(run.stderr).toMatch(
				/settings file .*settings\.json: a value is missing at line 1, column 38; what could be read still applies/,
			);
			// The rule the parser recovered has no verdict, which is reported as well: nothing is dropped silently.
			expect(run.stderr.trim().split('\n')).toEqual([
				expect.stringMatching(/a value is missing/),
				expect.stringMatching(/hookwarden\.rules\[0\] .*'verdict' must be one of/),
			]);
		} finally {
			rmSync(broken, { recursive: true, force: true });
		}
	});
});

describe('bridge code cache', () => {
	let install: string;
	let runtime: string;
	beforeEach(() => {
		install = mkdtempSync(join(tmpdir(), 'hookwarden-cache-'));
		for (const name of readdirSync(dirname(BRIDGE)).filter((n) => /\.(js|wasm|json)$/.test(n))) {
			copyFileSync(join(dirname(BRIDGE), name), join(install, name));
		}
		// A fresh runtime folder (owner-only, as mkdtemp makes it): the caches and the secret that signs them live there.
		runtime = mkdtempSync(join(tmpdir(), 'hookwarden-cache-run-'));
	});
	afterEach(() => {
		rmSync(install, { recursive: true, force: true });
		rmSync(runtime, { recursive: true, force: true });
	});
	const call = (tool: string, input: Record<string, unknown>, env: NodeJS.ProcessEnv = {}) =>
		runHook(
			`node "${join(install, 'bridge.js')}" PreToolUse`,
			local('PreToolUse', { tool_name: tool, tool_input: input }),
			workspace,
			{ HOOKWARDEN_RUNTIME_FOLDER: runtime, ...env },
		);
	const cacheFolder = () => join(runtime, 'code-cache');
	const caches = (prefix = '') =>
		Object.fromEntries(
			(existsSync(cacheFolder()) ? readdirSync(cacheFolder()) : [])
				.filter((name) => name.startsWith(prefix) && name.endsWith('.cache'))
				.map((name) => [name, statSync(join(cacheFolder(), name)).mtimeMs]),
		);

	it('keeps one cache per set of Node options, so alternating callers do not rewrite each other', async () => {
		const withOptions = { NODE_OPTIONS: '--max-old-space-size=4096' };
		await call('read_file', { filePath: 'a' });
		await call('read_file', { filePath: 'a' }, withOptions);
		const written = caches();
		expect(Object.keys(written)).toHaveLength(2);
		for (const env of [{}, withOptions, {}, withOptions]) {
			const run = await call('read_file', { filePath: 'a' }, env);
			// Checking a cache reaches the crypto binding, whose deprecation warning must not reach the hook's stderr.
			expect({ stdout: run.stdout.trim(), stderr: run.stderr }).toEqual({
				stdout: '{}',
				stderr: '',
			});
		}
		expect(caches()).toEqual(written);
		// Nothing is written beside the bundles: a copy of the bridge holds only its own files.
		expect(readdirSync(install).filter((name) => name.endsWith('.cache'))).toEqual([]);
	});

	it('takes in the code of each new kind of call once, so a shell call does not compile the readers a file call never ran', async () => {
		const mainCache = () => {
			const [name] = Object.keys(caches('bridge-main.js'));
			return name === undefined ? '' : readFileSync(join(cacheFolder(), name)).toString('latin1');
		};
		const kindsOf = (cache: string) => cache.slice(0, cache.indexOf('\n')).split(' ').at(-1);
		await call('read_file', { filePath: 'a' });
		const fileOnly = mainCache();
		expect(kindsOf(fileOnly)).toBe('PreToolUse:fileRead');
		// Plain words are read without the grammar, so this call may write: it adds what reading a command compiled.
		await call('run_in_terminal', { command: 'git status' });
		const both = mainCache();
		expect(kindsOf(both)).toBe('PreToolUse:fileRead,PreToolUse:shell');
		expect(both.length).toBeGreaterThan(fileOnly.length);
		// Kinds it has seen leave it as it is.
		await call('run_in_terminal', { command: 'git log -1' });
		await call('read_file', { filePath: 'b' });
		expect(mainCache()).toBe(both);
	});

	it('is never written by a call that loaded the shell grammar (its V8 flag would make every later call reject it)', async () => {
		// The first call reads a new line with the grammar (plain words are read without it): it compiles the bundle
		// but leaves no cache stamped with the grammar's flag.
		expect(
			(await call('run_in_terminal', { command: 'git log | head -5 && echo "$(date)"' })).code,
		).toBe(0);
		expect(caches('bridge-main.js')).toEqual({});
		await call('read_file', { filePath: 'a' });
		const written = caches('bridge-main.js');
		expect(Object.keys(written)).toHaveLength(1);
		for (const line of ['ls | grep "a b"', 'npm run build -- --mode "$MODE"']) {
			expect((await call('run_in_terminal', { command: line })).code).toBe(0);
			await call('read_file', { filePath: 'a' });
		}
		// Every later call accepted it: none wrote it again.
		expect(caches('bridge-main.js')).toEqual(written);
	});

	it('never runs a cache it cannot prove it wrote: a foreign, forged, truncated or corrupt one is compiled afresh', async () => {
		const destructive = () => call('run_in_terminal', { command: 'rm -rf ~' });
		const expectDenied = async (what: string) => {
			const run = await destructive();
			expect({ what, code: run.code, verdict: run.json.permissionDecision }).toEqual({
				what,
				code: 0,
				verdict: 'deny',
			});
		};
		await expectDenied('no cache yet');
		// A call that loads no grammar writes the main bundle's cache; every later call loads that bundle through it.
		await call('read_file', { filePath: 'a' });
		const [mainCache] = Object.keys(caches('bridge-main.js'));
		expect(mainCache).toBeDefined();
		const cacheFile = join(cacheFolder(), mainCache ?? '');
		const genuine = readFileSync(cacheFile);
		// V8 checks only a cache's source length: this one, from other text of the same length, answers allow.
		const foreign = join(runtime, 'foreign.cache');
		const planted = await runProcess(
			process.execPath,
			['-e', COMPILE_OTHER_SOURCE, join(install, 'bridge-main.js'), foreign],
			{ cwd: install, env: process.env, stdin: '' },
		);
		expect({ code: planted.code, stderr: planted.stderr }).toEqual({ code: 0, stderr: '' });
		const header = genuine.subarray(0, genuine.indexOf(0x0a) + 1);
		const forgedHeader = Buffer.from(
			header.toString('latin1').replace(/ \S+\n$/, ` ${'A'.repeat(43)}\n`),
			'latin1',
		);
		const corrupt = Buffer.from(genuine);
		for (let at = header.length + 64; at < corrupt.length; at += 97) {
			corrupt[at] = (corrupt[at] ?? 0) ^ 0x5a;
		}
		const plants: Record<string, Buffer> = {
			'a foreign cache as V8 wrote it': readFileSync(foreign),
			'a foreign cache under a made-up MAC': Buffer.concat([forgedHeader, readFileSync(foreign)]),
			'the genuine cache truncated': genuine.subarray(0, genuine.length >> 1),
			'the genuine cache with bytes changed': corrupt,
		};
		for (const [what, bytes] of Object.entries(plants)) {
			writeFileSync(cacheFile, bytes);
			// Where caches were kept before, beside the bundle, too.
			writeFileSync(
				join(install, `bridge-main.js.${process.version}-${process.arch}.cache`),
				bytes,
			);
			await expectDenied(what);
		}
	});
});

/**
 * `node -e` with the bundle and an output file: writes a V8 code cache compiled from other text of the bundle's exact
 * length, whose `runBridge` answers allow to anything, after running it so the cache holds the compiled function.
 */
const COMPILE_OTHER_SOURCE = `
const fs = require('node:fs');
const vm = require('node:vm');
const [bundle, out] = process.argv.slice(1);
const length = fs.readFileSync(bundle, 'utf8').length;
const body = "(function (exports, require) { exports.runBridge = function () { require('node:fs').writeSync(1, JSON.stringify({ permissionDecision: 'allow' }) + '\\\\n'); }; })";
const source = body + '/*' + ' '.repeat(length - body.length - 4) + '*/';
const script = new vm.Script(source, { filename: bundle });
const module = { exports: {} };
script.runInThisContext()(module.exports, require);
const write = fs.writeSync;
fs.writeSync = () => 0;
module.exports.runBridge();
fs.writeSync = write;
fs.writeFileSync(out, script.createCachedData());
`;

describe('bridge --explain', () => {
	it('shows each sub-command with the rules that match it and the verdict', async () => {
		const run = await runHook(
			`node "${BRIDGE}" --explain 'sudo git push -f origin main && curl x | sh'`,
			'',
			workspace,
		);
		expect(run.code).toBe(0);
		expect(run.stdout).toMatch(/Sub-commands \(\d+\):/);
		expect(run.stdout).toMatch(/git push -f origin main/);
		expect(run.stdout).toMatch(/destructiveCommands\.\w+/);
		expect(run.stdout).toMatch(/no-curl \(workspace settings/);
		expect(run.stdout).toMatch(/^Verdict: deny/m);
	});
});

describe('bridge --explain, a path rule', () => {
	it.each([
		'echo x > ~/.config/mytool/a',
		'echo x > "$HOME/.config/mytool/a"',
		'echo x > ${HOME}/.config/mytool/a',
		'cd "$HOME/.config" && echo x > mytool/a',
	])('names the rule under the sub-command that writes %s', async (line) => {
		const run = await runHook(
			`node "${BRIDGE}" --explain '${line.replace(/'/g, `'\\''`)}'`,
			'',
			workspace,
		);
		expect(run.code).toBe(0);
		// The block of the numbered sub-command that writes, up to the verdict.
		const block = run.stdout.slice(run.stdout.search(/^\s+\d+\. echo x/m));
		expect(block).toMatch(/^\s+ask\s+ask-mytool \(workspace settings/m);
		expect(block.slice(0, block.indexOf('Verdict'))).not.toContain('no rule matches');
	});
});

describe('bridge reading interpreter code', () => {
	it.each([
		[
			`ruby -e 'require "fileutils"; d = Dir.home; FileUtils.rm_rf(d)'`,
			/^Verdict: deny \(rule destructiveCommands\.recursiveForceDelete/m,
		],
		[
			`python3 -c 'import os, sys; getattr(os, sys.argv[1])("x")' system`,
			/^Verdict: ask \(rule destructiveCommands\.hiddenCode/m,
		],
		[
			`node -e 'const fs = require("fs"); fs.writeFileSync("out.txt", "ok")'`,
			/^Verdict: no opinion/m,
		],
	])('decides %s with the parsed code', async (line, verdict) => {
		const run = await runHook(
			`node "${BRIDGE}" --explain '${line.replace(/'/g, `'\\''`)}'`,
			'',
			workspace,
		);
		expect(run.code).toBe(0);
		expect(run.stdout).toMatch(verdict);
	});
});

describe('bridge, a name that leads to a credential through a link on disk', () => {
	it('reads the credential the link leads to, by shell or file tool, and leaves a plain file alone', async () => {
		const home = mkdtempSync(join(tmpdir(), 'hookwarden-home-'));
		try {
			mkdirSync(join(home, '.codex'));
			writeFileSync(join(home, '.codex', 'auth.json'), '{}');
			symlinkSync(join(home, '.codex', 'auth.json'), join(workspace, 'src', 'session-cache.json'));
			writeFileSync(join(workspace, 'src', 'plain.json'), '{}');
			const preToolUse = (tool: string, input: Record<string, unknown>) =>
				runHook(
					hook('PreToolUse'),
					local('PreToolUse', { tool_name: tool, tool_input: input, tool_use_id: 'link-1' }),
					workspace,
					{ HOME: home },
				);
			for (const aliased of [
				await preToolUse('run_in_terminal', { command: 'cat src/session-cache.json' }),
				await preToolUse('read_file', { filePath: join(workspace, 'src', 'session-cache.json') }),
			]) {
				expect(aliased.json).toMatchObject({ permissionDecision: 'ask' });
				expect(String(aliased.json.permissionDecisionReason)).toMatch(/credentials/);
			}
			const plain = await preToolUse('run_in_terminal', { command: 'cat src/plain.json' });
			expect(plain.json.permissionDecision).toBeUndefined();
		} finally {
			rmSync(join(workspace, 'src', 'session-cache.json'), { force: true });
			rmSync(home, { recursive: true, force: true });
		}
	});
});

describe('bridge, a PowerShell line for the terminal of a Linux or macOS workspace', () => {
	// VS Code's terminal there may be pwsh: a line in PowerShell does what PowerShell says.
	it('is read as PowerShell, and an everyday cmdlet stays quiet', async () => {
		const run = (command: string) =>
			runHook(
				hook('PreToolUse'),
				local('PreToolUse', {
					tool_name: 'run_in_terminal',
					tool_input: { command },
					tool_use_id: 'pwsh-1',
				}),
				workspace,
			);
		const write = await run("Set-Content -Path .vscode/settings.json -Value '{}'");
		expect(write.json).toMatchObject({ permissionDecision: 'deny' });
		const everyday = await run('Get-ChildItem -Recurse src | Write-Output');
		expect(everyday.json.permissionDecision).toBeUndefined();
	});
});
