import { createShellAnalyzer } from '../../src/node/shell/shellGrammars';
import type {
	CommandLineAnalysis,
	ShellAnalyzer,
	ShellDialect,
} from '../../src/core/reading/shell/commandLine';

let loading: Promise<ShellAnalyzer> | undefined;

/** The real analyzer, loaded once per test process: grammar loading is the slow part and the analyzer is stateless. */
export function shellAnalyzer(): Promise<ShellAnalyzer> {
	loading ??= createShellAnalyzer();
	return loading;
}

/** Analyzes one line with the shared analyzer. */
export async function analyze(
	commandLine: string,
	dialect: ShellDialect = 'bash',
): Promise<CommandLineAnalysis> {
	return (await shellAnalyzer()).analyze(commandLine, dialect);
}
