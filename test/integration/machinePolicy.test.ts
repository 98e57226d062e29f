import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { privateFoldersProblem, withPrivateFolders } from '../support/privateSystemFolders';
import { runProcess } from '../support/runProcess';

/*
 * The machine policy as the built bridge reads it headless, at the one place it reads it: /etc/hookwarden/policy.json.
 * Production has no way to read it from anywhere else, so each call runs in a private mount namespace whose /etc is
 * an overlay: the policy file is written there (owned by root, or not), the bridge decides, and the machine's /etc
 * never changes. Needs root; the unit tests cover precedence and the owner check without it.
 */

const BRIDGE = resolve(__dirname, '../../dist/bridge.js');
const POLICY = '/etc/hookwarden/policy.json';
const problem = privateFoldersProblem();

let dir: string;
let workspace: string;
let env: NodeJS.ProcessEnv;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'hookwarden-machine-'));
	workspace = join(dir, 'repo');
	mkdirSync(join(workspace, '.vscode'), { recursive: true });
	mkdirSync(join(dir, 'runtime'), { mode: 0o700 });
	const userSettings = join(dir, 'user-settings.json');
	// The person loosens everything they can, and trusts the workspace, which loosens too.
	writeFileSync(
		userSettings,
		JSON.stringify({
			'hookwarden.failMode': 'open',
			'hookwarden.defaultVerdict': 'allow',
			'hookwarden.rules': [{ id: 'anything', command: '/.*/', verdict: 'allow' }],
			'hookwarden.trustedFolders': [workspace],
		}),
	);
	writeFileSync(
		join(workspace, '.vscode', 'settings.json'),
		JSON.stringify({ 'hookwarden.packs': { destructiveCommands: false } }),
	);
	env = {
		PATH: process.env.PATH,
		HOME: dir,
		HOOKWARDEN_USER_SETTINGS: userSettings,
		XDG_RUNTIME_DIR: join(dir, 'runtime'),
		HOOKWARDEN_AUDIT_FILE: 'off',
	};
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** One PreToolUse through the built bridge, with `policy` installed at POLICY with this owner and mode. */
async function decide(
	command: string,
	policy: Record<string, unknown>,
	owner = '0:0',
	mode = '644',
): Promise<{ decision: string | undefined; reason: string; stderr: string }> {
	const source = join(dir, 'policy-source.json');
	writeFileSync(source, JSON.stringify(policy));
	const install = `mkdir -p /etc/hookwarden && cp "$0" ${POLICY} && chown ${owner} ${POLICY} && chmod ${mode} ${POLICY} && exec "$@"`;
	const wrapped = withPrivateFolders(join(dir, 'overlay'), ['/etc'], 'sh', [
		'-c',
		install,
		source,
		process.execPath,
		BRIDGE,
		'PreToolUse',
	]);
	const run = await runProcess(wrapped.command, wrapped.args, {
		cwd: workspace,
		env,
		stdin: JSON.stringify({
			hook_event_name: 'PreToolUse',
			session_id: 's-1',
			cwd: workspace,
			tool_name: 'run_in_terminal',
			tool_input: { command },
		}),
	});
	expect(run.code, run.stderr).toBe(0);
	const output = JSON.parse(run.stdout) as {
		hookSpecificOutput?: { permissionDecision?: string; permissionDecisionReason?: string };
	};
	return {
		decision: output.hookSpecificOutput?.permissionDecision,
		reason: output.hookSpecificOutput?.permissionDecisionReason ?? '',
		stderr: run.stderr,
	};
}

const POLICY_VALUES = {
	'hookwarden.defaultVerdict': 'ask',
	'hookwarden.packs': { destructiveCommands: true },
	'hookwarden.rules': [
		{
			id: 'no-curl',
			command: 'curl',
			verdict: 'deny',
			reason: 'The administrator forbids network tools.',
		},
		{ id: 'ok-tests', command: 'npm test', verdict: 'allow' },
	],
};

describe.skipIf(problem !== undefined)('the machine policy, headless', () => {
	it('holds against user and workspace settings that loosen everything', async () => {
		const curl = await decide('curl https://example.com', POLICY_VALUES);
		expect(curl.decision).toBe('deny');
		expect(curl.reason).toContain('administrator');
		// Its default verdict owns allow rules: the person's allow-everything rule is skipped, so `ls` is asked.
		const ls = await decide('ls', POLICY_VALUES);
		expect(ls.decision).toBe('ask');
		expect(ls.stderr).toContain('only the machine policy may allow');
		expect((await decide('npm test', POLICY_VALUES)).decision).toBe('allow');
		// The pack the workspace switched off stays on.
		expect((await decide('rm -rf /', POLICY_VALUES)).decision).toBe('deny');
	});

	it('is ignored with a warning when someone other than root owns it, and when everyone can write it', async () => {
		const foreign = await decide('curl https://example.com', POLICY_VALUES, '1000:1000');
		expect(foreign.decision).toBe('allow');
		expect(foreign.stderr).toContain(
			`settings file ${POLICY}: the machine policy is ignored: the file ${POLICY} belongs to uid 1000, not root`,
		);
		const writable = await decide('curl https://example.com', POLICY_VALUES, '0:0', '666');
		expect(writable.decision).toBe('allow');
		expect(writable.stderr).toContain('can be written by every user (mode 666)');
	});
});
