import type { CodeLanguage } from '../../core/reading/code/codeAction';
import { parsedCodeReader } from '../../core/reading/code/codeActionEffects';
import type { CodeEffectReader } from '../../core/reading/shell/interpreterCode';
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

/** The interpreter-code readers of one process, loaded a language at a time. */
export interface CodeAnalysis {
	/**
	 * Loads the readers of `languages` not loaded yet and resolves with the languages that could not be loaded (their
	 * code is then read with patterns; the next call tries them again). Never rejects.
	 */
	load(languages: readonly CodeLanguage[]): Promise<readonly CodeLanguage[]>;
	/** Reads code of every language loaded so far; the others answer `undefined`, for the patterns to read. */
	readonly read: CodeEffectReader;
}

/**
 * The one way the window and the bridge read interpreter code: a language's reader (and grammar) is loaded when a line
 * first carries code of that language and kept; one that failed to load is not kept, so the next line tries again.
 */
export function createCodeAnalysis(options: CodeAnalysisOptions): CodeAnalysis {
	const loading = new Map<CodeLanguage, Promise<CodeReader>>();
	const loaded = new Map<CodeLanguage, CodeReader>();
	const loadOne =
		options.load ??
		((language: CodeLanguage) =>
			loadCodeReader(options.bundleFolder, language, options.baselineWasmOnly));
	const loadLanguage = async (language: CodeLanguage): Promise<boolean> => {
		if (loaded.has(language)) {
			return true;
		}
		let reader = loading.get(language);
		if (!reader) {
			// `load` may throw before it returns a promise (a missing bundle): both ways end in the catch below.
			reader = Promise.resolve().then(() => loadOne(language));
			loading.set(language, reader);
		}
		try {
			loaded.set(language, await reader);
			return true;
		} catch (error) {
			loading.delete(language);
			options.warn?.(
				`the ${language} grammar could not be loaded (${(error as Error).message}); its code is read with patterns`,
			);
			return false;
		}
	};
	return {
		async load(languages) {
			const results = await Promise.all(languages.map(loadLanguage));
			return languages.filter((_language, index) => !results[index]);
		},
		read: parsedCodeReader(loaded),
	};
}
