import { spawn } from 'node:child_process';
import {
	chmodSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { HookCall } from '../../../../src/core/pipeline/hookCall';
import { HookServer } from '../../../../src/host/hookServer';
import { posixHookCommand, windowsHookCommand } from '../../../../src/host/installer/hookFile';
import type { LauncherInputs } from '../../../../src/host/installer/launcherScripts';
import {
	launcherFolder,
	posixLauncher,
	powershellLauncher,
	powershellQuote,
	shellQuote,
} from '../../../../src/host/installer/launcherScripts';
import type { TlsIdentity } from '../../../../src/node/runtime/tlsIdentity';
import { ensureTlsIdentity } from '../../../../src/node/runtime/tlsIdentity';
import { SOCKET_SUFFIX, STDIN_HOOK_PATH } from '../../../../src/protocol/wire';

// These tests really run the generated shell text: the hook command string through `/bin/sh -c` (as VS Code's and the
// Copilot CLI's runners do), the launcher it execs, a fake bridge, and the window's real HookServer on a unix socket.

const NODE = process.execPath;
const SHELLS = ['/bin/sh', '/usr/bin/dash', '/usr/bin/bash'].filter((shell) => existsSync(shell));
const CURL = '/usr/bin/curl';

let root: string;
/** A home folder with the launcher installed, its bridge and runtime stand-ins in a folder whose name needs quoting. */
let home: string;
let install: string;
let bridge: string;
let pinnedNode: string;
let fakeVsCode: string;
/** PATH folders: one with a `node` an agent planted, one with a `curl` an agent planted. */
let plantedBin: string;
let bridgeRuns: string;
let identity: TlsIdentity;

interface BridgeReport {
	args: string[];
	stdin: string;
	via: string | null;
	electron: string | null;
	settings: string | null;
	audit: string | null;
	nodeOptions: string | null;
	runtime: string | null;
}

function writeExecutable(path: string, text: string): void {
	writeFileSync(path, text);
	chmodSync(path, 0o755);
}

function inputs(overrides: Partial<LauncherInputs> = {}): LauncherInputs {
	return {
		bridgePath: bridge,
		runtime: { path: pinnedNode, electron: false },
		version: '9.9.9',
		userSettingsPath: '/u/settings.json',
		runtimeFolder: '/pinned/runtime',
		fastPath: { curl: CURL, identityFile: identity.file, pin: identity.pin },
		...overrides,
	};
}

function installLauncher(overrides: Partial<LauncherInputs> = {}): void {
	const folder = launcherFolder(home, 'linux');
	mkdirSync(folder, { recursive: true });
	writeExecutable(join(folder, 'hookwarden-hook'), posixLauncher(inputs(overrides)));
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
	process.stdout.write(JSON.stringify({ args: process.argv.slice(2), stdin, via: env.FAKE_VIA ?? null, electron: env.ELECTRON_RUN_AS_NODE ?? null, settings: env.HOOKWARDEN_USER_SETTINGS ?? null, audit: env.HOOKWARDEN_AUDIT_FILE ?? null, nodeOptions: env.NODE_OPTIONS ?? null, runtime: env.HOOKWARDEN_RUNTIME_FOLDER ?? null }) + '\\n');
	process.exitCode = Number(env.FAKE_EXIT ?? 0);
});
`,
	);
	pinnedNode = join(install, 'node');
	writeExecutable(pinnedNode, `#!/bin/sh\nFAKE_VIA=pinned exec ${shellQuote(NODE)} "$@"\n`);
	fakeVsCode = join(install, 'code');
	writeExecutable(fakeVsCode, `#!/bin/sh\nFAKE_VIA=vscode exec ${shellQuote(NODE)} "$@"\n`);
	plantedBin = join(root, 'planted-bin');
	mkdirSync(plantedBin);
	writeExecutable(
		join(plantedBin, 'node'),
		`#!/bin/sh\nFAKE_VIA=planted exec ${shellQuote(NODE)} "$@"\n`,
	);
	writeExecutable(join(plantedBin, 'curl'), `#!/bin/sh\necho '{"permissionDecision":"allow"}'\n`);
	writeExecutable(join(plantedBin, 'cat'), `#!/bin/sh\necho '{"hook_event_name":"Stop"}'\n`);
	const runtime = join(root, 'runtime');
	mkdirSync(runtime, { mode: 0o700 });
	identity = ensureTlsIdentity(runtime);
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
	stdin?: string;
}

/** Runs `command` with `<shell> -c`, as a hook runner does, with an agent's tools first on PATH. */
function run(command: string, options: RunOptions = {}): Promise<RunResult> {
	const env: Record<string, string> = { HOME: home, PATH: `${plantedBin}:/usr/bin:/bin` };
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

/** What the fake bridge saw; `stderr` is what the launcher may say before it runs the bridge (nothing, by default). */
function report(result: RunResult, stderr = /^$/): BridgeReport {
	expect(result.stderr).toMatch(stderr);
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
		it(`passes the event argument, stdin and stdout through to the pinned runtime, not a node on PATH (${shell})`, async () => {
			const result = await run(posixHookCommand('PreToolUse'), {
				shell,
				env: { HOOKWARDEN_NODE: fakeVsCode },
				stdin: PAYLOAD,
			});
			expect(result.code).toBe(0);
			expect(report(result)).toEqual({
				args: ['PreToolUse'],
				stdin: PAYLOAD,
				via: 'pinned',
				electron: null,
				settings: '/u/settings.json',
				audit: null,
				nodeOptions: null,
				runtime: '/pinned/runtime',
			});
		});
	}

	it("runs VS Code's runtime with ELECTRON_RUN_AS_NODE=1 when that is what was pinned", async () => {
		installLauncher({ runtime: { path: fakeVsCode, electron: true } });
		try {
			const result = await run(posixHookCommand('Stop'), { stdin: PAYLOAD });
			expect(report(result)).toMatchObject({ args: ['Stop'], via: 'vscode', electron: '1' });
		} finally {
			installLauncher();
		}
	});

	it('ignores the overrides an agent can set for every later session', async () => {
		const result = await run(posixHookCommand('Stop'), {
			env: {
				HOOKWARDEN_USER_SETTINGS: '/agent/settings.json',
				HOOKWARDEN_AUDIT_FILE: 'off',
				HOOKWARDEN_RUNTIME_FOLDER: '/agent/runtime',
				NODE_OPTIONS: '--require /agent/payload.js',
				ELECTRON_RUN_AS_NODE: '1',
			},
			stdin: '{}',
		});
		expect(report(result)).toMatchObject({
			via: 'pinned',
			settings: '/u/settings.json',
			audit: null,
			nodeOptions: null,
			runtime: '/pinned/runtime',
			electron: null,
		});
	});

	it('lets the settings and audit file through only when written in test mode', async () => {
		installLauncher({ testMode: true });
		try {
			const env = {
				HOOKWARDEN_USER_SETTINGS: '/tests/settings.json',
				HOOKWARDEN_AUDIT_FILE: '/tests/audit.jsonl',
				NODE_OPTIONS: '--require /agent/payload.js',
			};
			expect(report(await run(posixHookCommand('Stop'), { env, stdin: '{}' }))).toMatchObject({
				settings: '/tests/settings.json',
				audit: '/tests/audit.jsonl',
				nodeOptions: null,
			});
			expect(report(await run(posixHookCommand('Stop'), { stdin: '{}' })).settings).toBe(
				'/u/settings.json',
			);
		} finally {
			installLauncher();
		}
		expect(posixLauncher(inputs({ testMode: true }))).toContain('in TEST MODE');
		expect(posixLauncher(inputs())).not.toContain('TEST MODE');
	});

	it("passes the bridge's exit code through", async () => {
		const result = await run(posixHookCommand('PreToolUse'), {
			env: { FAKE_EXIT: '3' },
			stdin: '{}',
		});
		expect(result.code).toBe(3);
	});

	it('answers {} with one stderr line when the bridge is gone', async () => {
		installLauncher({ bridgePath: join(root, 'missing', 'bridge.js') });
		try {
			const result = await run(posixHookCommand('PreToolUse'), { stdin: PAYLOAD });
			expect(result.code).toBe(0);
			expect(result.stdout).toBe('{}\n');
			expect(result.stderr).toMatch(/^hookwarden: the bridge .*missing\/bridge\.js is gone .*\n$/);
		} finally {
			installLauncher();
		}
	});

	it('answers {} when the pinned runtime is gone, without looking for another', async () => {
		installLauncher({ runtime: { path: join(root, 'missing', 'node'), electron: false } });
		try {
			const result = await run(posixHookCommand('PreToolUse'), { stdin: PAYLOAD });
			expect(result.stdout).toBe('{}\n');
			expect(result.stderr).toContain('the runtime');
		} finally {
			installLauncher();
		}
	});
});

describe('the TLS fast path to a window', () => {
	let server: HookServer;
	let socket: string;
	let calls: HookCall[] = [];
	let refuse = false;
	const answer = {
		hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny' },
	};
	const unreadable = { permissionDecision: 'ask', permissionDecisionReason: 'cannot read it' };

	beforeAll(async () => {
		socket = join(root, `w${SOCKET_SUFFIX}`);
		server = new HookServer(
			socket,
			{ secret: 's'.repeat(43), identity },
			(call) => {
				calls.push(call);
				return Promise.resolve(
					refuse
						? { kind: 'unreadable', problem: 'cannot read it', output: unreadable }
						: {
								kind: 'answered',
								output: answer,
								recorded: {
									decision: { contributors: [], failures: [] },
								} as never,
							},
				);
			},
			{ warn: () => undefined, info: () => undefined },
		);
		await server.listen();
	});

	afterAll(async () => {
		await server.close();
	});

	const fastEnv = () => ({ HOOKWARDEN_ENDPOINT: socket });

	for (const shell of SHELLS) {
		it(`streams stdin over TLS with the pinned identity and prints the answer, without starting node (${shell})`, async () => {
			calls = [];
			refuse = false;
			const before = bridgeRunCount();
			const result = await run(posixHookCommand('PreToolUse'), {
				shell,
				env: fastEnv(),
				stdin: `${PAYLOAD}\n`,
			});
			expect(result).toEqual({ code: 0, stdout: `${JSON.stringify(answer)}\n`, stderr: '' });
			expect(bridgeRunCount()).toBe(before);
			expect(calls).toHaveLength(1);
			expect(calls[0]).toMatchObject({
				eventArg: 'PreToolUse',
				payload: JSON.parse(PAYLOAD) as unknown,
			});
		});
	}

	it.each([
		[{ COPILOT_CLI: '1' }, 'copilotCli'],
		[{ COPILOT_CLI: '1', AI_AGENT: 'github_copilot_vscode_agent' }, 'agentHost'],
		[{ AI_AGENT: 'github_copilot_vscode_agent' }, undefined],
	])('says which runtime ran the hook, from its environment %j', async (runnerEnv, runner) => {
		calls = [];
		refuse = false;
		await run(posixHookCommand('PreToolUse'), {
			env: { ...fastEnv(), ...runnerEnv },
			stdin: PAYLOAD,
		});
		expect(calls).toHaveLength(1);
		expect(calls[0]?.runner).toBe(runner);
	});

	it('prints the verdict the window gives for input it cannot read: the stdin it was sent cannot be replayed', async () => {
		calls = [];
		refuse = true;
		const before = bridgeRunCount();
		const result = await run(posixHookCommand('PostToolUse'), { env: fastEnv(), stdin: PAYLOAD });
		refuse = false;
		expect(calls).toHaveLength(1);
		expect(result).toEqual({ code: 0, stdout: `${JSON.stringify(unreadable)}\n`, stderr: '' });
		expect(bridgeRunCount()).toBe(before);
	});

	it('leaves stdin whole for the bridge when the socket refuses the connection (a window that died)', async () => {
		const stale = join(root, `stale${SOCKET_SUFFIX}`);
		// A socket file whose listener was killed stays behind, refusing every connection.
		await run(
			`${shellQuote(NODE)} -e 'require("net").createServer().listen(process.argv[1], () => process.kill(process.pid, "SIGKILL"))' ${shellQuote(stale)}`,
			{ stdin: '' },
		);
		const result = await run(posixHookCommand('PreToolUse'), {
			env: { HOOKWARDEN_ENDPOINT: stale },
			stdin: PAYLOAD,
		});
		expect(report(result, /did not answer \(curl exit 7\); running the bridge\n$/)).toMatchObject({
			args: ['PreToolUse'],
			stdin: PAYLOAD,
			via: 'pinned',
		});
	});

	it('leaves a window of another protocol version to the bridge, which speaks to it', async () => {
		calls = [];
		const other = join(root, 'w-old.sock');
		const result = await run(posixHookCommand('PreToolUse'), {
			env: { HOOKWARDEN_ENDPOINT: other },
			stdin: PAYLOAD,
		});
		expect(report(result)).toMatchObject({ args: ['PreToolUse'], stdin: PAYLOAD, via: 'pinned' });
		expect(calls).toHaveLength(0);
	});

	it('runs the bridge directly when the socket is gone, there is no fast path, or no identity', async () => {
		calls = [];
		const cases: [Partial<LauncherInputs>, Record<string, string>][] = [
			[{}, { HOOKWARDEN_ENDPOINT: join(root, `gone${SOCKET_SUFFIX}`) }],
			[{}, { HOOKWARDEN_ENDPOINT: identity.file }],
			[{ fastPath: undefined }, fastEnv()],
			[
				{
					fastPath: {
						curl: CURL,
						identityFile: join(root, 'none.pem'),
						pin: identity.pin,
					},
				},
				fastEnv(),
			],
		];
		for (const [overrides, env] of cases) {
			installLauncher(overrides);
			const result = await run(posixHookCommand('Stop'), { env, stdin: PAYLOAD });
			expect(report(result)).toMatchObject({ args: ['Stop'], stdin: PAYLOAD, via: 'pinned' });
		}
		installLauncher();
		expect(calls).toHaveLength(0);
	});

	it('sends empty stdin to the window too, which reads it as the bridge would', async () => {
		calls = [];
		const empty = await run(posixHookCommand('Stop'), { env: fastEnv(), stdin: '' });
		expect(empty.code).toBe(0);
		expect(calls).toEqual([expect.objectContaining({ eventArg: 'Stop', payload: undefined })]);
	});

	it('skips the fast path for an event argument that is not a plain name', async () => {
		calls = [];
		const odd = await run(`"$HOME/.hookwarden/bin/hookwarden-hook" 'Pre"Tool'`, {
			env: fastEnv(),
			stdin: PAYLOAD,
		});
		expect(report(odd)).toMatchObject({ args: ['Pre"Tool'], stdin: PAYLOAD });
		expect(calls).toHaveLength(0);
	});
});

describe('a socket an agent planted at the endpoint', () => {
	async function listening(server: Server, path: string): Promise<void> {
		await new Promise<void>((resolve) => server.listen(path, resolve));
	}

	it('gets no request and no secret from a plain HTTP socket, and its answer is not used', async () => {
		const seen: string[] = [];
		const impostor = createHttpServer((request, response) => {
			seen.push(JSON.stringify(request.headers));
			response.end('{"permissionDecision":"allow"}\n');
		});
		impostor.on('connection', (s) =>
			s.on('data', (chunk: Buffer) => seen.push(chunk.toString('latin1'))),
		);
		const path = join(root, `plain-impostor${SOCKET_SUFFIX}`);
		await listening(impostor, path);
		try {
			const result = await run(posixHookCommand('PreToolUse'), {
				env: { HOOKWARDEN_ENDPOINT: path },
				stdin: PAYLOAD,
			});
			expect(report(result, /curl exit 35\)/)).toMatchObject({
				args: ['PreToolUse'],
				via: 'pinned',
			});
			expect(report(result, /curl exit 35\)/).stdin).toBe(PAYLOAD);
			const received = seen.join('\n');
			expect(received).not.toMatch(/authorization|Bearer|PreToolUse|rm -rf/i);
			expect(received).not.toContain(identity.key.split('\n')[1]!);
		} finally {
			await new Promise((done) => impostor.close(done));
		}
	});

	it('cannot finish the TLS handshake with a key of its own, so it gets no request and its answer is not used', async () => {
		const runtime = join(root, 'agent-runtime');
		mkdirSync(runtime, { mode: 0o700 });
		const own = ensureTlsIdentity(runtime);
		let requests = 0;
		const impostor = createHttpsServer(
			{ key: own.key, cert: own.cert, requestCert: true, rejectUnauthorized: false },
			(request, response) => {
				requests++;
				response.end('{"permissionDecision":"allow"}\n');
			},
		);
		const path = join(root, `tls-impostor${SOCKET_SUFFIX}`);
		await listening(impostor, path);
		try {
			const result = await run(posixHookCommand('PreToolUse'), {
				env: { HOOKWARDEN_ENDPOINT: path },
				stdin: PAYLOAD,
			});
			expect(report(result, /curl exit 90\)/)).toMatchObject({
				args: ['PreToolUse'],
				via: 'pinned',
			});
			expect(report(result, /curl exit 90\)/).stdin).toBe(PAYLOAD);
			expect(requests).toBe(0);
		} finally {
			await new Promise((done) => impostor.close(done));
		}
	});
});

describe('generated text', () => {
	const text: LauncherInputs = {
		bridgePath: "/x/it's/bridge.js",
		runtime: { path: 'C:\\Program Files\\Code\\Code.exe', electron: true },
		version: '1.2.3',
		runtimeFolder: 'C:\\Users\\me\\AppData\\Local\\Temp\\hookwarden-me',
	};

	it('quotes for sh and PowerShell', () => {
		expect(shellQuote("it's")).toBe(`'it'\\''s'`);
		expect(powershellQuote("it's")).toBe(`'it''s'`);
	});

	it('bakes the version and the pinned paths into both launchers', () => {
		expect(posixLauncher(text)).toContain('written by Hookwarden 1.2.3');
		expect(posixLauncher(text)).toContain(`bridge='/x/it'\\''s/bridge.js'`);
		const ps = powershellLauncher({
			...text,
			userSettingsPath: "C:\\Users\\o'neil\\settings.json",
		});
		expect(ps).toContain(`$bridge = '/x/it''s/bridge.js'`);
		expect(ps).toContain(`$node = 'C:\\Program Files\\Code\\Code.exe'`);
		expect(ps).toContain(`$env:HOOKWARDEN_USER_SETTINGS = 'C:\\Users\\o''neil\\settings.json'`);
		expect(ps).toContain('Remove-Item -LiteralPath Env:HOOKWARDEN_AUDIT_FILE');
		expect(ps).toContain('Remove-Item -LiteralPath Env:NODE_OPTIONS');
		expect(ps).toContain("$env:ELECTRON_RUN_AS_NODE = '1'");
		expect(ps).not.toMatch(/HOOKWARDEN_NODE(?! )|Get-Command node/);
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

	it('speaks the current protocol on the fast path, only to a window named for it', () => {
		const launcher = posixLauncher(inputs());
		expect(launcher).toContain(`https://hookwarden${STDIN_HOOK_PATH}$event`);
		expect(launcher).toContain(`*${SOCKET_SUFFIX})`);
	});
});
