import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { findPinnedTools, systemExecutable } from '../../../../src/host/installer/pinnedTools';

const EDITOR = { path: '/opt/code/code', electron: true };
let root: string;
beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), 'hookwarden-tools-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe.skipIf(process.platform === 'win32')('pinned tools', () => {
	it('accepts a system executable, by its real path', () => {
		const sh = systemExecutable('/bin/sh', 'linux');
		expect(sh).toMatch(/^\//);
		expect(systemExecutable(sh!, 'linux')).toBe(sh);
	});

	it('refuses a file anyone else could replace: in a world-writable folder, or group-writable itself', () => {
		const planted = join(root, 'node');
		writeFileSync(planted, '#!/bin/sh\n');
		chmodSync(planted, 0o755);
		chmodSync(root, 0o777);
		// The folder holding it is world-writable: another user could swap the file.
		expect(systemExecutable(planted, 'linux')).toBeUndefined();
		chmodSync(root, 0o755);
		chmodSync(planted, 0o775);
		expect(systemExecutable(planted, 'linux')).toBeUndefined();
		expect(systemExecutable(join(root, 'missing'), 'linux')).toBeUndefined();
		const loose = '/usr/local/bin';
		expect(systemExecutable(join(loose, 'does-not-exist'), 'linux')).toBeUndefined();
	});

	it("falls back to the editor's own runtime when PATH holds only a node an agent could have planted", () => {
		const bin = join(root, 'bin');
		mkdirSync(bin, { mode: 0o777 });
		chmodSync(bin, 0o777);
		writeFileSync(join(bin, 'node'), '#!/bin/sh\n');
		chmodSync(join(bin, 'node'), 0o755);
		symlinkSync('/bin/sh', join(bin, 'curl'));
		const tools = findPinnedTools({
			path: `${bin}:relative/bin`,
			platform: 'linux',
			editorRuntime: EDITOR,
		});
		expect(tools.runtime).toEqual(EDITOR);
		// A link resolves to the system file it names, which may be pinned.
		expect(tools.curl).toBe(systemExecutable('/bin/sh', 'linux'));
	});

	it('pins a system curl from PATH', () => {
		const tools = findPinnedTools({
			path: '/usr/bin:/bin',
			platform: 'linux',
			editorRuntime: EDITOR,
		});
		expect(tools.curl).toMatch(/\/curl$/);
	});
});
