import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runProcess } from '../support/runProcess';

const BRIDGE = resolve(__dirname, '../../dist/bridge.js');

let root: string;
let workspace: string;
let home: string;
let runtime: string;

/** Runs the built bridge for one `run_in_terminal` call, headless, in a home and runtime folder of its own. */
async function decide(
	command: string,
): Promise<{ decision?: string; reason: string; ms: number; stderr: string }> {
	const started = performance.now();
	const run = await runProcess(process.execPath, [BRIDGE, 'PreToolUse'], {
		cwd: workspace,
		env: {
			PATH: process.env.PATH,
			HOME: home,
			USER: 'me',
			XDG_RUNTIME_DIR: runtime,
			HOOKWARDEN_USER_SETTINGS: join(home, 'no-user-settings.json'),
			HOOKWARDEN_AUDIT_FILE: 'off',
		},
		stdin: JSON.stringify({
			timestamp: '2026-11-25T12:00:00.000Z',
			hook_event_name: 'PreToolUse',
			session_id: 's-1',
			cwd: workspace,
			tool_name: 'run_in_terminal',
			tool_input: { command },
		}),
	});
	const ms = performance.now() - started;
	expect(run.code).toBe(0);
	const json = JSON.parse(run.stdout) as {
		permissionDecision?: string;
		permissionDecisionReason?: string;
	};
	return {
		decision: json.permissionDecision,
		reason: json.permissionDecisionReason ?? '',
		ms,
		stderr: run.stderr,
	};
}

beforeAll(() => {
	root = mkdtempSync(join(tmpdir(), 'hookwarden-hard-'));
	workspace = join(root, 'ws');
	home = join(root, 'home');
	runtime = join(root, 'run');
	mkdirSync(join(workspace, '.vscode'), { recursive: true });
	mkdirSync(home);
	mkdirSync(runtime, { mode: 0o700 });
	writeFileSync(
		join(workspace, '.vscode', 'settings.json'),
		JSON.stringify({
			'hookwarden.failMode': 'open',
			'hookwarden.rules': [{ id: 'redos', command: '/(a+)+$/', verdict: 'deny' }],
		}),
	);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('bridge: hard command lines are asked about, never let through', () => {
	it.each([
		['2,000 nested subshells', `${'('.repeat(2_000)}rm -rf /${')'.repeat(2_000)}`, /2000 deep/],
		['2,000 nested $(', `echo ${'$('.repeat(2_000)}rm -rf /${')'.repeat(2_000)}`, /2000 deep/],
		[
			'a 20,000-stage pipeline',
			`${Array(20_000).fill('cat').join(' | ')} | rm -rf /`,
			/characters long/,
		],
		[
			'5,000 && with no room to spare',
			`${Array(5_000).fill('true').join('&&')}&&rm -rf /`,
			/pipes and command separators/,
		],
	])('%s → ask under failMode open', async (_name, command, why) => {
		const { decision, reason } = await decide(command);
		expect(decision).toBe('ask');
		expect(reason).toMatch(why);
	});

	it('answers a catastrophic-backtracking user regex on a long line quickly', async () => {
		const { decision, ms } = await decide(`echo ${'a'.repeat(30_000)}!`);
		expect(decision).toBeUndefined();
		expect(ms).toBeLessThan(5_000);
	});
});

describe("bridge: Hookwarden's own state", () => {
	it('denies rewriting the launcher', async () => {
		const { decision, reason } = await decide('echo x > ~/.hookwarden/bin/hookwarden-hook');
		expect(decision).toBe('deny');
		expect(reason).toContain("Hookwarden's hook launchers");
	});

	it('denies reading the secret through a variable and a glob', async () => {
		const { decision, reason } = await decide('cat "$XDG_RUNTIME_DIR"/hookwarden-*/secret');
		expect(decision).toBe('deny');
		expect(reason).toContain("Hookwarden's secret");
	});

	it('denies deleting a window lease after a cd into the runtime folder', async () => {
		const { decision } = await decide(
			`cd ${runtime} && rm hookwarden-${process.getuid?.() ?? 'me'}/windows/w-1.json`,
		);
		expect(decision).toBe('deny');
	});

	it('denies pointing git at other hooks', async () => {
		expect((await decide('git config core.hooksPath /tmp/hooks')).decision).toBe('deny');
	});

	it.each(['echo x > /tmp/out.txt', 'git status', 'cat ~/.hookwarden/bin/hookwarden-hook'])(
		'leaves %s alone',
		async (command) => {
			expect((await decide(command)).decision).toBeUndefined();
		},
	);
});
