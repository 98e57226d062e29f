import { packFindings } from '../judgeEffects';
import type { Pack } from '../pack';

/**
 * Built-in pack that denies changes to Hookwarden's own state, hook files and policy settings (so an agent cannot
 * loosen its own policy or switch Hookwarden off) and reading its secret, and asks before changes to startup files,
 * credentials and git's internals: the `protectedPaths` rows of the judge table, by every route a call can take.
 */
export const protectedPathsPack: Pack = {
	id: 'protectedPaths',
	evaluate: (input) => packFindings(input, 'protectedPaths'),
};
