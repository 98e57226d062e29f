import type { CommandOrigin, Redirect, ShellDialect, SimpleCommand } from './commandLine';
import { AliasTable, resolveCommandWord } from './dynamicWords';
import {
	embeddedScript,
	findExecCommands,
	POSIX_SHELLS,
	POWERSHELLS,
	readsScriptFromStdin,
} from './embeddedScripts';
import { programsThatRunCode, programsWith } from '../programs/vocabulary';
import { fedText, literalOutput, substitutedLiteral } from './fedScripts';
import { given, parseOptions } from '../programs/optionGrammar';
import {
	type CodeEffect,
	type CodeEffectReader,
	codeEffects,
	type InterpreterCode,
	interpreterCode,
	interpreterLanguage,
	interpreterReadsStdin,
} from './interpreterCode';
import { runsInputAsCode } from './inputAsCode';
import { environmentPrints } from './codeEnvironmentPrints';
import { isJobRunner, parallelRuns, xargsReadsListing, xargsRuns } from './jobRunners';
import { programName } from './programName';
import { LineVariables, type ShellScope } from './shellScope';
import { peelWrappers } from './wrappers';
import { readFind } from '../programs/fileDeleters';
import { DOWNLOADERS, downloadTarget } from '../programs/downloaders';
import { INERT, isPackageQuery } from '../programs/inertPrograms';
import { programModel } from '../programs/programTable';
import { type ContainerPlace, chrootPlace, containerCommands } from './containerCommands';
import { optionCommands } from './optionCommands';
import { clientShellEscapes } from '../statements/clientStatements';
import { runnerJobs, runsStdinAs } from './commandRunners';
import { jobCommands } from './jobLanguages';
import { scriptRun, scriptsDefined, scriptsInPackageJson } from './packageScripts';

/** Where a command sits while a tree is walked: how it was reached, and what it belongs to. */
export interface WalkContext {
	readonly origin: CommandOrigin;
	readonly dialect: ShellDialect;
	readonly parent?: number;
	readonly pipeline?: { readonly id: number; readonly stage: number };
	readonly inFunction?: string;
	/** The `( … )` subshells being walked, as a path of ids (`/0/2`). */
	readonly subshell?: string;
	/** The subshell path where the function being walked was defined. */
	readonly functionScope?: string;
	readonly background?: boolean;
	/** How many shell strings deep this walk is, to stop `bash -c "bash -c …"` from recursing forever. */
	readonly depth: number;
	/** Positional parameters of the shell string being read (`bash -c '…' $0 $1 …`). */
	readonly positional?: readonly string[];
	/** Words a job runner fills in from input the line does not show. */
	readonly argsFromInput?: boolean;
	/** The text may not run at all (data fed to a program that might run it). */
	readonly maybeRun?: boolean;
	/** The container the commands run in, and the host folders it mounts. */
	readonly container?: ContainerPlace;
	/** Index of the command writing into the `>(…)` these commands run in: its output is their stdin. */
	readonly fedBy?: number;
}

/** Re-reads text that a command runs (a `bash -c` string, a heredoc fed to a shell) into the same collector. */
export type Reparse = (text: string, context: WalkContext) => void;

/** The deepest chain of shell strings followed; real commands rarely nest more than twice. */
const MAX_DEPTH = 8;

/** One command as read from the tree, before its wrappers are peeled. */
export interface RawCommand {
	readonly argv: readonly string[];
	readonly text: string;
	readonly redirects: readonly Redirect[];
	/** Bodies of heredocs and here-strings attached to the command, run when it is a shell reading stdin. */
	readonly stdinScripts: readonly string[];
	/** Variables assigned for this command alone (`X=1 cmd`). */
	readonly env?: Readonly<Record<string, string>>;
}

/** Programs that only print, store or forward text they are fed: a heredoc into them is data, never run. */
const TEXT_SINKS = programsWith('textSink');

/** Programs whose words the reader already follows as code or commands: shells, interpreters, runners. */
const RUNS_ITS_WORDS = programsThatRunCode();

/** Whether a sentence starts with the name of a program Hookwarden has a model for (so it may be a command line). */
function startsWithProgram(sentence: string): boolean {
	const first = /^\s*([\w./-]+)/.exec(sentence)?.[1];
	return first !== undefined && programModel(programName(first)) !== undefined;
}

/** Accumulates the simple commands of one line, across dialects and re-parsed strings, in source order. */
export class CommandCollector {
	readonly commands: SimpleCommand[] = [];
	readonly errors: string[] = [];
	/** Variables the line assigns, read by every later word that expands them. */
	readonly variables = new LineVariables();
	private nextPipeline = 0;
	private nextSubshell = 0;
	private readonly aliases = new AliasTable();
	/** `GIT_*` variables the line exported: every later git command reads them (`export GIT_SSH_COMMAND=…; git fetch`). */
	private readonly exportedGit: Record<string, string> = {};
	/** Files the line writes with text it shows (`cat > x.sh <<EOF`), so running them later reads that text. */
	private readonly writtenFiles = new Map<string, string>();
	/** Files the line downloads (`curl -o a.sh URL`, `wget -O a.sh URL`, `curl URL > a.sh`), and the downloading command. */
	private readonly downloadedFiles = new Map<string, number>();
	/** Package scripts the line defines (`npm pkg set scripts.x=…`), so `npm run x` later in the line reads their text. */
	private readonly definedScripts = new Map<string, string>();
	/** `>(…)` process substitutions a command writes into, as written, and the index of that command. */
	private readonly outputSinks = new Map<string, number>();

	/** `readCode` parses interpreter code where it can; code it cannot read is read with patterns. */
	constructor(
		private readonly reparse: Reparse,
		private readonly readParsedCode?: CodeEffectReader,
	) {}

	/** A fresh pipeline id, unique within the line. */
	newPipeline(): number {
		return this.nextPipeline++;
	}

	/** A fresh subshell id, unique within the line. */
	newSubshell(): number {
		return this.nextSubshell++;
	}

	/** Records `export NAME=value`; git's own variables then apply to every later command of the line. */
	exportVariable(name: string, value: string | null): void {
		if (name.startsWith('GIT_')) {
			this.exportedGit[name] = value ?? '$UNKNOWN';
		}
	}

	/** `set -- a b`, `set a b`: the line's positional parameters from here on; `set -e` and `set -o x` set options only. */
	private recordSet(argv: readonly string[]): void {
		if (argv[0] !== 'set') {
			return;
		}
		const args = argv.slice(1);
		const end = args.indexOf('--');
		if (end >= 0) {
			this.variables.setPositionalParameters(args.slice(end + 1));
		} else if (args.length > 0 && !/^[-+]/.test(args[0] ?? '')) {
			this.variables.setPositionalParameters(args);
		}
	}

	/**
	 * Builtins that assign a variable from text instead of `NAME=value`: `printf -v NAME FORMAT ARGS…` (what printf
	 * would print) and `read [options] NAME… <<< TEXT` (the first line split into fields, the rest to the last name).
	 * A value the line does not show is recorded as unknown, so an earlier literal value is not used for it.
	 */
	private recordBuiltinAssignments(raw: RawCommand, argv: readonly string[]): void {
		const printfTarget = argv[0] === 'printf' ? /^-v(.*)$/.exec(argv[1] ?? '') : null;
		if (printfTarget) {
			// `-vNAME` or `-v NAME`.
			const glued = printfTarget[1] !== '';
			const name = glued ? printfTarget[1] : argv[2];
			const rest = argv.slice(glued ? 2 : 3);
			const printed = rest.some((word) => /\$\(|`/.test(word))
				? undefined
				: literalOutput(asCommand(['printf', ...rest]));
			if (name !== undefined) {
				this.variables.assign(name, printed ?? null);
			}
			return;
		}
		if (argv[0] !== 'read') {
			return;
		}
		const parsed = parseOptions(argv.slice(1), { shortValues: 'adinNptu' });
		const names = parsed.operands.length > 0 ? parsed.operands : ['REPLY'];
		const input = given(parsed, 'a', 'd', 'u') ? undefined : raw.stdinScripts[0]?.split('\n')[0];
		const separators = /[ \t]+/;
		const fields = input?.trim().split(separators) ?? [];
		names.forEach((name, at) => {
			const last = at === names.length - 1;
			const value =
				input === undefined ? null : last ? fields.slice(at).join(' ') : (fields[at] ?? '');
			this.variables.assign(name, value);
		});
	}

	/** The command whose output feeds the process substitution `>(…)` written as `text`, if the line shows one. */
	writerInto(text: string): number | undefined {
		return this.outputSinks.get(text);
	}

	/** What the line has given names so far, for words read in `context`. */
	scope(context: WalkContext): ShellScope {
		return this.variables.scope(context.positional);
	}

	/** Records a command with its wrappers peeled, then the commands it runs itself; returns its index. */
	add(raw: RawCommand, outerContext: WalkContext): number {
		const aliased = this.aliases.expand(raw.argv);
		const resolved = resolveCommandWord(aliased ?? raw.argv);
		let peeled = peelWrappers(resolved.argv);
		// A wrapper may hide the dynamic word: `sudo $(which rm) -rf /`.
		const late = peeled.wrappers.length > 0 ? resolveCommandWord(peeled.argv) : undefined;
		if (late?.writtenAs !== undefined) {
			const again = peelWrappers(late.argv);
			peeled = {
				...again,
				wrappers: [...peeled.wrappers, ...again.wrappers],
				env: { ...peeled.env, ...again.env },
			};
		}
		// `chroot NEWROOT cmd` moves the command's `/`: its paths are judged where they land.
		const context =
			peeled.root === undefined
				? outerContext
				: { ...outerContext, container: chrootPlace(peeled.root, outerContext.container) };
		const writtenAs = late?.writtenAs ?? (aliased ? raw.argv[0] : resolved.writtenAs);
		const env = {
			...(programName(peeled.argv[0] ?? '') === 'git' ? this.exportedGit : {}),
			...raw.env,
			...peeled.env,
		};
		const stdinText = this.stdinShown(raw, context);
		const index = this.push({ ...raw, argv: peeled.argv }, peeled.wrappers, context, {
			...(writtenAs !== undefined ? { writtenAs } : {}),
			...(late?.unknown || (!late && resolved.unknown) ? { dynamicWord: true } : {}),
			...(Object.keys(env).length > 0 && { env }),
			...(stdinText !== undefined && { stdinText }),
			...(peeled.cwd !== undefined &&
				(/[$`]/.test(peeled.cwd) ? { cwdUnknown: true } : { cwd: peeled.cwd })),
		});
		this.aliases.record(peeled.argv);
		this.recordSet(peeled.argv);
		this.recordBuiltinAssignments(raw, peeled.argv);
		this.rememberWrittenFile(raw, peeled.argv, context);
		for (const [name, text] of scriptsDefined(peeled.argv)) {
			this.definedScripts.set(name, text);
		}
		this.rememberOutputSinks(raw, peeled.argv, index);
		this.rememberDownload(raw, peeled.argv, index);
		if (context.depth >= MAX_DEPTH) {
			this.errors.push('shell strings nested too deeply to follow');
			return index;
		}
		const inner: WalkContext = {
			...context,
			parent: index,
			pipeline: undefined,
			fedBy: undefined,
			background: undefined,
			positional: undefined,
			depth: context.depth + 1,
		};
		this.readJobRuns(peeled.argv, stdinText, inner, this.stageBefore(context));
		this.readRunCommands(peeled.argv, stdinText, inner, context);
		this.readScripts(raw, peeled.argv, env, inner, context);
		for (const text of clientShellEscapes(peeled.argv, stdinText)) {
			// A data-store client's own escape (`\!`, `.shell`) runs the rest of its line as a shell command.
			this.reparse(text, { ...inner, origin: 'shellString', dialect: 'bash' });
		}
		this.readCode(raw, peeled.argv, stdinText, inner, context);
		this.readCommandArguments(peeled.argv, inner);
		return index;
	}

	/**
	 * Sentences handed to a program Hookwarden does not know that read as a command line (`watcher 'rm -rf ~'`,
	 * `s = 'mkfs /dev/sda1'` in a script fed to one): such a program may run them, so they are read as commands that
	 * only may run.
	 */
	private readCommandArguments(argv: readonly string[], inner: WalkContext): void {
		const name = programName(argv[0] ?? '');
		if (
			programModel(name) ||
			INERT.has(name) ||
			TEXT_SINKS.has(name) ||
			isPackageQuery(argv) ||
			RUNS_ITS_WORDS.has(name) ||
			embeddedScript(argv) !== undefined
		) {
			return;
		}
		const sentences = argv
			.slice(1)
			.filter((word) => /\s/.test(word) && startsWithProgram(word))
			.slice(0, 4);
		for (const sentence of sentences) {
			this.reparse(sentence, { ...inner, origin: 'shellString', dialect: 'bash', maybeRun: true });
		}
	}

	/** Reads text a command will run as a shell command line (`GIT_SSH_COMMAND=…`) as commands run by `context.parent`. */
	runShellText(text: string, context: WalkContext): void {
		if (context.depth < MAX_DEPTH) {
			this.reparse(text, {
				...context,
				origin: 'shellString',
				dialect: 'bash',
				depth: context.depth + 1,
			});
		}
	}

	/** The text an earlier stage of the pipeline feeds this command, when the line shows it (`echo …`, `printf …`). */
	private pipedText(context: WalkContext): string | undefined {
		const earlier = this.earlierStages(context);
		return earlier.length === 0 ? undefined : fedText(earlier);
	}

	/** The stages of this command's pipeline before it, in order; none when it is not in one. */
	private earlierStages(context: WalkContext): SimpleCommand[] {
		const pipeline = context.pipeline;
		if (!pipeline || pipeline.stage === 0) {
			return [];
		}
		return this.commands.filter(
			(command) =>
				command.pipeline?.id === pipeline.id &&
				command.pipeline.stage < pipeline.stage &&
				command.origin === context.origin,
		);
	}

	/** The stage just before this command in its pipe, when it is in one. */
	private stageBefore(context: WalkContext): SimpleCommand | undefined {
		const pipeline = context.pipeline;
		return pipeline && pipeline.stage > 0
			? this.commands.find(
					(command) =>
						command.pipeline?.id === pipeline.id &&
						command.pipeline.stage === pipeline.stage - 1 &&
						command.origin === context.origin,
				)
			: undefined;
	}

	/** The text written into the `>(…)` this command runs in, when the writer's output can be read from the line. */
	private fedText(context: WalkContext): string | undefined {
		const writer = context.fedBy === undefined ? undefined : this.commands[context.fedBy];
		if (!writer) {
			return undefined;
		}
		const name = programName(writer.argv[0] ?? '');
		const passesInput = (name === 'cat' && writer.argv.length === 1) || name === 'tee';
		return passesInput ? writer.stdinText : literalOutput(writer);
	}

	/** `curl -o a.sh URL`, `curl URL > a.sh`: a file whose contents come from the network. */
	private rememberDownload(raw: RawCommand, argv: readonly string[], index: number): void {
		const name = programName(argv[0] ?? '');
		if (!DOWNLOADERS.has(name)) {
			return;
		}
		const redirected = raw.redirects.find((redirect) => /^1?>>?$|^>\|$/.test(redirect.operator));
		const file = downloadTarget(name, argv.slice(1)) ?? redirected?.target;
		if (file !== undefined) {
			this.downloadedFiles.set(file, index);
		}
	}

	/** `cmd > >(bash)`, `cmd | tee >(sh)`: the process substitutions whose stdin is this command's output. */
	private rememberOutputSinks(raw: RawCommand, argv: readonly string[], index: number): void {
		const targets = [
			...raw.redirects
				.filter((redirect) => /^(?:\d*|&)>>?$|^>\|$/.test(redirect.operator))
				.map((redirect) => redirect.target),
			...(programName(argv[0] ?? '') === 'tee' ? argv.slice(1) : []),
		];
		for (const target of targets.filter((word) => /^>\(.*\)$/s.test(word))) {
			this.outputSinks.set(target, index);
		}
	}

	/**
	 * `cat > x.sh <<'EOF' … EOF`, `echo 'rm -rf ~' > x.sh`, `echo … | base64 -d > x.sh`, `… | tee x.sh`: what a later
	 * `bash x.sh`, `./x.sh` or `make -f x.sh` in the line will run.
	 */
	private rememberWrittenFile(
		raw: RawCommand,
		argv: readonly string[],
		context: WalkContext,
	): void {
		const target = raw.redirects.find((redirect) =>
			/^\d*>>?$|^>\|$/.test(redirect.operator),
		)?.target;
		const name = programName(argv[0] ?? '');
		const teed = name === 'tee' ? argv.slice(1).filter((word) => !word.startsWith('-')) : [];
		if (target === undefined && teed.length === 0) {
			return;
		}
		const command: SimpleCommand = {
			argv,
			text: raw.text,
			wrappers: [],
			origin: 'line',
			redirects: raw.redirects,
			...(raw.stdinScripts[0] !== undefined && { stdinText: raw.stdinScripts[0] }),
		};
		const text =
			name === 'cat' && argv.length === 1
				? raw.stdinScripts[0]
				: name === 'tee'
					? (raw.stdinScripts[0] ?? this.pipedText(context))
					: fedText([...this.earlierStages(context), command]);
		if (text === undefined) {
			return;
		}
		for (const file of target === undefined ? teed : [target, ...teed]) {
			this.writtenFiles.set(fileKey(file), text);
		}
	}

	/** `xargs CMD`, `parallel TEMPLATE ::: values`: each command the runner starts, with known input filled in. */
	private readJobRuns(
		argv: readonly string[],
		input: string | undefined,
		inner: WalkContext,
		before: SimpleCommand | undefined,
	): void {
		const runner = isJobRunner(argv[0] ?? '');
		if (!runner) {
			return;
		}
		const runs = runner === 'xargs' ? xargsRuns(argv, input) : parallelRuns(argv, input);
		const fromListing =
			runner === 'xargs' && input === undefined ? xargsReadsListing(argv, before?.argv) : undefined;
		if (fromListing) {
			runs.push(fromListing);
		}
		// Known input fed to where a program reads code is still input code: read the run as if the input were unknown.
		if (runner === 'xargs' && input !== undefined) {
			runs.push(
				...xargsRuns(argv, undefined).filter(
					(run) => run.argv !== undefined && runsInputAsCode(asCommand(run.argv)),
				),
			);
		}
		for (const run of runs) {
			const context: WalkContext = {
				...inner,
				origin: 'xargs',
				...(run.fromInput && { argsFromInput: true }),
			};
			if (run.argv) {
				this.add(
					{
						argv: run.argv,
						text: run.argv.map(quoteForDisplay).join(' '),
						redirects: [],
						stdinScripts: [],
					},
					context,
				);
			} else if (run.line !== undefined) {
				this.reparse(run.line, context);
			} else {
				this.add(
					{
						argv: ['$INPUT_COMMAND'],
						text: 'commands read from input',
						redirects: [],
						stdinScripts: [],
					},
					{ ...context, argsFromInput: true },
				);
			}
		}
	}

	/** Commands another program starts from its words: `find -exec`, containers (`docker run`, `kubectl exec`). */
	private readRunCommands(
		argv: readonly string[],
		stdinText: string | undefined,
		inner: WalkContext,
		outer: WalkContext,
	): void {
		// Under `xargs -I{}`, `{}` is the runner's input, not the paths `find` matched.
		const found =
			programName(argv[0] ?? '') === 'find' && !outer.argsFromInput
				? readFind(argv.slice(1))
				: undefined;
		for (const written of findExecCommands(argv)) {
			// `{}` is each path find matched: everything under its start paths (or what its name filters allow).
			const matched = found?.starts.flatMap((start) =>
				(found.names.length > 0 ? found.names : ['**']).map((name) =>
					`${start.replace(/\/+$/, '')}/**/${name}`.replace('/**/**', '/**'),
				),
			);
			// `find -exec {} \;` runs each file it finds: that word stays `{}`, a program only known at run time.
			const execArgv = written.flatMap((word, at) =>
				word === '{}' && matched && at > 0 ? matched : [word],
			);
			this.add(
				{
					argv: execArgv,
					text: written.map(quoteForDisplay).join(' '),
					redirects: [],
					stdinScripts: [],
				},
				{ ...inner, origin: 'exec', ...(outer.argsFromInput && { argsFromInput: true }) },
			);
		}
		for (const contained of containerCommands(argv)) {
			// What the runner is fed (`… | docker exec -i db sh`, a heredoc) is the stdin of what runs inside, and
			// everything that runs from there (a script it reads, a `-c` string) runs in the same container.
			this.add(
				{
					argv: contained.argv,
					text: contained.argv.map(quoteForDisplay).join(' '),
					redirects: [],
					stdinScripts: stdinText === undefined ? [] : [stdinText],
				},
				{ ...inner, origin: 'container', container: contained.container },
			);
		}
	}

	/** Shell text a command runs: its `-c` string (with positional parameters), heredocs, piped text, files the line wrote. */
	private readScripts(
		raw: RawCommand,
		argv: readonly string[],
		env: Readonly<Record<string, string>>,
		inner: WalkContext,
		outer: WalkContext,
	): void {
		const script = embeddedScript(argv);
		if (script) {
			this.reparse(script.text, {
				...inner,
				origin: 'shellString',
				dialect: script.dialect,
				// A job runner's input adds positional parameters the line does not show: leave them unknown.
				...(script.positional && !outer.argsFromInput && { positional: script.positional }),
			});
		}
		for (const text of optionCommands(argv, env)) {
			this.reparse(text, { ...inner, origin: 'shellString', dialect: 'bash' });
		}
		this.readRunnerJobs(raw, argv, inner, outer);
		this.readPackageScript(argv, inner);
		const runner = programName(argv[0] ?? '');
		const readsStdin = readsScriptFromStdin(argv);
		if (raw.stdinScripts.length > 0) {
			const dialect = POWERSHELLS.has(runner) ? 'powershell' : 'bash';
			const runs = readsStdin;
			// Text fed to a program that might run it (an unknown script) is read as commands that only may run.
			const mayRun =
				!runs &&
				runsStdinAs(argv) === undefined &&
				!TEXT_SINKS.has(runner) &&
				interpreterReadsStdin(argv) === undefined &&
				!POSIX_SHELLS.has(runner);
			if (runs || mayRun) {
				for (const body of raw.stdinScripts) {
					this.reparse(body, {
						...inner,
						origin: 'heredoc',
						dialect,
						...(mayRun && { maybeRun: true }),
					});
				}
			}
		}
		// What the shell reads as its script: a pipe, a `>(…)` it runs in, or `< FILE` of a file the line shows
		// (`bash < <(echo …)`, `sh < x.sh` after writing x.sh); heredocs were read above.
		const piped =
			!readsStdin || raw.stdinScripts.length > 0 ? undefined : this.stdinShown(raw, outer);
		if (piped !== undefined && interpreterReadsStdin(argv) === undefined) {
			this.reparse(piped, { ...inner, origin: 'pipedScript', dialect: 'bash' });
		}
		if (POSIX_SHELLS.has(runner) || ['eval', 'source', '.'].includes(runner)) {
			for (const word of argv.slice(1)) {
				const literal = substitutedLiteral(word);
				if (literal !== undefined) {
					this.reparse(literal, { ...inner, origin: 'pipedScript', dialect: 'bash' });
				}
			}
		}
		for (const file of this.filesRun(argv, env)) {
			// A process substitution among the command's words was read above; one given as `BASH_ENV=<(…)` was not.
			const text =
				this.writtenFiles.get(fileKey(file)) ??
				(argv.includes(file) ? undefined : substitutedLiteral(file));
			if (text !== undefined) {
				this.reparse(text, { ...inner, origin: 'shellString', dialect: 'bash' });
			}
			const download = this.downloadedFiles.get(file);
			const runner = inner.parent === undefined ? undefined : this.commands[inner.parent];
			if (download !== undefined && runner && inner.parent !== undefined) {
				this.commands[inner.parent] = { ...runner, scriptFrom: download };
			}
		}
	}

	/**
	 * Commands a runner will run for the caller (`git rebase -x CMD`, `git bisect run CMD…`, `make -f -`, `at now`,
	 * `emacs --eval`), read from its words, from a file the line wrote or shows, or from what it is fed.
	 */
	private readRunnerJobs(
		raw: RawCommand,
		argv: readonly string[],
		inner: WalkContext,
		outer: WalkContext,
	): void {
		for (const job of runnerJobs(argv)) {
			if (job.kind === 'words') {
				this.add(
					{
						argv: job.argv,
						text: job.argv.map(quoteForDisplay).join(' '),
						redirects: [],
						stdinScripts: [],
					},
					{ ...inner, origin: 'exec' },
				);
				continue;
			}
			const text =
				job.kind === 'text'
					? job.text
					: job.kind === 'file'
						? this.shownFileText(job.file)
						: this.stdinShown(raw, outer);
			for (const line of text === undefined ? [] : jobCommands(text, job.language)) {
				this.reparse(line, {
					...inner,
					origin: job.kind === 'stdin' ? 'pipedScript' : 'shellString',
					dialect: 'bash',
				});
			}
		}
	}

	/** `npm run x` of a script the line defined: npm runs `prex`, `x` and `postx` in a shell. */
	private readPackageScript(argv: readonly string[], inner: WalkContext): void {
		const name = scriptRun(argv, (script) => this.packageScript(script) !== undefined);
		for (const script of name === undefined ? [] : [`pre${name}`, name, `post${name}`]) {
			const text = this.packageScript(script);
			if (text !== undefined) {
				this.reparse(text, { ...inner, origin: 'shellString', dialect: 'bash' });
			}
		}
	}

	/** The text of a package script the line defined, or wrote into `package.json`. */
	private packageScript(name: string): string | undefined {
		const written = this.writtenFiles.get('package.json');
		return (
			this.definedScripts.get(name) ??
			(written === undefined
				? undefined
				: scriptsInPackageJson(written).find(([script]) => script === name)?.[1])
		);
	}

	/** The text of a file the line shows: one it wrote earlier (`printf … > job`), or a process substitution's output. */
	private shownFileText(file: string): string | undefined {
		return this.writtenFiles.get(fileKey(file)) ?? substitutedLiteral(file);
	}

	/** What the line feeds a command's stdin, when it shows it: heredocs, a here-string, an earlier pipe stage, `< file`. */
	private stdinShown(raw: RawCommand, outer: WalkContext): string | undefined {
		if (raw.stdinScripts.length > 0) {
			return raw.stdinScripts.join('\n');
		}
		const piped =
			outer.pipeline && outer.pipeline.stage > 0 ? this.pipedText(outer) : this.fedText(outer);
		const from = raw.redirects.find((redirect) => /^0?<$/.test(redirect.operator))?.target;
		return piped ?? (from === undefined ? undefined : this.shownFileText(from));
	}

	/** Files a command runs as shell scripts: `bash FILE`, `source FILE`, `BASH_ENV=FILE bash`, `bash --rcfile FILE -i`, `./FILE`. */
	private filesRun(argv: readonly string[], env: Readonly<Record<string, string>>): string[] {
		const name = programName(argv[0] ?? '');
		const files: string[] = [];
		if (this.writtenFiles.has(fileKey(argv[0] ?? '')) || this.downloadedFiles.has(argv[0] ?? '')) {
			files.push(argv[0] ?? '');
		}
		// An interpreter runs the script file named as its first operand (`python3 setup.py`); awk's is program text.
		const language = interpreterLanguage(argv[0] ?? '');
		if (language !== undefined && language !== 'awk') {
			const script = argv.slice(1).find((word) => !word.startsWith('-'));
			if (script !== undefined && this.downloadedFiles.has(script)) {
				files.push(script);
			}
		}
		if (POSIX_SHELLS.has(name) || name === 'source' || name === '.') {
			const operand = argv
				.slice(1)
				.find(
					(word, at, all) =>
						!word.startsWith('-') && !/^--(?:rcfile|init-file)$/.test(all[at - 1] ?? ''),
				);
			if (operand !== undefined) {
				files.push(operand);
			}
			argv.forEach((word, at) => {
				if (/^--(?:rcfile|init-file)$/.test(word)) {
					files.push(argv[at + 1] ?? '');
				} else if (/^--(?:rcfile|init-file)=/.test(word)) {
					files.push(word.slice(word.indexOf('=') + 1));
				}
			});
			for (const variable of ['BASH_ENV', 'ENV']) {
				if (env[variable] !== undefined) {
					files.push(env[variable]);
				}
			}
		}
		return files;
	}

	/** Interpreter code a command runs from its words, heredocs or a pipe. */
	private readCode(
		raw: RawCommand,
		argv: readonly string[],
		stdinText: string | undefined,
		inner: WalkContext,
		outer: WalkContext,
	): void {
		const stdinLanguage = interpreterReadsStdin(argv);
		const code = interpreterCode(argv) ?? this.writtenScript(argv);
		const codes = [
			...(code ? [code] : []),
			...(stdinLanguage
				? raw.stdinScripts.map((body) => ({ language: stdinLanguage, code: body }))
				: []),
		];
		if (
			stdinLanguage &&
			raw.stdinScripts.length === 0 &&
			(outer.pipeline || outer.fedBy !== undefined) &&
			stdinText !== undefined
		) {
			codes.push({ language: stdinLanguage, code: stdinText });
		}
		// `node -p CODE` prints the value of the code it runs.
		const printsResult = argv.some((word) => /^(?:-p|--print)(?:=|$)/.test(word));
		for (const effect of codes.flatMap((code) => [
			...(codeOnlyKnownAtRunTime(code) ?? this.readParsedCode?.(code) ?? codeEffects(code)),
			...environmentPrints(code, printsResult && code.language === 'javascript'),
		])) {
			if (effect.shell !== undefined) {
				this.reparse(effect.shell, { ...inner, origin: 'interpreter', dialect: 'bash' });
			} else if (effect.argv) {
				this.add(
					{ argv: effect.argv, text: effect.text, redirects: [], stdinScripts: [] },
					{ ...inner, origin: 'interpreter' },
				);
			}
		}
	}

	/** A script file the line wrote before an interpreter runs it (`cat <<EOF > x.py … && python3 x.py`), as code. */
	private writtenScript(argv: readonly string[]): InterpreterCode | undefined {
		const language = interpreterLanguage(argv[0] ?? '');
		if (language === undefined || language === 'awk' || language === 'sed') {
			return undefined;
		}
		const script = argv.slice(1).find((word) => !word.startsWith('-'));
		const text = script === undefined ? undefined : this.writtenFiles.get(fileKey(script));
		return text === undefined ? undefined : { language, code: text };
	}

	private push(
		raw: RawCommand,
		wrappers: readonly string[],
		context: WalkContext,
		word: Pick<
			SimpleCommand,
			'writtenAs' | 'dynamicWord' | 'env' | 'stdinText' | 'cwd' | 'cwdUnknown'
		>,
	): number {
		const command: SimpleCommand = {
			...word,
			argv: raw.argv,
			text: raw.text,
			wrappers,
			origin: context.origin,
			redirects: raw.redirects,
			dialect: context.dialect,
			...(context.pipeline ? { pipeline: context.pipeline } : {}),
			...(context.parent !== undefined ? { parent: context.parent } : {}),
			...(context.fedBy !== undefined ? { fedBy: context.fedBy } : {}),
			...(context.inFunction !== undefined ? { inFunction: context.inFunction } : {}),
			...(context.subshell !== undefined ? { subshell: context.subshell } : {}),
			...(context.functionScope !== undefined ? { functionScope: context.functionScope } : {}),
			...(context.background ? { background: true } : {}),
			...(context.argsFromInput && { argsFromInput: true }),
			...(context.maybeRun && { maybeRun: true }),
			...(context.container && { container: context.container }),
		};
		this.commands.push(command);
		return this.commands.length - 1;
	}
}

/**
 * Code that is only a shell variable the line does not set (`python3 -c "$CODE"`): nothing to read, in every language
 * alike (`$CODE` is valid JavaScript, Ruby and PHP but a syntax error in Python, which the parser would ask about).
 * Like the shell, which reads `bash -c "$CMD"`'s unknown word, this leaves it to the judges of the words it has.
 */
function codeOnlyKnownAtRunTime(code: InterpreterCode): CodeEffect[] | undefined {
	return /^\s*\$\{?[A-Za-z_]\w*\}?\s*$/.test(code.code) ? [] : undefined;
}

/** A file's name as the line's memory of written files keys it: `./x.sh` and `x.sh` are one file. */
function fileKey(file: string): string {
	return file.replace(/^(?:\.\/+)+/, '');
}

/** A bare command of `argv`, to ask what it would do with its words. */
function asCommand(argv: readonly string[]): SimpleCommand {
	return { argv, text: argv.join(' '), wrappers: [], origin: 'xargs', redirects: [] };
}

/** Quotes a word for display only when it would otherwise read as several words. */
function quoteForDisplay(word: string): string {
	return /^[\w@%+=:,./{}-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
