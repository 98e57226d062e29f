import type { SimpleCommand } from '../shell/commandLine';
import { readsScriptFromStdin } from '../shell/embeddedScripts';
import { runsArgument, runsInputAsCode } from '../shell/inputAsCode';
import { isDecoder, literalOutput } from '../shell/fedScripts';
import { DECODED_CODE, interpreterReadsStdin, UNRESOLVED_CODE } from '../shell/interpreterCode';
import { powerShellCmdlet } from '../shell/powershellCmdlets';
import { programName } from '../shell/programName';
import { DOWNLOADERS } from '../programs/downloaders';
import { programCall } from '../programs/programModel';
import type { Effect, EffectSubject } from '../../terms/effect';

function nameOf(command: SimpleCommand): string {
	const name = programName(command.argv[0] ?? '');
	return command.dialect === 'powershell' ? powerShellCmdlet(name) : name;
}

function isDownloader(command: SimpleCommand): boolean {
	const name = nameOf(command);
	return (
		DOWNLOADERS.has(name) ||
		(name === 'new-object' && command.argv.some((word) => /webclient/i.test(word)))
	);
}

/** Whether a command runs the script it reads on stdin (`sh`, `bash -s`, `iex`, `python -`). */
function runsStdin(command: SimpleCommand): boolean {
	return (
		nameOf(command) === 'invoke-expression' ||
		readsScriptFromStdin(command.argv) ||
		interpreterReadsStdin(command.argv) !== undefined
	);
}

/** Earlier stages of the pipeline `command` belongs to, in the same shell, nearest last; or the writer into its `>(…)`. */
function earlierStages(command: SimpleCommand, all: readonly SimpleCommand[]): SimpleCommand[] {
	const writer = command.fedBy === undefined ? undefined : all[command.fedBy];
	if (writer) {
		return [writer];
	}
	const pipeline = command.pipeline;
	if (!pipeline || pipeline.stage === 0) {
		return [];
	}
	return all.filter(
		(other) =>
			other.pipeline?.id === pipeline.id &&
			other.pipeline.stage < pipeline.stage &&
			other.origin === command.origin,
	);
}

/** Substitutions (`$(…)`, `<(…)`) whose output becomes words of the command at `index`. */
function substitutionsOf(index: number, all: readonly SimpleCommand[]): SimpleCommand[] {
	return all.filter(
		(other) =>
			other.parent === index &&
			(other.origin === 'substitution' || other.origin === 'processSubstitution'),
	);
}

/** Whether the reader already read the text a command runs (`echo 'rm -rf /' | sh` became its own sub-commands). */
function textWasRead(index: number, all: readonly SimpleCommand[]): boolean {
	return all.some(
		(other) =>
			other.parent === index &&
			(other.origin === 'pipedScript' ||
				other.origin === 'interpreter' ||
				other.origin === 'heredoc' ||
				other.origin === 'shellString'),
	);
}

/**
 * Where the code a runner runs comes from when the line does not show it: downloaded, decoded, produced by another
 * program at run time, or read from input. `undefined` when the code is shown (and was read) or nothing hidden runs.
 */
function hiddenSource(
	command: SimpleCommand,
	index: number,
	all: readonly SimpleCommand[],
):
	| { readonly subject: EffectSubject; readonly from?: SimpleCommand; readonly action?: string }
	| undefined {
	if (command.origin === 'interpreter' && command.argv[0] === DECODED_CODE) {
		return { subject: 'decodedCode' };
	}
	if (command.origin === 'interpreter' && command.argv[0] === UNRESOLVED_CODE) {
		return {
			subject: 'runtimeCode',
			action: `runs interpreter code that cannot be read before it runs (${command.argv[1] ?? ''})`,
		};
	}
	const script = command.scriptFrom === undefined ? undefined : all[command.scriptFrom];
	if (script && isDownloader(script)) {
		return { subject: 'downloadedCode', from: script };
	}
	const stages = runsStdin(command) ? earlierStages(command, all) : [];
	// A substitution that named the program itself (`$(which node) --version`) is not code the program runs.
	const substituted = runsArgument(command)
		? substitutionsOf(index, all).filter((other) => !(command.writtenAs ?? '').includes(other.text))
		: [];
	const download = [...stages, ...substituted].find(isDownloader);
	if (download) {
		return { subject: 'downloadedCode', from: download };
	}
	const decoded = [...stages, ...substituted].find(isDecoder);
	if (decoded) {
		return { subject: 'decodedCode', from: decoded };
	}
	if (textWasRead(index, all)) {
		return undefined;
	}
	const source = stages.at(-1);
	if (source && literalOutput(source) === undefined) {
		return { subject: 'runtimeCode', from: source };
	}
	const generator = substituted.find(
		(other) => literalOutput(other) === undefined && !isShellSetup(command, other, all),
	);
	if (generator) {
		return { subject: 'runtimeCode', from: generator };
	}
	return undefined;
}

/**
 * Tools whose documented use is `eval "$(tool init …)"` (version managers, prompts, completions): what they print
 * sets up the shell, from the tool's own code. Known only in that exact form: one plain call, evaluated directly.
 */
const SHELL_SETUP: Readonly<Record<string, RegExp>> = {
	rbenv: /^init$/,
	pyenv: /^(?:init|virtualenv-init)$/,
	nodenv: /^init$/,
	jenv: /^init$/,
	goenv: /^init$/,
	plenv: /^init$/,
	fnm: /^env$/,
	direnv: /^hook$/,
	starship: /^init$/,
	zoxide: /^init$/,
	brew: /^shellenv$/,
	mise: /^(?:activate|env)$/,
	rtx: /^activate$/,
	atuin: /^init$/,
	'oh-my-posh': /^init$/,
	thefuck: /^--alias$/,
	conda: /^shell\.\w+$/,
	micromamba: /^shell$/,
	opam: /^env$/,
	luarocks: /^path$/,
	dircolors: /^(?:-b|-c|--sh|--bourne-shell)?$/,
	kubectl: /^completion$/,
	helm: /^completion$/,
	gh: /^completion$/,
	rustup: /^completions$/,
	npm: /^completion$/,
	'ssh-agent': /^-[sc]$/,
};

/** Whether `generator`, substituted into `runner`, is a shell-setup tool in its documented `eval "$(tool init)"` form. */
function isShellSetup(
	runner: SimpleCommand,
	generator: SimpleCommand,
	all: readonly SimpleCommand[],
): boolean {
	const verb = SHELL_SETUP[programName(generator.argv[0] ?? '')];
	const plain = (command: SimpleCommand) =>
		command.wrappers.length === 0 &&
		command.env === undefined &&
		command.redirects.length === 0 &&
		!command.pipeline;
	const alone =
		all.filter((other) => other.parent === generator.parent && other.origin === generator.origin)
			.length === 1;
	return (
		verb !== undefined &&
		verb.test(generator.argv[1] ?? '') &&
		plain(generator) &&
		plain(runner) &&
		alone
	);
}

const ACTIONS: Readonly<Record<string, string>> = {
	downloadedCode: 'runs code it downloads, without anyone reading it first',
	decodedCode: 'runs code it decodes first, which hides what it does',
	runtimeCode:
		'runs code another program produces when the line runs, which the line does not show',
	inputCode: 'runs code or a program read from its input, which the line does not show',
};

/**
 * Effects of code a command runs that the line does not show: a download or decoded text piped or substituted into
 * a shell or interpreter, a script fed from a file or program output, `eval "$(…)"`, a shell string that is only a
 * variable, and a job runner that builds its command from input.
 */
export function hiddenCodeEffects(
	command: SimpleCommand,
	index: number,
	all: readonly SimpleCommand[],
): Effect[] {
	const call = programCall(command, nameOf(command), index);
	const effects: Effect[] = [];
	const hidden = hiddenSource(command, index, all);
	if (hidden) {
		const by = hidden.from ? ` (from \`${hidden.from.text}\`)` : '';
		effects.push(
			call.effect({
				kind: 'exec',
				subject: hidden.subject,
				action: hidden.action ?? `${ACTIONS[hidden.subject] ?? ''}${by}`,
			}),
		);
	}
	if (command.dynamicWord && runsUnknownProgram(command, all)) {
		effects.push(
			call.effect({
				kind: 'exec',
				subject: 'runtimeCode',
				action: `runs \`${command.writtenAs ?? command.argv[0] ?? ''}\`, a command known only when the line runs`,
			}),
		);
	}
	if (command.origin === 'exec' && command.argv[0] === '{}') {
		effects.push(
			call.effect({
				kind: 'exec',
				subject: 'runtimeCode',
				action: 'runs every file `find` matches as a program',
			}),
		);
	}
	if (command.argsFromInput && runsInputAsCode(command)) {
		effects.push(
			call.effect({ kind: 'exec', subject: 'inputCode', action: ACTIONS.inputCode ?? '' }),
		);
	}
	return effects;
}

/** Words that make a program named only at run time look destructive (`$X -rf /`, `${CMD} --force`). */
const DESTRUCTIVE_LOOKING =
	/^-[a-zA-Z]*[rRfdD]|^--(?:force|recursive|hard|delete|mirror|no-preserve-root)$|^\+\S/;

/**
 * Whether a command word known only at run time runs something that matters: a shell string that is only that word,
 * a word alone, or one with destructive-looking arguments. `eval "$(rbenv init -)"` is a known shell-setup tool.
 */
function runsUnknownProgram(command: SimpleCommand, all: readonly SimpleCommand[]): boolean {
	const parent = command.parent === undefined ? undefined : all[command.parent];
	if (
		parent &&
		command.origin === 'shellString' &&
		hiddenSource(parent, command.parent ?? -1, all) === undefined &&
		substitutionsOf(command.parent ?? -1, all).some((generator) =>
			isShellSetup(parent, generator, all),
		)
	) {
		return false;
	}
	return (
		command.origin === 'shellString' ||
		command.argv.length === 1 ||
		command.argv.slice(1).some((word) => DESTRUCTIVE_LOOKING.test(word))
	);
}
