import type { SimpleCommand } from './commandLine';
import { embeddedScript, POSIX_SHELLS } from './embeddedScripts';
import { interpreterCode, interpreterLanguage } from './interpreterCode';
import { powerShellCmdlet } from './powershellCmdlets';
import { programName } from './programName';
import { programsWith } from '../programs/vocabulary';
import { setBuiltOnFirstUse } from '../../util/setBuiltOnFirstUse';

function nameOf(command: SimpleCommand): string {
	const name = programName(command.argv[0] ?? '');
	return command.dialect === 'powershell' ? powerShellCmdlet(name) : name;
}

/** Programs that run a word they are given as code: shells, interpreters, `eval`, `source`, `iex`, `watch`. */
const RUNS_ARGUMENT: ReadonlySet<string> = setBuiltOnFirstUse(() => [
	...programsWith('shell'),
	...programsWith('interpreter'),
	...programsWith('runsCommands', 'shellText'),
	...programsWith('runsCommands', 'script'),
]);

/** Whether a command runs code handed to it as an argument (`bash <(…)`, `sh -c "$(…)"`, `eval`, `source`, `iex (…)`). */
export function runsArgument(command: SimpleCommand): boolean {
	const name = nameOf(command);
	return RUNS_ARGUMENT.has(name) || interpreterLanguage(name) !== undefined;
}

/**
 * Programs that run a subcommand or program their words name (`xargs git`, `xargs make`, `xargs sudo`): given unknown
 * words, they may run anything.
 */
const SUBCOMMAND_RUNNERS: ReadonlySet<string> = setBuiltOnFirstUse(() => [
	...programsWith('runsCommands'),
	...programsWith('projectRunner'),
	...programsWith('interpreter'),
]);

/** Whether the input fills in part of a word (`{}` stands for every replace string a job runner uses). */
function hasInput(word: string): boolean {
	return word.includes('{}');
}
/** An option whose name (not value) the input fills in: `--{}`, `-{}`, `-M{}`, but not `--format={}`. */
const OPTION_FROM_INPUT = /^-+[^=]*\{\}/;

/** Whether a shell or interpreter runs code that comes from input: its code slot is missing, or built from input. */
function codeFromInput(command: SimpleCommand): boolean {
	const { argv } = command;
	if (argv.slice(1).some((word) => OPTION_FROM_INPUT.test(word))) {
		return true;
	}
	const name = nameOf(command);
	if (['eval', 'source', '.'].includes(name)) {
		return argv.length === 1 || argv.slice(1).some((word) => hasInput(word));
	}
	if (POSIX_SHELLS.has(name) && argv.some((word) => /^-[a-zA-Z]*n[a-zA-Z]*$/.test(word))) {
		return false;
	}
	const script = embeddedScript(argv);
	const code = interpreterCode(argv);
	const text = script?.text ?? code?.code;
	if (text !== undefined) {
		// perl and ruby keep reading switches after their code unless `--` ends them: appended input may be one.
		const switchesAfterCode = ['perl', 'ruby'].includes(name) && !argv.includes('--');
		return hasInput(text) || switchesAfterCode;
	}
	// No code string: the first word that is not an option (nor an option's value) is the script file, or input is.
	const operand = argv
		.slice(1)
		.find((word, at, words) => !word.startsWith('-') && !/^-[WXQ]$/.test(words[at - 1] ?? ''));
	return operand === undefined || hasInput(operand);
}

/**
 * Whether words a job runner reads from input may become code: the program itself, a shell's or interpreter's code,
 * or the subcommand or an option name of a program that runs what it is told (`xargs git`, `xargs -I{} git {}`).
 */
export function runsInputAsCode(command: SimpleCommand): boolean {
	if (hasInput(command.argv[0] ?? '')) {
		return true;
	}
	if (runsArgument(command)) {
		return codeFromInput(command);
	}
	const [, first = '', ...rest] = command.argv;
	const words = [first, ...rest];
	const end = words.indexOf('--');
	// For git, an input word before `--` may itself be an option (`git reset {}` becomes `git reset --hard`).
	const bareInput =
		nameOf(command) === 'git' &&
		words.slice(0, end < 0 ? undefined : end).some((word) => word === '{}');
	return (
		SUBCOMMAND_RUNNERS.has(nameOf(command)) &&
		(command.argv.length === 1 ||
			hasInput(first) ||
			bareInput ||
			words.some((word) => OPTION_FROM_INPUT.test(word)))
	);
}
