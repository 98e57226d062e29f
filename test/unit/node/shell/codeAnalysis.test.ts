import { describe, expect, it } from 'vitest';

import type { CodeLanguage } from '../../../../src/core/reading/code/codeAction';
import type { CodeParser } from '../../../../src/core/reading/code/codeParser';
import { readCode } from '../../../../src/core/reading/code/readCode';
import { createCodeAnalysis } from '../../../../src/node/shell/codeAnalysis';
import { CODE_GRAMMAR_FILES, createCodeParser } from '../../../../src/node/shell/codeGrammars';

/** The reader `dist/bridge-code.js` builds, made here from source. */
async function readerOf(language: CodeLanguage) {
	const parser = await createCodeParser(language);
	return (code: string) => readCode(language, code, parser);
}

describe('createCodeAnalysis', () => {
	it('loads each language’s grammar once, on the first snippet that needs it', async () => {
		const loads: CodeLanguage[] = [];
		const read = createCodeAnalysis({
			bundleFolder: '/nowhere',
			baselineWasmOnly: true,
			load: (language) => {
				loads.push(language);
				return readerOf(language);
			},
		});
		expect(await read('python', 'import os; os.remove("a")')).toMatchObject([
			{ kind: 'file', op: 'delete' },
		]);
		expect(await read('python', 'import os; os.system("id")')).toMatchObject([{ kind: 'shell' }]);
		expect(await read('ruby', 'system("id")')).toMatchObject([{ kind: 'shell' }]);
		expect(loads).toEqual(['python', 'ruby']);
	});

	it('answers unknown (never harmless) when a grammar fails to load, and loads it again next time', async () => {
		const warnings: string[] = [];
		let loads = 0;
		const read = createCodeAnalysis({
			bundleFolder: '/nowhere',
			baselineWasmOnly: true,
			warn: (line) => warnings.push(line),
			load: (language) => {
				loads++;
				return loads === 1 ? Promise.reject(new Error('wasm out of memory')) : readerOf(language);
			},
		});
		expect(await read('php', 'unlink("x");')).toEqual([
			{
				kind: 'unknown',
				call: 'php code',
				why: 'the php grammar could not be loaded (wasm out of memory)',
			},
		]);
		expect(warnings).toHaveLength(1);
		expect(await read('php', 'unlink("x");')).toMatchObject([{ kind: 'file', op: 'delete' }]);
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
		expect(await throwing('javascript', 'eval("1")')).toMatchObject([
			{ kind: 'unknown', why: /bundle missing/ },
		]);
		const missing = createCodeAnalysis({ bundleFolder: '/nowhere', baselineWasmOnly: true });
		expect(await missing('javascript', 'eval("1")')).toMatchObject([
			{ kind: 'unknown', why: /javascript grammar could not be loaded/ },
		]);
	});

	it('answers unknown when the parser gives up or throws', async () => {
		const givesUp: CodeParser = { parse: () => null };
		const throws: CodeParser = {
			parse: () => {
				throw new Error('RuntimeError: unreachable');
			},
		};
		const readWith = (parser: CodeParser) =>
			createCodeAnalysis({
				bundleFolder: '/nowhere',
				baselineWasmOnly: true,
				load: (language) => Promise.resolve((code: string) => readCode(language, code, parser)),
			});
		expect(await readWith(givesUp)('python', 'x = 1')).toMatchObject([
			{ kind: 'unknown', why: /gave up/ },
		]);
		expect(await readWith(throws)('python', 'x = 1')).toMatchObject([
			{ kind: 'unknown', why: /parser failed.*unreachable/ },
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
