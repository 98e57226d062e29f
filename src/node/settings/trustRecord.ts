import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { withFileLock } from '../fileLock';
import { macOf, verifyMac } from '../runtime/secretMac';

/** The file in the extension's global storage where the window records the folders a person trusted in VS Code. */
export function trustRecordFile(globalStorage: string): string {
	return join(globalStorage, 'trusted-folders.json');
}

/**
 * The folders the window recorded as trusted, when the record verifies under the per-install secret. The agent runs
 * as this user and could write the file, so an unsigned or tampered record trusts nothing: workspace settings then
 * only tighten the policy headless.
 */
export function readTrustedFolders(globalStorage: string, secret: string | undefined): string[] {
	if (!secret) {
		return [];
	}
	try {
		const record = JSON.parse(readFileSync(trustRecordFile(globalStorage), 'utf8')) as {
			folders?: unknown;
			mac?: unknown;
		};
		const folders = record.folders;
		if (
			!Array.isArray(folders) ||
			!folders.every((f): f is string => typeof f === 'string') ||
			typeof record.mac !== 'string'
		) {
			return [];
		}
		return verifyMac(secret, signedText(folders), record.mac) ? folders : [];
	} catch {
		return [];
	}
}

/** Writes the record of trusted folders, signed with the per-install secret (atomically). */
export function writeTrustedFolders(
	globalStorage: string,
	secret: string,
	folders: readonly string[],
): void {
	const file = trustRecordFile(globalStorage);
	mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
	const sorted = [...new Set(folders)].sort();
	const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
	writeFileSync(
		temporary,
		`${JSON.stringify({ v: 1, folders: sorted, mac: macOf(secret, signedText(sorted)) })}\n`,
		{ mode: 0o600 },
	);
	renameSync(temporary, file);
}

function signedText(folders: readonly string[]): string {
	return `hookwarden trusted folders v1\n${JSON.stringify(folders)}`;
}

/**
 * Brings the record in line with what VS Code says about `folders`: trusted ones are added, untrusted ones removed (a
 * person who takes trust back in VS Code takes it back headless too). Other folders in the record are kept, the file is
 * written only when its list changes (atomically, under a lock shared by every window), and whether it was is returned.
 */
export function recordFolderTrust(
	globalStorage: string,
	secret: string,
	folders: readonly string[],
	trusted: boolean,
): boolean {
	const file = trustRecordFile(globalStorage);
	mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
	// Two windows change the record from what they read: under the lock, neither write is lost.
	return withFileLock(`${file}.lock`, () => {
		const before = readTrustedFolders(globalStorage, secret);
		const after = trusted
			? [...new Set([...before, ...folders])]
			: before.filter((folder) => !folders.includes(folder));
		if (after.length === before.length && after.every((folder) => before.includes(folder))) {
			return false;
		}
		writeTrustedFolders(globalStorage, secret, after);
		return true;
	});
}
