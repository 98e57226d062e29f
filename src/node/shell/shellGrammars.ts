import type { ShellAnalyzer, ShellDialect } from '../../core/reading/shell/commandLine';
import type { ShellTreeParser } from '../../core/reading/shell/syntaxTree';
import { limitedShellAnalyzer } from '../../core/reading/shell/shellLimits';
import { createTreeShellAnalyzer } from '../../core/reading/shell/treeShellAnalyzer';
import { loadGrammar, runtimeHealth } from './treeSitterRuntime';

/** How to load the shell analyzer for the process that calls it. */
export interface ShellAnalyzerOptions {
	/** Grammars to load; a line of another dialect comes back with a `parseError`. Default: both. */
	readonly dialects?: readonly ShellDialect[];
	/**
	 * Keep WebAssembly on V8's baseline compiler (see {@link loadGrammar}): only the bridge asks for it, since it lives
	 * for one event; the flag is process-wide, so no other caller gets it by default.
	 */
	readonly baselineWasmOnly?: boolean;
}

const GRAMMAR_FILES: Readonly<Record<ShellDialect, string>> = {
	bash: 'tree-sitter-bash.wasm',
	powershell: 'tree-sitter-powershell.wasm',
};

/** Loads the tree-sitter runtime and the shell grammars, and returns the analyzer the bridge and the extension host share. */
export async function createShellAnalyzer(
	options: ShellAnalyzerOptions = {},
): Promise<ShellAnalyzer> {
	const parsers: Partial<Record<ShellDialect, ShellTreeParser>> = {};
	await Promise.all(
		(options.dialects ?? ['bash', 'powershell']).map(async (dialect) => {
			parsers[dialect] = await loadGrammar(
				GRAMMAR_FILES[dialect],
				options.baselineWasmOnly === true,
			);
		}),
	);
	return limitedShellAnalyzer(createTreeShellAnalyzer(parsers), runtimeHealth);
}
