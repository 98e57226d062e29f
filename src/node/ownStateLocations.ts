import { join } from 'node:path';

import type { OwnStateLocations } from '../core/judging/ownState';
import { EDITOR_BUILDS } from '../core/judging/ownState';
import { runtimeFolder, secretFile, shortSocketFolder } from '../protocol/endpoint';
import { bridgeGlobalStorage } from './audit/auditLogLocation';
import { currentEndpointHost } from './runtime/runtimeFolder';
import { defaultUserSettingsFile } from './settings/loadSettingsLayers';

/** Remote and web servers: `~/<folder>/data/User` and `data/Machine`. */
const SERVER_FOLDERS = [
	'.vscode-server',
	'.vscode-server-insiders',
	'.vscode-remote',
	'.cursor-server',
	'.windsurf-server',
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
 * Hookwarden's own state on this machine, computed from the environment, home folder and platform the same way the
 * window, the launcher and every bridge compute it (no file is read): the protectedPaths pack guards these. `extra`
 * adds audit locations only the caller knows (the window's storage folders).
 */
export function ownStateLocations(
	env: NodeJS.ProcessEnv,
	home: string,
	extraAuditPaths: readonly string[] = [],
): OwnStateLocations {
	const host = currentEndpointHost(env);
	const runtime = runtimeFolder(host);
	const configHome = env.XDG_CONFIG_HOME ?? join(home, '.config');
	const roots = [configHome, join(home, 'Library', 'Application Support')];
	if (env.APPDATA) {
		roots.push(env.APPDATA);
	}
	const editorUserFolders = [
		...roots.flatMap((root) => EDITOR_BUILDS.map((build) => join(root, build, 'User'))),
		join(env.XDG_DATA_HOME ?? join(home, '.local', 'share'), 'code-server', 'User'),
		...SERVER_FOLDERS.flatMap((folder) => [
			join(home, folder, 'data', 'User'),
			join(home, folder, 'data', 'Machine'),
		]),
	];
	const globalStorage = bridgeGlobalStorage(env, home);
	const auditFile = env.HOOKWARDEN_AUDIT_FILE?.trim();
	const variables: Record<string, string> = {};
	for (const name of VARIABLES) {
		const value = env[name];
		if (value) {
			variables[name] = value;
		}
	}
	variables.HOME ??= home;
	const userSettingsFile = env.HOOKWARDEN_USER_SETTINGS ?? defaultUserSettingsFile(env, home);
	return {
		launcherFolder: join(home, '.hookwarden'),
		runtimeFolder: runtime,
		secretFile: secretFile(runtime),
		auditPaths: [
			...(globalStorage ? [globalStorage] : []),
			...(auditFile && auditFile.toLowerCase() !== 'off' ? [auditFile] : []),
			...extraAuditPaths,
		],
		...(userSettingsFile && { userSettingsFile }),
		...(host.platform !== 'win32' && { otherFolders: [shortSocketFolder(host)] }),
		editorUserFolders,
		variables,
	};
}
