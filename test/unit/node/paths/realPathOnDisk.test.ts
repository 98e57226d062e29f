import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { realPathOnDisk } from '../../../../src/node/paths/realPathOnDisk';

describe('realPathOnDisk', () => {
	let root = '';
	beforeAll(() => {
		root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hw-real-')));
		fs.mkdirSync(path.join(root, 'home'));
		fs.mkdirSync(path.join(root, 'ws'));
		fs.symlinkSync(path.join(root, 'home'), path.join(root, 'ws', 'build'));
		fs.symlinkSync(path.join(root, 'ws', 'loop'), path.join(root, 'ws', 'loop'));
	});
	afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

	it('follows a link already on disk to where a path really leads', () => {
		expect(realPathOnDisk(path.join(root, 'ws', 'build'))).toBe(path.join(root, 'home'));
	});

	it('keeps names that do not exist yet under a link', () => {
		expect(realPathOnDisk(path.join(root, 'ws', 'build', 'new', 'file'))).toBe(
			path.join(root, 'home', 'new', 'file'),
		);
	});

	it('answers nothing for a path with no link on the way, a glob, a relative path or a loop', () => {
		expect(realPathOnDisk(path.join(root, 'ws', 'src', 'a.ts'))).toBeUndefined();
		expect(realPathOnDisk(path.join(root, 'ws', 'build', '*'))).toBeUndefined();
		expect(realPathOnDisk('build')).toBeUndefined();
		expect(realPathOnDisk(path.join(root, 'ws', 'loop', 'x'))).toBeUndefined();
		expect(realPathOnDisk(`/${'a/'.repeat(3000)}`)).toBeUndefined();
	});
});
