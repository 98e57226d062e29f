import { createHash, randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { bridgeFiles, REQUIRED_BRIDGE_FILES } from '../../node/installer/bridgeFiles';

/** The folder of the bridge's read-only copies, `~/.hookwarden/bridge`: Hookwarden's own state, as the launcher is. */
export function bridgeCopiesFolder(home: string): string {
	return path.join(home, '.hookwarden', 'bridge');
}

/** A digest of the bridge's files (names and contents), which names the copy. */
function digestOf(folder: string, files: readonly string[]): string {
	const hash = createHash('sha256');
	for (const name of files) {
		hash
			.update(`${name}\0`)
			.update(fs.readFileSync(path.join(folder, name)))
			.update('\0');
	}
	return hash.digest('hex').slice(0, 24);
}

/**
 * Copies the bridge out of the extension folder into `~/.hookwarden/bridge/<digest>/`, its files and the folder itself
 * read-only, and returns the copy's `bridge.js`: the launcher runs the copy, so a later write into the installed
 * extension does not change what hooks run. A copy whose files no longer match its digest (edited since), or that holds
 * anything else (a planted code cache is code too; the bridge keeps its own in the runtime folder), is written again;
 * copies of other versions older than a day are removed (a day, so a hook already running an older one can finish).
 */
export function ensureBridgeCopy(dist: string, home: string, now: number = Date.now()): string {
	const files = bridgeFiles(dist);
	const missing = REQUIRED_BRIDGE_FILES.filter((name) => !files.includes(name));
	if (missing.length > 0) {
		throw new Error(`no ${missing.join(' or ')} in ${dist}`);
	}
	const digest = digestOf(dist, files);
	const copies = bridgeCopiesFolder(home);
	const copy = path.join(copies, digest);
	if (!isIntact(copy, files, digest)) {
		fs.mkdirSync(copies, { recursive: true, mode: 0o700 });
		const temporary = path.join(copies, `.${digest}.${randomUUID().slice(0, 8)}`);
		fs.mkdirSync(temporary, { mode: 0o700 });
		for (const name of files) {
			fs.copyFileSync(path.join(dist, name), path.join(temporary, name));
			fs.chmodSync(path.join(temporary, name), 0o444);
		}
		removeCopy(copy);
		fs.renameSync(temporary, copy);
		fs.chmodSync(copy, 0o500);
	}
	for (const other of fs.readdirSync(copies)) {
		const folder = path.join(copies, other);
		if (other !== digest && now - fs.statSync(folder).mtimeMs > 24 * 3600 * 1000) {
			removeCopy(folder);
		}
	}
	return path.join(copy, 'bridge.js');
}

/** Removes a copy, whose folder is read-only (the files in a folder cannot be removed without write access to it). */
function removeCopy(folder: string): void {
	try {
		fs.chmodSync(folder, 0o700);
	} catch {
		// Missing, or a file: removed below all the same.
	}
	fs.rmSync(folder, { recursive: true, force: true });
}

/** The copy holds exactly the bridge's files, unchanged, and neither they nor the folder can be written as they are. */
function isIntact(copy: string, files: readonly string[], digest: string): boolean {
	try {
		const present = fs.readdirSync(copy).sort();
		return (
			present.length === files.length &&
			present.every((name, index) => name === files[index]) &&
			[copy, ...files.map((name) => path.join(copy, name))].every(
				(file) => (fs.statSync(file).mode & 0o222) === 0,
			) &&
			digestOf(copy, files) === digest
		);
	} catch {
		return false;
	}
}
