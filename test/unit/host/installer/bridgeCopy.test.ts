import {
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	statSync,
	utimesSync,
	writeFileSync,
	chmodSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { bridgeCopiesFolder, ensureBridgeCopy } from '../../../../src/host/installer/bridgeCopy';

let root: string;
let dist: string;
let home: string;
beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), 'hookwarden-copy-'));
	dist = join(root, 'ext', 'dist');
	home = join(root, 'home');
	mkdirSync(dist, { recursive: true });
	for (const name of [
		'bridge.js',
		'bridge-main.js',
		'bridge-shell.js',
		'otel-export.js',
		'package.json',
		'tree-sitter.wasm',
		'extension.js',
	]) {
		writeFileSync(join(dist, name), `// ${name}\n`);
	}
});
afterEach(() => {
	// The copies' folders are read-only: without write access to them their files cannot be removed.
	const copies = bridgeCopiesFolder(home);
	for (const copy of existsSync(copies) ? readdirSync(copies) : []) {
		chmodSync(join(copies, copy), 0o700);
	}
	rmSync(root, { recursive: true, force: true });
});

describe('the bridge copy outside the extension folder', () => {
	it("copies the bridge's files, read-only, into ~/.hookwarden/bridge/<digest>", () => {
		const bridge = ensureBridgeCopy(dist, home);
		expect(dirname(dirname(bridge))).toBe(bridgeCopiesFolder(home));
		expect(readdirSync(dirname(bridge)).sort()).toEqual([
			'bridge-main.js',
			'bridge-shell.js',
			'bridge.js',
			'otel-export.js',
			'package.json',
			'tree-sitter.wasm',
		]);
		expect(statSync(bridge).mode & 0o222).toBe(0);
		expect(statSync(dirname(bridge)).mode & 0o222).toBe(0);
		expect(ensureBridgeCopy(dist, home)).toBe(bridge);
	});

	it('writes the copy again when anything else lies in it, such as a code cache planted beside a bundle', () => {
		const copy = dirname(ensureBridgeCopy(dist, home));
		chmodSync(copy, 0o700);
		const planted = join(copy, 'bridge-main.js.v20.20.2-x64.cache');
		writeFileSync(planted, 'compiled from other source of the same length');
		expect(dirname(ensureBridgeCopy(dist, home))).toBe(copy);
		expect(readdirSync(copy)).not.toContain('bridge-main.js.v20.20.2-x64.cache');
		expect(statSync(copy).mode & 0o222).toBe(0);
	});

	it('writes the copy again when its folder was made writable', () => {
		const copy = dirname(ensureBridgeCopy(dist, home));
		chmodSync(copy, 0o700);
		ensureBridgeCopy(dist, home);
		expect(statSync(copy).mode & 0o222).toBe(0);
	});

	it('refuses a dist without the package.json that pins the bundles to CommonJS', () => {
		rmSync(join(dist, 'package.json'));
		expect(() => ensureBridgeCopy(dist, home)).toThrow(/no package\.json in/);
	});

	it('writes the copy again when a file of it was changed, and a new copy when the bridge changes', () => {
		const bridge = ensureBridgeCopy(dist, home);
		chmodSync(bridge, 0o644);
		writeFileSync(bridge, 'process.stdout.write("{}")');
		expect(ensureBridgeCopy(dist, home)).toBe(bridge);
		expect(readFileSync(bridge, 'utf8')).toBe('// bridge.js\n');
		writeFileSync(join(dist, 'bridge-main.js'), '// next version\n');
		expect(ensureBridgeCopy(dist, home)).not.toBe(bridge);
	});

	it('removes copies of other versions once they are a day old', () => {
		const first = dirname(ensureBridgeCopy(dist, home));
		writeFileSync(join(dist, 'bridge-main.js'), '// next version\n');
		const now = Date.now();
		const second = dirname(ensureBridgeCopy(dist, home, now));
		expect(readdirSync(bridgeCopiesFolder(home)).sort()).toEqual(
			[first, second].map((f) => f.slice(f.lastIndexOf('/') + 1)).sort(),
		);
		utimesSync(first, new Date(now - 2 * 86_400_000), new Date(now - 2 * 86_400_000));
		ensureBridgeCopy(dist, home, now);
		expect(readdirSync(bridgeCopiesFolder(home))).toEqual([
			second.slice(second.lastIndexOf('/') + 1),
		]);
	});
});
