import { spawn } from 'node:child_process';
import {
	chmodSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	symlinkSync,
	writeFileSync,
} from 'node:fs';
import type { IncomingHttpHeaders, Server } from 'node:http';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PROTOCOL_VERSION } from '../../../../src/protocol/wire';
import { posixHookCommand, windowsHookCommand } from '../../../../src/host/installer/hookFile';
import type { LauncherInputs } from '../../../../src/host/installer/launcherScripts';
import {
	launcherFolder,
	posixLauncher,
	powershellLauncher,
	powershellQuote,
	shellQuote,
} from '../../../../src/host/installer/launcherScripts';

// These tests really run the generated shell text: the hook command string through `/bin/sh -c` (as VS Code's and the
// Copilot CLI's runners do), the launcher it execs, a fake bridge, and a unix-socket HTTP server standing in for a window.

const NODE = process.execPath;
const SHELLS = ['/bin/sh', '/usr/bin/dash', '/usr/bin/bash'].filter((shell) => existsSync(shell));

let root: string;
/** A home folder with the launcher installed, its bridge and VS Code stand-in in a folder whose name needs quoting. */
let home: string;
let install: string;
let bridge: string;
let fakeVsCode: string;
/** PATH folders: the few tools the scripts use, optionally curl, optionally a `node`. */
let toolsBin: string;
let curlBin: string;
let nodeBin: string;
let bridgeRuns: string;

interface BridgeReport {
	args: string[];
	stdin: string;
	via: string | null;
	electron: string | null;
	settings: string | null;
}

function writeExecutable(path: string, text: string): void {
	writeFileSync(path, text);
	chmodSync(path, 0o755);
}

function installLauncher(inputs: Partial<LauncherInputs> = {}): void {
	const folder = launcherFolder(home, 'linux');
	mkdirSync(folder, { recursive: true });
	writeExecutable(
		join(folder, 'hookwarden-hook'),
		posixLauncher({
			bridgePath: bridge,
			nodeFallback: fakeVsCode,
			version: '9.9.9',
			userSettingsPath: '/u/settings.json',
			...inputs,
		}),
	);
}

beforeAll(() => {
	root = mkdtempSync(join(tmpdir(), 'hookwarden-launcher-'));
	home = join(root, 'home');
	install = join(root, "ext dir with 'quote' and $dollar");
	mkdirSync(install, { recursive: true });
	bridgeRuns = join(root, 'bridge-runs.log');
	bridge = join(install, 'bridge.js');
	writeFileSync(
		bridge,
		`const fs = require('fs');
let stdin = '';
process.stdin.on('data', (c) => (stdin += c));
process.stdin.on('end', () => {
	fs.appendFileSync(${JSON.stringify(bridgeRuns)}, 'run\\n');
	const env = process.env;
	process.stdout.write(JSON.stringify({ args: process.argv.slice(2), stdin, via: env.FAKE_VIA ?? null, electron: env.ELECTRON_RUN_AS_NODE ?? null, settings: env.HOOKWARDEN_USER_SETTINGS ?? null }) + '\\n');
	process.exitCode = Number(env.FAKE_EXIT ?? 0);
});
`,
	);
	fakeVsCode = join(install, 'code');
	writeExecutable(fakeVsCode, `#!/bin/sh\nFAKE_VIA=vscode exec ${shellQuote(NODE)} "$@"\n`);
	toolsBin = join(root, 'tools');
	curlBin = join(root, 'curl-bin');
	nodeBin = join(root, 'node-bin');
	for (const folder of [toolsBin, curlBin, nodeBin]) {
		mkdirSync(folder);
	}
	symlinkSync('/bin/cat', join(toolsBin, 'cat'));
	symlinkSync('/usr/bin/curl', join(curlBin, 'curl'));
	writeExecutable(
		join(nodeBin, 'node'),
		`#!/bin/sh\nFAKE_VIA=path exec ${shellQuote(NODE)} "$@"\n`,
	);
	installLauncher();
});

afterAll(() => {
	rmSync(root, { recursive: true, force: true });
});

interface RunResult {
	code: number | null;
	stdout: string;
	stderr: string;
}

interface RunOptions {
	shell?: string;
	env?: Record<string, string | undefined>;
	/** PATH folders; defaults to the tools only (no curl, no node). */
	path?: string[];
	stdin?: string;
}

/** Runs `command` with `<shell> -c`, as a hook runner does, in a clean environment. */
function run(command: string, options: RunOptions = {}): Promise<RunResult> {
	const env: Record<string, string> = { HOME: home, PATH: (options.path ?? [toolsBin]).join(':') };
	for (const [key, value] of Object.entries(options.env ?? {})) {
		if (value !== undefined) {
			env[key] = value;
		}
	}
	return new Promise((resolve, reject) => {
		const child = spawn(options.shell ?? '/bin/sh', ['-c', command], { env, cwd: root });
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
		child.on('error', reject);
		child.on('close', (code) => resolve({ code, stdout, stderr }));
		child.stdin.on('error', () => undefined);
		child.stdin.end(options.stdin ?? '');
	});
}

function report(result: RunResult): BridgeReport {
	expect(result.stderr).toBe('');
	expect(result.stdout.endsWith('\n')).toBe(true);
	return JSON.parse(result.stdout) as BridgeReport;
}

function bridgeRunCount(): number {
	return existsSync(bridgeRuns)
		? readFileSync(bridgeRuns, 'utf8').split('\n').filter(Boolean).length
		: 0;
}

const PAYLOAD = JSON.stringify({
	hook_event_name: 'PreToolUse',
	tool_name: 'run_in_terminal',
	tool_input: {
		command: "echo \"$HOME\" `id` \\ done; printf '%s\\n' it's",
		note: 'ünïcödé ✓\nsecond line',
	},
});

describe('the hook command and the launcher, run by /bin/sh -c', () => {
	it('answers {} and drains stdin when the launcher is not installed', async () => {
		const elsewhere = join(root, 'no-hookwarden-home');
		mkdirSync(elsewhere, { recursive: true });
		const result = await run(posixHookCommand('PreToolUse'), {
			env: { HOME: elsewhere },
			stdin: 'x'.repeat(1 << 20),
		});
		expect(result).toEqual({ code: 0, stdout: '{}\n', stderr: '' });
	});

	for (const shell of SHELLS) {
		it(`passes the event argument, stdin and stdout through to node from PATH (${shell})`, async () => {
			const result = await run(posixHookCommand('PreToolUse'), {
				shell,
				path: [toolsBin, nodeBin],
				stdin: PAYLOAD,
			});
			expect(result.code).toBe(0);
			expect(report(result)).toEqual({
				args: ['PreToolUse'],
				stdin: PAYLOAD,
				via: 'path',
				electron: null,
				settings: '/u/settings.json',
			});
		});
	}

	it("falls back to VS Code's runtime with ELECTRON_RUN_AS_NODE=1 when no node is on PATH", async () => {
		const result = await run(posixHookCommand('Stop'), { stdin: PAYLOAD });
		expect(result.code).toBe(0);
		expect(report(result)).toMatchObject({
			args: ['Stop'],
			stdin: PAYLOAD,
			via: 'vscode',
			electron: '1',
		});
	});

	it('prefers HOOKWARDEN_NODE over node on PATH', async () => {
		const result = await run(posixHookCommand('Stop'), {
			path: [toolsBin, nodeBin],
			env: { HOOKWARDEN_NODE: fakeVsCode },
			stdin: '{}',
		});
		expect(report(result)).toMatchObject({ via: 'vscode', electron: null });
	});

	it("passes the bridge's exit code through", async () => {
		const result = await run(posixHookCommand('PreToolUse'), {
			path: [toolsBin, nodeBin],
			env: { FAKE_EXIT: '3' },
			stdin: '{}',
		});
		expect(result.code).toBe(3);
	});

	it('keeps a HOOKWARDEN_USER_SETTINGS the environment already has', async () => {
		const result = await run(posixHookCommand('Stop'), {
			path: [toolsBin, nodeBin],
			env: { HOOKWARDEN_USER_SETTINGS: '/mine.json' },
			stdin: '{}',
		});
		expect(report(result).settings).toBe('/mine.json');
	});

	it('answers {} with one stderr line when the bridge is gone', async () => {
		installLauncher({ bridgePath: join(root, 'missing', 'bridge.js') });
		try {
			const result = await run(posixHookCommand('PreToolUse'), {
				path: [toolsBin, nodeBin],
				stdin: PAYLOAD,
			});
			expect(result.code).toBe(0);
			expect(result.stdout).toBe('{}\n');
			expect(result.stderr).toMatch(/^hookwarden: the bridge .*missing\/bridge\.js is gone .*\n$/);
		} finally {
			installLauncher();
		}
	});

	it('answers {} when there is neither node on PATH nor the VS Code runtime', async () => {
		installLauncher({ nodeFallback: join(root, 'missing', 'code') });
		try {
			const result = await run(posixHookCommand('PreToolUse'), { stdin: PAYLOAD });
			expect(result.stdout).toBe('{}\n');
			expect(result.stderr).toContain('no node runtime found');
		} finally {
			installLauncher();
		}
	});
});

describe('the curl fast path to a window', () => {
	interface Seen {
		method?: string;
		url?: string;
		headers?: IncomingHttpHeaders;
		body?: string;
	}
	let server: Server;
	let socket: string;
	let secretFile: string;
	let seen: Seen[] = [];
	let status = 200;
	const answer =
		'{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}';

	beforeAll(async () => {
		socket = join(root, 'w.sock');
		secretFile = join(root, 'secret.header');
		writeFileSync(secretFile, 'Authorization: Bearer s3cret-token\n', { mode: 0o600 });
		server = createServer((request, response) => {
			let body = '';
			request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
			request.on('end', () => {
				seen.push({ method: request.method, url: request.url, headers: request.headers, body });
				response.writeHead(status, { 'content-type': 'application/json' });
				response.end(status === 200 ? answer : '{"error":"notServing","message":"closing"}');
			});
		});
		await new Promise<void>((resolve) => server.listen(socket, resolve));
	});

	afterAll(async () => {
		await new Promise<void>((resolve) => server.close(() => resolve()));
	});

	const fastEnv = () => ({ HOOKWARDEN_ENDPOINT: socket, HOOKWARDEN_SECRET_FILE: secretFile });

	for (const shell of SHELLS) {
		it(`posts the envelope with the secret and prints the body, without starting node (${shell})`, async () => {
			seen = [];
			status = 200;
			const before = bridgeRunCount();
			const result = await run(posixHookCommand('PreToolUse'), {
				shell,
				path: [toolsBin, curlBin, nodeBin],
				env: fastEnv(),
				stdin: `${PAYLOAD}\n`,
			});
			expect(result).toEqual({ code: 0, stdout: `${answer}\n`, stderr: '' });
			expect(bridgeRunCount()).toBe(before);
			expect(seen).toHaveLength(1);
			const request = seen[0]!;
			expect(request.method).toBe('POST');
			expect(request.url).toBe(`/v${PROTOCOL_VERSION}/hook/PreToolUse`);
			expect(request.headers?.authorization).toBe('Bearer s3cret-token');
			expect(request.headers?.['content-type']).toBe('application/json');
			expect(JSON.parse(request.body ?? '')).toEqual({
				v: PROTOCOL_VERSION,
				event: 'PreToolUse',
				client: 'sh',
				payload: JSON.parse(PAYLOAD) as unknown,
			});
		});
	}

	it.each([
		[{ COPILOT_CLI: '1' }, 'copilotCli'],
		[{ COPILOT_CLI: '1', AI_AGENT: 'github_copilot_vscode_agent' }, 'agentHost'],
		[{ AI_AGENT: 'github_copilot_vscode_agent' }, undefined],
	])('says which runtime ran the hook, from its environment %j', async (runnerEnv, runner) => {
		seen = [];
		status = 200;
		await run(posixHookCommand('PreToolUse'), {
			path: [toolsBin, curlBin, nodeBin],
			env: { ...fastEnv(), ...runnerEnv },
			stdin: PAYLOAD,
		});
		expect((JSON.parse(seen[0]?.body ?? '{}') as { runner?: string }).runner).toBe(runner);
	});

	it('replays the same stdin into the bridge when the window answers 503', async () => {
		seen = [];
		status = 503;
		const result = await run(posixHookCommand('PostToolUse'), {
			path: [toolsBin, curlBin, nodeBin],
			env: fastEnv(),
			stdin: PAYLOAD,
		});
		expect(seen).toHaveLength(1);
		expect(report(result)).toMatchObject({ args: ['PostToolUse'], via: 'path' });
		expect(report(result).stdin.trimEnd()).toBe(PAYLOAD);
	});

	it('runs the bridge directly when the socket is gone, or curl or the secret is missing', async () => {
		seen = [];
		status = 200;
		const cases: RunOptions[] = [
			{
				env: { ...fastEnv(), HOOKWARDEN_ENDPOINT: join(root, 'gone.sock') },
				path: [toolsBin, curlBin, nodeBin],
			},
			{
				env: { ...fastEnv(), HOOKWARDEN_ENDPOINT: secretFile },
				path: [toolsBin, curlBin, nodeBin],
			},
			{ env: fastEnv(), path: [toolsBin, nodeBin] },
			{
				env: { ...fastEnv(), HOOKWARDEN_SECRET_FILE: join(root, 'no-secret') },
				path: [toolsBin, curlBin, nodeBin],
			},
		];
		for (const options of cases) {
			const result = await run(posixHookCommand('Stop'), { ...options, stdin: PAYLOAD });
			expect(report(result)).toMatchObject({ args: ['Stop'], stdin: PAYLOAD, via: 'path' });
		}
		expect(seen).toHaveLength(0);
	});

	it('falls back to the bridge when the socket file is there but nothing listens', async () => {
		const stale = join(root, 'stale.sock');
		const closed = createServer();
		await new Promise<void>((resolve) => closed.listen(stale, resolve));
		// Closing removes the file; recreate a dead socket file by listening from a child that exits abruptly.
		await new Promise<void>((resolve) => closed.close(() => resolve()));
		await run(
			`${shellQuote(NODE)} -e "require('net').createServer().listen(process.argv[1], () => process.exit(0))" ${shellQuote(stale)}`,
			{
				path: [toolsBin],
			},
		);
		expect(existsSync(stale)).toBe(true);
		const result = await run(posixHookCommand('Stop'), {
			path: [toolsBin, curlBin, nodeBin],
			env: { ...fastEnv(), HOOKWARDEN_ENDPOINT: stale },
			stdin: PAYLOAD,
		});
		expect(report(result)).toMatchObject({ args: ['Stop'], via: 'path' });
		expect(report(result).stdin.trimEnd()).toBe(PAYLOAD);
	});

	it('skips the fast path for empty stdin and for an event argument that is not a plain name', async () => {
		seen = [];
		const empty = await run(posixHookCommand('Stop'), {
			path: [toolsBin, curlBin, nodeBin],
			env: fastEnv(),
			stdin: '',
		});
		expect(report(empty)).toMatchObject({ args: ['Stop'], stdin: '\n' });
		const odd = await run(`"$HOME/.hookwarden/bin/hookwarden-hook" 'Pre"Tool'`, {
			path: [toolsBin, curlBin, nodeBin],
			env: fastEnv(),
			stdin: PAYLOAD,
		});
		expect(report(odd)).toMatchObject({ args: ['Pre"Tool'], stdin: PAYLOAD });
		expect(seen).toHaveLength(0);
	});
});

describe('generated text', () => {
	const inputs: LauncherInputs = {
		bridgePath: "/x/it's/bridge.js",
		nodeFallback: 'C:\\Program Files\\Code\\Code.exe',
		version: '1.2.3',
	};

	it('quotes for sh and PowerShell', () => {
		expect(shellQuote("it's")).toBe(`'it'\\''s'`);
		expect(powershellQuote("it's")).toBe(`'it''s'`);
	});

	it('bakes the version and the paths into both launchers', () => {
		expect(posixLauncher(inputs)).toContain('written by Hookwarden 1.2.3');
		expect(posixLauncher(inputs)).toContain(`bridge='/x/it'\\''s/bridge.js'`);
		const ps = powershellLauncher({
			...inputs,
			userSettingsPath: "C:\\Users\\o'neil\\settings.json",
		});
		expect(ps).toContain(`$bridge = '/x/it''s/bridge.js'`);
		expect(ps).toContain(`$vscodeNode = 'C:\\Program Files\\Code\\Code.exe'`);
		expect(ps).toContain(`$env:HOOKWARDEN_USER_SETTINGS = 'C:\\Users\\o''neil\\settings.json'`);
		expect(ps).toMatch(/\$payload \| & \$node \$bridge \$Event\nexit \$LASTEXITCODE\n$/);
	});

	it('runs the PowerShell launcher by its stable path, and answers {} without it', () => {
		expect(windowsHookCommand('PreToolUse')).toBe(
			`$h = "$env:USERPROFILE\\.hookwarden\\bin\\hookwarden-hook.ps1"; if (Test-Path -LiteralPath $h) { & $h PreToolUse; exit $LASTEXITCODE } else { '{}' }`,
		);
	});

	it('names the launcher folder for each platform', () => {
		expect(launcherFolder('/home/me/', 'linux')).toBe('/home/me/.hookwarden/bin');
		expect(launcherFolder('C:\\Users\\me', 'win32')).toBe('C:\\Users\\me\\.hookwarden\\bin');
	});
});
