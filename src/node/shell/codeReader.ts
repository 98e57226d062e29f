// The entry point of `dist/bridge-code.js`: the interpreter-code readers, loaded only for a line that carries code.
import type { CodeAction, CodeLanguage } from '../../core/reading/code/codeAction';
import { readCode } from '../../core/reading/code/readCode';
import { loadCodeParser } from './codeGrammarBundle';

/** Reads one snippet of a language whose grammar is loaded (see `readCode`). */
export type CodeReader = (code: string) => readonly CodeAction[];

/** Where the grammar bundle is, and whether to keep WebAssembly on V8's baseline tier (see `loadGrammar`). */
export interface CodeReaderOptions {
	readonly bundleFolder: string;
	readonly baselineWasmOnly: boolean;
}

/** Loads a language's grammar from the grammar bundle and returns a reader of that language's snippets. */
export async function createCodeReader(
	language: CodeLanguage,
	options: CodeReaderOptions,
): Promise<CodeReader> {
	const parser = await loadCodeParser(options.bundleFolder, language, {
		baselineWasmOnly: options.baselineWasmOnly,
	});
	return (code) => readCode(language, code, parser);
}
