import { join } from 'node:path';

import { LOADS_GRAMMARS, loadCachedBundle } from '../cachedBundle';
import type { CodeLanguage } from '../../core/reading/code/codeAction';
import type { CodeReader, CodeReaderOptions } from './codeReader';

/** What `dist/bridge-code.js` exports. */
interface CodeReaderBundle {
	createCodeReader(language: CodeLanguage, options: CodeReaderOptions): Promise<CodeReader>;
}

/**
 * Loads the code reader for one language from the `bridge-code.js` bundle in `bundleFolder`: the readers and their
 * API tables (about 80 KB) stay out of the main bundle, so only a line that carries interpreter code loads them.
 */
export function loadCodeReader(
	bundleFolder: string,
	language: CodeLanguage,
	baselineWasmOnly: boolean,
): Promise<CodeReader> {
	const bundle = loadCachedBundle(
		join(bundleFolder, 'bridge-code.js'),
		LOADS_GRAMMARS,
	) as CodeReaderBundle;
	return bundle.createCodeReader(language, { bundleFolder, baselineWasmOnly });
}
