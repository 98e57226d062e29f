import {
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	statSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { hookFilePath } from '../../../../src/host/installer/hookFile';
import { HookInstaller } from '../../../../src/host/installer/hookInstaller';
import type { InstallPrompts } from '../../../../src/host/installer/installPromptsPort';

let root: string;
let home: string;
let workspace: string;

beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), 'hookwarden-installer-'));
	home = join(root, 'home');
	workspace = join(root, 'ws');
	mkdirSync(home);
	mkdirSync(workspace);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A memento in memory, as globalState behaves. */
function memento() {
	const values = new Map<string, unknown>();
	return {
		get: <T>(key: string, fallback?: T) =>
			(values.has(key) ? (values.get(key) as T) : fallback) as T,
		update: (key: string, value: unknown) => {
			values.set(key, value);
			return Promise.resolve();
		},
	};
}

function installer(answers: Partial<InstallPrompts> = {}, timeout = 120) {
	const asked: string[] = [];
	const prompts: InstallPrompts = {
		askInstallScope: () => {
			asked.push('scope');
			return Promise.resolve(undefined);
		},
		pickFolderForHooks: () => Promise.resolve(workspace),
		confirmUninstall: () => {
			asked.push('uninstall');
			return Promise.resolve(false);
		},
		confirmReplaceHookFile: () => {
			asked.push('replace');
			return Promise.resolve(false);
		},
		...answers,
	};
	const state = memento();
	const make = () =>
		new HookInstaller(state, {
			home,
			platform: 'linux',
			launcher: {
				bridgePath: '/ext/dist/bridge.js',
				runtime: { path: '/usr/bin/node', electron: false },
				version: '1.2.3',
			},
			approvalTimeoutSeconds: () => timeout,
			workspaceFolders: () => [workspace],
			log: { info: () => undefined, error: () => undefined },
			prompts,
		});
	return { hooks: make(), asked, state, make };
}

describe('HookInstaller', () => {
	it('installs the workspace file and both launchers, executable, and reports the change', async () => {
		const { hooks } = installer();
		let changes = 0;
		hooks.onDidChange(() => changes++);
		const file = await hooks.install('workspace');
		expect(file).toBe(hookFilePath('workspace', workspace));
		expect(readFileSync(file!, 'utf8')).toBe(hooks.expectedHookFileText());
		expect(statSync(hooks.launcherPaths.posix).mode & 0o111).not.toBe(0);
		expect(existsSync(hooks.launcherPaths.powershell)).toBe(true);
		expect(hooks.installedFiles).toHaveLength(1);
		expect(changes).toBeGreaterThan(0);
	});

	it('asks before replacing a hook file someone else wrote, and keeps it when told no', async () => {
		const { hooks, asked } = installer();
		const file = hookFilePath('workspace', workspace);
		mkdirSync(join(workspace, '.github', 'hooks'), { recursive: true });
		writeFileSync(
			file,
			'{"hooks": {"PreToolUse": [{"type": "command", "command": "their-hook"}]}}',
		);
		expect(await hooks.install('workspace')).toBeUndefined();
		expect(asked).toEqual(['replace']);
		expect(readFileSync(file, 'utf8')).toContain('their-hook');
	});

	it('removes what it wrote without asking, but asks about a file edited since', async () => {
		const { hooks, asked } = installer();
		const user = (await hooks.install('user'))!;
		const ws = (await hooks.install('workspace'))!;
		writeFileSync(ws, `${readFileSync(ws, 'utf8')}\n`);
		expect(await hooks.uninstall()).toEqual([user]);
		expect(asked).toEqual(['uninstall']);
		expect(existsSync(user)).toBe(false);
		expect(existsSync(ws)).toBe(true);
		expect(hooks.installedFiles).toEqual([]);
	});

	it('refreshes a stale file it wrote, and leaves an edited one alone', async () => {
		const first = installer({}, 120);
		const file = (await first.hooks.install('workspace'))!;
		const later = new HookInstaller(first.state, {
			home,
			platform: 'linux',
			launcher: {
				bridgePath: '/ext/dist/bridge.js',
				runtime: { path: '/usr/bin/node', electron: false },
				version: '1.2.4',
			},
			approvalTimeoutSeconds: () => 300,
			workspaceFolders: () => [workspace],
			log: { info: () => undefined, error: () => undefined },
			prompts: {} as InstallPrompts,
		});
		await later.refreshIfStale();
		expect(readFileSync(file, 'utf8')).toBe(later.expectedHookFileText());
		expect(readFileSync(later.launcherPaths.posix, 'utf8')).toContain('1.2.4');
		writeFileSync(file, '{"edited": true}');
		await later.refreshIfStale();
		expect(readFileSync(file, 'utf8')).toBe('{"edited": true}');
	});

	it('asks for a scope once, and not at all when the hooks are already installed', async () => {
		const { make, asked } = installer();
		await make().askForScopeOnce();
		await make().askForScopeOnce();
		expect(asked).toEqual(['scope']);
		const committed = installer({
			askInstallScope: () => Promise.reject(new Error('should not ask')),
		});
		await committed.hooks.install('workspace');
		await committed.make().askForScopeOnce();
	});
});
