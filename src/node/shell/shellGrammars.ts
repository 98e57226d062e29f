import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import * as vscodeTreeSitter from '@vscode/tree-sitter-wasm';
import type { ShellAnalyzer, ShellDialect } from '../../core/shell/commandLine';
import type { ShellTreeParser } from '../../core/shell/syntaxTree';
import { createTreeShellAnalyzer } from '../../core/shell/treeShellAnalyzer';

/** How to load the shell analyzer for the process that calls it. */
export interface ShellAnalyzerOptions {
	/** Grammars to load; a line of another dialect comes back with a `parseError`. Default: both. */
	readonly dialects?: readonly ShellDialect[];
	/**
	 * Keep WebAssembly on V8's baseline compiler. On by default because the bridge lives for one event: with
	 * optimising tier-up on, V8 spends over a second compiling the grammar's lexer in the background and node waits
	 * for it before exiting. A long-lived process (the extension host) passes `false`; the flag is process-wide.
	 */
	readonly baselineWasmOnly?: boolean;
}

const GRAMMAR_FILES: Readonly<Record<ShellDialect, string>> = {
	bash: 'tree-sitter-bash.wasm',
	powershell: 'tree-sitter-powershell.wasm',
};

/**
 * Where a .wasm file is: next to the bundle in `dist/` (esbuild copies them there), else in node_modules when this
 * file runs from source (tests) or from a bench bundle.
 */
function wasmPath(file: string): string {
	const candidates = [
		join(__dirname, file),
		join(__dirname, '../../../node_modules/@vscode/tree-sitter-wasm/wasm', file),
		// A bench bundle in `out/bench-*/`.
		join(__dirname, '../../node_modules/@vscode/tree-sitter-wasm/wasm', file),
	];
	const found = candidates.find((candidate) => existsSync(candidate));
	if (!found) {
		throw new Error(`${file} not found next to ${__dirname}`);
	}
	return found;
}

/**
 * The package is a UMD bundle: esbuild's CommonJS output sees its named exports, but Node's ESM loader (vitest) only
 * sees `default`. `web-tree-sitter` is not used because esbuild would pick its ESM build, which needs `import.meta.url`.
 */
const { Parser, Language } =
	(vscodeTreeSitter as typeof vscodeTreeSitter & { default?: typeof vscodeTreeSitter }).default ??
	vscodeTreeSitter;

let runtime: Promise<void> | undefined;

/** Loads the tree-sitter runtime and the shell grammars, and returns the analyzer the bridge and the extension host share. */
export async function createShellAnalyzer(
	options: ShellAnalyzerOptions = {},
): Promise<ShellAnalyzer> {
	if (options.baselineWasmOnly ?? true) {
		setFlagsFromString('--liftoff-only');
	}
	runtime ??= Parser.init({ locateFile: () => wasmPath('tree-sitter.wasm') });
	await runtime;
	const parsers: Partial<Record<ShellDialect, ShellTreeParser>> = {};
	await Promise.all(
		(options.dialects ?? ['bash', 'powershell']).map(async (dialect) => {
			const language = await Language.load(readFileSync(wasmPath(GRAMMAR_FILES[dialect])));
			const parser = new Parser();
			parser.setLanguage(language);
			parsers[dialect] = parser;
		}),
	);
	return createTreeShellAnalyzer(parsers);
}
