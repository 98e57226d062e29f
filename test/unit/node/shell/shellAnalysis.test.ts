import { describe, expect, it } from 'vitest';

import type { CodeLanguage } from '../../../../src/core/reading/code/codeAction';
import { readCode } from '../../../../src/core/reading/code/readCode';
import type {
	CommandLineAnalysis,
	ShellAnalyzer,
} from '../../../../src/core/reading/shell/commandLine';
import { UNRESOLVED_CODE } from '../../../../src/core/reading/shell/interpreterCode';
import type { AnalysisCache } from '../../../../src/node/shell/analysisCache';
import { createCodeParser } from '../../../../src/node/shell/codeGrammars';
import { createShellAnalysis } from '../../../../src/node/shell/shellAnalysis';
import { shellAnalyzer } from '../../../support/shellAnalyzer';

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

	it('keeps readings in memory when asked, per dialect, but never a reading that failed', async () => {
		let parses = 0;
		let failing = true;
		const analyze = createShellAnalysis({
			bundleFolder: '/nowhere',
			baselineWasmOnly: true,
			keepInMemory: 10,
			load: () =>
				Promise.resolve({
					analyze: (commandLine, dialect) => {
						parses++;
						return failing
							? { commandLine, dialect, commands: [], parseError: 'no' }
							: analyzer.analyze(commandLine, dialect);
					},
				}),
		});
		await analyze('make && make test', 'bash');
		failing = false;
		const first = await analyze('make && make test', 'bash');
		expect(first.parseError).toBeUndefined();
		expect(await analyze('make && make test', 'bash')).toBe(first);
		expect((await analyze('make && make test', 'powershell')).dialect).toBe('powershell');
		expect(parses).toBe(3);
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

describe('createShellAnalysis with interpreter code', () => {
	/** The real shell analyzer and code readers, counting the code languages loaded. */
	function withCode(options: { failing?: CodeLanguage } = {}) {
		const codeLoads: CodeLanguage[] = [];
		const cached: string[] = [];
		const analyze = createShellAnalysis({
			bundleFolder: '/nowhere',
			baselineWasmOnly: false,
			load: () => shellAnalyzer(),
			loadCode: async (language) => {
				codeLoads.push(language);
				if (language === options.failing) {
					throw new Error('wasm out of memory');
				}
				const parser = await createCodeParser(language, { baselineWasmOnly: false });
				return (code) => readCode(language, code, parser);
			},
			diskCache: {
				get: () => undefined,
				set: (analysis: CommandLineAnalysis) => cached.push(analysis.commandLine),
			} as unknown as AnalysisCache,
		});
		return { analyze, codeLoads, cached };
	}
	const argvs = (analysis: CommandLineAnalysis) => analysis.commands.map((command) => command.argv);

	it('loads no code grammar for a shell line without an interpreter', async () => {
		const { analyze, codeLoads } = withCode();
		await analyze('ls -la | grep "x" && echo "$(date)"', 'bash');
		expect(codeLoads).toEqual([]);
	});

	it('parses the code of an interpreter the line names, loading its grammar once', async () => {
		const { analyze, codeLoads } = withCode();
		const line = `python3 -c 'import os as o; t = "/etc/hosts"; o.remove(t)'`;
		expect(argvs(await analyze(line, 'bash'))).toContainEqual(['rm', '-f', '/etc/hosts']);
		await analyze(`python3 -c 'print(1)'`, 'bash');
		expect(codeLoads).toEqual(['python']);
	});

	it('loads the grammar of an interpreter the shell names only at run time, and reads the line again', async () => {
		const { analyze, codeLoads } = withCode();
		const line = `R=ru; \${R}by -e 'require "fileutils"; d = Dir.home; FileUtils.rm_rf(d)'`;
		expect(codeLoads).toEqual([]);
		expect(argvs(await analyze(line, 'bash'))).toContainEqual(['rm', '-rf', '~']);
		expect(codeLoads).toEqual(['ruby']);
	});

	it('reads code with patterns when its grammar fails to load, and does not keep that reading', async () => {
		const { analyze, cached } = withCode({ failing: 'javascript' });
		const line = `node -e "require('fs').rmSync('/', {recursive: true})"`;
		expect(argvs(await analyze(line, 'bash'))).toContainEqual(['rm', '-rf', '/']);
		expect(cached).toEqual([]);
		await analyze(`python3 -c 'print(1)'`, 'bash');
		expect(cached).toEqual([`python3 -c 'print(1)'`]);
	});

	it('turns code the reader cannot resolve into a command that is asked about', async () => {
		const { analyze } = withCode();
		const line = `python3 -c 'import os, sys; getattr(os, sys.argv[1])("x")' system`;
		expect(argvs(await analyze(line, 'bash'))).toContainEqual([
			UNRESOLVED_CODE,
			expect.stringMatching(/run time/),
		]);
	});
});
