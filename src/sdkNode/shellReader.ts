import type { CommandLineAnalysis, ShellDialect } from '../core/reading/shell/commandLine';
import { createShellAnalysis } from '../node/shell/shellAnalysis';
import { createShellAnalyzer } from '../node/shell/shellGrammars';
import { createCodeParser } from '../node/shell/codeGrammars';
import { readCode } from '../core/reading/code/readCode';
import { grammarsNeeded } from '../core/reading/shell/grammarsNeeded';

/**
 * The bridge's own way of reading a shell line (see `createShellAnalysis`): plain lines without a grammar, then the
 * tree-sitter bash or PowerShell grammar, loaded on first need from the `.wasm` files the package ships next to its
 * bundle, with the same size and nesting limits. An application lives long, so WebAssembly keeps V8's optimising tier
 * (the bridge, which lives for one event, turns it off).
 */
export function createShellReader(): (
	commandLine: string,
	dialect: ShellDialect,
) => Promise<CommandLineAnalysis> {
	return createShellAnalysis({
		bundleFolder: __dirname,
		baselineWasmOnly: false,
		load: (dialect) =>
			createShellAnalyzer({ dialects: grammarsNeeded(dialect), baselineWasmOnly: false }),
		// Interpreter code on a line is parsed with its language's grammar, loaded only for a line that carries it.
		loadCode: async (language) => {
			const parser = await createCodeParser(language, { baselineWasmOnly: false });
			return (code) => readCode(language, code, parser);
		},
	});
}
