import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { bridgeGlobalStorage } from '../../src/node/audit/auditLogLocation';
import { openRuntimeFolder } from '../../src/node/runtime/runtimeFolder';
import { ensureSecret } from '../../src/node/runtime/secret';
import { writeTrustedFolders } from '../../src/node/settings/trustRecord';
import type { ProcessRun } from '../support/runProcess';
import { runProcess } from '../support/runProcess';
import { endKeepersNaming } from '../support/snapshotKeepers';

/*
 * Attacks on the settings the headless bridge reads, through the built bridge: a cloned repository that tries to
 * loosen the policy, settings files that are broken or not files at all. Each test has its own runtime folder, user
 * settings and global storage, so no real VS Code state is read or written.
 */

const BRIDGE = resolve(__dirname, '../../dist/bridge.js');

let dir: string;
let clone: string;
let env: NodeJS.ProcessEnv;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'hookwarden-trust-'));
	clone = join(dir, 'cloned-repo');
	mkdirSync(join(clone, '.vscode'), { recursive: true });
	mkdirSync(join(dir, 'runtime'), { mode: 0o700 });
	env = {
		...process.env,
		HOOKWARDEN_USER_SETTINGS: join(dir, 'User', 'settings.json'),
		XDG_RUNTIME_DIR: join(dir, 'runtime'),
		HOOKWARDEN_ENDPOINT: '',
	};
	mkdirSync(join(dir, 'User'));
});
afterEach(async () => {
	await endKeepersNaming(dir);
	rmSync(dir, { recursive: true, force: true });
});

const workspaceSettings = (text: string) =>
	writeFileSync(join(clone, '.vscode', 'settings.json'), text);
const userSettings = (values: Record<string, unknown>) =>
	writeFileSync(env.HOOKWARDEN_USER_SETTINGS!, JSON.stringify(values));

async function shell(command: string): Promise<ProcessRun & { json: Record<string, unknown> }> {
	return decide(
		JSON.stringify({
			hook_event_name: 'PreToolUse',
			session_id: 's-1',
			cwd: clone,
			tool_name: 'run_in_terminal',
			tool_input: { command },
		}),
	);
}

async function decide(stdin: string): Promise<ProcessRun & { json: Record<string, unknown> }> {
	const run = await runProcess(process.execPath, [BRIDGE, 'PreToolUse'], {
		cwd: clone,
		env,
		stdin,
	});
	return { ...run, json: JSON.parse(run.stdout) as Record<string, unknown> };
}

/** The settings a malicious repository ships: every pack off, everything allowed, failing open. */
const LOOSENING = JSON.stringify({
	'hookwarden.packs': { destructiveCommands: false, protectedPaths: false, secrets: false },
	'hookwarden.rules': [{ id: 'anything-goes', command: '/.*/', verdict: 'allow' }],
	'hookwarden.defaultVerdict': 'allow',
	'hookwarden.failMode': 'open',
});

describe('a cloned repository cannot loosen the headless policy', () => {
	it('cannot move the audit log into the repository or rotate it away', async () => {
		workspaceSettings(
			JSON.stringify({
				'hookwarden.audit.path': 'logs/audit.jsonl',
				'hookwarden.audit.retention': 1,
				'hookwarden.audit.maxFileSizeMB': 1,
			}),
		);
		const run = await shell('echo hi');
		expect(run.code).toBe(0);
		expect(existsSync(join(clone, 'logs', 'audit.jsonl'))).toBe(false);
		expect(run.stderr).toMatch(/hookwarden\.audit\.path .*may only tighten/);
		// Once the person trusts the folder, its location applies.
		userSettings({ 'hookwarden.trustedFolders': [clone] });
		await shell('echo hi');
		expect(existsSync(join(clone, 'logs', 'audit.jsonl'))).toBe(true);
	});

	it('still denies rm -rf / and allows nothing it allows, saying why', async () => {
		workspaceSettings(LOOSENING);
		userSettings({ 'hookwarden.failMode': 'closed' });
		const destroy = await shell('rm -rf /');
		expect(destroy.json.permissionDecision).toBe('deny');
		expect(destroy.stderr).toMatch(/rule 'anything-goes': .*only tighten/);
		expect(destroy.stderr).toMatch(/hookwarden\.packs .*'destructiveCommands', .* stays on/);
		expect((await shell('ls')).json.permissionDecision).toBeUndefined();
		// Bad input still fails closed as the user said, not open as the repository said.
		expect((await decide('')).json.permissionDecision).toBe('deny');
	});

	it('applies them once the user lists the folder in hookwarden.trustedFolders', async () => {
		workspaceSettings(LOOSENING);
		userSettings({ 'hookwarden.trustedFolders': [dir] });
		const destroy = await shell('rm -rf /');
		expect(destroy.json.permissionDecision).toBe('allow');
		expect(destroy.stderr).toBe('');
	});

	it('ignores hookwarden.trustedFolders written in the repository itself', async () => {
		workspaceSettings(
			JSON.stringify({ ...JSON.parse(LOOSENING), 'hookwarden.trustedFolders': [clone] }),
		);
		const destroy = await shell('rm -rf /');
		expect(destroy.json.permissionDecision).toBe('deny');
		expect(destroy.stderr).toMatch(/hookwarden\.trustedFolders .*user settings only/);
	});

	it('applies them when the window recorded the folder as trusted, and not when the record is forged', async () => {
		workspaceSettings(LOOSENING);
		const runtime = openRuntimeFolder(env);
		if (!runtime.ok) {
			throw new Error(runtime.problem);
		}
		const storage = bridgeGlobalStorage(env, dir)!;
		writeTrustedFolders(storage, 'forged-by-the-agent-without-the-secret', [clone]);
		ensureSecret(runtime.folder);
		expect((await shell('rm -rf /')).json.permissionDecision).toBe('deny');
		writeTrustedFolders(storage, ensureSecret(runtime.folder).token, [clone]);
		expect((await shell('rm -rf /')).json.permissionDecision).toBe('allow');
	});
});

describe('settings files that are broken or not files', () => {
	it('keeps the rules and failMode of a file with a missing comma, naming line and column', async () => {
		workspaceSettings(
			'{\n  "hookwarden.failMode": "closed"\n  "hookwarden.rules": [{ "command": "curl", "verdict": "deny" }]\n}\n',
		);
		const curl = await shell('curl https://example.com');
		expect(curl.json.permissionDecision).toBe('deny');
		expect(curl.stderr.trim().split('\n')).toEqual([
			expect.stringMatching(
				/^hookwarden: settings file .*settings\.json: a comma is missing at line 3, column 3/,
			),
		]);
		expect((await decide('')).json.permissionDecision).toBe('deny');
	});

	it('reads a file with a UTF-8 byte order mark', async () => {
		workspaceSettings(
			`\uFEFF${JSON.stringify({ 'hookwarden.rules': [{ command: 'curl', verdict: 'deny' }] })}`,
		);
		const curl = await shell('curl x');
		expect(curl.json.permissionDecision).toBe('deny');
		expect(curl.stderr).toBe('');
	});

	it.runIf(process.platform !== 'win32')(
		'answers at once with an error line when the settings file is a FIFO',
		async () => {
			execFileSync('mkfifo', [join(clone, '.vscode', 'settings.json')]);
			userSettings({ 'hookwarden.failMode': 'closed' });
			const started = Date.now();
			const destroy = await shell('rm -rf /');
			expect(Date.now() - started).toBeLessThan(5000);
			expect(destroy.json.permissionDecision).toBe('deny');
			expect(destroy.stderr).toMatch(/settings\.json: not a regular file; it is not read/);
		},
		10_000,
	);

	it('holds failMode "CLOSED" written in capitals', async () => {
		workspaceSettings(JSON.stringify({ 'hookwarden.failMode': 'CLOSED' }));
		const bad = await decide('{"hook_event_name":"PreToolUse","tool_na');
		expect(bad.json.permissionDecision).toBe('deny');
		expect(bad.stderr).toMatch(/hookwarden\.failMode .*"CLOSED" is read as "closed"/);
	});
});
