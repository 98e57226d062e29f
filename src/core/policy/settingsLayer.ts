import type { RuleSource } from '../provider/decision';

/** The `hookwarden.*` values of one settings scope (keys without the prefix) and where they were written. */
export interface SettingsLayer {
	readonly source: RuleSource;
	readonly values: Readonly<Record<string, unknown>>;
}
