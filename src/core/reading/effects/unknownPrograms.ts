import type { SimpleCommand } from '../shell/commandLine';
import { POSIX_SHELLS, POWERSHELLS } from '../shell/embeddedScripts';
import { interpreterCode, interpreterLanguage } from '../shell/interpreterCode';
import { programName } from '../shell/programName';
import { powerShellCmdlet } from '../shell/powershellCmdlets';
import { fileServers } from '../programs/fileServers';
import { programCall } from '../programs/programModel';
import { handedPaths } from '../programs/handedPaths';
import { INERT, isPackageQuery } from '../programs/inertPrograms';
import { programModel } from '../programs/programTable';
import { isHookwardenBridge, personOnlyOptions } from '../programs/hookwardenCommands';
import { readVerbs } from '../programs/verbs';
import { programsThatRunCode, serviceOf } from '../programs/vocabulary';
import type { Effect } from '../../terms/effect';

/** Shells, interpreters and runners run their words as code, which the shell reader follows; they read no operand here. */
const RUNS_CODE = programsThatRunCode();

/** Whether a program runs its words as code, by its name or its family's (`python3.12`). */
function runsCode(name: string): boolean {
	return RUNS_CODE.has(name) || interpreterLanguage(name) !== undefined;
}

/**
 * An interpreter running a script file (`node tool.js --key ~/.ssh/id_rsa`): the words after the script are given to
 * code the line does not show, which likely reads them. Inline code and shells are read as code instead.
 */
function scriptArguments(
	command: SimpleCommand,
	index: number,
	read: (command: SimpleCommand, index: number) => Effect[],
): Effect[] {
	const name = programName(command.argv[0] ?? '');
	if (POSIX_SHELLS.has(name) || POWERSHELLS.has(name)) {
		return shellScript(command, index);
	}
	if (interpreterLanguage(name) === undefined || interpreterCode(command.argv) !== undefined) {
		return [];
	}
	const served = fileServers(programCall(command, name, index));
	if (served.length > 0) {
		return [...served];
	}
	const script = command.argv.findIndex((word, at) => at > 0 && !word.startsWith('-'));
	if (script < 0) {
		return [];
	}
	const scriptPath = command.argv[script] ?? '';
	if (isHookwardenBridge(scriptPath)) {
		return personOnlyOptions(programCall(command, name, index), command.argv.slice(script + 1));
	}
	// A script Hookwarden has a model for (`python manage.py flush`, `php artisan db:wipe`) reads as that program.
	if (programModel(programName(command.argv[script] ?? ''))) {
		return wrapped(command, index, script, read);
	}
	return [
		unread(
			command,
			index,
			'scriptFile',
			`runs the script \`${command.argv[script] ?? ''}\`, which Hookwarden does not read`,
		),
		...givenPaths(command, index, command.argv.slice(script + 1)),
	];
}

/** A shell given a script file (`bash build.sh`, `pwsh -File x.ps1`); a command string (`-c`) is read as code instead. */
function shellScript(command: SimpleCommand, index: number): Effect[] {
	const words = command.argv.slice(1);
	if (
		words.some(
			(word) => /^-(?:[a-zA-Z]*c[a-zA-Z]*|Command|EncodedCommand|c)$/i.test(word) || word === '-s',
		)
	) {
		return [];
	}
	const script = words.find((word) => !word.startsWith('-') && !word.startsWith('+'));
	return script === undefined || script === '/dev/stdin'
		? []
		: [
				unread(
					command,
					index,
					'scriptFile',
					`runs the script \`${script}\`, which Hookwarden does not read`,
				),
			];
}

/** What the command that starts at word `at` of `command` does, as something a wrapper likely runs. */
function wrapped(
	command: SimpleCommand,
	index: number,
	at: number,
	read: (command: SimpleCommand, index: number) => Effect[],
): Effect[] {
	const inner: SimpleCommand = { ...command, argv: command.argv.slice(at), redirects: [] };
	return read(inner, index).map((effect) => ({
		...effect,
		reach: 'wrapper' as const,
		certainty: effect.certainty === 'sure' ? ('likely' as const) : effect.certainty,
	}));
}

/** PowerShell cmdlets whose verb only looks or prints (`Get-ChildItem`, `Test-Path`, `Format-Table`). */
const ASKING_CMDLET =
	/^(?:get|test|select|find|search|measure|format|show|resolve|compare|read|write|where|sort|group|convertto|convertfrom|join|split|out|wait|trace|foreach)-/;

/** Options with which a program overwrites or removes what it is given: `--force`, `-rf`, `--delete`, robocopy's `/MIR`. */
const DESTROYING_OPTION =
	/^(?:--(?:force|delete|purge|wipe|erase|destroy|remove|prune|mirror|overwrite)|-[a-zA-Z]*(?:rf|fr|rF|Fr|Rf|fR)[a-zA-Z]*|\/(?:mir|purge))$/i;

/** Whether an unread program's words say it destroys: a destroying verb, or an option that removes or overwrites. */
function mayDestroy(words: readonly string[]): boolean {
	return words.some((word) => DESTROYING_OPTION.test(word)) || readVerbs(words).destroys;
}

/** What an unread program may do with the paths it is given ({@link handedPaths}), by what its words say. */
function givenPaths(command: SimpleCommand, index: number, words: readonly string[]): Effect[] {
	const name = programName(command.argv[0] ?? '');
	// A cmdlet that only looks (`Get-ChildItem`) changes nothing; a service CLI's verbs were read as its own effect.
	const looksOnly = ASKING_CMDLET.test(powerShellCmdlet(name));
	const destroys = !looksOnly && serviceOf(name) === undefined && mayDestroy(words);
	return handedPaths(programCall(command, name, index), words, { looksOnly, destroys });
}

/** How far into an unknown program's words a wrapped command may start (`uv run rm`, `op run -- rm`). */
const MAX_WRAPPED_AT = 4;

/**
 * Where in an unknown program's words another command starts (`tool git reset --hard`, `uv run rm -rf /`): the first
 * word, within {@link MAX_WRAPPED_AT}, that names a program Hookwarden has a model for or a shell.
 */
function wrappedAt(argv: readonly string[]): number | undefined {
	for (let at = 1; at <= Math.min(MAX_WRAPPED_AT, argv.length - 1); at++) {
		const word = argv[at] ?? '';
		if (word.startsWith('-') || word.includes('=') || /[/\\]/.test(word)) {
			continue;
		}
		const name = programName(word);
		if (programModel(name) || POSIX_SHELLS.has(name) || name === 'eval') {
			return at;
		}
	}
	return undefined;
}

/**
 * Effects of a program Hookwarden has no model for: a command it wraps (read as likely run, so a deny becomes an
 * ask), and each operand read as a file it likely reads, so a credential handed to an unknown script is noticed.
 */
export function unknownProgramEffects(
	command: SimpleCommand,
	index: number,
	read: (command: SimpleCommand, index: number) => Effect[],
): Effect[] {
	const name = programName(command.argv[0] ?? '');
	if (INERT.has(name) || name === '') {
		return [];
	}
	if (runsCode(name)) {
		return scriptArguments(command, index, read);
	}
	if (isPackageQuery(command.argv)) {
		return [];
	}
	const effects: Effect[] = [];
	// A service CLI's first word is its verb (`etcdctl del`, `b2 rm`), not a command it runs.
	const at = serviceOf(name) ? undefined : wrappedAt(command.argv);
	if (at !== undefined) {
		effects.push(...wrapped(command, index, at, read));
	}
	// A program given arguments, or one run by its path (a project's own script), may change anything; a bare name
	// with no arguments asks for something (`whoami`, `date`, `nproc`).
	if (
		(command.argv.length > 1 || /[/\\]/.test(command.argv[0] ?? '')) &&
		!ASKING_CMDLET.test(powerShellCmdlet(name))
	) {
		effects.push(
			unread(
				command,
				index,
				'unknownProgram',
				`runs \`${name}\`, a program Hookwarden has no reading of`,
			),
		);
	}
	effects.push(...givenPaths(command, index, command.argv.slice(1, at)));
	return effects;
}

/** Code the reading does not follow runs: what it changes is seen only by comparing the disk afterwards. */
function unread(
	command: SimpleCommand,
	index: number,
	subject: 'unknownProgram' | 'scriptFile',
	action: string,
): Effect {
	return programCall(command, programName(command.argv[0] ?? ''), index).effect({
		kind: 'exec',
		subject,
		action,
		certainty: 'likely',
	});
}
