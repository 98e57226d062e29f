import { dirname, join, normalize, sep } from 'node:path';

import type { OwnStateLocations } from '../core/judging/ownState';
import { EDITOR_BUILDS, sandboxedEditorUserFolders } from '../core/judging/ownState';
import {
	secretFile,
	shortSocketFolder,
	tlsIdentityFile,
	windowEndpointGlob,
} from '../protocol/endpoint';
import { bridgeGlobalStorage } from './audit/auditLogLocation';
import { currentEndpointHost, runtimeFolderPath } from './runtime/runtimeFolder';
import { foldersAbove } from './settings/foldersAbove';
import { defaultUserSettingsFile } from './settings/loadSettingsLayers';
import { productionMachinePolicy } from './settings/machinePolicy';

/** Remote and web servers: `~/<folder>/data/User` and `data/Machine`. */
const SERVER_FOLDERS = [
	'.vscode-server',
	'.openvscode-server',
	'.vscode-server-insiders',
	'.vscode-remote',
	'.cursor-server',
	'.windsurf-server',
];
/** Home folders whose `extensions` folder holds a VS Code-family build's installed extensions (desktop and server). */
const EXTENSION_HOMES = [
	'.vscode',
	'.vscode-insiders',
	'.vscode-oss',
	'.cursor',
	'.windsurf',
	'.vscode-server-oss',
	...SERVER_FOLDERS,
];
/** Environment variables a command may spell Hookwarden's paths with. */
const VARIABLES = [
	'HOME',
	'USERPROFILE',
	'XDG_RUNTIME_DIR',
	'XDG_CONFIG_HOME',
	'XDG_DATA_HOME',
	'TMPDIR',
	'TMP',
	'TEMP',
	'APPDATA',
	'LOCALAPPDATA',
	'USER',
	'USERNAME',
];

/**
 * `base` (already normalised) and plain names below it. `join` normalises the whole path again on every call, and
 * this file builds about 140 paths for every call that judges one, in a process that runs them cold.
 */
function below(base: string, ...names: string[]): string {
	return (base.endsWith(sep) ? base.slice(0, -1) : base) + sep + names.join(sep);
}

/** Own-state locations only the caller knows. */
export interface ExtraOwnState {
	/** Audit logs and storage folders (the window's storage folders, a workspace's configured log). */
	readonly auditPaths?: readonly string[];
	/** Extensions folders besides the standard ones (the folder holding this installed extension). */
	readonly extensionFolders?: readonly string[];
	/** Snapshot stores besides the one in the bridge's global storage (the window's). */
	readonly snapshotStores?: readonly string[];
	/** The workspace folder these locations are for, whose outer folders' settings files are guarded. */
	readonly workspaceFolder?: string;
}

/**
 * Hookwarden's own state on this machine, computed from the environment, home folder and platform the same way the
 * window, the launcher and every bridge compute it (no file is read): the protectedPaths pack guards these. `extra`
 * adds locations only the caller knows (the window's storage folders, a workspace's audit log).
 */
export function ownStateLocations(
	env: NodeJS.ProcessEnv,
	home: string,
	extra: ExtraOwnState = {},
): OwnStateLocations {
	const host = currentEndpointHost(env);
	const runtime = runtimeFolderPath(env);
	const homeFolder = normalize(home);
	const configHome = normalize(env.XDG_CONFIG_HOME ?? below(homeFolder, '.config'));
	const roots = [configHome, below(homeFolder, 'Library', 'Application Support')];
	if (env.APPDATA) {
		roots.push(normalize(env.APPDATA));
	}
	const dataHome = normalize(env.XDG_DATA_HOME ?? below(homeFolder, '.local', 'share'));
	const editorUserFolders = [
		...roots.flatMap((root) => EDITOR_BUILDS.map((build) => below(root, build, 'User'))),
		// Sandboxed packages (Flatpak, Snap) keep one build each in a folder of their own.
		...sandboxedEditorUserFolders().map((user) => below(homeFolder, ...user.split('/'))),
		below(dataHome, 'code-server', 'User'),
		...SERVER_FOLDERS.flatMap((folder) => [
			below(homeFolder, folder, 'data', 'User'),
			below(homeFolder, folder, 'data', 'Machine'),
		]),
	];
	const globalStorage = bridgeGlobalStorage(env, home);
	const auditFile = env.HOOKWARDEN_AUDIT_FILE?.trim();
	const userSettingsFile = env.HOOKWARDEN_USER_SETTINGS ?? defaultUserSettingsFile(env, home);
	const secret = secretFile(runtime);
	const machinePolicy = productionMachinePolicy().file;
	return {
		launcherFolder: below(homeFolder, '.hookwarden'),
		runtimeFolder: runtime,
		secretFile: secret,
		keyFiles: [tlsIdentityFile(runtime)],
		auditPaths: [
			...(globalStorage ? [globalStorage] : []),
			...(auditFile && auditFile.toLowerCase() !== 'off' ? [auditFile] : []),
			...(extra.auditPaths ?? []),
		],
		snapshotStores: [
			...(globalStorage ? [below(normalize(globalStorage), 'snapshots')] : []),
			...(extra.snapshotStores ?? []),
		],
		...(userSettingsFile && { userSettingsFile }),
		machinePolicy: [machinePolicy, dirname(machinePolicy)],
		...(host.platform !== 'win32' && { otherFolders: [shortSocketFolder(host)] }),
		editorUserFolders,
		editorExtensionRecords: [
			...EXTENSION_HOMES.map((folder) => below(homeFolder, folder, 'extensions')),
			below(dataHome, 'code-server', 'extensions'),
			...(extra.extensionFolders ?? []),
			// VS Code records disabled extensions in each profile's state database, per user and per workspace.
			...editorUserFolders.flatMap((user) => [
				below(user, 'globalStorage', 'state.vscdb'),
				below(user, 'globalStorage', 'state.vscdb.backup'),
				below(user, 'globalStorage', 'storage.json'),
				below(user, 'workspaceStorage'),
			]),
		],
		...(extra.workspaceFolder !== undefined && {
			outerSettingsFiles: foldersAbove(dirname(extra.workspaceFolder), home).map((folder) =>
				join(folder, '.vscode', 'settings.json'),
			),
		}),
		variables: variablesOf(env, home, {
			// The window exports these into its terminals; an agent's shell spells its own state with them.
			HOOKWARDEN_SECRET_FILE: secret,
			HOOKWARDEN_ENDPOINT: windowEndpointGlob(host),
			HOOKWARDEN_RUNTIME_FOLDER: runtime,
		}),
	};
}

function variablesOf(
	env: NodeJS.ProcessEnv,
	home: string,
	own: Readonly<Record<string, string>>,
): Record<string, string> {
	const variables: Record<string, string> = {};
	for (const name of VARIABLES) {
		const value = env[name];
		if (value) {
			variables[name] = value;
		}
	}
	variables.HOME ??= home;
	return { ...variables, ...own };
}
