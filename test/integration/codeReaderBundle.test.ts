import { resolve } from 'node:path';

import { describe, expect, it } from 'vitest';

import type { CodeLanguage } from '../../src/core/reading/code/codeAction';
import { loadCodeReader } from '../../src/node/shell/codeBundle';

const dist = resolve(__dirname, '../../dist');

describe('the built code reader bundle', () => {
	it.each<[CodeLanguage, string, string]>([
		['python', 'import shutil; shutil.rmtree("/srv")', 'deleteTree'],
		['javascript', 'require("fs").rmSync("/srv", { recursive: true })', 'deleteTree'],
		['ruby', 'FileUtils.rm_rf("/srv")', 'deleteTree'],
		['php', 'rmdir("/srv");', 'delete'],
	])('reads %s with the grammar shipped next to it', async (language, code, op) => {
		const read = await loadCodeReader(dist, language, true);
		expect(read(code)).toMatchObject([
			{ kind: 'file', op, targets: [{ kind: 'literal', text: '/srv' }] },
		]);
	});
});
