import { describe, expect, it } from 'vitest';

import type { ShellAnalyzer } from '../../../../src/core/reading/shell/commandLine';
import { createShellAnalysis } from '../../../../src/node/shell/shellAnalysis';

const analyzer: ShellAnalyzer = {
	analyze: (commandLine, dialect) => ({
		commandLine,
		dialect,
		commands: [{ text: commandLine, name: 'rm', args: [] } as never],
	}),
};

describe('createShellAnalysis', () => {
	it('reads a line with no shell syntax without loading any grammar', async () => {
		let loads = 0;
		const analyze = createShellAnalysis({
			bundleFolder: '/nowhere',
			baselineWasmOnly: true,
			load: () => {
				loads++;
				return Promise.resolve(analyzer);
			},
		});
		const analysis = await analyze('git status', 'bash');
		expect(analysis.commands.map((c) => c.argv)).toEqual([['git', 'status']]);
		expect(loads).toBe(0);
	});

	it('answers a parse error (never harmless) when the grammar fails, and loads it again next time', async () => {
		const warnings: string[] = [];
		let loads = 0;
		const analyze = createShellAnalysis({
			bundleFolder: '/nowhere',
			baselineWasmOnly: true,
			warn: (line) => warnings.push(line),
			load: () => {
				loads++;
				return loads === 1
					? Promise.reject(new Error('wasm out of memory'))
					: Promise.resolve(analyzer);
			},
		});
		const failed = await analyze('rm -rf "$(pwd)"', 'bash');
		expect(failed.parseError).toMatch(/bash grammar could not be loaded \(wasm out of memory\)/);
		expect(warnings).toHaveLength(1);
		const recovered = await analyze('rm -rf "$(pwd)"', 'bash');
		expect(recovered.parseError).toBeUndefined();
		expect(recovered.commands).toHaveLength(1);
		expect(loads).toBe(2);
	});

	it('treats a loader that throws before returning a promise like a failed load', async () => {
		const analyze = createShellAnalysis({
			bundleFolder: '/nowhere',
			baselineWasmOnly: true,
			load: () => {
				throw new Error('bundle missing');
			},
		});
		expect((await analyze('echo $(id)', 'bash')).parseError).toMatch(/bundle missing/);
	});
});
