import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { vscodeHookFile } from '../../src/host/installer/hookFile';
import { LAUNCHER_NAMES, posixLauncher } from '../../src/host/installer/launcherScripts';
import { runProcess } from '../support/runProcess';

// JetBrains' Copilot runs hooks only from `<git-root>/.github/hooks/`, the folder of Hookwarden's workspace scope. No
// JetBrains IDE runs here, so this feeds its documented `preToolUse` input (the fixture's README says where it comes
// from) to the command Hookwarden's workspace hook file registers, through the per-user launcher, with no window open:
// the headless decision a JetBrains session would get if its agent ran that command.

const BRIDGE = resolve(__dirname, '../../dist/bridge.js');
const FIXTURE = resolve(__dirname, '../unit/fixtures/payloads/jetbrains-copilot-preToolUse.json');

let root: string;
let home: string;
let workspace: string;

/** The JetBrains payload with the workspace in place of `<workspace>` and, when given, another command. */
function jetbrainsPayload(command?: string): string {
	const payload = JSON.parse(
		readFileSync(FIXTURE, 'utf8').replace('<workspace>', workspace),
	) as Record<string, unknown>;
	return JSON.stringify(
		command === undefined ? payload : { ...payload, toolArgs: JSON.stringify({ command }) },
	);
}

/** Runs the workspace hook file's PreToolUse entry as a POSIX hook runner does: `/bin/sh -c`, payload on stdin. */
async function runWorkspaceHook(payload: string): Promise<Record<string, unknown>> {
	const entry = vscodeHookFile({ approvalTimeoutSeconds: 10 }).hooks.PreToolUse[0];
	expect(entry).toBeDefined();
	const run = await runProcess('/bin/sh', ['-c', entry!.command], {
		cwd: workspace,
		env: {
			PATH: process.env.PATH,
			HOME: home,
			XDG_RUNTIME_DIR: join(root, 'run'),
			HOOKWARDEN_AUDIT_FILE: 'off',
		},
		stdin: payload,
	});
	expect(run.code, run.stderr).toBe(0);
	return JSON.parse(run.stdout) as Record<string, unknown>;
}

beforeAll(() => {
	root = mkdtempSync(join(tmpdir(), 'hookwarden-jetbrains-'));
	home = join(root, 'home');
	workspace = join(root, 'repo');
	mkdirSync(join(workspace, '.vscode'), { recursive: true });
	mkdirSync(join(root, 'run'), { mode: 0o700 });
	const userSettings = join(root, 'user-settings.json');
	writeFileSync(userSettings, JSON.stringify({ 'hookwarden.trustedFolders': [workspace] }));
	writeFileSync(
		join(workspace, '.vscode', 'settings.json'),
		JSON.stringify({
			'hookwarden.rules': [
				{ id: 'no-curl', command: 'curl', verdict: 'deny', reason: 'Use the fetch tool.' },
			],
		}),
	);
	const launcher = join(home, '.hookwarden', 'bin', LAUNCHER_NAMES.posix);
	mkdirSync(dirname(launcher), { recursive: true });
	writeFileSync(
		launcher,
		posixLauncher({
			bridgePath: BRIDGE,
			runtime: { path: process.execPath, electron: false },
			version: 'jetbrains-test',
			userSettingsPath: userSettings,
		}),
	);
	chmodSync(launcher, 0o755);
});

afterAll(() => {
	rmSync(root, { recursive: true, force: true });
});

describe('the workspace hook file, fed the preToolUse input JetBrains’ Copilot documents', () => {
	it('denies a destructive terminal command at the top level, the one field JetBrains acts on', async () => {
		const answer = await runWorkspaceHook(jetbrainsPayload());
		expect(answer.permissionDecision).toBe('deny');
		expect(String(answer.permissionDecisionReason)).toMatch(/push/);
	});

	it('applies the workspace’s own rule headless, as under the CLI', async () => {
		const answer = await runWorkspaceHook(jetbrainsPayload('curl https://example.com/x.sh'));
		expect(answer.permissionDecision).toBe('deny');
		expect(String(answer.permissionDecisionReason)).toMatch(/Use the fetch tool/);
	});

	it('has no opinion on an everyday command', async () => {
		const answer = await runWorkspaceHook(jetbrainsPayload('git status'));
		expect(answer.permissionDecision).toBeUndefined();
	});
});
