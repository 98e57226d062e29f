import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import * as vscodeTreeSitter from '@vscode/tree-sitter-wasm';
import type { ShellParserHealth } from '../../core/reading/shell/shellLimits';
import { noteV8FlagsChanged } from '../cachedBundle';

/**
 * The package is a UMD bundle: esbuild's CommonJS output sees its named exports, but Node's ESM loader (vitest) only
 * sees `default`. `web-tree-sitter` is not used because esbuild would pick its ESM build, which needs `import.meta.url`.
 */
const { Parser, Language } =
	(vscodeTreeSitter as typeof vscodeTreeSitter & { default?: typeof vscodeTreeSitter }).default ??
	vscodeTreeSitter;

/** A tree-sitter parser of the runtime every grammar of this bundle shares. */
export type TreeSitterParser = InstanceType<typeof Parser>;

let runtime: Promise<void> | undefined;

/**
 * Whether the one wasm runtime still answers correctly. Shell and code grammars share it, so an abort in any parser
 * retires them all until the process restarts.
 */
export const runtimeHealth: ShellParserHealth = {};

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
 * A parser for one grammar file, on the shared runtime (started on first use).
 *
 * `baselineWasmOnly` keeps WebAssembly on V8's baseline compiler. The bridge lives for one event: with optimising
 * tier-up on, V8 spends over a second compiling a grammar's lexer in the background and node waits for it before
 * exiting. The flag is process-wide, so only the bridge passes `true`: the grammar loaders leave it off unless asked.
 */
export async function loadGrammar(
	file: string,
	baselineWasmOnly: boolean,
): Promise<TreeSitterParser> {
	if (baselineWasmOnly) {
		noteV8FlagsChanged();
		setFlagsFromString('--liftoff-only');
	}
	runtime ??= Parser.init({ locateFile: () => wasmPath('tree-sitter.wasm') });
	await runtime;
	const language = await Language.load(readFileSync(wasmPath(file)));
	const parser = new Parser();
	parser.setLanguage(language);
	return parser;
}
