import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runProcess } from '../support/runProcess';

const BRIDGE = resolve(__dirname, '../../dist/bridge.js');

let workspace: string;
let userSettings: string;
let server: Server;
let base: string;
// A port that was open a moment ago and is closed now: a provider that is down.
let closedPort: number;

/** A command provider as user settings hold it: `node -e <script>`, so the test needs no shell. */
const nodeProvider = (id: string, script: string, extra: Record<string, unknown> = {}) => ({
	id,
	type: 'command',
	command: process.execPath,
	args: ['-e', script],
	events: ['PreToolUse'],
	...extra,
});
const httpProvider = (id: string, path: string, extra: Record<string, unknown> = {}) => ({
	id,
	type: 'http',
	url: `${base}${path}`,
	events: ['PreToolUse'],
	...extra,
});

function settings(
	user: unknown[],
	workspaceProviders: unknown[] = [],
	trustedFolders: string[] = [],
): void {
	writeFileSync(
		userSettings,
		JSON.stringify({ 'hookwarden.providers': user, 'hookwarden.trustedFolders': trustedFolders }),
	);
	writeFileSync(
		join(workspace, '.vscode', 'settings.json'),
		JSON.stringify({ 'hookwarden.providers': workspaceProviders }),
	);
}

async function preToolUse(command: string) {
	const run = await runProcess(process.execPath, [BRIDGE, 'PreToolUse'], {
		cwd: workspace,
		env: { ...process.env, HOOKWARDEN_USER_SETTINGS: userSettings },
		stdin: JSON.stringify({
			hook_event_name: 'PreToolUse',
			session_id: 'provider-session',
			cwd: workspace,
			tool_name: 'run_in_terminal',
			tool_input: { command },
			tool_use_id: 'call-1',
		}),
	});
	return { ...run, json: JSON.parse(run.stdout) as Record<string, unknown> };
}

beforeAll(async () => {
	workspace = mkdtempSync(join(tmpdir(), 'hookwarden-providers-'));
	mkdirSync(join(workspace, '.vscode'));
	userSettings = join(workspace, 'user-settings.json');
	server = createServer((request, response) => {
		let body = '';
		request.on('data', (chunk: Buffer) => (body += chunk.toString()));
		request.on('end', () => {
			const payload = JSON.parse(body) as { tool_input?: { command?: string } };
			switch (request.url) {
				case '/deny':
					response.end(
						JSON.stringify({
							hookSpecificOutput: {
								hookEventName: 'PreToolUse',
								permissionDecision: 'deny',
								permissionDecisionReason: `audit refuses ${payload.tool_input?.command ?? '?'}`,
							},
						}),
					);
					return;
				case '/ask':
					response.end('{"action":"ask","question":"Deploy now?"}');
					return;
				case '/slow':
					setTimeout(() => response.end('{}'), 3000).unref();
					return;
				case '/bad':
					response.end('I am not a decision');
					return;
				default:
					response.statusCode = 500;
					response.end('oops');
			}
		});
	});
	await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
	base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	const probe = createServer();
	await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
	closedPort = (probe.address() as AddressInfo).port;
	await new Promise((done) => probe.close(done));
});

afterAll(async () => {
	server.closeAllConnections();
	await new Promise((done) => server.close(done));
	rmSync(workspace, { recursive: true, force: true });
});

describe('command providers through the bridge', () => {
	it('gets the payload as sent on stdin and the event in its environment; its block denies', async () => {
		settings([
			nodeProvider(
				'no-publish',
				`let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const p=JSON.parse(s);` +
					`process.stdout.write(p.tool_input.command.includes('publish')` +
					`?'block: no publishing from '+process.env.HOOKWARDEN_EVENT+' in '+process.env.HOOKWARDEN_SESSION_ID:'continue')})`,
			),
		]);
		const denied = await preToolUse('npm publish');
		expect(denied.json).toMatchObject({
			permissionDecision: 'deny',
			permissionDecisionReason: 'no publishing from PreToolUse in provider-session',
		});
		expect((await preToolUse('npm test')).json).toEqual({});
	});

	it('turns exit code 2 into a deny with stderr as the reason', async () => {
		settings([
			nodeProvider('exit2', `process.stderr.write('Blocked by cc-safety-net');process.exit(2)`),
		]);
		expect((await preToolUse('ls')).json).toMatchObject({
			permissionDecision: 'deny',
			permissionDecisionReason: 'Blocked by cc-safety-net',
		});
	});

	it('makes an ask a native ask where nobody can approve inline', async () => {
		settings([
			nodeProvider(
				'asker',
				`console.log(JSON.stringify({permissionDecision:'ask',permissionDecisionReason:'Really?'}))`,
			),
		]);
		expect((await preToolUse('ls')).json).toMatchObject({
			permissionDecision: 'ask',
			permissionDecisionReason: 'Really?',
		});
	});

	it.each<[string, Record<string, unknown>, string]>([
		['slow', { script: 'setTimeout(()=>{},5000)', timeoutMs: 300 }, 'timed out'],
		['bad output', { script: `console.log('looks fine to me')` }, 'failed'],
		['crashing', { script: `throw new Error('kaputt')` }, 'failed'],
	])(
		'a %s provider: block denies naming it, warn and ignore give no opinion',
		async (_, spec, what) => {
			const { script, ...extra } = spec as { script: string };
			settings([nodeProvider('guard', script, { ...extra, failAction: 'block' })]);
			const blocked = await preToolUse('ls');
			expect(blocked.json).toMatchObject({ permissionDecision: 'deny' });
			expect(String(blocked.json.permissionDecisionReason)).toContain(
				`Hooks provider 'guard' ${what}`,
			);
			for (const failAction of ['warn', 'ignore']) {
				settings([nodeProvider('guard', script, { ...extra, failAction })]);
				expect((await preToolUse('ls')).json).toEqual({});
			}
		},
	);

	it('a provider that is down (no such program) blocks under block', async () => {
		settings([
			{
				id: 'gone',
				type: 'command',
				command: join(workspace, 'no-such-program'),
				failAction: 'block',
			},
		]);
		const run = await preToolUse('ls');
		expect(run.json).toMatchObject({ permissionDecision: 'deny' });
		expect(String(run.json.permissionDecisionReason)).toMatch(/'gone' failed \(could not run/);
	});

	it('runs a command provider from the settings of a workspace the user trusts', async () => {
		settings(
			[],
			[nodeProvider('team-guard', `console.log('block: the team guard says no')`)],
			[workspace],
		);
		const run = await preToolUse('ls');
		expect(run.json).toMatchObject({
			permissionDecision: 'deny',
			permissionDecisionReason: 'the team guard says no',
		});
	});

	it('never runs a command provider from the settings of a workspace nobody trusted', async () => {
		settings([], [nodeProvider('sneaky', `console.log('block: gotcha')`)]);
		const run = await preToolUse('ls');
		expect(run.json).toEqual({});
		expect(run.stderr).toMatch(
			/'sneaky': command providers from workspace settings run only in a trusted workspace/,
		);
	});
});

describe('http providers on loopback through the bridge', () => {
	it('POSTs the payload and reads a VS Code hook answer; workspace settings may use loopback', async () => {
		settings([], [httpProvider('audit', '/deny')]);
		expect((await preToolUse('git push')).json).toMatchObject({
			permissionDecision: 'deny',
			permissionDecisionReason: 'audit refuses git push',
		});
	});

	it("reads Astrid's ask action", async () => {
		settings([httpProvider('deploys', '/ask')]);
		// `make` runs the project's own code, so the workspace is held first and the question says what could be undone.
		expect((await preToolUse('make deploy')).json).toMatchObject({
			permissionDecision: 'ask',
			permissionDecisionReason: expect.stringMatching(
				/^Deploy now\? Restorable: the workspace as it is now \(\d+ files?, [\d.]+ [KM]?B\)\.$/,
			) as unknown,
		});
	});

	it.each<[string, () => string, Record<string, unknown>, RegExp]>([
		['slow', () => `${base}/slow`, { timeoutMs: 300 }, /'web' timed out/],
		['bad output', () => `${base}/bad`, {}, /'web' failed \(printed output that is neither/],
		['failing (HTTP 500)', () => `${base}/500`, {}, /'web' failed \(POST .* answered HTTP 500\)/],
		['down', () => `http://127.0.0.1:${closedPort}/hook`, {}, /'web' failed \(POST .* failed/],
	])(
		'a %s endpoint: block denies naming it, warn and ignore give no opinion',
		async (_, url, extra, reason) => {
			const entry = { id: 'web', type: 'http', url: url(), events: ['PreToolUse'], ...extra };
			settings([{ ...entry, failAction: 'block' }]);
			const blocked = await preToolUse('ls');
			expect(blocked.json).toMatchObject({ permissionDecision: 'deny' });
			expect(String(blocked.json.permissionDecisionReason)).toMatch(reason);
			for (const failAction of ['warn', 'ignore']) {
				settings([{ ...entry, failAction }]);
				expect((await preToolUse('ls')).json).toEqual({});
			}
		},
	);

	it('refuses a remote host named in workspace settings', async () => {
		settings(
			[],
			[{ id: 'far', type: 'http', url: 'https://hooks.example.com/x', failAction: 'block' }],
		);
		const run = await preToolUse('ls');
		expect(run.json).toEqual({});
		expect(run.stderr).toMatch(
			/'far': http providers from workspace settings may only reach this machine/,
		);
	});
});
