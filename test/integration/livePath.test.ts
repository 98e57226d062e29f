import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { chmodSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ApprovalQueue } from '../../src/core/approvals/approvalQueue';
import { ApprovalGate } from '../../src/core/pipeline/approvalGate';
import { HookDecider } from '../../src/core/pipeline/hookDecider';
import { compilePolicy } from '../../src/core/policy/compilePolicy';
import { DefaultHooksProvider } from '../../src/core/provider/defaultHooksProvider';
import { readPolicySettings } from '../../src/core/settings/readPolicySettings';
import { CompositeHooksProvider } from '../../src/core/provider/compositeHooksProvider';
import { SessionTracker } from '../../src/core/sessions/sessionTracker';
import { SYSTEM_CLOCK } from '../../src/core/util/clock';
import { MAX_HOOK_INPUT_BYTES } from '../../src/core/events/hookInputText';
import { HookServer } from '../../src/host/hookServer';
import { currentEndpointHost } from '../../src/node/runtime/runtimeFolder';
import {
	leaseFolder,
	runtimeFolder,
	secretFile as secretFileOf,
} from '../../src/protocol/endpoint';
import { posixLauncher } from '../../src/host/installer/launcherScripts';
import type { TlsIdentity } from '../../src/node/runtime/tlsIdentity';
import { ensureTlsIdentity } from '../../src/node/runtime/tlsIdentity';
import { PROTOCOL_VERSION, SOCKET_SUFFIX } from '../../src/protocol/wire';
import type { ProcessRun } from '../support/runProcess';
import { runProcess } from '../support/runProcess';

const BRIDGE = resolve(__dirname, '../../dist/bridge.js');
const TOKEN = 'k'.repeat(43);

let root: string;
let workspace: string;
let socket: string;
let secretFile: string;
let runtime: string;
let launcher: string;
let wrongPinLauncher: string;
let identity: TlsIdentity;
let server: HookServer;
let sessions: SessionTracker;
let approvals: ApprovalQueue;

function run(
	command: string,
	args: string[],
	stdin: string,
	env: NodeJS.ProcessEnv,
): Promise<ProcessRun> {
	return runProcess(command, args, {
		cwd: workspace,
		env: {
			...process.env,
			HOOKWARDEN_USER_SETTINGS: join(root, 'none.json'),
			XDG_RUNTIME_DIR: join(root, 'runtime'),
			...env,
		},
		stdin,
	});
}

const payload = (command: string, id = 'call_1') =>
	JSON.stringify({
		timestamp: '2026-11-22T03:00:00.000Z',
		hook_event_name: 'PreToolUse',
		session_id: 'live-1',
		cwd: workspace,
		tool_name: 'run_in_terminal',
		tool_input: { command },
		tool_use_id: id,
	});

/** What the window logged, for the calls it could not read. */
const windowWarnings: string[] = [];

beforeAll(async () => {
	root = mkdtempSync(join(tmpdir(), 'hookwarden-live-'));
	workspace = join(root, 'ws');
	mkdirSync(join(workspace, '.vscode'), { recursive: true });
	// The headless bridge sees only this file; the window's policy below has a rule this file lacks.
	writeFileSync(
		join(workspace, '.vscode', 'settings.json'),
		JSON.stringify({
			'hookwarden.rules': [{ id: 'headless-rule', command: 'make', verdict: 'ask' }],
		}),
	);
	// The window's socket and secret live in the runtime folder, where bridges trust them (and nowhere else).
	runtime = runtimeFolder(
		currentEndpointHost({ ...process.env, XDG_RUNTIME_DIR: join(root, 'runtime') }),
	);
	mkdirSync(runtime, { recursive: true, mode: 0o700 });
	socket = join(runtime, `w-live${SOCKET_SUFFIX}`);
	secretFile = secretFileOf(runtime);
	writeFileSync(secretFile, `Authorization: Bearer ${TOKEN}\n`, { mode: 0o600 });
	identity = ensureTlsIdentity(runtime);
	launcher = writeLauncher('hookwarden-hook', identity);
	// A launcher pinned to another key: the real window cannot prove itself to it.
	const elsewhere = join(root, 'elsewhere');
	mkdirSync(elsewhere, { mode: 0o700 });
	wrongPinLauncher = writeLauncher('wrong-pin-hook', ensureTlsIdentity(elsewhere));

	const windowPolicy = compilePolicy(
		readPolicySettings([
			{
				source: { kind: 'userSettings' },
				values: {
					rules: [
						{
							id: 'window-only',
							command: 'make deploy',
							verdict: 'deny',
							reason: 'Deploys go through CI.',
						},
						{ id: 'ask-publish', command: 'npm publish', verdict: 'ask' },
					],
					'approval.timeoutSeconds': 5,
				},
			},
		]).settings,
	);
	sessions = new SessionTracker();
	approvals = new ApprovalQueue(SYSTEM_CLOCK);
	const chain = new CompositeHooksProvider([
		{ provider: new DefaultHooksProvider({ policy: () => windowPolicy }), priority: 0 },
	]);
	const pipeline = new HookDecider({
		chain,
		gate: new ApprovalGate(approvals, SYSTEM_CLOCK),
		sessions,
		clock: SYSTEM_CLOCK,
		policy: () => windowPolicy,
		workspaceFolderFor: () => workspace,
		origin: 'window',
	});
	server = new HookServer(socket, { secret: TOKEN, identity }, (call) => pipeline.decide(call), {
		warn: (line) => windowWarnings.push(line),
		info: () => undefined,
	});
	await server.listen();
});

afterAll(async () => {
	await server.close();
	rmSync(root, { recursive: true, force: true });
});

const windowEnv = () => ({ HOOKWARDEN_ENDPOINT: socket });

/** The launcher the installer writes, pinned to this test's runtime folder, the built bridge and `identity`'s key. */
function writeLauncher(name: string, pinned: TlsIdentity): string {
	const file = join(root, name);
	writeFileSync(
		file,
		posixLauncher({
			bridgePath: BRIDGE,
			runtime: { path: process.execPath, electron: false },
			version: 'test',
			userSettingsPath: join(root, 'none.json'),
			runtimeFolder: runtime,
			fastPath: {
				curl: '/usr/bin/curl',
				identityFile: pinned.file,
				pin: pinned.pin,
			},
		}),
	);
	chmodSync(file, 0o755);
	return file;
}

describe.each([
	['node bridge', () => ['node', [BRIDGE, 'PreToolUse']] as const],
	['sh launcher fast path (curl)', () => ['/bin/sh', ['-c', `${launcher} PreToolUse`]] as const],
])('live path through the running window: %s', (_, command) => {
	it('lets the window decide with a rule only the window has', async () => {
		const [program, args] = command();
		const result = await run(program, [...args], payload('make deploy'), windowEnv());
		expect(JSON.parse(result.stdout)).toMatchObject({
			permissionDecision: 'deny',
			permissionDecisionReason: 'Deploys go through CI.',
		});
		expect(sessions.events().at(-1)?.decision.decidedBy?.ruleId).toBe('window-only');
	});

	it('falls back to headless when the window is gone', async () => {
		const [program, args] = command();
		const result = await run(program, [...args], payload('make deploy'), {
			HOOKWARDEN_ENDPOINT: join(root, `gone${SOCKET_SUFFIX}`),
		});
		expect(JSON.parse(result.stdout)).toMatchObject({ permissionDecision: 'ask' });
	});

	it('finds the live window by its lease when the window it names is gone', async () => {
		const lease = join(leaseFolder(runtime), `lease-${program()}.json`);
		mkdirSync(leaseFolder(runtime), { recursive: true, mode: 0o700 });
		writeFileSync(
			lease,
			JSON.stringify({
				v: PROTOCOL_VERSION,
				pid: process.pid,
				endpoint: socket,
				folders: [workspace],
				startedAt: Date.now(),
			}),
		);
		try {
			const [prog, args] = command();
			const result = await run(prog, [...args], payload('make deploy'), {
				HOOKWARDEN_ENDPOINT: join(root, `gone${SOCKET_SUFFIX}`),
			});
			expect(JSON.parse(result.stdout)).toMatchObject({
				permissionDecision: 'deny',
				permissionDecisionReason: 'Deploys go through CI.',
			});
		} finally {
			rmSync(lease, { force: true });
		}
	});

	it('is refused with a wrong secret or key and decides headless instead', async () => {
		// The node bridge signs with a wrong secret; the sh launcher was written with another key's pin.
		writeFileSync(secretFile, `Authorization: Bearer ${'x'.repeat(43)}\n`, { mode: 0o600 });
		try {
			const [prog, args] = command();
			const sh = prog === '/bin/sh';
			const result = await run(
				prog,
				sh ? ['-c', `${wrongPinLauncher} PreToolUse`] : [...args],
				payload('make deploy'),
				{ HOOKWARDEN_ENDPOINT: socket },
			);
			expect(JSON.parse(result.stdout)).toMatchObject({ permissionDecision: 'ask' });
		} finally {
			writeFileSync(secretFile, `Authorization: Bearer ${TOKEN}\n`, { mode: 0o600 });
		}
	});

	// The node bridge reads its stdin before asking and says why on its stderr; the sh launcher streams stdin to the
	// window unread, which reads it with the same reader and says why in its log.
	it.each([
		['malformed', '{"hook_event_name": "PreToolUse", "tool_na', /not valid JSON/],
		['empty', '', /hook input is empty/],
		['too large', `{"pad":"${'x'.repeat(MAX_HOOK_INPUT_BYTES)}"}`, /larger than/],
	])(
		'asks about %s input as an unreadable tool call, with one line saying why',
		async (_, input, why) => {
			const [program, args] = command();
			windowWarnings.length = 0;
			const result = await run(program, [...args], input, windowEnv());
			expect(JSON.parse(result.stdout)).toMatchObject({ permissionDecision: 'ask' });
			const lines = program === 'node' ? result.stderr.trim().split('\n') : windowWarnings;
			expect(lines).toHaveLength(1);
			expect(lines[0]).toMatch(why);
		},
	);

	function program(): string {
		return command()[0] === 'node' ? 'node' : 'sh';
	}
});

describe('approvals over the live path', () => {
	it('holds the hook until the approval is answered, and the answer flows back as the output', async () => {
		const pending = run(
			'/bin/sh',
			['-c', `${launcher} PreToolUse`],
			payload('npm publish', 'pub-1'),
			windowEnv(),
		);
		for (let i = 0; i < 100 && approvals.pending().length === 0; i++) {
			await new Promise((r) => setTimeout(r, 20));
		}
		const [approval] = approvals.pending();
		expect(approval?.request.event).toMatchObject({ tool: { commandLine: 'npm publish' } });
		approvals.resolve(approval!.request.id, {
			kind: 'denied',
			reason: 'Publishing happens from CI.',
		});
		expect(JSON.parse((await pending).stdout)).toMatchObject({
			permissionDecision: 'deny',
			permissionDecisionReason: 'Publishing happens from CI.',
		});
	});

	it('resolves the approval as gone when the hook process is killed', async () => {
		const child = spawn('node', [BRIDGE, 'PreToolUse'], {
			cwd: workspace,
			env: { ...process.env, XDG_RUNTIME_DIR: join(root, 'runtime'), ...windowEnv() },
		});
		child.stdin.end(payload('npm publish', 'pub-2'));
		for (let i = 0; i < 100 && approvals.pending().length === 0; i++) {
			await new Promise((r) => setTimeout(r, 20));
		}
		const [approval] = approvals.pending();
		child.kill('SIGTERM');
		expect(await approval!.answered).toEqual({ kind: 'gone' });
	});
});

describe('a socket that is not the window', () => {
	it('gets nothing useful from the sh launcher at the endpoint, and its answer is not used', async () => {
		const impostorSocket = join(runtime, `w-sh-impostor${SOCKET_SUFFIX}`);
		const received: Buffer[] = [];
		const impostor = createServer((request, response) => {
			request.resume();
			response.end('{"permissionDecision":"allow"}\n');
		});
		impostor.on('connection', (connection) =>
			connection.on('data', (chunk: Buffer) => received.push(chunk)),
		);
		await new Promise<void>((done) => impostor.listen(impostorSocket, done));
		try {
			const result = await run(
				'/bin/sh',
				['-c', `${launcher} PreToolUse`],
				payload('make deploy'),
				{
					HOOKWARDEN_ENDPOINT: impostorSocket,
				},
			);
			// The bridge took over (asking the impostor too, which could not prove itself) and decided headless.
			expect(JSON.parse(result.stdout)).toMatchObject({ permissionDecision: 'ask' });
			const wire = Buffer.concat(received).toString('latin1');
			expect(wire).not.toContain(TOKEN);
			expect(wire).not.toContain('Bearer');
			expect(wire).not.toContain(identity.key.split('\n')[1]!);
		} finally {
			await new Promise((done) => impostor.close(done));
		}
	});

	it('cannot answer for the window even at a leased path in the runtime folder', async () => {
		const impostorSocket = join(runtime, `w-impostor${SOCKET_SUFFIX}`);
		const seen: string[] = [];
		const impostor = createServer((request, response) => {
			seen.push(String(request.headers.authorization));
			request.resume();
			response
				.writeHead(200, { 'content-type': 'application/json' })
				.end('{"permissionDecision":"allow"}\n');
		});
		await new Promise<void>((done) => impostor.listen(impostorSocket, done));
		try {
			const result = await run('node', [BRIDGE, 'PreToolUse'], payload('make deploy'), {
				HOOKWARDEN_ENDPOINT: impostorSocket,
			});
			expect(JSON.parse(result.stdout)).toMatchObject({ permissionDecision: 'ask' });
			expect(result.stderr).toMatch(/without proving it is a Hookwarden window/);
			// The secret itself never went on the wire: only a MAC over this one request did.
			expect(seen.join('\n')).not.toContain(TOKEN);
		} finally {
			await new Promise((done) => impostor.close(done));
		}
	});
});

describe('concurrency', () => {
	// A correctness test (none lost, each recorded), not a timed one: on a shared 2-core machine 200 launchers, each
	// with its own TLS handshake, can take minutes.
	it('answers 200 concurrent hook calls, each on its own connection, none lost, each recorded', async () => {
		const before = sessions.events().length;
		const results = await Promise.all(
			Array.from({ length: 200 }, (_, i) =>
				run(
					'/bin/sh',
					['-c', `${launcher} PreToolUse`],
					payload(i % 2 ? 'make deploy' : 'ls', `c-${i}`),
					windowEnv(),
				),
			),
		);
		const verdicts = results.map(
			(r) => (JSON.parse(r.stdout) as { permissionDecision?: string }).permissionDecision ?? 'none',
		);
		expect(verdicts.filter((v) => v === 'deny')).toHaveLength(100);
		expect(verdicts.filter((v) => v === 'none')).toHaveLength(100);
		expect(sessions.events().length - before).toBe(200);
	}, 300_000);
});
