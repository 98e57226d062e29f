/*
 * cmd's copy and move programs (`copy`, `xcopy`, `robocopy`, `move`, `ren`), one entry each: where the sources and
 * the destination stand among its operands, and which switches make it take trees, move instead of copy, or delete
 * from the destination what the source lacks (`robocopy /MIR`, `/PURGE`). Switches are cmd's `/x` and `/x:value`.
 */
import type { Effect } from '../../terms/effect';
import type { ProgramCall, ProgramModel } from './programModel';

/** How one copy program reads its operands and switches (lower-case, with the slash). */
interface CmdCopier {
	/** `sources…, destination` (copy, xcopy, move), or `source, destination, file names…` (robocopy). */
	readonly operands: 'sourcesThenDestination' | 'sourceDestinationFiles' | 'renameInPlace';
	/** It moves what it copies. */
	readonly moves?: boolean;
	/** Its sources are folders whose contents it copies, not files. */
	readonly copiesFolders?: boolean;
	/** Switches that copy whole subtrees. */
	readonly treeSwitches?: readonly string[];
	/** Switches that also move (delete the source after copying). */
	readonly moveSwitches?: readonly string[];
	/** Switches that delete from the destination whatever the source does not have. */
	readonly purgeSwitches?: readonly string[];
}

const COPIERS: Readonly<Record<string, CmdCopier>> = {
	copy: { operands: 'sourcesThenDestination' },
	xcopy: { operands: 'sourcesThenDestination', copiesFolders: true, treeSwitches: ['/s', '/e'] },
	robocopy: {
		operands: 'sourceDestinationFiles',
		copiesFolders: true,
		treeSwitches: ['/s', '/e', '/mir'],
		moveSwitches: ['/mov', '/move'],
		purgeSwitches: ['/mir', '/purge'],
	},
	move: { operands: 'sourcesThenDestination', moves: true },
	ren: { operands: 'renameInPlace', moves: true },
	rename: { operands: 'renameInPlace', moves: true },
};

/** The programs {@link cmdCopies} reads. */
export const CMD_COPY_PROGRAMS: readonly string[] = Object.keys(COPIERS);

const SWITCH = /^\/[a-zA-Z]+(?::\S*)?$/;

/** A cmd switch's name, lower-case and without its value (`/XD:x` is `/xd`). */
function switchName(word: string): string {
	return (word.split(':')[0] ?? word).toLowerCase();
}

/** The sources and the destination the operands name, by the program's shape. */
function places(
	operands: readonly string[],
	copier: CmdCopier,
): { readonly sources: readonly string[]; readonly destination?: string } {
	if (copier.operands === 'sourceDestinationFiles') {
		const [source, destination] = operands;
		return source === undefined
			? { sources: [] }
			: { sources: [source], ...(destination !== undefined && { destination }) };
	}
	if (copier.operands === 'renameInPlace') {
		const [from, name] = operands;
		if (from === undefined || name === undefined || name.includes('/')) {
			return { sources: [] };
		}
		const folder = from.includes('/') ? from.slice(0, from.lastIndexOf('/') + 1) : '';
		return { sources: [from], destination: `${folder}${name}` };
	}
	// `copy a+b c`: `+` joins several sources into one file; one operand alone copies into the current folder.
	const sources = operands.length > 1 ? operands.slice(0, -1) : operands;
	return {
		sources: sources.flatMap((source) => source.split('+')).filter(Boolean),
		destination: operands.length > 1 ? operands.at(-1) : '.',
	};
}

/**
 * `copy`, `xcopy`, `robocopy`, `move`, `ren`: reads (or moves away) the sources, writes the destination, and for
 * `robocopy /MIR`/`/PURGE` deletes from the destination's tree what the source lacks. Unix `rename` (a Perl
 * expression, or three and more operands) is another program and reads as nothing here.
 */
export const cmdCopies: ProgramModel = (call) => {
	const copier = COPIERS[call.name];
	const switches = call.args.filter((word) => SWITCH.test(word)).map(switchName);
	const operands = call.args
		.filter((word) => !SWITCH.test(word))
		.map((word) => word.replace(/\\/g, '/').replace(/^"|"$/g, ''));
	if (
		!copier ||
		(call.name === 'rename' && (operands.length !== 2 || /^[sy]\W/.test(operands[0] ?? '')))
	) {
		return [];
	}
	const has = (names: readonly string[] | undefined) =>
		names?.some((name) => switches.includes(name)) ?? false;
	const tree = copier.copiesFolders === true || has(copier.treeSwitches);
	const moves = copier.moves === true || has(copier.moveSwitches);
	const { sources, destination } = places(operands, copier);
	return [
		...sources.map((path) => sourceEffect(call, path, moves, tree)),
		...(destination === undefined
			? []
			: [
					call.effect({
						kind: 'write',
						path: destination,
						tree: tree || moves,
						action: moves ? 'moves over' : 'copies over',
					}),
					...(has(copier.purgeSwitches)
						? [
								call.effect({
									kind: 'delete',
									path: destination,
									tree: true,
									force: true,
									action: 'deletes, from a folder tree, whatever the source lacks in',
								}),
							]
						: []),
				]),
	];
};

function sourceEffect(call: ProgramCall, path: string, moves: boolean, tree: boolean): Effect {
	return moves
		? call.effect({ kind: 'move', path, tree: true, action: 'moves away' })
		: call.effect({ kind: 'read', path, tree, action: 'copies' });
}
