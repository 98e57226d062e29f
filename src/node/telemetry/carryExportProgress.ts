import { readdirSync, rmSync } from 'node:fs';
import { basename, dirname } from 'node:path';

import type { ExportCursor } from './exportCursor';
import {
	acquireShipLock,
	cursorFile,
	isBefore,
	readCursor,
	readPending,
	releaseShipLock,
	shipLockFile,
	writeCursor,
} from './exportCursor';

// Lines of an orphan log a shipper already sent; the rest of the log is sent from the window's log after adoption.
const MAX_CARRIED = 100_000;

/**
 * Before the window adopts a headless orphan log into its own log, records which of the orphan's lines each
 * destination has already received (both signals acknowledged), as ids the window's cursor for that destination
 * skips: the adopted lines get new positions, and would otherwise be sent again. Returns `false` when a shipper is at
 * work on the orphan (adopt later), `true` when adoption may go ahead; the orphan's cursors are removed then.
 */
export function carryExportProgress(orphan: string, target: string): boolean {
	const keys = destinationKeys(orphan);
	const locks: string[] = [];
	try {
		for (const key of keys) {
			const lock = shipLockFile(orphan, key);
			if (!acquireShipLock(lock)) {
				return false;
			}
			locks.push(lock);
		}
		for (const key of keys) {
			const cursor = readCursor(cursorFile(orphan, key));
			const shipped = shippedIds(orphan, cursor);
			if (shipped.length === 0) {
				continue;
			}
			const targetCursor: ExportCursor = readCursor(cursorFile(target, key)) ?? { v: 1 };
			writeCursor(cursorFile(target, key), {
				...targetCursor,
				skip: [...(targetCursor.skip ?? []), ...shipped].slice(-MAX_CARRIED),
			});
			rmSync(cursorFile(orphan, key), { force: true });
		}
		return true;
	} finally {
		locks.forEach(releaseShipLock);
	}
}

/** The ids of the orphan's event lines both signals of a destination have acknowledged. */
function shippedIds(orphan: string, cursor: ExportCursor | undefined): string[] {
	const { traces, logs } = cursor ?? {};
	if (!traces || !logs) {
		return [];
	}
	const upTo = isBefore(orphan, logs, traces) ? logs : traces;
	return readPending(orphan, undefined, MAX_CARRIED)
		.records.filter((p) => !isBefore(orphan, upTo, p.end))
		.map((p) => p.record.id);
}

/** The destinations the orphan has a cursor for. */
function destinationKeys(log: string): string[] {
	const prefix = `${basename(log)}.otlp-`;
	try {
		return readdirSync(dirname(log))
			.filter((name) => name.startsWith(prefix) && name.endsWith('.cursor'))
			.map((name) => name.slice(prefix.length, -'.cursor'.length));
	} catch {
		return [];
	}
}
