import type { SimpleCommand } from '../shell/commandLine';
import { powerShellCmdlet } from '../shell/powershellCmdlets';
import { programName } from '../shell/programName';
import { wordsFromVerb } from '../programs/optionGrammar';
import { programCall } from '../programs/programModel';
import { programModel } from '../programs/programTable';
import { readVerbs, type VerbReading } from '../programs/verbs';
import { serviceOf, traitsOf } from '../programs/vocabulary';
import type { Effect } from '../../terms/effect';

/** A sub-command's program name as the vocabulary knows it: a PowerShell line's cmdlet by its canonical name. */
function nameOf(command: SimpleCommand): string {
	const name = programName(command.argv[0] ?? '');
	return command.dialect === 'powershell' ? powerShellCmdlet(name) : name;
}

/** Whether Hookwarden knows nothing of a program: no family in the vocabulary and no reading of its own. */
function unknown(name: string): boolean {
	return name !== '' && traitsOf(name) === undefined && programModel(name) === undefined;
}

/**
 * How a sub-command's verbs read: a service CLI's or package manager's through its family in the vocabulary (its
 * global options skipped, its everyday paths quiet), a program the vocabulary does not know by its unmistakable
 * verbs only; `undefined` for any other program, whose reading says what it does.
 */
export function verbsOf(command: SimpleCommand): VerbReading | undefined {
	const name = nameOf(command);
	const args = command.argv.slice(1);
	if (unknown(name)) {
		return readVerbs(args, { unmistakableOnly: true, neverWhole: true });
	}
	const service = serviceOf(name);
	if (!service || service.rulesOnly) {
		return undefined;
	}
	return readVerbs(
		[...(service.impliedPath ?? []), ...wordsFromVerb(args, service.global)],
		{
			...(service.everyday && { everyday: service.everyday }),
			...(service.destroys && { destroys: service.destroys }),
			neverWhole: traitsOf(name)?.packageManager === true,
		},
		args,
	);
}

/**
 * A service CLI's destroying verb as a loss of the data the service holds (`gcloud compute disks delete`, `mc rb`,
 * `pipx uninstall-all`), whole when the call takes all of a scope; for a program Hookwarden does not know, only an
 * unmistakable verb counts, and only as likely.
 */
export function serviceVerbEffects(command: SimpleCommand, index: number): Effect[] {
	const reading = verbsOf(command);
	if (!reading?.destroys) {
		return [];
	}
	const name = nameOf(command);
	return [
		programCall(command, name, index).effect({
			kind: 'serviceDataLoss',
			subject: 'serviceData',
			action: `destroys data \`${name}\` manages (${reading.why})`,
			...(reading.whole && { whole: true }),
			...(unknown(name) && { certainty: 'likely' as const }),
		}),
	];
}
