import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { readPolicySettings } from '../../../../src/core/settings/readPolicySettings';
import { loadSettingsLayers } from '../../../../src/node/settings/loadSettingsLayers';
import type {
	MachinePolicyLocation,
	MachinePolicyReading,
} from '../../../../src/node/settings/machinePolicy';
import {
	judgeWindowsAcl,
	MACHINE_POLICY_FILES,
	posixOwnerCheck,
	productionMachinePolicy,
	readMachinePolicy,
} from '../../../../src/node/settings/machinePolicy';

// The test plays the administrator with its own uid, so no root is needed: the check is the same code.
const me = process.getuid?.() ?? 0;
const myGroup = process.getgid?.() ?? 0;

let dir: string;
let policyDir: string;
let policyFile: string;
let location: MachinePolicyLocation;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'hookwarden-machine-'));
	policyDir = join(dir, 'etc-hookwarden');
	mkdirSync(policyDir, { mode: 0o755 });
	chmodSync(policyDir, 0o755);
	policyFile = join(policyDir, 'policy.json');
	location = { file: policyFile, checkOwner: posixOwnerCheck(me, [myGroup]) };
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function ignoredBecause(reading: MachinePolicyReading): string | undefined {
	return reading.kind === 'ignored' ? reading.problem : undefined;
}

function writePolicy(values: Record<string, unknown>, mode = 0o644): void {
	writeFileSync(policyFile, JSON.stringify(values));
	chmodSync(policyFile, mode);
}

describe.skipIf(process.platform === 'win32')('readMachinePolicy', () => {
	it('is absent when no file exists, which costs nothing else', () => {
		expect(readMachinePolicy(location)).toEqual({ kind: 'absent', file: policyFile });
	});

	it('reads the hookwarden keys of a file the administrator owns as a locking layer', () => {
		writePolicy({ 'hookwarden.failMode': 'closed', 'editor.fontSize': 12 });
		const reading = readMachinePolicy(location);
		expect(reading.kind).toBe('read');
		if (reading.kind === 'read') {
			expect(reading.layer).toEqual({
				source: { kind: 'machinePolicy', file: policyFile },
				values: { failMode: 'closed' },
				locks: true,
			});
		}
	});

	it('ignores a file someone else owns', () => {
		writePolicy({ 'hookwarden.failMode': 'open' });
		const reading = readMachinePolicy({
			file: policyFile,
			checkOwner: posixOwnerCheck(me + 1, [myGroup]),
		});
		expect(reading).toEqual({
			kind: 'ignored',
			file: policyFile,
			problem: `the file ${policyFile} belongs to uid ${me}, not uid ${me + 1}`,
		});
	});

	it('ignores a file every user can write, and one its group can write when the group does not administer', () => {
		writePolicy({ 'hookwarden.failMode': 'open' }, 0o666);
		expect(ignoredBecause(readMachinePolicy(location))).toContain(
			'can be written by every user (mode 666)',
		);
		chmodSync(policyFile, 0o664);
		expect(readMachinePolicy(location).kind).toBe('read');
		expect(
			ignoredBecause(
				readMachinePolicy({ file: policyFile, checkOwner: posixOwnerCheck(me, [myGroup + 1]) }),
			),
		).toContain('can be written by group');
	});

	it('ignores a file in a folder others can write, since they could replace it', () => {
		writePolicy({ 'hookwarden.failMode': 'open' });
		chmodSync(policyDir, 0o777);
		expect(ignoredBecause(readMachinePolicy(location))).toContain(
			`its folder ${policyDir} can be written by every user`,
		);
	});

	it('follows a link to the real file and checks the folder the real file is in', () => {
		const elsewhere = join(dir, 'writable');
		mkdirSync(elsewhere, { mode: 0o777 });
		chmodSync(elsewhere, 0o777);
		writeFileSync(join(elsewhere, 'policy.json'), '{"hookwarden.failMode": "open"}');
		chmodSync(join(elsewhere, 'policy.json'), 0o644);
		symlinkSync(join(elsewhere, 'policy.json'), policyFile);
		expect(ignoredBecause(readMachinePolicy(location))).toContain(`its folder ${elsewhere}`);
	});

	it('reports syntax errors and still applies what could be read', () => {
		writeFileSync(
			policyFile,
			'{"hookwarden.failMode": "closed" "hookwarden.defaultVerdict": "ask"}',
		);
		const reading = readMachinePolicy(location);
		expect(reading.kind).toBe('read');
		if (reading.kind === 'read') {
			expect(reading.layer.values.failMode).toBe('closed');
			expect(reading.problems[0]).toMatch(/a comma is missing/);
		}
	});
});

describe.skipIf(process.platform === 'win32')('the machine policy among the settings files', () => {
	it('locks user and workspace settings headless, and a bad file is one warning and no layer', () => {
		const workspace = join(dir, 'repo');
		mkdirSync(join(workspace, '.vscode'), { recursive: true });
		const userFile = join(dir, 'user.json');
		writeFileSync(userFile, JSON.stringify({ 'hookwarden.failMode': 'open' }));
		writeFileSync(
			join(workspace, '.vscode', 'settings.json'),
			JSON.stringify({ 'hookwarden.trustedFolders': [workspace] }),
		);
		writePolicy({ 'hookwarden.failMode': 'closed', 'hookwarden.trustedFolders': [] });
		const env = { HOOKWARDEN_USER_SETTINGS: userFile };
		const good = loadSettingsLayers(workspace, env, dir, () => [], readMachinePolicy(location));
		expect(good.layers.map((l) => l.source.kind)).toEqual([
			'userSettings',
			'workspaceSettings',
			'machinePolicy',
		]);
		expect(readPolicySettings(good.layers).settings.failMode).toBe('closed');

		chmodSync(policyFile, 0o666);
		const bad = loadSettingsLayers(workspace, env, dir, () => [], readMachinePolicy(location));
		expect(bad.layers.map((l) => l.source.kind)).toEqual(['userSettings', 'workspaceSettings']);
		expect(bad.problems.map((p) => p.file)).toEqual([policyFile]);
		expect(bad.problems[0]?.message).toMatch(
			/^the machine policy is ignored: the file .* every user/,
		);
		expect(readPolicySettings(bad.layers).settings.failMode).toBe('open');
	});

	it('replaces the trusted folders of user settings when it sets them', () => {
		const workspace = join(dir, 'repo');
		mkdirSync(join(workspace, '.vscode'), { recursive: true });
		const userFile = join(dir, 'user.json');
		writeFileSync(userFile, JSON.stringify({ 'hookwarden.trustedFolders': [workspace] }));
		writeFileSync(
			join(workspace, '.vscode', 'settings.json'),
			JSON.stringify({ 'hookwarden.rules': [{ command: 'rm', verdict: 'allow' }] }),
		);
		const env = { HOOKWARDEN_USER_SETTINGS: userFile };
		expect(loadSettingsLayers(workspace, env, dir, () => []).layers[1]?.tightenOnly).toBe(false);
		writePolicy({ 'hookwarden.trustedFolders': ['/srv/reviewed'] });
		const locked = loadSettingsLayers(workspace, env, dir, () => [], readMachinePolicy(location));
		expect(locked.layers[1]?.tightenOnly).toBe(true);
	});
});

describe('the production location', () => {
	it('is one fixed path per platform, whatever the environment says', () => {
		const before = { ...process.env };
		process.env.ProgramData = '/tmp/elsewhere';
		process.env.XDG_CONFIG_DIRS = '/tmp/elsewhere';
		try {
			expect(productionMachinePolicy('linux').file).toBe('/etc/hookwarden/policy.json');
			expect(productionMachinePolicy('darwin').file).toBe(
				'/Library/Application Support/Hookwarden/policy.json',
			);
			expect(productionMachinePolicy('win32').file).toBe(MACHINE_POLICY_FILES.win32);
			expect(productionMachinePolicy('freebsd').file).toBe('/etc/hookwarden/policy.json');
		} finally {
			process.env = before;
		}
	});
});

describe('judgeWindowsAcl', () => {
	const admins = 'S-1-5-32-544';
	it('accepts a file owned and writable only by administrators and SYSTEM', () => {
		expect(
			judgeWindowsAcl(
				`owner ${admins}\r\nwriter S-1-5-18\r\nwriter ${admins}\r\nwriter S-1-3-0\r\nowner S-1-5-18\r\n`,
			),
		).toBeUndefined();
	});
	it('rejects a file a user owns, or one Users may write', () => {
		expect(judgeWindowsAcl('owner S-1-5-21-1-2-3-1001\n')).toMatch(/owned by S-1-5-21-1-2-3-1001/);
		expect(judgeWindowsAcl(`owner ${admins}\nwriter S-1-5-32-545\n`)).toMatch(
			/changed by S-1-5-32-545/,
		);
	});
	it('rejects output without an owner line', () => {
		expect(judgeWindowsAcl('')).toMatch(/cannot be checked/);
	});
});
