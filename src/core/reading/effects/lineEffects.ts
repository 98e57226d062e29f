import type { SimpleCommand } from '../shell/commandLine';
import { type ContainerPlace, hostPath } from '../shell/containerCommands';
import { POSIX_SHELLS } from '../shell/embeddedScripts';
import { programName } from '../shell/programName';
import { isCodeLoadingVariable, loadsCode } from '../programs/codeLoadingVariables';
import { programCall } from '../programs/programModel';
import { commandEffects } from './commandEffects';
import type { Effect } from '../../terms/effect';
import { environmentPrinted } from './environmentPrinted';
import { environmentSent, sentThroughPipe } from './environmentSent';
import { hiddenCodeEffects } from './hiddenCode';
import { pipedItemEffects } from './pipedItems';
import type { SqlReader } from '../statements/statementLoss';

/** Where a function defined on the line can be called from: the same shell, not a new one (`sh -c`, a heredoc). */
const SAME_SHELL = new Set<SimpleCommand['origin']>([
	'line',
	'substitution',
	'processSubstitution',
]);

/** Wrappers that are programs of their own: a shell function is not visible to them (`env f`, `sudo f`, `nohup f`). */
function wrapperHidesFunctions(command: SimpleCommand): boolean {
	return command.wrappers.some((wrapper) => {
		const name = programName(wrapper);
		// `time` and `!` are shell keywords (`time` unless an assignment before it made the shell look for the program).
		return (name !== '!' && name !== 'time') || command.env !== undefined;
	});
}

/**
 * Where the line calls each name from its own shell: the subshell path of each call, so the body of a function never
 * called (or called only outside the subshell that defined it) is not judged. A call inside another function's body
 * runs wherever that function is called, so it counts everywhere (`*`).
 */
function calledFunctions(all: readonly SimpleCommand[]): ReadonlyMap<string, readonly string[]> {
	const called = new Map<string, string[]>();
	for (const command of all) {
		const name = command.argv[0];
		if (
			name !== undefined &&
			command.inFunction !== name &&
			SAME_SHELL.has(command.origin) &&
			!wrapperHidesFunctions(command)
		) {
			const scope = command.inFunction !== undefined ? '*' : (command.subshell ?? '');
			called.set(name, [...(called.get(name) ?? []), scope]);
		}
	}
	return called;
}

/** Whether a command in a function body runs: the function is called where it exists (its subshell or deeper). */
function functionRuns(
	command: SimpleCommand,
	called: ReadonlyMap<string, readonly string[]>,
): boolean {
	const definedIn = command.functionScope ?? '';
	return (called.get(command.inFunction ?? '') ?? []).some(
		(scope) => scope === '*' || scope === definedIn || scope.startsWith(`${definedIn}/`),
	);
}

/** Whether the body of the function holding `command` runs anywhere in the line (for `--explain`). */
export function functionBodyRuns(command: SimpleCommand, all: readonly SimpleCommand[]): boolean {
	return command.inFunction === undefined || functionRuns(command, calledFunctions(all));
}

/** `:(){ :|:& };:`: a function that starts copies of itself in a pipe or in the background. */
function forkBomb(command: SimpleCommand, index: number): Effect[] {
	const name = command.inFunction;
	if (
		name === undefined ||
		command.argv[0] !== name ||
		(!command.pipeline && !command.background)
	) {
		return [];
	}
	return [
		programCall(command, name, index).effect({
			kind: 'serviceDataLoss',
			subject: 'processes',
			whole: true,
			action: `starts copies of itself (\`${name}\` in a pipe or in the background), a fork bomb that exhausts the machine's processes`,
		}),
	];
}

/**
 * Settings that make a program load code from a file the line does not show: `BASH_ENV` for a shell running a script,
 * `ENV` and `--rcfile` for an interactive one, `NODE_OPTIONS`/`LD_PRELOAD` for any program. A startup file the line
 * wrote itself was read as part of the line instead.
 */
function startupCode(
	command: SimpleCommand,
	index: number,
	all: readonly SimpleCommand[],
): Effect[] {
	const name = programName(command.argv[0] ?? '');
	const shell = POSIX_SHELLS.has(name);
	const interactive = shell && command.argv.some((word) => /^-[a-zA-Z]*i[a-zA-Z]*$/.test(word));
	const set = (variable: string) =>
		(command.env?.[variable] ?? '') !== '' && loadsCode(variable, command.env?.[variable] ?? '');
	const loaded = Object.keys(command.env ?? {}).filter(
		(variable) =>
			set(variable) &&
			(variable === 'BASH_ENV' ? shell && !interactive : variable === 'ENV' ? interactive : true),
	);
	const exported = ['export', 'declare', 'typeset'].includes(name)
		? command.argv
				.slice(1)
				.filter((word) => /=./.test(word))
				.map((word) => word.split('=')[0] ?? '')
				.filter(isCodeLoadingVariable)
		: [];
	const rcFile =
		interactive && command.argv.some((word) => /^--(?:rcfile|init-file)(?:=|$)/.test(word));
	const names = [...loaded, ...exported, ...(rcFile ? ['--rcfile'] : [])];
	const readHere = all.some((other) => other.parent === index && other.origin === 'shellString');
	return names.length === 0 || readHere
		? []
		: [
				programCall(command, name, index).effect({
					kind: 'configExec',
					subject: 'runtimeCode',
					action: `makes programs load code the line does not show (${names.join(', ')})`,
				}),
			];
}

/** `source "$FILE"`, `. <(cmd)`: a script whose name or text is only known when the line runs. */
function unknownSource(command: SimpleCommand, index: number): Effect[] {
	const name = programName(command.argv[0] ?? '');
	if (name !== 'source' && name !== '.') {
		return [];
	}
	// A process substitution (`source <(cmd)`) is judged with the other hidden code; here, names known only later.
	const file = command.argv.slice(1).find((word) => /[$`]/.test(word) && !word.startsWith('<('));
	return file !== undefined
		? [
				programCall(command, name, index).effect({
					kind: 'exec',
					subject: 'runtimeCode',
					action: `runs the script \`${file}\`, known only when the line runs`,
				}),
			]
		: [];
}

/**
 * What a command run inside a container does to the host: paths under a mount are the host's; the rest of a new
 * container's file system goes away with it; deleting data in a running container (a database's) loses that data.
 */
function inContainer(effects: readonly Effect[], place: ContainerPlace): Effect[] {
	return effects.flatMap((effect): Effect[] => {
		if (effect.kind === 'serviceDataLoss') {
			return [{ ...effect, reach: 'container' }];
		}
		const mapped = effect.path !== undefined ? hostPath(effect.path, place.mounts) : undefined;
		if (mapped !== undefined) {
			return [
				{
					...effect,
					path: mapped,
					reach: 'container',
					action: `${effect.action} (in a container, mounted from the host)`,
				},
			];
		}
		if (
			place.kind === 'running' &&
			effect.path !== undefined &&
			(effect.kind === 'delete' || effect.kind === 'truncate')
		) {
			const { path: _path, tree: _tree, ...rest } = effect;
			return [
				{
					...rest,
					kind: 'serviceDataLoss',
					subject: 'serviceData',
					reach: 'container',
					action: `${effect.action} \`${effect.path}\` inside a running container, whose data is lost`,
				},
			];
		}
		return [];
	});
}

/** Whether a sub-command runs at all: not in the body of a function the line never calls. */
function runs(command: SimpleCommand, called: ReadonlyMap<string, readonly string[]>): boolean {
	return command.inFunction === undefined || functionRuns(command, called);
}

/**
 * Every effect of a shell line, from its sub-commands as the reader found them: what each program does, code run
 * that the line does not show, startup code, fork bombs. Bodies of functions the line never calls are skipped;
 * commands that only may run (text fed to an unknown program) are `likely`, never `sure`. Statements sent to data
 * stores are read with `readSql` when the caller loaded the SQL parser, with patterns otherwise.
 */
export function lineEffects(commands: readonly SimpleCommand[], readSql?: SqlReader): Effect[] {
	const called = calledFunctions(commands);
	const effects: Effect[] = [];
	commands.forEach((command, index) => {
		if (!runs(command, called)) {
			return;
		}
		const found = sentThroughPipe(
			[
				...commandEffects(command, index, readSql),
				...hiddenCodeEffects(command, index, commands),
				...startupCode(command, index, commands),
				...unknownSource(command, index),
				...forkBomb(command, index),
				...environmentSent(command, index, commands),
				...environmentPrinted(command, index, commands),
				...pipedItemEffects(command, index, commands),
			],
			command,
			commands,
		);
		const placed = command.container ? inContainer(found, command.container) : found;
		effects.push(
			...(command.maybeRun
				? placed
						// Text that only may run counts for what it would change, not for what it would read.
						.filter((effect) => effect.kind !== 'read' && effect.kind !== 'send')
						.map((effect) =>
							effect.certainty === 'sure' ? { ...effect, certainty: 'likely' as const } : effect,
						)
				: placed),
		);
	});
	return effects;
}
