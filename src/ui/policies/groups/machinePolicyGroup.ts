import { describeLock, lockedSettings } from '../../../core/settings/lockedSettings';
import type { MachinePolicyReading } from '../../../node/settings/machinePolicy';
import type { PolicyNodeView } from './policyNode';

/**
 * The *Policies* view's group for the administrator's machine policy: each setting it locks with its value, or why
 * the file is ignored. Nothing when the machine has no policy.
 */
export function presentMachinePolicy(reading: MachinePolicyReading): PolicyNodeView | undefined {
	if (reading.kind === 'absent') {
		return undefined;
	}
	if (reading.kind === 'ignored') {
		return {
			key: 'g:machine',
			label: 'Machine Policy',
			description: 'ignored',
			tooltip: `${reading.file} is ignored: ${reading.problem}.`,
			iconId: 'warning',
			iconColorId: 'notificationsWarningIcon.foreground',
			contextValue: 'hookwarden:policyGroup+machineIgnored',
		};
	}
	const locked = lockedSettings(reading.layer);
	return {
		key: 'g:machine',
		label: 'Machine Policy',
		description: `${locked.length} locked`,
		tooltip: `Set by the administrator in ${reading.file}; nobody on this machine can loosen it.`,
		iconId: 'lock',
		contextValue: 'hookwarden:policyGroup+machine',
		children: locked.map(({ key, value }) => ({
			key: `m:${key}`,
			label: key,
			description: `🔒 ${brief(value)}`,
			tooltip: `Locked by the machine policy (${reading.file}): ${JSON.stringify(value)}.\n${describeLock(key)}`,
			iconId: 'lock',
			contextValue: 'hookwarden:setting+locked',
		})),
	};
}

function brief(value: unknown): string {
	const text = Array.isArray(value)
		? `${value.length} entr${value.length === 1 ? 'y' : 'ies'}`
		: JSON.stringify(value);
	return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
