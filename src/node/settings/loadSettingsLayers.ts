import { realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { pathInside } from '../../core/paths/pathMath';
import type { SettingsLayer } from '../../core/settings/settingsLayer';
import { hookwardenValues } from '../../core/settings/readPolicySettings';
import { ABSOLUTE_PATH } from '../../core/settings/settingsSchema';
import type { RuleSource } from '../../core/terms/decision';
import type { MachinePolicyReading } from './machinePolicy';
import { readSettingsFile } from './readSettingsFile';

/** Something wrong with one settings file (unreadable, a syntax error, an ignored key), for one stderr line. */
export interface SettingsFileProblem {
	readonly file: string;
	readonly message: string;
}

/**
 * Reads the settings the headless bridge honours, weakest first: the user's VS Code settings (the file named by
 * `HOOKWARDEN_USER_SETTINGS`, which the installer sets, else VS Code's default location) and the workspace's
 * `.vscode/settings.json`. Files are read as VS Code reads them (see readSettingsFile): a syntax error costs only
 * what the parser cannot recover, and is reported. The workspace layer may only tighten the policy unless the folder
 * is trusted: inside a folder of the user setting `hookwarden.trustedFolders`, or of `recordedTrust()` (the folders
 * the window recorded as trusted in VS Code), which is read only when the workspace has Hookwarden settings at all.
 * The machine policy, when one was read, comes last: the strongest layer, which locks what it sets.
 */
export function loadSettingsLayers(
	workspaceFolder: string,
	env: NodeJS.ProcessEnv,
	home: string,
	recordedTrust: () => readonly string[],
	machine?: MachinePolicyReading,
): { layers: SettingsLayer[]; problems: SettingsFileProblem[] } {
	const problems: SettingsFileProblem[] = [];
	const read = (source: RuleSource & { readonly file: string }): SettingsLayer | undefined => {
		const reading = readSettingsFile(source.file);
		if (reading.kind === 'unreadable') {
			problems.push({
				file: source.file,
				message: `${reading.message}; its Hookwarden settings are ignored`,
			});
		}
		if (reading.kind !== 'read') {
			return undefined;
		}
		problems.push(...reading.problems.map((message) => ({ file: source.file, message })));
		return { source, values: hookwardenValues(reading.value) };
	};
	const userFile = env.HOOKWARDEN_USER_SETTINGS ?? defaultUserSettingsFile(env, home);
	const user = userFile ? read({ kind: 'userSettings', file: userFile }) : undefined;
	const workspace = read({
		kind: 'workspaceSettings',
		file: join(workspaceFolder, '.vscode', 'settings.json'),
	});
	const layers: SettingsLayer[] = user ? [user] : [];
	const machineLayer = machine?.kind === 'read' ? machine.layer : undefined;
	if (workspace && Object.keys(workspace.values).length > 0) {
		// The machine policy's list of trusted folders, when it sets one, replaces the person's (it is locked).
		const trustedFolders =
			machineLayer?.values.trustedFolders !== undefined
				? validFolders(machineLayer)
				: validFolders(user);
		const trusted =
			isInsideAny(workspaceFolder, trustedFolders) || isInsideAny(workspaceFolder, recordedTrust());
		// `false`, not absent: the folder is vouched for, which is what lets its command providers run headless.
		layers.push({ ...workspace, tightenOnly: !trusted });
	}
	if (machine?.kind === 'ignored') {
		problems.push({
			file: machine.file,
			message: `the machine policy is ignored: ${machine.problem}`,
		});
	}
	if (machine?.kind === 'read') {
		problems.push(...machine.problems.map((message) => ({ file: machine.file, message })));
	}
	if (machineLayer) {
		layers.push(machineLayer);
	}
	return { layers, problems };
}

// An invalid list trusts nothing; readPolicySettings reports it with the rest of the user settings. Checked by hand,
// as the schema does, because building a schema here would cost every hook call in a workspace with settings.
function validFolders(layer: SettingsLayer | undefined): readonly string[] {
	const folders = layer?.values.trustedFolders;
	return Array.isArray(folders) &&
		folders.every((f): f is string => typeof f === 'string' && ABSOLUTE_PATH.test(f))
		? folders
		: [];
}

/**
 * Whether `folder` is one of `trusted` or inside one, comparing real paths: a link inside a trusted folder that
 * points at a clone elsewhere must not make the clone trusted, and a trusted folder reached through a link still is.
 */
function isInsideAny(folder: string, trusted: readonly string[]): boolean {
	if (trusted.length === 0) {
		return false;
	}
	const real = realPath(folder);
	return trusted.some((entry) => pathInside(real, realPath(entry)) !== undefined);
}

function realPath(path: string): string {
	try {
		return realpathSync.native(path);
	} catch {
		return resolve(path);
	}
}

/** VS Code's user settings file in its default location, for bridges whose hook file does not name one. */
export function defaultUserSettingsFile(env: NodeJS.ProcessEnv, home: string): string | undefined {
	switch (process.platform) {
		case 'win32':
			return env.APPDATA ? join(env.APPDATA, 'Code', 'User', 'settings.json') : undefined;
		case 'darwin':
			return join(home, 'Library', 'Application Support', 'Code', 'User', 'settings.json');
		default:
			return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'Code', 'User', 'settings.json');
	}
}
