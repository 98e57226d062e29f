import type { Effect } from '../../terms/effect';
import type { ProgramCall } from './programModel';

/** What Hookwarden can say of a program it does not read, from its words alone. */
export interface HandedOptions {
	/** Its verb only looks (`Get-ChildItem`): it changes nothing it is given. */
	readonly looksOnly?: boolean;
	/** Its verb or options destroy (`--force`, `purge`): what it is given may be removed. */
	readonly destroys?: boolean;
}

/**
 * What code Hookwarden does not read (an unknown program, a script, the project's own scripts) may do with each
 * path-like word it is handed: read it (a credential handed to it is noticed), change it (counted only where the
 * path is guarded: Hookwarden's own state, credentials, startup files) and, when its words destroy, remove it
 * (counted also outside the workspace). Inside the workspace the rest is left to the snapshot.
 */
export function handedPaths(
	call: ProgramCall,
	words: readonly string[],
	options: HandedOptions = {},
): Effect[] {
	const effects: Effect[] = [];
	for (const word of words) {
		const path = word.startsWith('-') ? /^--?[\w-]+=(.+)$/.exec(word)?.[1] : word;
		// A word with spaces is an argument sentence (`tool explain 'cat x'`), not a path.
		if (path === undefined || path === '' || /^\w+:\/\/|\s/.test(path)) {
			continue;
		}
		const likely = { path, certainty: 'likely' as const };
		effects.push(call.effect({ ...likely, kind: 'read', action: 'is given' }));
		if (!options.looksOnly) {
			effects.push(
				call.effect({
					...likely,
					kind: 'write',
					onlyWhere: 'guarded',
					action: 'may change what it is given (Hookwarden does not read this program):',
				}),
			);
		}
		if (options.destroys) {
			effects.push(
				call.effect({
					...likely,
					kind: 'delete',
					onlyWhere: 'outside',
					action:
						'may destroy what it is given (its verb or options destroy, and Hookwarden does not read this program):',
				}),
			);
		}
	}
	return effects;
}
