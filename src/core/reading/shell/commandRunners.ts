/*
 * Programs that run a command for you, one entry each: which verb and which options or operands carry the command,
 * and how it is carried (words run as they are, a shell line, a makefile, Emacs Lisp, a file holding one, stdin).
 * `git rebase --exec`, `git bisect run`, `make -f -`, `emacs --eval`, `at` and the file watchers are all read the
 * same way from here; adding a runner is adding an entry.
 */
import { GIT_GLOBAL, gitSubcommand } from '../programs/git';
import { given, type OptionGrammar, parseOptions, valuesOf } from '../programs/optionGrammar';
import { forfilesCommand } from './forfiles';
import { programName } from './programName';

/** The language a runner's job is written in: shell text, a makefile (recipes run in sh), or Emacs Lisp. */
export type JobLanguage = 'shell' | 'makefile' | 'lisp';

/** One command a runner will run, as the line shows it. */
export type RunnerJob =
	/** Text in a language the runner reads (`--exec 'make test'`, `--eval '(shell-command …)'`). */
	| { readonly kind: 'text'; readonly text: string; readonly language: JobLanguage }
	/** Words it runs as a program and arguments (`git bisect run make test`). */
	| { readonly kind: 'words'; readonly argv: readonly string[] }
	/** A file whose text it runs (`at -f job.sh`, `make -f build.mk`); `-` is stdin. */
	| { readonly kind: 'file'; readonly file: string; readonly language: JobLanguage }
	/** What it is fed on stdin (`echo 'make' | at now`). */
	| { readonly kind: 'stdin'; readonly language: JobLanguage };

/** How one runner carries its command. */
interface CommandRunner {
	readonly programs: readonly string[];
	/** Options the program reads before its verb. */
	readonly global?: OptionGrammar;
	/** The words that must start the call after the global options (`['bisect', 'run']`); the rest is read below. */
	readonly verb?: readonly string[];
	/** How the words after the verb are read. */
	readonly grammar?: OptionGrammar;
	/** Options (as the grammar names them) whose value is a job, with its language. */
	readonly jobOptions?: Readonly<Record<string, JobLanguage>>;
	/** The operands are the job: words run directly, or joined into one shell line. */
	readonly operands?: 'words' | 'shell';
	/** The operands are the job only when this option is given (`entr -s`). */
	readonly operandsWith?: string;
	/** Only the words after `--` are the job; operands before it are the runner's own. */
	readonly afterDashes?: boolean;
	/** Options whose value names a file holding a job, with its language; `-` names stdin. */
	readonly fileOptions?: Readonly<Record<string, JobLanguage>>;
	/** The job comes from stdin when no file option names one, unless one of `onlyAsks` is given. */
	readonly stdin?: JobLanguage;
	/** Options that make the call list, print or remove jobs instead of running one (`at -l`). */
	readonly onlyAsks?: readonly string[];
}

const GIT = { programs: ['git'], global: GIT_GLOBAL } as const;

// Options of git's subcommands whose value git runs as a shell command line (see each subcommand's manual).
const GIT_RUNNERS: readonly CommandRunner[] = [
	{
		...GIT,
		verb: ['rebase'],
		grammar: { shortValues: 'xsXC', longValues: ['exec', 'onto', 'strategy', 'strategy-option'] },
		jobOptions: { x: 'shell', exec: 'shell' },
	},
	{ ...GIT, verb: ['bisect', 'run'], grammar: { optionsFirst: true }, operands: 'words' },
	{
		...GIT,
		verb: ['submodule', 'foreach'],
		grammar: { optionsFirst: true },
		operands: 'shell',
	},
	{
		...GIT,
		verb: ['difftool'],
		grammar: { shortValues: 'xt', longValues: ['extcmd', 'tool'] },
		jobOptions: { x: 'shell', extcmd: 'shell' },
	},
	{
		...GIT,
		verb: ['filter-branch'],
		grammar: {
			longValues: [
				'env-filter',
				'tree-filter',
				'index-filter',
				'parent-filter',
				'msg-filter',
				'commit-filter',
				'tag-name-filter',
				'setup',
			],
		},
		jobOptions: {
			'env-filter': 'shell',
			'tree-filter': 'shell',
			'index-filter': 'shell',
			'parent-filter': 'shell',
			'msg-filter': 'shell',
			'commit-filter': 'shell',
			'tag-name-filter': 'shell',
			setup: 'shell',
		},
	},
	{
		...GIT,
		verb: ['grep'],
		grammar: { shortValues: 'Oef', longValues: ['open-files-in-pager'] },
		jobOptions: { O: 'shell', 'open-files-in-pager': 'shell' },
	},
	// The program that serves the other end of a transport; for a local path or `ext::` it runs on this machine.
	...['clone', 'fetch', 'pull', 'ls-remote'].map((verb): CommandRunner => ({
		...GIT,
		verb: [verb],
		grammar: { shortValues: 'u', longValues: ['upload-pack'] },
		jobOptions: { u: 'shell', 'upload-pack': 'shell' },
	})),
	{
		...GIT,
		verb: ['push'],
		grammar: { longValues: ['receive-pack', 'exec'] },
		jobOptions: { 'receive-pack': 'shell', exec: 'shell' },
	},
];

// GNU make: `-f FILE` (`-` is stdin) is a makefile, `--eval TEXT` (`-E`) a line of one; recipes run in sh.
const MAKE: CommandRunner = {
	programs: ['make', 'gmake'],
	grammar: {
		shortValues: 'CfIoWE',
		longValues: [
			'directory',
			'file',
			'makefile',
			'include-dir',
			'old-file',
			'assume-old',
			'what-if',
			'new-file',
			'assume-new',
			'eval',
		],
		longs: ['directory', 'file', 'makefile', 'eval', 'include-dir', 'old-file', 'new-file'],
	},
	jobOptions: { E: 'makefile', eval: 'makefile' },
	fileOptions: { f: 'makefile', file: 'makefile', makefile: 'makefile' },
};

// `at`/`batch` read the job from stdin, or from `-f FILE`; `-l`, `-r`, `-d`, `-c` only list, remove or print jobs.
const AT: CommandRunner = {
	programs: ['at', 'batch'],
	grammar: { shortValues: 'qftT' },
	fileOptions: { f: 'shell' },
	stdin: 'shell',
	onlyAsks: ['l', 'r', 'd', 'c', 'V'],
};

// Editors that evaluate code given on their command line (vim's `-c`/`+` are in optionCommands.ts).
const EMACS: CommandRunner = {
	programs: ['emacs', 'emacsclient'],
	grammar: {
		singleDashLongs: true,
		longValues: [
			'eval',
			'execute',
			'e',
			'load',
			'l',
			'funcall',
			'f',
			'file',
			'insert',
			'directory',
		],
	},
	// `emacsclient -e` evaluates too.
	jobOptions: { eval: 'lisp', execute: 'lisp', e: 'lisp' },
};

// File watchers that run a command on every change.
const WATCHERS: readonly CommandRunner[] = [
	{
		programs: ['watchexec'],
		grammar: {
			shortValues: 'wWefisdEo',
			longValues: [
				'watch',
				'watch-non-recursive',
				'exts',
				'filter',
				'ignore',
				'signal',
				'debounce',
				'shell',
				'env',
				'on-busy-update',
				'stop-signal',
				'stop-timeout',
				'delay-run',
				'workdir',
				'project-origin',
				'emit-events-to',
				'filter-file',
				'ignore-file',
			],
			optionsFirst: true,
		},
		operands: 'shell',
	},
	// `entr -s 'make test'` hands its operand to a shell; without `-s` it is a wrapper (wrappers.ts).
	{ programs: ['entr'], grammar: { optionsFirst: true }, operands: 'shell', operandsWith: 's' },
	{
		programs: ['chokidar', 'chokidar-cli'],
		grammar: { shortValues: 'cdti', longValues: ['command', 'debounce', 'throttle', 'ignore'] },
		jobOptions: { c: 'shell', command: 'shell' },
	},
	{
		programs: ['reflex'],
		grammar: {
			shortValues: 'rRgGc',
			longValues: ['regex', 'inverse-regex', 'glob', 'config'],
			optionsFirst: true,
		},
		operands: 'words',
	},
	{
		programs: ['watchman-make'],
		grammar: { shortValues: 'ptr', longValues: ['pattern', 'target', 'run', 'make', 'root'] },
		jobOptions: { r: 'shell', run: 'shell' },
	},
	// `onchange 'src/**' -- npm test`: the globs come first, the command after `--`.
	{ programs: ['onchange'], grammar: { shortValues: 'ekd' }, operands: 'words', afterDashes: true },
];

// `wsl [-d distro] [-u user] [--exec] cmd…` runs a command in a Linux distribution; its own verbs run none.
const WSL: CommandRunner = {
	programs: ['wsl'],
	grammar: {
		shortValues: 'du',
		longValues: ['distribution', 'user', 'cd', 'shell-type'],
		optionsFirst: true,
	},
	operands: 'words',
	onlyAsks: [
		'unregister',
		'uninstall',
		'install',
		'list',
		'l',
		'export',
		'import',
		'import-in-place',
		'shutdown',
		'terminate',
		't',
		'set-default',
		's',
		'set-version',
		'set-default-version',
		'status',
		'update',
		'version',
		'help',
		'mount',
		'unmount',
	],
};

const RUNNERS: readonly CommandRunner[] = [...GIT_RUNNERS, MAKE, AT, EMACS, ...WATCHERS, WSL];

/** The words after the runner's verb, or `undefined` when the call does not start with that verb. */
function wordsAfterVerb(
	runner: CommandRunner,
	argv: readonly string[],
): readonly string[] | undefined {
	const args = argv.slice(1);
	if (runner.verb === undefined) {
		return args;
	}
	// git's own subcommand reader: global options, aliases the line defines, abbreviated long options written out.
	const sub =
		runner.programs.includes('git') && programName(argv[0] ?? '') === 'git'
			? gitSubcommand(args)
			: undefined;
	const words = sub ? [sub.name, ...sub.args] : args;
	const [first, ...rest] = runner.verb;
	if (words[0] !== first) {
		return undefined;
	}
	return rest.every((word, at) => words[at + 1] === word)
		? words.slice(runner.verb.length)
		: undefined;
}

/** The jobs one runner entry finds in a call's words after its verb. */
function jobsOf(runner: CommandRunner, words: readonly string[]): RunnerJob[] {
	const parsed = parseOptions(words, runner.grammar);
	if (runner.onlyAsks && given(parsed, ...runner.onlyAsks)) {
		return [];
	}
	const jobs: RunnerJob[] = [];
	for (const [name, language] of Object.entries(runner.jobOptions ?? {})) {
		jobs.push(
			...valuesOf(parsed, name).map((text): RunnerJob => ({ kind: 'text', text, language })),
		);
	}
	const files = Object.entries(runner.fileOptions ?? {}).flatMap(([name, language]) =>
		valuesOf(parsed, name).map((file): RunnerJob =>
			file === '-' ? { kind: 'stdin', language } : { kind: 'file', file, language },
		),
	);
	jobs.push(...files);
	const operands = runner.afterDashes
		? words.slice(words.indexOf('--') + 1 || words.length)
		: parsed.operands;
	const operandsCarry =
		runner.operands !== undefined &&
		(runner.operandsWith === undefined || given(parsed, runner.operandsWith));
	if (operandsCarry && operands.length > 0) {
		jobs.push(
			runner.operands === 'words'
				? { kind: 'words', argv: operands }
				: { kind: 'text', text: operands.join(' '), language: 'shell' },
		);
	}
	if (runner.stdin !== undefined && files.length === 0) {
		jobs.push({ kind: 'stdin', language: runner.stdin });
	}
	return jobs;
}

/**
 * The commands a program will run for the caller, as its words carry them (`git rebase -x 'make test'`, `make -f -`,
 * `at now -f job.sh`, `emacs --eval '(shell-command …)'`, `watchexec -- make`); none for any other program.
 */
export function runnerJobs(argv: readonly string[]): RunnerJob[] {
	const name = programName(argv[0] ?? '');
	// `forfiles /c "cmd /c del @path"` fills its placeholders in, so its reader is a function of its own.
	const perFile = forfilesCommand(argv);
	if (perFile !== undefined) {
		return [{ kind: 'text', text: perFile, language: 'shell' }];
	}
	return RUNNERS.filter((runner) => runner.programs.includes(name)).flatMap((runner) => {
		const words = wordsAfterVerb(runner, argv);
		return words === undefined ? [] : jobsOf(runner, words);
	});
}

/** Whether a program runs what it is fed on stdin as a job (`at`, `batch`, `make -f -`), and in which language. */
export function runsStdinAs(argv: readonly string[]): JobLanguage | undefined {
	const job = runnerJobs(argv).find((found) => found.kind === 'stdin');
	return job?.kind === 'stdin' ? job.language : undefined;
}
