import type { SimpleCommand } from '../shell/commandLine';
import { powerShellCmdlet } from '../shell/powershellCmdlets';
import { programCall } from '../programs/programModel';
import { itemArguments } from '../programs/windows';
import type { Effect, EffectKind } from '../../terms/effect';

/** Cmdlets that list items for the next stage of a pipe, and where they list them (their path, or here). */
const LISTINGS = new Set(['get-childitem', 'get-item']);

/** File cmdlets that act on the items piped into them when they name none: what they do to each. */
const TAKES_PIPED_ITEMS: Readonly<Record<string, { kind: EffectKind; verb: string }>> = {
	'remove-item': { kind: 'delete', verb: 'removes' },
	'clear-content': { kind: 'truncate', verb: 'empties' },
	'move-item': { kind: 'move', verb: 'moves away' },
};

/**
 * PowerShell passes objects down a pipe: `Get-ChildItem ~ -Recurse | Remove-Item -Force` removes what the first stage
 * lists. A file cmdlet that names no item of its own acts on the stage before it: the folder a listing cmdlet lists
 * (its whole tree with `-Recurse` on either side), or items known only when the line runs.
 */
export function pipedItemEffects(
	command: SimpleCommand,
	index: number,
	all: readonly SimpleCommand[],
): Effect[] {
	const stage = command.pipeline;
	const cmdlet = powerShellCmdlet(command.argv[0] ?? '');
	const does = TAKES_PIPED_ITEMS[cmdlet];
	if (command.dialect !== 'powershell' || !stage || stage.stage === 0 || !does) {
		return [];
	}
	const own = itemArguments(command.argv.slice(1));
	if (own.primary.length > 0 || own.whatIf) {
		return [];
	}
	const before = all.find(
		(other) => other.pipeline?.id === stage.id && other.pipeline.stage === stage.stage - 1,
	);
	const call = programCall(command, cmdlet, index);
	if (before && LISTINGS.has(powerShellCmdlet(before.argv[0] ?? ''))) {
		const listing = itemArguments(before.argv.slice(1));
		const folders = listing.primary.length > 0 ? listing.primary : ['.'];
		return folders.map((path) =>
			call.effect({
				kind: does.kind,
				path,
				tree: listing.recurse || own.recurse,
				force: own.force,
				action: `${does.verb} what \`${before.text}\` lists in`,
			}),
		);
	}
	return [
		call.effect({
			kind: does.kind,
			path: '$input',
			tree: own.recurse,
			force: own.force,
			certainty: 'unknown',
			action: `${does.verb} items piped in, known only when the line runs:`,
		}),
	];
}
