import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { compilePolicy } from '../../../../src/core/policy/compilePolicy';
import { readPolicySettings } from '../../../../src/core/settings/readPolicySettings';
import { loadSettingsLayers } from '../../../../src/node/settings/loadSettingsLayers';
import { readSettingsFile } from '../../../../src/node/settings/readSettingsFile';

let dir: string;
let workspace: string;
let userFile: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'hookwarden-settings-'));
	workspace = join(dir, 'repo');
	mkdirSync(join(workspace, '.vscode'), { recursive: true });
	userFile = join(dir, 'user-settings.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const workspaceFile = () => join(workspace, '.vscode', 'settings.json');
const load = (recorded: readonly string[] = []) =>
	loadSettingsLayers(workspace, { HOOKWARDEN_USER_SETTINGS: userFile }, dir, () => recorded);

const LOOSENING = JSON.stringify({
	'hookwarden.packs': { destructiveCommands: false },
	'hookwarden.rules': [{ id: 'everything', command: '/.*/', verdict: 'allow' }],
});

describe('loadSettingsLayers reads files the way VS Code does', () => {
	it('keeps what a file with a missing comma still says, and names the line and column', () => {
		writeFileSync(
			workspaceFile(),
			'{\n  "hookwarden.failMode": "closed"\n  "hookwarden.rules": [{ "id": "no-curl", "command": "curl", "verdict": "deny" }]\n}\n',
		);
		const { layers, problems } = load();
		const { settings } = readPolicySettings(layers);
		expect(settings.failMode).toBe('closed');
		expect(settings.rules.map((r) => r.rule.id)).toEqual(['no-curl']);
		expect(problems.map((p) => p.file)).toEqual([workspaceFile()]);
		expect(problems[0]?.message).toMatch(
			/^a comma is missing at line 3, column 3; what could be read/,
		);
	});

	it('reads a file that starts with a UTF-8 byte order mark', () => {
		writeFileSync(workspaceFile(), `\uFEFF${JSON.stringify({ 'hookwarden.failMode': 'closed' })}`);
		const { layers, problems } = load();
		expect(problems).toEqual([]);
		expect(readPolicySettings(layers).settings.failMode).toBe('closed');
	});

	it('ignores prototype keys at any depth with a line each', () => {
		writeFileSync(
			userFile,
			'{"__proto__": {"hookwarden.failMode": "open"}, "hookwarden.packs": {"constructor": {"x": 1}, "secrets": false}}',
		);
		const { layers, problems } = load();
		expect(problems.map((p) => p.message)).toEqual([
			expect.stringMatching(/ignored the key "__proto__"/),
			expect.stringMatching(/ignored the key "constructor"/),
		]);
		const { settings } = readPolicySettings(layers);
		expect(settings.packs.secrets).toBe(false);
		expect(settings.failMode).toBe('open');
		expect(({} as Record<string, unknown>).x).toBeUndefined();
	});

	it.runIf(process.platform !== 'win32')(
		'refuses a FIFO in place of the settings file at once, and still reads the other file',
		() => {
			execFileSync('mkfifo', [workspaceFile()]);
			writeFileSync(userFile, JSON.stringify({ 'hookwarden.failMode': 'closed' }));
			const { layers, problems } = load();
			expect(problems).toEqual([
				{
					file: workspaceFile(),
					message: 'not a regular file; it is not read; its Hookwarden settings are ignored',
				},
			]);
			expect(readPolicySettings(layers).settings.failMode).toBe('closed');
		},
	);

	it.runIf(process.platform !== 'win32')(
		'refuses a link to a device in place of the settings file',
		() => {
			symlinkSync('/dev/zero', workspaceFile());
			expect(load().problems.map((p) => p.message)).toEqual([
				'not a regular file; it is not read; its Hookwarden settings are ignored',
			]);
		},
	);

	it('refuses a folder in place of the settings file', () => {
		mkdirSync(workspaceFile());
		expect(load().problems.map((p) => p.message)).toEqual([
			expect.stringMatching(/not a regular file|EISDIR/),
		]);
	});

	it('treats a missing file as absent, without a problem', () => {
		expect(load()).toEqual({ layers: [], problems: [] });
		expect(readSettingsFile(join(dir, 'nope', 'settings.json'))).toEqual({ kind: 'missing' });
	});
});

describe('loadSettingsLayers and trust', () => {
	it('makes the workspace layer tighten-only when nothing trusts the folder', () => {
		writeFileSync(workspaceFile(), LOOSENING);
		const { layers } = load();
		expect(layers).toHaveLength(1);
		expect(layers[0]?.tightenOnly).toBe(true);
		const policy = compilePolicy(readPolicySettings(layers).settings);
		expect(policy.packs.has('destructiveCommands')).toBe(true);
		expect(policy.rules).toEqual([]);
	});

	it.each([
		['the folder itself', (ws: string) => ws],
		['a parent folder', (ws: string) => join(ws, '..')],
	])('trusts a folder when the user setting lists %s', (_, entry) => {
		writeFileSync(workspaceFile(), LOOSENING);
		writeFileSync(userFile, JSON.stringify({ 'hookwarden.trustedFolders': [entry(workspace)] }));
		const [, layer] = load().layers;
		expect(layer?.tightenOnly).toBe(false);
		expect(readPolicySettings(load().layers).settings.packs.destructiveCommands).toBe(false);
	});

	it('trusts nothing from a user list with a relative entry (the schema rejects the whole list)', () => {
		writeFileSync(workspaceFile(), LOOSENING);
		writeFileSync(userFile, JSON.stringify({ 'hookwarden.trustedFolders': [workspace, 'repo'] }));
		expect(load().layers[1]?.tightenOnly).toBe(true);
	});

	it('trusts a folder the window recorded as trusted', () => {
		writeFileSync(workspaceFile(), LOOSENING);
		expect(load([workspace]).layers[0]?.tightenOnly).toBe(false);
		expect(load([join(dir, 'other')]).layers[0]?.tightenOnly).toBe(true);
	});

	it('does not trust a folder that only a workspace file lists', () => {
		writeFileSync(
			workspaceFile(),
			JSON.stringify({ ...JSON.parse(LOOSENING), 'hookwarden.trustedFolders': [workspace] }),
		);
		expect(load().layers[0]?.tightenOnly).toBe(true);
	});

	it.runIf(process.platform !== 'win32')(
		'does not trust a clone reached through a link inside a trusted folder',
		() => {
			const trusted = join(dir, 'trusted');
			mkdirSync(trusted);
			symlinkSync(workspace, join(trusted, 'clone'));
			writeFileSync(workspaceFile(), LOOSENING);
			writeFileSync(userFile, JSON.stringify({ 'hookwarden.trustedFolders': [trusted] }));
			const layers = loadSettingsLayers(
				join(trusted, 'clone'),
				{ HOOKWARDEN_USER_SETTINGS: userFile },
				dir,
				() => [],
			).layers;
			expect(layers[1]?.tightenOnly).toBe(true);
		},
	);

	it('asks for the recorded trust only when the workspace has Hookwarden settings', () => {
		let asked = 0;
		const recorded = () => {
			asked++;
			return [];
		};
		writeFileSync(workspaceFile(), JSON.stringify({ 'editor.tabSize': 2 }));
		loadSettingsLayers(workspace, { HOOKWARDEN_USER_SETTINGS: userFile }, dir, recorded);
		expect(asked).toBe(0);
		writeFileSync(workspaceFile(), LOOSENING);
		loadSettingsLayers(workspace, { HOOKWARDEN_USER_SETTINGS: userFile }, dir, recorded);
		expect(asked).toBe(1);
	});
});
