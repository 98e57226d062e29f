import { writeSync } from 'node:fs';

import { waitBeforeRetry } from './waitBeforeRetry';

/**
 * Writes all of `text` to stdout (fd 1) or stderr (fd 2) with blocking writes. The first touch of `process.stdout`
 * makes Node load its whole stream machinery (about 6 ms of every hook call's start-up, measured), and Node writes
 * pipes synchronously on Linux and macOS anyway. A runner that has already gone away (EPIPE) is nobody left to tell.
 */
export function writeOutput(fd: 1 | 2, text: string): void {
	let pending = Buffer.from(text);
	while (pending.length > 0) {
		try {
			pending = pending.subarray(writeSync(fd, pending));
		} catch (error) {
			const code = (error as NodeJS.ErrnoException).code;
			if (code === 'EAGAIN') {
				waitBeforeRetry();
				continue;
			}
			if (code === 'EPIPE') {
				return;
			}
			throw error;
		}
	}
}
