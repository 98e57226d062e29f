import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { readTrustedFolders } from '../../../../src/node/settings/trustRecord';

// Two windows record workspace trust into the same file; each is its own process, so they are here too: the module is
// bundled once and run by two node processes at the same time.

const SECRET = 'b'.repeat(43);
const PER_WRITER = 40;
let dir: string;
let module: string;

beforeAll(async () => {
	dir = mkdtempSync(join(tmpdir(), 'hookwarden-trust-race-'));
	module = join(dir, 'trustRecord.cjs');
	await esbuild.build({
		entryPoints: [resolve(__dirname, '../../../../src/node/settings/trustRecord.ts')],
		bundle: true,
		platform: 'node',
		format: 'cjs',
		outfile: module,
		logLevel: 'error',
	});
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writer(storage: string, name: string): Promise<number | null> {
	const script = `const { recordFolderTrust } = require(${JSON.stringify(module)});
for (let i = 0; i < ${PER_WRITER}; i++) recordFolderTrust(${JSON.stringify(storage)}, ${JSON.stringify(SECRET)}, ['/${name}/' + i], true);`;
	return new Promise((done, fail) => {
		const child = spawn(process.execPath, ['-e', script], {
			stdio: ['ignore', 'ignore', 'inherit'],
		});
		child.on('error', fail);
		child.on('close', done);
	});
}

describe('trust record written by two windows at once', () => {
	it('loses no change: every folder either window recorded is in the record', async () => {
		const storage = join(dir, 'storage');
		expect(await Promise.all([writer(storage, 'one'), writer(storage, 'two')])).toEqual([0, 0]);
		const recorded = readTrustedFolders(storage, SECRET);
		expect(recorded).toHaveLength(2 * PER_WRITER);
	});
});
