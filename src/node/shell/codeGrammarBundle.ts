import { join } from 'node:path';

import { LOADS_GRAMMARS, loadCachedBundle } from '../cachedBundle';
import type { CodeLanguage } from '../../core/reading/code/codeAction';
import type { CodeParser } from '../../core/reading/code/codeParser';
import type { CodeParserOptions } from './codeGrammars';

/** What `dist/bridge-shell.js` exports for code grammars. */
interface GrammarBundle {
	createCodeParser(language: CodeLanguage, options?: CodeParserOptions): Promise<CodeParser>;
}

/**
 * Loads one language's grammar from the `bridge-shell.js` bundle in `bundleFolder` (the bundle, and so the wasm
 * runtime, the shell grammars use). Rejects when the bundle or the grammar cannot be loaded.
 */
export function loadCodeParser(
	bundleFolder: string,
	language: CodeLanguage,
	options: CodeParserOptions = {},
): Promise<CodeParser> {
	const bundle = loadCachedBundle(
		join(bundleFolder, 'bridge-shell.js'),
		LOADS_GRAMMARS,
	) as GrammarBundle;
	return bundle.createCodeParser(language, options);
}
