import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runtimeFolder, tlsIdentityFile } from '../../src/protocol/endpoint';
import { currentEndpointHost } from '../../src/node/runtime/runtimeFolder';
import { runProcess } from '../support/runProcess';

// The routes an agent took to switch Hookwarden off without any command-reading trick (issue 19): the window's own
// variables, the installed extension and the records that disable it, the editor's command line, the audit log where
// the settings put it, and settings above the workspace. Each is decided by the built bridge, headless.

const BRIDGE = resolve(__dirname, '../../dist/bridge.js');

let root: string;
let home: string;
let workspace: string;
let runtimeBase: string;

async function decide(tool: string, input: Record<string, unknown>): Promise<string> {
	const run = await runProcess(process.execPath, [BRIDGE, 'PreToolUse'], {
		cwd: workspace,
		env: {
			PATH: process.env.PATH,
			HOME: home,
			USER: 'me',
			XDG_RUNTIME_DIR: runtimeBase,
			HOOKWARDEN_USER_SETTINGS: join(root, 'user-settings.json'),
		},
		stdin: JSON.stringify({
			timestamp: '2026-11-26T12:00:00.000Z',
			hook_event_name: 'PreToolUse',
			session_id: 's-own',
			cwd: workspace,
			tool_name: tool,
			tool_input: input,
		}),
	});
	expect(run.code).toBe(0);
	const json = JSON.parse(run.stdout) as { permissionDecision?: string };
	return json.permissionDecision ?? 'none';
}

const shell = (command: string) => decide('run_in_terminal', { command });

beforeAll(() => {
	root = mkdtempSync(join(tmpdir(), 'hookwarden-own-'));
	home = join(root, 'home');
	workspace = join(root, 'ws');
	runtimeBase = join(root, 'run');
	mkdirSync(join(workspace, '.vscode'), { recursive: true });
	mkdirSync(join(home, '.vscode', 'extensions'), { recursive: true });
	mkdirSync(runtimeBase, { mode: 0o700 });
	// The person trusts the workspace, so its audit location applies: the log it names is Hookwarden's record.
	writeFileSync(
		join(root, 'user-settings.json'),
		JSON.stringify({ 'hookwarden.trustedFolders': [workspace] }),
	);
	writeFileSync(
		join(workspace, '.vscode', 'settings.json'),
		JSON.stringify({ 'hookwarden.audit.path': 'logs/agent-audit.jsonl' }),
	);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the variables the window exports into terminals name Hookwarden state', () => {
	it.each([
		['reading the secret', 'cat "$HOOKWARDEN_SECRET_FILE"'],
		['replacing the secret', `printf 'Authorization: Bearer x\\n' > "$HOOKWARDEN_SECRET_FILE"`],
		['planting a socket at the endpoint', 'ln -sf /tmp/agent.sock "$HOOKWARDEN_ENDPOINT"'],
		['moving the endpoint away', 'mv "${HOOKWARDEN_ENDPOINT}" /tmp/real.sock'],
	])('%s is denied', async (_, command) => {
		expect(await shell(command)).toBe('deny');
	});

	it("denies reading the fast path's TLS identity like the secret", async () => {
		const identity = tlsIdentityFile(
			runtimeFolder(currentEndpointHost({ XDG_RUNTIME_DIR: runtimeBase, USER: 'me' })),
		);
		expect(await shell(`base64 ${identity}`)).toBe('deny');
		expect(await decide('read_file', { filePath: identity })).toBe('deny');
	});
});

describe('the installed extension and the records that disable or uninstall it', () => {
	const installed = () => join(home, '.vscode', 'extensions', 'hookwarden.hookwarden-0.1.0');

	it.each([
		['overwriting the installed bridge', () => `cp /tmp/evil.js ${installed()}/dist/bridge.js`],
		['emptying extensions.json', () => `echo '[]' > ~/.vscode/extensions/extensions.json`],
		['marking it obsolete', () => 'touch ~/.vscode-server/extensions/.obsolete'],
		['deleting the extension', () => `rm -rf ${installed()}`],
		[
			'rewriting the disabled-extensions state',
			() => 'cp /tmp/state.vscdb ~/.config/Code/User/globalStorage/state.vscdb',
		],
		[
			'uninstalling it through the editor',
			() => 'code --uninstall-extension hookwarden.hookwarden',
		],
		['disabling it through the editor', () => 'code --disable-extension=Hookwarden.Hookwarden'],
		['disabling every extension', () => 'code-insiders --disable-extensions .'],
	])('%s is denied', async (_, command) => {
		expect(await shell(command())).toBe('deny');
	});

	it('denies a file tool writing into the installed extension', async () => {
		expect(
			await decide('create_file', {
				filePath: join(
					home,
					'.vscode-server',
					'extensions',
					'hookwarden.hookwarden-0.1.0',
					'dist',
					'bridge.js',
				),
				content: 'process.stdout.write("{}")',
			}),
		).toBe('deny');
	});

	it('leaves other editor command lines and reading the extensions folder alone', async () => {
		expect(await shell('code --install-extension ms-python.python')).toBe('none');
		expect(await shell('code --uninstall-extension ms-python.python')).toBe('none');
		expect(await shell('ls ~/.vscode/extensions')).toBe('none');
	});
});

describe('the audit log wherever the settings put it, and settings above the workspace', () => {
	it("denies deleting or truncating the workspace's configured audit log", async () => {
		expect(await shell('rm logs/agent-audit.jsonl')).toBe('deny');
		expect(await shell(': > logs/agent-audit.jsonl')).toBe('deny');
	});

	it('denies writing settings into a folder above the workspace (they would become its settings)', async () => {
		expect(await shell(`mkdir -p ../.vscode && echo '{}' > ../.vscode/settings.json`)).toBe('deny');
	});
});
