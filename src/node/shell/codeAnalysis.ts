import type { CodeAction, CodeLanguage } from '../../core/reading/code/codeAction';
import { loadCodeReader } from './codeBundle';
import type { CodeReader } from './codeReader';

/** How a process reads interpreter code: where the bundles are, and how to load a reader (tests replace it). */
export interface CodeAnalysisOptions {
	/** The folder holding `bridge-code.js` and `bridge-shell.js` (the calling bundle's own folder). */
	readonly bundleFolder: string;
	/** Keep WebAssembly on V8's baseline tier: right for a one-shot bridge, wrong for the long-lived extension host. */
	readonly baselineWasmOnly: boolean;
	/** Receives one line when a grammar cannot be loaded. */
	readonly warn?: (line: string) => void;
	/** Loads one language's reader; tests replace it. */
	readonly load?: (language: CodeLanguage) => Promise<CodeReader>;
}

/**
 * The one way the window and the bridge read interpreter code: a language's reader (and grammar) is loaded on the
 * first snippet that needs it and kept; one that failed to load is not kept (the next snippet tries again), and this
 * snippet comes back as one `unknown` action, which a policy asks about, rather than as harmless.
 */
export function createCodeAnalysis(
	options: CodeAnalysisOptions,
): (language: CodeLanguage, code: string) => Promise<readonly CodeAction[]> {
	const readers = new Map<CodeLanguage, Promise<CodeReader>>();
	const load =
		options.load ??
		((language: CodeLanguage) =>
			loadCodeReader(options.bundleFolder, language, options.baselineWasmOnly));
	return async (language, code) => {
		let reader = readers.get(language);
		if (!reader) {
			// `load` may throw before it returns a promise (a missing bundle): both ways end in the catch below.
			reader = Promise.resolve().then(() => load(language));
			readers.set(language, reader);
		}
		let loaded: CodeReader;
		try {
			loaded = await reader;
		} catch (error) {
			readers.delete(language);
			const why = `the ${language} grammar could not be loaded (${(error as Error).message})`;
			options.warn?.(why);
			return [{ kind: 'unknown', call: `${language} code`, why }];
		}
		return loaded(code);
	};
}
