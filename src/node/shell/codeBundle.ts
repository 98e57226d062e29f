import { join } from 'node:path';

import type { CodeAction, CodeLanguage } from '../../core/reading/code/codeAction';
import type { CodeParser } from '../../core/reading/code/codeParser';
import { readCode } from '../../core/reading/code/readCode';
import type { CodeParserOptions } from './codeGrammars';

/** What `dist/bridge-shell.js` exports for code grammars. */
interface CodeGrammarBundle {
	createCodeParser(language: CodeLanguage, options?: CodeParserOptions): Promise<CodeParser>;
}

/**
 * Loads one language's grammar from the `bridge-shell.js` bundle next to the calling bundle (the same bundle, and so
 * the same wasm runtime, as the shell grammars). Rejects when the bundle or the grammar cannot be loaded.
 */
export function loadCodeParser(
	bundleFolder: string,
	language: CodeLanguage,
	options: CodeParserOptions = {},
): Promise<CodeParser> {
	// A computed path keeps esbuild from inlining the grammar bundle into the caller's bundle.
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const bundle = require(join(bundleFolder, 'bridge-shell.js')) as CodeGrammarBundle;
	return bundle.createCodeParser(language, options);
}

/** How a process reads interpreter code: where the grammar bundle is, and how to load a grammar (tests replace it). */
export interface CodeReadingOptions {
	/** The folder holding `bridge-shell.js` (the calling bundle's own folder). */
	readonly bundleFolder: string;
	/** Keep WebAssembly on V8's baseline tier: right for a one-shot bridge, wrong for the long-lived extension host. */
	readonly baselineWasmOnly: boolean;
	/** Receives one line when a grammar cannot be loaded. */
	readonly warn?: (line: string) => void;
	/** Loads one language's parser; tests replace it. */
	readonly load?: (language: CodeLanguage) => Promise<CodeParser>;
}

/**
 * The one way the window and the bridge read interpreter code: the language's grammar is loaded on the first snippet
 * that needs it and kept; a grammar that failed to load is not kept (the next snippet tries again), and this snippet
 * comes back as one `unknown` action, which a policy asks about, rather than as harmless.
 */
export function createCodeReading(
	options: CodeReadingOptions,
): (language: CodeLanguage, code: string) => Promise<readonly CodeAction[]> {
	const parsers = new Map<CodeLanguage, Promise<CodeParser>>();
	const load =
		options.load ??
		((language: CodeLanguage) =>
			loadCodeParser(options.bundleFolder, language, {
				baselineWasmOnly: options.baselineWasmOnly,
			}));
	return async (language, code) => {
		let parser = parsers.get(language);
		if (!parser) {
			// `load` may throw before it returns a promise (a missing bundle): both ways end in the catch below.
			parser = Promise.resolve().then(() => load(language));
			parsers.set(language, parser);
		}
		let loaded: CodeParser;
		try {
			loaded = await parser;
		} catch (error) {
			parsers.delete(language);
			const why = `the ${language} grammar could not be loaded (${(error as Error).message})`;
			options.warn?.(why);
			return [{ kind: 'unknown', call: `${language} code`, why }];
		}
		return readCode(language, code, loaded);
	};
}
