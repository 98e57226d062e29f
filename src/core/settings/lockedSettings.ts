import type { SettingsLayer } from './settingsLayer';
import { POLICY_SETTINGS, SETTINGS_SECTION } from './settingsSchema';

/** One setting a locking layer sets: its full key (`hookwarden.failMode`) and the value it locks. */
export interface LockedSetting {
	readonly key: string;
	readonly value: unknown;
}

/**
 * The Hookwarden settings a locking layer (the machine policy) sets, in the order it wrote them, with their full
 * keys: what the views and the settings editor show as locked. Keys that are not settings lock nothing.
 */
export function lockedSettings(layer: SettingsLayer | undefined): LockedSetting[] {
	if (!layer?.locks) {
		return [];
	}
	return Object.entries(layer.values)
		.filter(([key, value]) => value !== undefined && Object.hasOwn(POLICY_SETTINGS, key))
		.map(([key, value]) => ({ key: `${SETTINGS_SECTION}.${key}`, value }));
}

/** What a locked setting means for the scopes below it, in one sentence, the same on every surface. */
export function describeLock(key: string): string {
	const short = key.startsWith(`${SETTINGS_SECTION}.`)
		? key.slice(SETTINGS_SECTION.length + 1)
		: key;
	if (short === 'rules' || short === 'providers') {
		return 'Its entries always apply; user and workspace settings can only add to them.';
	}
	if (short === 'packs') {
		return 'A pack it switches on stays on; user and workspace settings may switch on the others.';
	}
	if (short === 'mcp.allowedServers') {
		return 'A call must pass its list; user and workspace settings can only remove servers with lists of their own.';
	}
	if (short === 'defaultVerdict') {
		return 'User and workspace settings can only make it stricter, and their allow rules are skipped.';
	}
	return [
		'failMode',
		'approval.onTimeout',
		'subagents.maxPerSession',
		'allowedWritePaths',
	].includes(short)
		? 'User and workspace settings can only make it stricter.'
		: 'User and workspace settings cannot change it.';
}
