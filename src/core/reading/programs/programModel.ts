import type { Effect, EffectReach } from '../../terms/effect';
import type { SimpleCommand } from '../shell/commandLine';
import type { SqlReader } from '../statements/statementLoss';

/** Everything a program model reads: the sub-command, its program name and words, and a maker for its effects. */
export interface ProgramCall {
	readonly command: SimpleCommand;
	/** The program name as matched (`programName` of `argv[0]`, or the PowerShell cmdlet a name stands for). */
	readonly name: string;
	/** The words after the program name. */
	readonly args: readonly string[];
	/** Builds an effect of this sub-command: source, reach and cwd filled in, `sure` unless told otherwise. */
	readonly effect: (fields: EffectFields) => Effect;
	/** The SQL parser, when the caller loaded it for this call; statements are read with patterns without it. */
	readonly readSql?: SqlReader;
}

/** The fields a program model chooses for one effect; the rest come from the sub-command. */
export type EffectFields = Omit<Effect, 'source' | 'reach' | 'certainty' | 'cwd' | 'cwdUnknown'> &
	Partial<Pick<Effect, 'certainty'>>;

/** What one program does with its words, as effects; an empty list when the call changes nothing a policy cares about. */
export type ProgramModel = (call: ProgramCall) => readonly Effect[];

/** How a sub-command was reached, in the effect vocabulary. */
export function reachOf(command: SimpleCommand): EffectReach {
	switch (command.origin) {
		case 'line':
			return command.wrappers.length > 0 ? 'wrapper' : 'line';
		case 'processSubstitution':
			return 'substitution';
		case 'xargs':
			return 'jobRunner';
		default:
			return command.origin;
	}
}

/** A {@link ProgramCall} for one sub-command at `index` of its line, with the SQL parser when one is loaded. */
export function programCall(
	command: SimpleCommand,
	name: string,
	index: number,
	readSql?: SqlReader,
): ProgramCall {
	const reach = reachOf(command);
	return {
		command,
		name,
		args: command.argv.slice(1),
		...(readSql && { readSql }),
		effect: (fields) => ({
			certainty: 'sure',
			...fields,
			source: command.text,
			reach,
			command: index,
			...(command.cwd !== undefined && { cwd: command.cwd }),
			...(command.cwdUnknown && { cwdUnknown: true }),
		}),
	};
}
