import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { bridgeGlobalStorage } from '../../../../src/node/audit/auditLogLocation';
import {
	readTrustedFolders,
	recordFolderTrust,
	trustRecordFile,
	writeTrustedFolders,
} from '../../../../src/node/settings/trustRecord';

const SECRET = 'a'.repeat(43);
let storage: string;
beforeEach(() => {
	storage = mkdtempSync(join(tmpdir(), 'hookwarden-trust-'));
});
afterEach(() => rmSync(storage, { recursive: true, force: true }));

describe('trust record', () => {
	it('adds trusted folders, removes untrusted ones, and writes only on change', () => {
		expect(recordFolderTrust(storage, SECRET, ['/a', '/b'], true)).toBe(true);
		const written = statSync(trustRecordFile(storage)).mtimeMs;
		expect(recordFolderTrust(storage, SECRET, ['/b'], true)).toBe(false);
		expect(statSync(trustRecordFile(storage)).mtimeMs).toBe(written);
		expect(readTrustedFolders(storage, SECRET)).toEqual(['/a', '/b']);
		expect(recordFolderTrust(storage, SECRET, ['/a'], false)).toBe(true);
		expect(readTrustedFolders(storage, SECRET)).toEqual(['/b']);
	});

	it('trusts nothing when the record was edited, or under another secret', () => {
		writeTrustedFolders(storage, SECRET, ['/a']);
		expect(readTrustedFolders(storage, 'b'.repeat(43))).toEqual([]);
		const record = JSON.parse(readFileSync(trustRecordFile(storage), 'utf8')) as {
			folders: string[];
		};
		record.folders.push('/cloned/evil');
		writeFileSync(trustRecordFile(storage), JSON.stringify(record));
		expect(readTrustedFolders(storage, SECRET)).toEqual([]);
	});

	it('lives where the bridge looks for global storage', () => {
		const user = join(storage, 'Code', 'User');
		expect(
			trustRecordFile(
				bridgeGlobalStorage({ HOOKWARDEN_USER_SETTINGS: join(user, 'settings.json') }, '/home/x')!,
			),
		).toBe(join(user, 'globalStorage', 'hookwarden.hookwarden', 'trusted-folders.json'));
	});
});
