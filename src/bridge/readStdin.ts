import { readSync } from 'node:fs';

import type { HookInputText } from '../core/events/hookInputText';
import { decodeHookInput, MAX_HOOK_INPUT_BYTES } from '../core/events/hookInputText';
import { waitBeforeRetry } from './waitBeforeRetry';

const CHUNK = 64 * 1024;

/**
 * Reads all of stdin up to `limit` bytes with blocking reads on fd 0. A hook process reads exactly one payload and
 * exits, so there is nothing to gain from a stream, and not touching `process.stdin` spares Node from setting up its
 * stream and socket machinery on every hook call. Past the limit it stops reading and reports `tooLarge`; bytes that
 * are not valid UTF-8 report `notText`.
 */
export function readStdin(fd = 0, limit = MAX_HOOK_INPUT_BYTES): HookInputText {
	const chunks: Buffer[] = [];
	let size = 0;
	for (;;) {
		const chunk = Buffer.allocUnsafe(CHUNK);
		let read: number;
		try {
			read = readSync(fd, chunk, 0, CHUNK, null);
		} catch (error) {
			const code = (error as NodeJS.ErrnoException).code;
			if (code === 'EAGAIN') {
				waitBeforeRetry();
				continue;
			}
			if (code === 'EOF') {
				break;
			}
			throw error;
		}
		if (read === 0) {
			break;
		}
		size += read;
		if (size > limit) {
			return { kind: 'tooLarge', limit };
		}
		chunks.push(chunk.subarray(0, read));
	}
	return decodeHookInput(Buffer.concat(chunks, size));
}
