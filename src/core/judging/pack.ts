import type { Finding } from './finding';
import type { PolicyInput } from './policyInput';

/** The built-in rule packs, each on by default and switchable in `hookwarden.packs`. */
export const PACK_IDS = ['destructiveCommands', 'protectedPaths', 'secrets'] as const;

/** One built-in pack id. */
export type PackId = (typeof PACK_IDS)[number];

/** A built-in set of rules; pure: it only reads the input and returns every finding, most restrictive not yet chosen. */
export interface Pack {
	readonly id: PackId;
	evaluate(input: PolicyInput): readonly Finding[];
}
