import type {
	CommandLineAnalysis,
	ShellAnalyzer,
	ShellDialect,
} from '../../core/reading/shell/commandLine';
import { plainCommandLine } from '../../core/reading/shell/plainCommandLine';
import { commandLineOverLimit, unreadable } from '../../core/reading/shell/shellLimits';
import type { AnalysisCache } from './analysisCache';
import { loadShellAnalyzer } from './shellBundle';

/** How a process reads shell lines: where the grammar bundle is, and what it may keep. */
export interface ShellAnalysisOptions {
	/** The folder holding `bridge-shell.js` (the calling bundle's own folder). */
	readonly bundleFolder: string;
	/** Keep WebAssembly on V8's baseline tier: right for a one-shot bridge, wrong for the long-lived extension host. */
	readonly baselineWasmOnly: boolean;
	/** Readings kept across processes; optional, it only saves time. */
	readonly diskCache?: AnalysisCache;
	/** Receives one line when a grammar cannot be loaded. */
	readonly warn?: (line: string) => void;
	/** Loads one dialect's grammar; tests replace it. */
	readonly load?: (dialect: ShellDialect) => Promise<ShellAnalyzer>;
}

/**
 * The one way the window and the bridge read a shell line: lines with no shell syntax without any grammar, then the
 * disk cache, then the grammar of the line's dialect, loaded on first need and kept. A grammar that failed to load is
 * not kept: the next line tries again, and this line comes back with a `parseError` (which the packs ask about)
 * rather than as harmless.
 */
export function createShellAnalysis(
	options: ShellAnalysisOptions,
): (commandLine: string, dialect: ShellDialect) => Promise<CommandLineAnalysis> {
	const analyzers = new Map<ShellDialect, Promise<ShellAnalyzer>>();
	const load =
		options.load ??
		((dialect: ShellDialect) =>
			loadShellAnalyzer(options.bundleFolder, dialect, options.baselineWasmOnly));
	return async (commandLine, dialect) => {
		// Checked before any grammar loads: a line no grammar may read should not cost loading one.
		const over = commandLineOverLimit(commandLine);
		if (over !== undefined) {
			return unreadable(commandLine, dialect, over);
		}
		const known =
			plainCommandLine(commandLine, dialect) ?? options.diskCache?.get(commandLine, dialect);
		if (known) {
			return known;
		}
		let analyzer = analyzers.get(dialect);
		if (!analyzer) {
			// `load` may throw before it returns a promise (a missing bundle): both ways end in the catch below.
			analyzer = Promise.resolve().then(() => load(dialect));
			analyzers.set(dialect, analyzer);
		}
		let loaded: ShellAnalyzer;
		try {
			loaded = await analyzer;
		} catch (error) {
			analyzers.delete(dialect);
			const why = `the ${dialect} grammar could not be loaded (${(error as Error).message})`;
			options.warn?.(why);
			return { commandLine, dialect, commands: [], parseError: why };
		}
		let analysis: CommandLineAnalysis;
		try {
			analysis = loaded.analyze(commandLine, dialect);
		} catch (error) {
			// The bundle's analyzer catches its own failures; this keeps an older or replaced one from answering `{}`.
			return unreadable(
				commandLine,
				dialect,
				`the shell parser failed (${(error as Error).message})`,
			);
		}
		// A line that could not be read is not kept: a parser failure in this process says nothing about the next.
		if (analysis.parseError === undefined) {
			options.diskCache?.set(analysis);
		}
		return analysis;
	};
}
