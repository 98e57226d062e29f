/*
 * How far one audit log has been exported to one destination, kept next to the log so that every decision reaches
 * the collector once: none lost, none twice.
 *
 * The cursor holds, for each signal (spans, log records), the position just after the last line the collector
 * acknowledged: the identity of the file that line is in (device, inode and birth time, which a rename to
 * `audit.1.jsonl` keeps) and the byte offset of the line's end. A shipper reads the lines after the lower of the two
 * positions, sends them, and moves each signal's position only after the collector answered 2xx for that signal.
 * The cursor is written to a temporary file, flushed to disk and renamed over the old one, so a crash leaves either
 * the old or the new cursor, never a torn one. Only one shipper works on a log and destination at a time (the lock).
 *
 * What this cannot promise: a collector that stored a batch but whose answer never arrived (a connection cut after
 * the 2xx was sent, or this process killed between the answer and the rename) gets that batch again. The resent spans
 * and records carry the same trace and span ids (derived from the audit line's id) and `hookwarden.record.id`, so a
 * backend or a collector's dedupe step can drop them.
 */
import {
	closeSync,
	constants,
	fstatSync,
	fsyncSync,
	openSync,
	readFileSync,
	readSync,
	renameSync,
	rmSync,
	statSync,
	writeSync,
} from 'node:fs';

import type { AuditEventRecord } from '../../core/audit/auditRecord';
import { parseAuditLine } from '../../core/audit/parseAuditLine';
import { auditLogFiles } from '../audit/auditLogFile';
import { isProcessAlive } from '../isProcessAlive';

/** A place in an audit log: the file (by identity, which survives rotation) and a byte offset at a line's end. */
export interface LogPosition {
	readonly file: string;
	readonly offset: number;
}

/** What has been exported from one log to one destination. */
export interface ExportCursor {
	readonly v: 1;
	/** Where spans and log records are acknowledged up to; absent: nothing sent yet. */
	readonly traces?: LogPosition;
	readonly logs?: LogPosition;
	/** Ids of lines already exported from another log (lines the window adopted from a headless orphan log). */
	readonly skip?: readonly string[];
	/** After a failed export, when the next attempt is due (epoch ms), and how many attempts failed in a row. */
	readonly retryAfter?: number;
	readonly failures?: number;
}

/** The cursor file of a log for a destination (`audit.jsonl.otlp-<key>.cursor`). */
export function cursorFile(log: string, destinationKey: string): string {
	return `${log}.otlp-${destinationKey}.cursor`;
}

/** The lock file a shipper holds while it works on a log for a destination. */
export function shipLockFile(log: string, destinationKey: string): string {
	return `${log}.otlp-${destinationKey}.lock`;
}

/** Reads a cursor; a missing or unreadable one is a fresh start (`undefined`). */
export function readCursor(file: string): ExportCursor | undefined {
	try {
		const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<ExportCursor> | null;
		return value?.v === 1 ? (value as ExportCursor) : undefined;
	} catch {
		return undefined;
	}
}

/** Writes a cursor durably: temporary file, fsync, rename. */
export function writeCursor(file: string, cursor: ExportCursor): void {
	const temporary = `${file}.${process.pid}.tmp`;
	const fd = openSync(temporary, 'w', 0o600);
	try {
		writeSync(fd, `${JSON.stringify(cursor)}\n`);
		fsyncSync(fd);
	} finally {
		closeSync(fd);
	}
	renameSync(temporary, file);
}

// A shipper holds its lock for one batch round trip at most (the exporters time out after 10 s each).
const STALE_LOCK_MS = 120_000;

/** Takes the shipper lock (O_EXCL, with the pid); a lock whose process is gone, or that is old, is taken over. */
export function acquireShipLock(lock: string): boolean {
	for (let attempt = 0; attempt < 2; attempt++) {
		try {
			const fd = openSync(lock, 'wx', 0o600);
			writeSync(fd, `${process.pid} ${Date.now()}\n`);
			closeSync(fd);
			return true;
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || isShipLockHeld(lock)) {
				return false;
			}
			rmSync(lock, { force: true });
		}
	}
	return false;
}

/** Whether a live shipper holds the lock: cheap enough for a bridge to ask before it starts one. */
export function isShipLockHeld(lock: string): boolean {
	try {
		const [pidText] = readFileSync(lock, 'utf8').split(' ');
		const pid = Number(pidText);
		return (
			Number.isInteger(pid) &&
			pid > 0 &&
			isProcessAlive(pid) &&
			Date.now() - statSync(lock).mtimeMs < STALE_LOCK_MS
		);
	} catch {
		return false;
	}
}

/** Releases a lock this process holds. */
export function releaseShipLock(lock: string): void {
	rmSync(lock, { force: true });
}

/** One event line waiting to be exported, with the position just after it. */
export interface PendingRecord {
	readonly record: AuditEventRecord;
	readonly end: LogPosition;
}

/** The event lines after a position, oldest first, at most `limit`, and the position after the last line read. */
export interface PendingRead {
	readonly records: readonly PendingRecord[];
	/** After the last complete line read (summaries and damaged lines included); `undefined` when nothing was read. */
	readonly end?: LogPosition;
}

// A file identity as the cursor stores it: what a rename keeps and a new file with a reused inode does not share.
function identityOf(stats: { dev: number; ino: number; birthtimeMs: number }): string {
	return `${stats.dev}:${stats.ino}:${Math.round(stats.birthtimeMs)}`;
}

/** The identity string of a log file, as {@link LogPosition.file} holds it; `undefined` when it is gone. */
export function fileIdentity(path: string): string | undefined {
	try {
		return identityOf(statSync(path));
	} catch {
		return undefined;
	}
}

const READ_CHUNK = 1024 * 1024;

/**
 * Reads the event lines of `log` (its rotated files, oldest first, then the current one) after `from`. When the file
 * `from` points into is gone (rotated beyond retention), every remaining file is newer and is read from its start.
 * Only complete lines count: a line still being written is read next time.
 */
export function readPending(
	log: string,
	from: LogPosition | undefined,
	limit: number,
): PendingRead {
	const files = auditLogFiles(log);
	const identities = files.map(fileIdentity);
	let index = from ? identities.indexOf(from.file) : 0;
	let offset = from && index >= 0 ? from.offset : 0;
	if (index < 0) {
		index = 0;
	}
	const records: PendingRecord[] = [];
	let end: LogPosition | undefined;
	for (; index < files.length && records.length < limit; index++, offset = 0) {
		const path = files[index];
		const identity = identities[index];
		if (path === undefined || identity === undefined) {
			continue;
		}
		let fd: number;
		try {
			fd = openSync(path, constants.O_RDONLY);
		} catch {
			continue;
		}
		try {
			const size = fstatSync(fd).size;
			// A file shorter than the cursor was replaced, not appended to: read it from the start.
			let position = offset > size ? 0 : offset;
			let carry = Buffer.alloc(0);
			while (position < size && records.length < limit) {
				const chunk = Buffer.alloc(Math.min(READ_CHUNK, size - position));
				const read = readSync(fd, chunk, 0, chunk.length, position);
				if (read <= 0) {
					break;
				}
				const buffer = Buffer.concat([carry, chunk.subarray(0, read)]);
				const lineStart = position - carry.length;
				let start = 0;
				for (let newline = buffer.indexOf(10); newline >= 0; newline = buffer.indexOf(10, start)) {
					const parsed = parseAuditLine(buffer.subarray(start, newline).toString('utf8'));
					start = newline + 1;
					end = { file: identity, offset: lineStart + start };
					if (parsed.kind === 'record' && parsed.record.kind === 'event') {
						records.push({ record: parsed.record, end });
						if (records.length >= limit) {
							break;
						}
					}
				}
				carry = buffer.subarray(start);
				position += read;
			}
		} finally {
			closeSync(fd);
		}
	}
	return { records, ...(end && { end }) };
}

/** Whether position `a` comes before `b` in `log`, going by the order of its files. */
export function isBefore(log: string, a: LogPosition | undefined, b: LogPosition): boolean {
	if (a === undefined) {
		return true;
	}
	if (a.file === b.file) {
		return a.offset < b.offset;
	}
	const identities = auditLogFiles(log).map(fileIdentity);
	const ia = identities.indexOf(a.file);
	const ib = identities.indexOf(b.file);
	// A position in a file that is gone is older than any file still there.
	return ia < 0 || (ib >= 0 && ia < ib);
}
