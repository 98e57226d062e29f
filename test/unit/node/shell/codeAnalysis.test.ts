import { describe, expect, it } from 'vitest';

import type { CodeLanguage } from '../../../../src/core/reading/code/codeAction';
import type { CodeParser } from '../../../../src/core/reading/code/codeParser';
import { readCode } from '../../../../src/core/reading/code/readCode';
import { UNRESOLVED_CODE } from '../../../../src/core/reading/shell/interpreterCode';
import { createCodeAnalysis } from '../../../../src/node/shell/codeAnalysis';
import { CODE_GRAMMAR_FILES, createCodeParser } from '../../../../src/node/shell/codeGrammars';

/** The reader `dist/bridge-code.js` builds, made here from source. */
async function readerOf(language: CodeLanguage) {
	const parser = await createCodeParser(language);
	return (code: string) => readCode(language, code, parser);
}

describe('createCodeAnalysis', () => {
	it('loads each language’s grammar once, when a line first carries its code', async () => {
		const loads: CodeLanguage[] = [];
		const analysis = createCodeAnalysis({
			bundleFolder: '/nowhere',
			baselineWasmOnly: true,
			load: (language) => {
				loads.push(language);
				return readerOf(language);
			},
		});
		expect(analysis.read({ language: 'python', code: 'import os' })).toBeUndefined();
		expect(await analysis.load(['python'])).toEqual([]);
		expect(analysis.read({ language: 'python', code: 'import os; os.remove("a")' })).toEqual([
			{ argv: ['rm', '-f', 'a'], text: 'os.remove' },
		]);
		expect(await analysis.load(['python', 'ruby'])).toEqual([]);
		expect(analysis.read({ language: 'ruby', code: 'system("id")' })).toEqual([
			{ shell: 'id', text: 'Kernel.system' },
		]);
		expect(loads).toEqual(['python', 'ruby']);
	});

	it('leaves a language whose grammar fails to load to the patterns, and loads it again next time', async () => {
		const warnings: string[] = [];
		let loads = 0;
		const analysis = createCodeAnalysis({
			bundleFolder: '/nowhere',
			baselineWasmOnly: true,
			warn: (line) => warnings.push(line),
			load: (language) => {
				loads++;
				return loads === 1 ? Promise.reject(new Error('wasm out of memory')) : readerOf(language);
			},
		});
		expect(await analysis.load(['php'])).toEqual(['php']);
		expect(analysis.read({ language: 'php', code: 'unlink("x");' })).toBeUndefined();
		expect(warnings).toEqual([
			'the php grammar could not be loaded (wasm out of memory); its code is read with patterns',
		]);
		expect(await analysis.load(['php'])).toEqual([]);
		expect(analysis.read({ language: 'php', code: 'unlink("x");' })).toEqual([
			{ argv: ['rm', '-f', 'x'], text: 'unlink' },
		]);
		expect(loads).toBe(2);
	});

	it('treats a loader that throws before returning a promise, and a missing bundle, as a failed load', async () => {
		const throwing = createCodeAnalysis({
			bundleFolder: '/nowhere',
			baselineWasmOnly: true,
			load: () => {
				throw new Error('bundle missing');
			},
		});
		expect(await throwing.load(['javascript'])).toEqual(['javascript']);
		const missing = createCodeAnalysis({ bundleFolder: '/nowhere', baselineWasmOnly: true });
		expect(await missing.load(['javascript'])).toEqual(['javascript']);
	});

	it('asks about code when the parser gives up or throws', async () => {
		const givesUp: CodeParser = { parse: () => null };
		const throws: CodeParser = {
			parse: () => {
				throw new Error('RuntimeError: unreachable');
			},
		};
		const readWith = async (parser: CodeParser) => {
			const analysis = createCodeAnalysis({
				bundleFolder: '/nowhere',
				baselineWasmOnly: true,
				load: (language) => Promise.resolve((code: string) => readCode(language, code, parser)),
			});
			await analysis.load(['python']);
			return analysis.read({ language: 'python', code: 'x = 1' });
		};
		expect(await readWith(givesUp)).toEqual([
			{ argv: [UNRESOLVED_CODE, expect.stringMatching(/gave up/)], text: 'python code' },
		]);
		expect(await readWith(throws)).toEqual([
			{
				argv: [UNRESOLVED_CODE, expect.stringMatching(/parser failed.*unreachable/)],
				text: 'python code',
			},
		]);
	});
});

describe('createCodeParser', () => {
	it.each<[CodeLanguage, string]>([
		['python', 'print(1)'],
		['javascript', 'console.log(1)'],
		['ruby', 'puts 1'],
		['php', '<?php echo 1;'],
	])('parses %s with the grammar the bundle ships', async (language, code) => {
		const tree = (await createCodeParser(language)).parse(code);
		expect(tree?.rootNode.hasError).toBe(false);
		tree?.delete();
	});

	it('names one grammar file per language', () => {
		expect(CODE_GRAMMAR_FILES).toEqual([
			'tree-sitter-python.wasm',
			'tree-sitter-javascript.wasm',
			'tree-sitter-ruby.wasm',
			'tree-sitter-php.wasm',
		]);
	});
});
