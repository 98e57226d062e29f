import type { CodeLanguage } from '../../core/reading/code/codeAction';
import type { CodeParser } from '../../core/reading/code/codeParser';
import type { TreeSitterParser } from './treeSitterRuntime';
import { loadGrammar, runtimeHealth } from './treeSitterRuntime';

/** How to load a code grammar for the process that calls it. */
export interface CodeParserOptions {
	/** Keep WebAssembly on V8's baseline compiler (see `loadGrammar`): only the one-shot bridge asks for it. */
	readonly baselineWasmOnly?: boolean;
	/** Longest one parse may take before the parser gives up and the code reads as unknown (default 2,000 ms). */
	readonly parseTimeoutMs?: number;
}

const GRAMMAR_FILES: Readonly<Record<CodeLanguage, string>> = {
	python: 'tree-sitter-python.wasm',
	javascript: 'tree-sitter-javascript.wasm',
	ruby: 'tree-sitter-ruby.wasm',
	php: 'tree-sitter-php.wasm',
};

/** The grammar files the bundle ships next to it, for the build and the packaging test. */
export const CODE_GRAMMAR_FILES: readonly string[] = Object.values(GRAMMAR_FILES);

const loaded = new Map<CodeLanguage, Promise<TreeSitterParser>>();

/**
 * A parser for one language's code, loading its grammar on first need (and the shared runtime with it); a grammar
 * that failed to load is tried again by the next call. Parses give up after `parseTimeoutMs` (`null`), and once the
 * wasm runtime has thrown, every parser of this process throws rather than answer wrongly.
 */
export async function createCodeParser(
	language: CodeLanguage,
	options: CodeParserOptions = {},
): Promise<CodeParser> {
	let parser = loaded.get(language);
	if (!parser) {
		parser = loadGrammar(GRAMMAR_FILES[language], options.baselineWasmOnly === true);
		loaded.set(language, parser);
		void parser.catch(() => loaded.delete(language));
	}
	return guarded(await parser, options.parseTimeoutMs ?? 2_000);
}

function guarded(parser: TreeSitterParser, timeoutMs: number): CodeParser {
	return {
		parse(code) {
			if (runtimeHealth.broken !== undefined) {
				throw new Error(`the parser runtime failed on an earlier input (${runtimeHealth.broken})`);
			}
			// Date.now(), not performance.now(): Node loads `performance` on first touch, about 2 ms of a bridge start.
			const deadline = Date.now() + timeoutMs;
			try {
				return parser.parse(code, null, { progressCallback: () => Date.now() > deadline });
			} catch (error) {
				runtimeHealth.broken = (
					error instanceof Error ? `${error.name}: ${error.message}` : String(error)
				).slice(0, 200);
				throw error;
			}
		},
	};
}
