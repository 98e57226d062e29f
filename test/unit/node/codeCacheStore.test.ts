import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { CodeCacheStore } from '../../../src/node/codeCacheStore';
import {
	codeCacheFile,
	openCodeCacheStore,
	readCodeCache,
	writeCodeCache,
} from '../../../src/node/codeCacheStore';
import { ensureSecret } from '../../../src/node/runtime/secret';

let runtime: string;
let store: CodeCacheStore;
const source = Buffer.from('(function () { return 42; })');
const data = Buffer.from('bytes V8 would deserialise');

beforeEach(() => {
	runtime = mkdtempSync(join(tmpdir(), 'hookwarden-code-cache-'));
	store = { folder: join(runtime, 'code-cache'), key: 'k'.repeat(43) };
});
afterEach(() => rmSync(runtime, { recursive: true, force: true }));

describe('signed code caches', () => {
	it('gives back what it wrote for exactly the source it was made from', () => {
		const file = codeCacheFile(store, '/opt/bridge/bridge-main.js', 'v20-x64');
		writeCodeCache(store, file, source, data);
		expect(readCodeCache(store, file, source)).toEqual({ data, kinds: [] });
		writeCodeCache(store, file, source, data, ['PreToolUse:file', 'PreToolUse:shell']);
		expect(readCodeCache(store, file, source)).toEqual({
			data,
			kinds: ['PreToolUse:file', 'PreToolUse:shell'],
		});
	});

	it('names only kinds of call it can keep apart: a comma, a space or a newline in one drops that kind', () => {
		const file = codeCacheFile(store, '/opt/bridge/bridge-main.js', 'v20-x64');
		writeCodeCache(store, file, source, data, ['a,b', 'PreToolUse:file', 'x y', 'z\nw']);
		expect(readCodeCache(store, file, source)?.kinds).toEqual(['PreToolUse:file']);
	});

	it('refuses a cache for other source of the same length, under another key, or changed in any byte', () => {
		const file = codeCacheFile(store, '/opt/bridge/bridge-main.js', 'v20-x64');
		writeCodeCache(store, file, source, data, ['PreToolUse:file']);
		const sameLength = Buffer.from('(function () { return 43; })');
		expect(sameLength.length).toBe(source.length);
		expect(readCodeCache(store, file, sameLength)).toBeUndefined();
		expect(readCodeCache({ ...store, key: 'x'.repeat(43) }, file, source)).toBeUndefined();
		const written = readFileSync(file);
		for (let at = 0; at < written.length; at++) {
			const changed = Buffer.from(written);
			changed[at] = (changed[at] ?? 0) ^ 1;
			writeFileSync(file, changed);
			expect({ at, read: readCodeCache(store, file, source) }).toEqual({ at, read: undefined });
		}
		writeFileSync(file, written.subarray(0, written.length - 1));
		expect(readCodeCache(store, file, source)).toBeUndefined();
		writeFileSync(file, data);
		expect(readCodeCache(store, file, source)).toBeUndefined();
	});

	it("does not take one bundle's cache, or one copy's, for another's", () => {
		const main = codeCacheFile(store, '/opt/bridge/bridge-main.js', 'v20-x64');
		const elsewhere = codeCacheFile(store, '/home/me/copy/bridge-main.js', 'v20-x64');
		const flagged = codeCacheFile(store, '/opt/bridge/bridge-main.js', 'v20-x64-flagged');
		expect(new Set([main, elsewhere, flagged]).size).toBe(3);
		writeCodeCache(store, main, source, data);
		writeFileSync(flagged, readFileSync(main));
		expect(readCodeCache(store, flagged, source)).toBeUndefined();
	});

	it('is open only where the runtime folder holds the per-install secret', () => {
		const env = { HOOKWARDEN_RUNTIME_FOLDER: runtime };
		expect(openCodeCacheStore(env)).toBeUndefined();
		const secret = ensureSecret(runtime);
		expect(openCodeCacheStore(env)).toEqual({
			folder: join(runtime, 'code-cache'),
			key: secret.token,
		});
	});
});
