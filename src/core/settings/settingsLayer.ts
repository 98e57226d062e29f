import type { RuleSource } from '../terms/decision';

/** The `hookwarden.*` values of one settings scope (keys without the prefix) and where they were written. */
export interface SettingsLayer {
	readonly source: RuleSource;
	readonly values: Readonly<Record<string, unknown>>;
	/**
	 * The layer may only tighten what the layers below it say: the settings of a workspace nobody trusted (a cloned
	 * repository) must not loosen the policy a person relies on.
	 */
	readonly tightenOnly?: boolean;
	/**
	 * What this layer sets, no other layer may loosen: the administrator's machine policy, which neither the person
	 * nor an agent running as that person can write. It is applied first, whatever its place in the list.
	 */
	readonly locks?: boolean;
}
