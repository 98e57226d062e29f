import type { SimpleCommand } from '../shell/commandLine';
import { powerShellCmdlet } from '../shell/powershellCmdlets';
import { programName } from '../shell/programName';
import { programCall } from '../programs/programModel';
import { dotNetFileEffects } from '../programs/windows';
import { dotNetPersistentEnvironment } from '../programs/persistentEnvironment';
import { programModel } from '../programs/programTable';
import { serviceVerbEffects } from './serviceVerbs';
import { unknownProgramEffects } from './unknownPrograms';
import type { Effect } from '../../terms/effect';
import type { SqlReader } from '../statements/statementLoss';

/** Redirect targets that are not files anyone keeps: fd duplications, stdout, PowerShell's and cmd's null. */
const NOT_A_FILE = /^(?:-|&?\d*-?|\$null|nul)$/i;

/** `>(sh)`, `<(sort a)`: a pipe to or from commands the reader follows on their own, not a file anyone keeps. */
const PROCESS_SUBSTITUTION = /^[<>]\(.*\)$/s;

/** What a command's redirects do: `>`/`>>`/`&>` write their target, `<` reads it, `<>` does both. */
function redirectEffects(command: SimpleCommand, index: number): Effect[] {
	const call = programCall(command, '', index);
	const effects: Effect[] = [];
	for (const { operator, target } of command.redirects) {
		const bare = operator.replace(/^\d+|^[*&]/, '');
		if (NOT_A_FILE.test(target) || bare.startsWith('<<') || bare === '>&' || bare === '<&') {
			if (bare === '>&' && !/^\d+-?$|^-$/.test(target)) {
				effects.push(
					call.effect({ kind: 'write', path: target, force: true, action: 'writes output to' }),
				);
			}
			continue;
		}
		if (bare === '<' || bare === '<>') {
			effects.push(call.effect({ kind: 'read', path: target, action: 'feeds the file' }));
		}
		if (bare !== '<') {
			const appends = bare.endsWith('>>');
			effects.push(
				call.effect({
					kind: 'write',
					path: target,
					...(!appends && { force: true }),
					action: appends ? 'appends output to' : 'overwrites with output',
				}),
			);
		}
	}
	return effects;
}

/**
 * The names a command's program is read by: a PowerShell line's `rm` is both the `Remove-Item` alias and (on Linux
 * and macOS) the Unix program, so both readings are kept and the judge takes the worse.
 */
function namesOf(command: SimpleCommand): string[] {
	const name = programName(command.argv[0] ?? '');
	const cmdlet = powerShellCmdlet(name);
	if (command.dialect === 'powershell') {
		return cmdlet === name ? [name] : [cmdlet, name];
	}
	return name.includes('-') && cmdlet !== name ? [cmdlet] : [name];
}

/**
 * Every effect of one sub-command at `index` of its line: its redirects, then what its program does (its statements
 * read with the SQL parser when the caller loaded it).
 */
export function commandEffects(
	command: SimpleCommand,
	index: number,
	readSql?: SqlReader,
): Effect[] {
	const effects = redirectEffects(command, index);
	let modelled = false;
	for (const name of namesOf(command)) {
		const model = programModel(name);
		if (model) {
			modelled = true;
			effects.push(...model(programCall(command, name, index, readSql)));
		}
	}
	if (command.dialect === 'powershell') {
		effects.push(...dotNetFileEffects(programCall(command, '', index)));
		effects.push(...dotNetPersistentEnvironment(programCall(command, '', index)));
	}
	if (!modelled) {
		effects.push(
			...unknownProgramEffects(command, index, (inner, at) => commandEffects(inner, at, readSql)),
		);
	}
	return withVerbs(effects, serviceVerbEffects(command, index)).filter(
		(effect) => !PROCESS_SUBSTITUTION.test(effect.path ?? ''),
	);
}

/**
 * A program's own rule and its verbs may both find a service's data lost (`kubectl delete ns prod`): one effect, the
 * rule's words, whole when the verbs read a whole scope.
 */
function withVerbs(effects: Effect[], verbs: readonly Effect[]): Effect[] {
	const ruled = effects.findIndex(
		(effect) => effect.kind === 'serviceDataLoss' && effect.subject === 'serviceData',
	);
	const [verb] = verbs;
	if (verb === undefined) {
		return effects;
	}
	if (ruled < 0) {
		return [...effects, verb];
	}
	const rule = effects[ruled];
	if (rule && verb.whole === true) {
		effects[ruled] = { ...rule, whole: true };
	}
	return effects;
}
