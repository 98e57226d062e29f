/**
 * The demo workspace's Stop gate (test/fixtures/workspace: `demo.tests-before-stop` in hookwarden.providers), decided
 * by the built bridge as the Copilot CLI or VS Code runs it: a session that changed files may not stop before it ran
 * `npm test`; a session that changed nothing, or ran the tests, stops freely.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runProcess } from '../support/runProcess';

const BRIDGE = resolve(__dirname, '../../dist/bridge.js');

let root: string;
let workspace: string;
let env: NodeJS.ProcessEnv;

async function hook(event: string, session: string, fields: Record<string, unknown> = {}) {
	const run = await runProcess(process.execPath, [BRIDGE, event], {
		cwd: workspace,
		env,
		stdin: JSON.stringify({
			hook_event_name: event,
			session_id: session,
			timestamp: new Date().toISOString(),
			cwd: workspace,
			...fields,
		}),
	});
	expect(run.code, run.stderr).toBe(0);
	return JSON.stringify(JSON.parse(run.stdout));
}

const edited = (session: string) =>
	hook('PostToolUse', session, {
		tool_name: 'create_file',
		tool_input: { filePath: join(workspace, 'NOTES.md'), content: 'x' },
		tool_use_id: 'c1',
	});
const tested = (session: string) =>
	hook('PostToolUse', session, {
		tool_name: 'run_in_terminal',
		tool_input: { command: 'npm test' },
		tool_use_id: 'c2',
	});

beforeAll(() => {
	root = mkdtempSync(join(tmpdir(), 'hookwarden-demo-gate-'));
	workspace = join(root, 'demo-workspace');
	cpSync(resolve(__dirname, '../fixtures/workspace'), workspace, { recursive: true });
	const userSettings = join(root, 'user-settings.json');
	// Headless, workspace command providers run only in a folder the person trusts (npm start's window trusts it).
	writeFileSync(userSettings, JSON.stringify({ 'hookwarden.trustedFolders': [workspace] }));
	env = {
		...process.env,
		HOME: join(root, 'home'),
		TMPDIR: root,
		HOOKWARDEN_USER_SETTINGS: userSettings,
		HOOKWARDEN_ENDPOINT: undefined,
	};
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the demo's Stop gate", () => {
	it('lets a session that changed nothing stop', async () => {
		expect(await hook('Stop', 'quiet')).not.toContain('npm test');
	});

	it('keeps a session that changed a file working until it ran npm test, then lets it stop', async () => {
		await edited('busy');
		const held = await hook('Stop', 'busy');
		expect(held).toContain('run `npm test` and report the result before you stop');
		expect(held).toContain('"decision":"block"');
		// Once held, the next Stop (stop_hook_active) is never held again, tests or not.
		expect(await hook('Stop', 'busy', { stop_hook_active: true })).not.toContain('npm test');
		await tested('busy');
		expect(await hook('Stop', 'busy')).not.toContain('npm test');
		// A change after the tests needs them again.
		await edited('busy');
		expect(await hook('Stop', 'busy')).toContain('npm test');
	});
});
