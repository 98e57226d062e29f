import { join } from 'node:path';

import { LOADS_GRAMMARS, loadCachedBundle } from '../cachedBundle';
import type { ShellAnalyzer, ShellDialect } from '../../core/reading/shell/commandLine';
import type { ShellAnalyzerOptions } from './shellGrammars';
import { grammarsNeeded } from '../../core/reading/shell/grammarsNeeded';

/** What `dist/bridge-shell.js` exports. */
interface ShellBundle {
	createShellAnalyzer(options?: ShellAnalyzerOptions): Promise<ShellAnalyzer>;
}

/**
 * Loads the grammars a dialect's lines need from the separate `bridge-shell.js` bundle next to the calling bundle. The bridge and the
 * extension host share that bundle; keeping it separate means a process pays for the grammar only when a shell tool
 * call needs it.
 */
export function loadShellAnalyzer(
	bundleFolder: string,
	dialect: ShellDialect,
	baselineWasmOnly: boolean,
): Promise<ShellAnalyzer> {
	const bundle = loadCachedBundle(
		join(bundleFolder, 'bridge-shell.js'),
		LOADS_GRAMMARS,
	) as ShellBundle;
	return bundle.createShellAnalyzer({
		dialects: grammarsNeeded(dialect),
		baselineWasmOnly,
	});
}
