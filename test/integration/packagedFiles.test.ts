import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { describe, expect, it } from 'vitest';

import { CODE_GRAMMAR_FILES } from '../../src/node/shell/codeGrammars';

const root = resolve(__dirname, '../..');

describe('the .vsix', () => {
	it('ships every bundle and grammar the build writes to dist/', () => {
		// .vscodeignore excludes everything and lists what ships: a new bundle left off that list would install fine
		// here and be missing from the marketplace build.
		const shipped = readFileSync(resolve(root, '.vscodeignore'), 'utf8')
			.split('\n')
			.filter((line) => line.startsWith('!dist/'))
			.map((line) => line.slice(1));
		const built = readdirSync(resolve(root, 'dist')).filter((name) => /\.(js|wasm)$/.test(name));
		expect(built.length).toBeGreaterThan(0);
		for (const name of built) {
			const file = `dist/${name}`;
			const listed = shipped.some((pattern) =>
				pattern.includes('*')
					? new RegExp(`^${pattern.replace(/\./g, '\\.').replace(/\*/g, '[^/]*')}$`).test(file)
					: pattern === file,
			);
			expect(listed, `${file} is not listed in .vscodeignore`).toBe(true);
		}
	});

	it('builds the code reader bundle and every grammar it loads', () => {
		const built = readdirSync(resolve(root, 'dist'));
		for (const file of ['bridge-code.js', 'tree-sitter.wasm', ...CODE_GRAMMAR_FILES]) {
			expect(built, `dist/${file} is missing`).toContain(file);
		}
	});
});
