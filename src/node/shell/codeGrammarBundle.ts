import { join } from 'node:path';

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
	// A computed path keeps esbuild from inlining the grammar bundle into the caller's bundle.
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const bundle = require(join(bundleFolder, 'bridge-shell.js')) as GrammarBundle;
	return bundle.createCodeParser(language, options);
}
