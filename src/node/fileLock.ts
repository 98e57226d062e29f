import {
	closeSync,
	openSync,
	readFileSync,
	renameSync,
	rmSync,
	statSync,
	writeSync,
} from 'node:fs';

import { isProcessAlive } from './isProcessAlive';

/** How long {@link withFileLock} waits for another holder, and when a lock counts as left behind. */
export interface FileLockOptions {
	readonly timeoutMs?: number;
	/** A lock older than this whose holder cannot be confirmed alive is taken over. */
	readonly staleMs?: number;
}

const POLL_MS = 5;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

/**
 * Runs `run` while holding the lock file `lock` (created exclusively, holding this pid), so read-modify-write cycles of
 * separate processes (two windows updating one record) never interleave. A lock whose holder died or that is older
 * than `staleMs` is taken over; after `timeoutMs` it throws, naming the holder.
 */
export function withFileLock<T>(lock: string, run: () => T, options: FileLockOptions = {}): T {
	const deadline = Date.now() + (options.timeoutMs ?? 5_000);
	for (;;) {
		let fd: number | undefined;
		try {
			fd = openSync(lock, 'wx', 0o600);
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
				throw error;
			}
		}
		if (fd !== undefined) {
			try {
				writeSync(fd, String(process.pid));
			} finally {
				closeSync(fd);
			}
			try {
				return run();
			} finally {
				rmSync(lock, { force: true });
			}
		}
		const holder = holderOf(lock);
		if (holder.stale(options.staleMs ?? 10_000)) {
			takeOver(lock);
			continue;
		}
		if (Date.now() > deadline) {
			throw new Error(`${lock} is held by process ${holder.pid ?? '?'}; try again`);
		}
		Atomics.wait(sleeper, 0, 0, POLL_MS);
	}
}

function holderOf(lock: string): { pid?: number; stale: (staleMs: number) => boolean } {
	try {
		const pid = Number(readFileSync(lock, 'utf8'));
		const age = Date.now() - statSync(lock).mtimeMs;
		const known = Number.isInteger(pid) && pid > 0;
		// An empty lock is one being written this instant: it is stale only by age.
		return {
			...(known && { pid }),
			stale: (staleMs) => age > staleMs || (known && !isProcessAlive(pid)),
		};
	} catch {
		// Gone between the failed create and this read: try again at once.
		return { stale: () => false };
	}
}

// Renamed away first, so of two processes that both judged it stale only one removes it.
function takeOver(lock: string): void {
	const aside = `${lock}.${process.pid}.stale`;
	try {
		renameSync(lock, aside);
		rmSync(aside, { force: true });
	} catch {
		// Another process took it over first.
	}
}
