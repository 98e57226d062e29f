import type { CommandLineAnalysis, ShellAnalyzer, ShellDialect } from './commandLine';

// Measured on the bundled tree-sitter grammars (node 22, default stack): ~1,000 nested `$(` overflow the bash walker,
// ~400 nested `(` the PowerShell one; 5,000 `&&` overflow the walker, 20,000 `|` abort the wasm parser after seconds
// (and leave it answering garbage). The limits sit well under those, and well over what a person or agent writes.

/** Longest command line read with a grammar, in UTF-16 code units. */
export const MAX_LINE_LENGTH = 100_000;
/** Deepest bracket nesting (`(`, `$(`, `{`, `[`, counted on the raw text, quotes included) read with a grammar. */
export const MAX_NESTING = 100;
/** Most list and pipeline operators (`|`, `||`, `&&`, `;`, `&`, `|&`, `;;`) read with a grammar, quotes included. */
export const MAX_OPERATORS = 1_000;
/** Most simple commands one analysis may return; more and the line is reported as too long to check. */
export const MAX_COMMANDS = 1_000;

const OPERATOR = /\|\||&&|;;|\|&|[|;&]/g;

/**
 * Why a command line is too large or too deeply nested to hand to a shell grammar, or `undefined` when it is within
 * every limit. Linear in the line's length and allocation-free apart from the operator scan, so it can run before
 * any grammar is loaded; it over-counts (brackets and operators inside quotes count too, because quoted text may be
 * re-read as a script by `bash -c`) and never under-counts.
 */
export function commandLineOverLimit(commandLine: string): string | undefined {
	if (commandLine.length > MAX_LINE_LENGTH) {
		return `the command line is ${commandLine.length} characters long, over the ${MAX_LINE_LENGTH} Hookwarden reads`;
	}
	let depth = 0;
	let deepest = 0;
	for (let index = 0; index < commandLine.length; index++) {
		const code = commandLine.charCodeAt(index);
		if (code === 0x28 || code === 0x7b || code === 0x5b) {
			depth++;
			if (depth > deepest) {
				deepest = depth;
			}
		} else if ((code === 0x29 || code === 0x7d || code === 0x5d) && depth > 0) {
			depth--;
		}
	}
	if (deepest > MAX_NESTING) {
		return `the command line nests brackets ${deepest} deep, over the ${MAX_NESTING} Hookwarden reads`;
	}
	let operators = 0;
	OPERATOR.lastIndex = 0;
	while (OPERATOR.exec(commandLine) !== null) {
		if (++operators > MAX_OPERATORS) {
			return `the command line has over ${MAX_OPERATORS} pipes and command separators, more than Hookwarden reads`;
		}
	}
	return undefined;
}

/** Whether a shell grammar still answers correctly; shared by every analyzer that runs on the same parser runtime. */
export interface ShellParserHealth {
	/** Set once the parser runtime threw: a wasm abort leaves it answering wrongly from then on, so it is not used again. */
	broken?: string;
}

/** An analysis with no commands that says why the line could not be read, which the packs answer with `ask`. */
export function unreadable(
	commandLine: string,
	dialect: ShellDialect,
	why: string,
): CommandLineAnalysis {
	return { commandLine, dialect, commands: [], parseError: why };
}

/**
 * Wraps an analyzer so that no line can crash it or get through it unread: lines over the limits are not parsed,
 * any throw (a stack overflow `RangeError`, a wasm abort) becomes a `parseError` and retires the parser runtime for
 * good (see {@link ShellParserHealth}), and an analysis with more than {@link MAX_COMMANDS} commands reports one.
 */
export function limitedShellAnalyzer(
	analyzer: ShellAnalyzer,
	health: ShellParserHealth = {},
): ShellAnalyzer {
	return {
		analyze(commandLine, dialect, readCode) {
			const over = commandLineOverLimit(commandLine);
			if (over !== undefined) {
				return unreadable(commandLine, dialect, over);
			}
			if (health.broken !== undefined) {
				return unreadable(
					commandLine,
					dialect,
					`the shell parser failed on an earlier line (${health.broken}) and is not trusted until the process restarts`,
				);
			}
			let analysis: CommandLineAnalysis;
			try {
				analysis = analyzer.analyze(commandLine, dialect, readCode);
			} catch (error) {
				const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
				health.broken = message.slice(0, 200);
				return unreadable(commandLine, dialect, `the shell parser failed (${health.broken})`);
			}
			if (analysis.commands.length > MAX_COMMANDS) {
				const why = `the command line has ${analysis.commands.length} commands, over the ${MAX_COMMANDS} Hookwarden reads`;
				return {
					...analysis,
					parseError: analysis.parseError ? `${analysis.parseError}; ${why}` : why,
				};
			}
			return analysis;
		},
	};
}
