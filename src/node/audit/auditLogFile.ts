import {
	closeSync,
	constants,
	fstatSync,
	mkdirSync,
	openSync,
	readFileSync,
	readdirSync,
	renameSync,
	rmSync,
	statSync,
	writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';

import { rotatedAuditFile } from '../../core/audit/auditLocation';

import { isProcessAlive } from '../isProcessAlive';

/** One audit log file and how it rotates. */
export interface AuditLogTarget {
	readonly file: string;
	/** Rotate once the file passes this many bytes. */
	readonly maxBytes: number;
	/** Rotated files kept besides the current one (`audit.1.jsonl` newest … `audit.N.jsonl` oldest). */
	readonly retention: number;
}

// A lock older than this belongs to a rotator that died; rotation itself takes milliseconds.
const STALE_LOCK_MS = 10_000;
const APPEND_FLAGS =
	constants.O_WRONLY |
	constants.O_APPEND |
	constants.O_CREAT |
	// Never follow a symlink planted where the log should be (a repository can ship one at `hookwarden.audit.path`).
	(constants.O_NOFOLLOW ?? 0);

/**
 * Appends one JSON line to the log: one `open(O_APPEND)`, one `write`, one `close`, then rotation when the file has
 * grown past its limit.
 *
 * Why this is safe with several windows and bridges appending at once: each line (kept under 64 KB by the record
 * builder) goes out in a single `write` on a descriptor opened with O_APPEND, and a local POSIX file system (ext4,
 * APFS, xfs) and NTFS (FILE_APPEND_DATA) place each such write whole at the end of the file, never interleaved with
 * another. A writer killed before its `write` leaves nothing; one killed during it (or a full disk) can leave a
 * partial line, which readers skip, and the next line is still recovered (see parseAuditLine). No lock is taken on
 * this path, so a hook is never held up by another process. Data reaches the page cache before the answer leaves;
 * a process crash or reload loses nothing, a power cut may lose the last lines (no fsync: it would cost milliseconds
 * per event).
 */
export function appendAuditLine(target: AuditLogTarget, line: string): void {
	const bytes = Buffer.from(line.endsWith('\n') ? line : `${line}\n`, 'utf8');
	let fd: number;
	try {
		fd = openSync(target.file, APPEND_FLAGS, 0o600);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
			throw error;
		}
		mkdirSync(dirname(target.file), { recursive: true, mode: 0o700 });
		fd = openSync(target.file, APPEND_FLAGS, 0o600);
	}
	let size: number;
	try {
		const written = writeSync(fd, bytes);
		if (written !== bytes.length) {
			throw new Error(`short write to ${target.file} (${written} of ${bytes.length} bytes)`);
		}
		size = fstatSync(fd).size;
	} finally {
		closeSync(fd);
	}
	if (size > target.maxBytes) {
		rotateAuditLog(target);
	}
}

/**
 * Renames `audit.jsonl` → `audit.1.jsonl` → … and drops files beyond the retention, under a lock file created with
 * O_EXCL so two writers never rotate at once. A writer that opened the file just before the rename still appends
 * whole lines, into what is now `audit.1.jsonl`: nothing is lost. When another process holds the lock the call
 * returns at once (that process is rotating); a lock left by a dead process is taken over after {@link STALE_LOCK_MS}
 * or as soon as its pid is gone. Returns whether this call rotated.
 */
export function rotateAuditLog(target: AuditLogTarget): boolean {
	const lock = `${target.file}.lock`;
	if (!acquireLock(lock)) {
		return false;
	}
	try {
		let size: number;
		try {
			size = statSync(target.file).size;
		} catch {
			return false;
		}
		// Another writer may have rotated between our append and our lock.
		if (size <= target.maxBytes) {
			return false;
		}
		const retention = Math.max(1, target.retention);
		rmSync(rotatedAuditFile(target.file, retention), { force: true });
		for (let n = retention - 1; n >= 1; n--) {
			renameIfPresent(rotatedAuditFile(target.file, n), rotatedAuditFile(target.file, n + 1));
		}
		renameIfPresent(target.file, rotatedAuditFile(target.file, 1));
		return true;
	} finally {
		rmSync(lock, { force: true });
	}
}

function renameIfPresent(from: string, to: string): void {
	try {
		renameSync(from, to);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
			throw error;
		}
	}
}

function acquireLock(lock: string): boolean {
	for (let attempt = 0; attempt < 2; attempt++) {
		try {
			const fd = openSync(lock, 'wx', 0o600);
			writeSync(fd, `${process.pid} ${Date.now()}\n`);
			closeSync(fd);
			return true;
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || !isStaleLock(lock)) {
				return false;
			}
			rmSync(lock, { force: true });
		}
	}
	return false;
}

function isStaleLock(lock: string): boolean {
	try {
		const [pidText] = readFileSync(lock, 'utf8').split(' ');
		const pid = Number(pidText);
		if (Number.isInteger(pid) && pid > 0 && !isProcessAlive(pid)) {
			return true;
		}
		return Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS;
	} catch {
		// Unreadable or gone already: let the next attempt decide.
		return true;
	}
}

/**
 * The log's files, oldest first: the rotated ones that exist (`audit.N.jsonl` … `audit.1.jsonl`), then the current
 * one if it exists.
 */
export function auditLogFiles(file: string): string[] {
	const rotated: { n: number; file: string }[] = [];
	const base = basename(file);
	const stem = base.replace(/\.jsonl$/i, '');
	let names: string[];
	try {
		names = readdirSync(dirname(file));
	} catch {
		return [];
	}
	const pattern = new RegExp(
		`^${escapeRegExp(stem)}\\.(\\d+)${base === stem ? '' : '\\.jsonl'}$`,
		'i',
	);
	for (const name of names) {
		const n = pattern.exec(name)?.[1];
		if (n !== undefined) {
			rotated.push({ n: Number(n), file: join(dirname(file), name) });
		}
	}
	rotated.sort((a, b) => b.n - a.n);
	return [...rotated.map((r) => r.file), ...(names.includes(base) ? [file] : [])];
}

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A new line id: the time in base 36 and six random base-36 characters (`lxk2q9a1-3f9z0c`). Unique across the
 * processes writing one log without coordination, sortable by time, and short enough to type after `--event`.
 */
export function newAuditId(now: number = Date.now()): string {
	return `${now.toString(36)}-${Math.random().toString(36).slice(2, 8).padEnd(6, '0')}`;
}
