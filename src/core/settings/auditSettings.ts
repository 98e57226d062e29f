import type { SettingsLayer } from './settingsLayer';
import { setting } from '../util/lazySchema';
import * as z from '../util/zod';

/**
 * The `hookwarden.*` settings of the audit log and the session summary, with schema and default. They are merged
 * into the policy settings table so the manifest check and unknown-key warnings see them, but read on their own by
 * {@link readAuditSettings}: the log is not policy, and the headless bridge needs them before it decides anything.
 */
export const AUDIT_SETTINGS = {
	'audit.path': setting(() => z.string(), ''),
	'audit.maxFileSizeMB': setting(() => z.number().check(z.minimum(1), z.maximum(1024)), 10),
	'audit.retention': setting(() => z.number().check(z.int(), z.minimum(1), z.maximum(100)), 5),
	'context.stopSummary': setting(() => z.boolean(), false),
} as const;

/**
 * The audit settings that say where the log is and how much of it is kept. A workspace that is not trusted cannot set
 * them (its layer is `tightenOnly`): it could point the log into the repository or rotate it away.
 */
export const AUDIT_LOCATION_KEYS = [
	'audit.path',
	'audit.maxFileSizeMB',
	'audit.retention',
] as const;

/** The audit settings in force for one workspace folder. */
export interface AuditSettings {
	/** `hookwarden.audit.path` as written: empty for the default location, else a `.jsonl` path in the workspace. */
	readonly path: string;
	readonly maxBytes: number;
	/** How many rotated files are kept besides the current one. */
	readonly retention: number;
	/** Whether the session summary is shown to the person at Stop (`hookwarden.context.stopSummary`). */
	readonly stopSummary: boolean;
}

/** The defaults, used when no layer sets a value (and by callers that have no settings at all). */
export const DEFAULT_AUDIT_SETTINGS: AuditSettings = {
	path: '',
	maxBytes: 10 * 1024 * 1024,
	retention: 5,
	stopSummary: false,
};

/**
 * Reads the audit settings from settings layers, weakest first; the strongest valid value wins and an invalid one is
 * ignored (readPolicySettings reports it, since the keys are part of its table), as is a location or size from a
 * `tightenOnly` layer (see {@link AUDIT_LOCATION_KEYS}).
 */
export function readAuditSettings(layers: readonly SettingsLayer[]): AuditSettings {
	const value = <K extends keyof typeof AUDIT_SETTINGS>(
		key: K,
	): z.infer<(typeof AUDIT_SETTINGS)[K]['schema']> => {
		let found: unknown = AUDIT_SETTINGS[key].default;
		for (const layer of layers) {
			if (layer.tightenOnly && (AUDIT_LOCATION_KEYS as readonly string[]).includes(key)) {
				continue;
			}
			const parsed = AUDIT_SETTINGS[key].schema.safeParse(layer.values[key]);
			if (layer.values[key] !== undefined && parsed.success) {
				found = parsed.data;
			}
		}
		return found as z.infer<(typeof AUDIT_SETTINGS)[K]['schema']>;
	};
	return {
		path: value('audit.path').trim(),
		maxBytes: Math.round(value('audit.maxFileSizeMB') * 1024 * 1024),
		retention: value('audit.retention'),
		stopSummary: value('context.stopSummary'),
	};
}
