import { walkBash } from './bashWalker';
import {
	closeOpenQuotes,
	closeSubshellsAfterHeredocs,
	joinContinuedLines,
} from './closeOpenQuotes';
import { CommandCollector, type WalkContext } from './commandCollector';
import type { CommandLineAnalysis, ShellAnalyzer } from './commandLine';
import { expandCommandBraces } from './dynamicWords';
import { walkPowerShell } from './powershellWalker';
import type { ShellTreeParsers } from './syntaxTree';

/** Builds the analyzer from loaded grammars; pure: parsing and walking only, every tree freed before `analyze` returns. */
export function createTreeShellAnalyzer(parsers: ShellTreeParsers): ShellAnalyzer {
	return {
		analyze(commandLine, dialect, readCode): CommandLineAnalysis {
			const collector: CommandCollector = new CommandCollector((text, context) => {
				walk(text, context);
			}, readCode);
			const walk = (text: string, context: WalkContext): void => {
				const parser = parsers[context.dialect];
				if (!parser) {
					collector.errors.push(`no ${context.dialect} grammar loaded`);
					return;
				}
				const tree = parser.parse(
					context.dialect === 'bash' ? expandCommandBraces(joinContinuedLines(text)) : text,
				);
				if (!tree) {
					collector.errors.push(`the ${context.dialect} parser gave up`);
					return;
				}
				try {
					(context.dialect === 'bash' ? walkBash : walkPowerShell)(
						tree.rootNode,
						collector,
						context,
					);
				} finally {
					tree.delete();
				}
			};
			walk(commandLine, { origin: 'line', dialect, depth: 0 });
			const closed =
				collector.errors.length > 0 && dialect === 'bash'
					? (closeOpenQuotes(commandLine) ?? closeSubshellsAfterHeredocs(commandLine))
					: undefined;
			if (closed !== undefined) {
				const retry = createTreeShellAnalyzer(parsers).analyze(closed, dialect, readCode);
				if (retry.parseError === undefined) {
					return { ...retry, commandLine };
				}
			}
			const parseError =
				collector.errors.length > 0 ? [...new Set(collector.errors)].join('; ') : undefined;
			return {
				commandLine,
				dialect,
				commands: collector.commands,
				...(parseError !== undefined ? { parseError } : {}),
			};
		},
	};
}
