import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import * as vscodeTreeSitter from '@vscode/tree-sitter-wasm';
import type { ShellAnalyzer, ShellDialect } from '../../core/reading/shell/commandLine';
import type { ShellTreeParser } from '../../core/reading/shell/syntaxTree';
import type { ShellParserHealth } from '../../core/reading/shell/shellLimits';
import { limitedShellAnalyzer } from '../../core/reading/shell/shellLimits';
import { createTreeShellAnalyzer } from '../../core/reading/shell/treeShellAnalyzer';

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
 * Where a .wasm file is: next to the bundle in `dist/` (esbuild copies them there), else in the nearest node_modules
 * above this file when it runs from source or from a bench bundle.
 */
function wasmPath(file: string): string {
	const beside = join(__dirname, file);
	if (existsSync(beside)) {
		return beside;
	}
	for (let folder = __dirname; ; folder = dirname(folder)) {
		const candidate = join(folder, 'node_modules/@vscode/tree-sitter-wasm/wasm', file);
		if (existsSync(candidate)) {
			return candidate;
		}
		if (dirname(folder) === folder) {
			throw new Error(`${file} not found next to ${__dirname} or in a node_modules above it`);
		}
	}
}

/**
 * The package is a UMD bundle: esbuild's CommonJS output sees its named exports, but Node's ESM loader (vitest) only
 * sees `default`. `web-tree-sitter` is not used because esbuild would pick its ESM build, which needs `import.meta.url`.
 */
const { Parser, Language } =
	(vscodeTreeSitter as typeof vscodeTreeSitter & { default?: typeof vscodeTreeSitter }).default ??
	vscodeTreeSitter;

let runtime: Promise<void> | undefined;
// One wasm runtime serves every grammar this bundle loads, so one abort retires them all.
const health: ShellParserHealth = {};

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
	return limitedShellAnalyzer(createTreeShellAnalyzer(parsers), health);
}
