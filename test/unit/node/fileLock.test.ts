import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { withFileLock } from '../../../src/node/fileLock';

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'hookwarden-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('withFileLock', () => {
	it('holds the lock while running and releases it after, also when the run throws', () => {
		const lock = join(dir, 'x.lock');
		expect(withFileLock(lock, () => existsSync(lock))).toBe(true);
		expect(existsSync(lock)).toBe(false);
		expect(() =>
			withFileLock(lock, () => {
				throw new Error('boom');
			}),
		).toThrow('boom');
		expect(existsSync(lock)).toBe(false);
	});

	it('takes over a lock whose holder is gone', () => {
		const lock = join(dir, 'x.lock');
		writeFileSync(lock, '2147483646');
		expect(withFileLock(lock, () => 'ran')).toBe('ran');
	});

	it('waits for a live holder and gives up naming it', () => {
		const lock = join(dir, 'x.lock');
		writeFileSync(lock, String(process.pid));
		expect(() => withFileLock(lock, () => 'ran', { timeoutMs: 30 })).toThrow(
			new RegExp(`held by process ${process.pid}`),
		);
	});
});
