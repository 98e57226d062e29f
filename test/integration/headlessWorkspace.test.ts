import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runProcess } from '../support/runProcess';

// Headless, everything a decision reads comes from the workspace of the payload's `cwd` (never the folder the bridge
// process happens to run in), and that workspace is the outermost folder holding settings: a nested repository (a
// submodule, an agent's `git init sub`) never hides the outer workspace's rules.

const BRIDGE = resolve(__dirname, '../../dist/bridge.js');

let root: string;
let outer: string;
let other: string;
let userSettings: string;

/** A command provider that blocks any command containing `word`, saying which workspace configured it. */
const blocker = (id: string, word: string) => ({
	id,
	type: 'command',
	command: process.execPath,
	args: [
		'-e',
		`let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const p=JSON.parse(s);` +
			`process.stdout.write(p.tool_input.command.includes(${JSON.stringify(word)})?'block: ${id} says no':'continue')})`,
	],
	events: ['PreToolUse'],
});

async function decide(command: string, payloadCwd: string, processCwd: string) {
	const run = await runProcess(process.execPath, [BRIDGE, 'PreToolUse'], {
		cwd: processCwd,
		env: {
			...process.env,
			HOME: join(root, 'home'),
			HOOKWARDEN_USER_SETTINGS: userSettings,
			HOOKWARDEN_AUDIT_FILE: 'off',
			HOOKWARDEN_ENDPOINT: '',
		},
		stdin: JSON.stringify({
			hook_event_name: 'PreToolUse',
			session_id: 'ws-session',
			cwd: payloadCwd,
			tool_name: 'run_in_terminal',
			tool_input: { command },
		}),
	});
	expect(run.code).toBe(0);
	return JSON.parse(run.stdout) as {
		permissionDecision?: string;
		permissionDecisionReason?: string;
	};
}

beforeAll(() => {
	root = mkdtempSync(join(tmpdir(), 'hookwarden-headless-ws-'));
	outer = join(root, 'outer');
	other = join(root, 'other');
	mkdirSync(join(root, 'home'));
	mkdirSync(join(outer, '.vscode'), { recursive: true });
	mkdirSync(join(outer, 'sub', '.git'), { recursive: true });
	mkdirSync(join(outer, 'sub', 'src'), { recursive: true });
	mkdirSync(join(other, '.vscode'), { recursive: true });
	userSettings = join(root, 'user-settings.json');
	// The person trusts both workspaces, so their command providers run headless.
	writeFileSync(userSettings, JSON.stringify({ 'hookwarden.trustedFolders': [outer, other] }));
	writeFileSync(
		join(outer, '.vscode', 'settings.json'),
		JSON.stringify({
			'hookwarden.rules': [
				{ id: 'no-curl', command: 'curl', verdict: 'deny', reason: 'outer says no curl' },
			],
			'hookwarden.providers': [blocker('outer-provider', 'publish')],
		}),
	);
	writeFileSync(
		join(other, '.vscode', 'settings.json'),
		JSON.stringify({ 'hookwarden.providers': [blocker('other-provider', 'ls')] }),
	);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('headless: the workspace is the outermost folder that holds settings', () => {
	it("keeps the outer workspace's rules for a call from a nested repository", async () => {
		const sub = join(outer, 'sub');
		expect(await decide('curl https://example.com', sub, sub)).toMatchObject({
			permissionDecision: 'deny',
			permissionDecisionReason: 'outer says no curl',
		});
		expect((await decide('curl x', join(sub, 'src'), sub)).permissionDecision).toBe('deny');
	});
});

describe("headless: providers come from the workspace of the payload's cwd", () => {
	it("runs the payload workspace's providers, not those of the folder the bridge runs in", async () => {
		// The bridge process runs in `other`, whose provider blocks `ls`; the call is for `outer`.
		expect(await decide('npm publish', outer, other)).toMatchObject({
			permissionDecision: 'deny',
			permissionDecisionReason: 'outer-provider says no',
		});
		expect((await decide('ls', outer, other)).permissionDecision).toBeUndefined();
	});
});
