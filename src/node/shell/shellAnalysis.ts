import type {
	CommandLineAnalysis,
	ShellAnalyzer,
	ShellDialect,
} from '../../core/reading/shell/commandLine';
import type { CodeLanguage } from '../../core/reading/code/codeAction';
import { asCodeLanguage, codeLanguagesIn } from '../../core/reading/code/codeLanguagesIn';
import type { CodeEffectReader } from '../../core/reading/shell/interpreterCode';
import { plainCommandLine } from '../../core/reading/shell/plainCommandLine';
import { commandLineOverLimit, unreadable } from '../../core/reading/shell/shellLimits';
import type { AnalysisCache } from './analysisCache';
import { createCodeAnalysis } from './codeAnalysis';
import type { CodeReader } from './codeReader';
import { loadShellAnalyzer } from './shellBundle';
import { RecentMap } from '../../core/util/recentMap';

/** How a process reads shell lines: where the grammar bundle is, and what it may keep. */
export interface ShellAnalysisOptions {
	/** The folder holding `bridge-shell.js` (the calling bundle's own folder). */
	readonly bundleFolder: string;
	/** Keep WebAssembly on V8's baseline tier: right for a one-shot bridge, wrong for the long-lived extension host. */
	readonly baselineWasmOnly: boolean;
	/** Readings kept across processes; optional, it only saves time. */
	readonly diskCache?: AnalysisCache;
	/** How many readings a long-lived process keeps in memory (the window: an agent repeats its lines); none when absent. */
	readonly keepInMemory?: number;
	/** Receives one line when a grammar cannot be loaded. */
	readonly warn?: (line: string) => void;
	/** Loads one dialect's grammar; tests replace it. */
	readonly load?: (dialect: ShellDialect) => Promise<ShellAnalyzer>;
	/** Loads one interpreter language's code reader; tests replace it. */
	readonly loadCode?: (language: CodeLanguage) => Promise<CodeReader>;
}

/**
 * The one way the window and the bridge read a shell line: lines with no shell syntax without any grammar, then the
 * disk cache, then the grammar of the line's dialect, loaded on first need and kept. A grammar that failed to load is
 * not kept: the next line tries again, and this line comes back with a `parseError` (which the packs ask about)
 * rather than as harmless. Interpreter code on the line (`python -c`, a heredoc into `node`) is parsed with the
 * grammar of its language, loaded before the line is read and only for a line that names that interpreter; code of a
 * language whose grammar cannot load is read with patterns, and such a reading is not cached.
 */
export function createShellAnalysis(
	options: ShellAnalysisOptions,
): (commandLine: string, dialect: ShellDialect) => Promise<CommandLineAnalysis> {
	const analyzers = new Map<ShellDialect, Promise<ShellAnalyzer>>();
	const recent =
		options.keepInMemory === undefined
			? undefined
			: new RecentMap<string, CommandLineAnalysis>(options.keepInMemory);
	const load =
		options.load ??
		((dialect: ShellDialect) =>
			loadShellAnalyzer(options.bundleFolder, dialect, options.baselineWasmOnly));
	const code = createCodeAnalysis({
		bundleFolder: options.bundleFolder,
		baselineWasmOnly: options.baselineWasmOnly,
		...(options.warn && { warn: options.warn }),
		...(options.loadCode && { load: options.loadCode }),
	});
	return async (commandLine, dialect) => {
		// Checked before any grammar loads: a line no grammar may read should not cost loading one.
		const over = commandLineOverLimit(commandLine);
		if (over !== undefined) {
			return unreadable(commandLine, dialect, over);
		}
		const languages = codeLanguagesIn(commandLine);
		const known =
			(languages.length === 0 ? plainCommandLine(commandLine, dialect) : undefined) ??
			recent?.get(`${dialect}\n${commandLine}`) ??
			options.diskCache?.get(commandLine, dialect);
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
		const unloaded = [...(await code.load(languages))];
		// The scan misses an interpreter the shell names at run time (`$PY -c …`): the walker's request loads it.
		const missed = new Set<CodeLanguage>();
		const read: CodeEffectReader = (snippet) => {
			const effects = code.read(snippet);
			const language = asCodeLanguage(snippet.language);
			if (effects === undefined && language !== undefined && !unloaded.includes(language)) {
				missed.add(language);
			}
			return effects;
		};
		let analysis: CommandLineAnalysis;
		try {
			analysis = loaded.analyze(commandLine, dialect, read);
			if (missed.size > 0) {
				unloaded.push(...(await code.load([...missed])));
				analysis = loaded.analyze(commandLine, dialect, code.read);
			}
		} catch (error) {
			// The bundle's analyzer catches its own failures; this keeps an older or replaced one from answering `{}`.
			return unreadable(
				commandLine,
				dialect,
				`the shell parser failed (${(error as Error).message})`,
			);
		}
		// A line that could not be read is not kept: a parser failure in this process says nothing about the next, nor
		// does code read with patterns because its grammar failed to load.
		if (analysis.parseError === undefined && unloaded.length === 0) {
			recent?.set(`${dialect}\n${commandLine}`, analysis);
			options.diskCache?.set(analysis);
		}
		return analysis;
	};
}
