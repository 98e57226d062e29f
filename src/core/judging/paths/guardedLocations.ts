import { normalizePath } from '../../paths/pathMath';
import type { OwnStateLocations } from '../ownState';
import { editorUserFoldersUnderHome } from '../ownState';

/** One location of Hookwarden's own state, what it is, and why an agent may not change it. */
export interface GuardedLocation {
	/** Absolute, normalised. */
	readonly path: string;
	readonly what: string;
	readonly why: string;
	/** Not even reading it is allowed (the secret that signs answers). */
	readonly secret?: boolean;
}

const WHY_HOOKS = 'it decides which hooks run, so changing it can switch Hookwarden off';
const WHY_POLICY = 'it holds the policy Hookwarden enforces, so changing it can loosen that policy';
const WHY_RECORD = 'it is the record of what agents did';
const WHY_TASKS = 'tasks can run commands without a hook call';
const WHY_SNAPSHOTS =
	'it holds copies of workspace files (credentials among them) that only the person may read or restore';

// Guarded locations depend only on the locations, home and workspace: worked out once per combination.
const cache = new WeakMap<OwnStateLocations, Map<string, readonly GuardedLocation[]>>();

/**
 * Every location of Hookwarden's own state for one event: the node layer's locations (launchers, runtime folder,
 * secret, audit logs, settings of every editor build) plus the hook files and settings of home and the workspace.
 * An agent that could change any of them could switch Hookwarden off or loosen its policy.
 */
export function guardedLocations(
	own: OwnStateLocations | undefined,
	home: string | undefined,
	workspace: string | undefined,
): readonly GuardedLocation[] {
	const key = `${home ?? ''}\0${workspace ?? ''}`;
	const owner = own ?? EMPTY;
	let byKey = cache.get(owner);
	if (!byKey) {
		byKey = new Map();
		cache.set(owner, byKey);
	}
	let found = byKey.get(key);
	if (!found) {
		found = compute(own, home, workspace);
		byKey.set(key, found);
	}
	return found;
}

const EMPTY: OwnStateLocations = { auditPaths: [] };

/** Adds one guarded location; a missing path adds nothing. */
type AddLocation = (path: string | undefined, what: string, why: string, secret?: boolean) => void;

function compute(
	own: OwnStateLocations | undefined,
	home: string | undefined,
	workspace: string | undefined,
): GuardedLocation[] {
	const guarded: GuardedLocation[] = [];
	const add: AddLocation = (path, what, why, secret = false) => {
		if (path) {
			guarded.push({ path: normalizePath(path), what, why, ...(secret && { secret }) });
		}
	};
	if (own) {
		addOwnState(own, add);
	}
	if (home) {
		addUserLevel(home, add);
	}
	if (workspace) {
		addWorkspaceLevel(workspace, add);
	}
	return guarded;
}

/** Hookwarden's own files and folders where this install keeps them, and the settings it reads. */
function addOwnState(own: OwnStateLocations, add: AddLocation): void {
	add(own.secretFile, "Hookwarden's secret", 'it signs the answers hook calls trust', true);
	if (own.runtimeFolder) {
		add(
			`${own.runtimeFolder}/secret`,
			"Hookwarden's secret",
			'it signs the answers hook calls trust',
			true,
		);
	}
	// The fast path's TLS identity proves a window as the secret does.
	for (const file of own.keyFiles ?? []) {
		add(file, "Hookwarden's secret", 'it signs the answers hook calls trust', true);
	}
	add(own.launcherFolder, "Hookwarden's hook launchers", WHY_HOOKS);
	add(
		own.runtimeFolder,
		"Hookwarden's runtime folder (window leases, the secret, sockets)",
		'it is how hook calls reach the window and prove their answers',
	);
	for (const folder of own.otherFolders ?? []) {
		add(folder, "Hookwarden's socket folder", 'it is how hook calls reach the window');
	}
	for (const path of own.auditPaths) {
		add(path, "Hookwarden's audit log or its pointer files", WHY_RECORD);
	}
	for (const path of own.snapshotStores ?? []) {
		add(path, "Hookwarden's snapshot store", WHY_SNAPSHOTS, true);
	}
	add(own.userSettingsFile, 'the user settings Hookwarden reads', WHY_POLICY);
	for (const path of own.machinePolicy ?? []) {
		add(
			path,
			"the administrator's machine policy",
			"it holds the policy every user's Hookwarden enforces; made the user's, it is ignored",
		);
	}
	// Headless, the outermost folder holding settings is the workspace: settings written above it would become its own.
	for (const file of own.outerSettingsFiles ?? []) {
		add(file, 'settings above the workspace', WHY_POLICY);
	}
	for (const path of own.editorExtensionRecords ?? []) {
		add(path, "the editor's installed extensions or the record of which are enabled", WHY_HOOKS);
	}
	for (const folder of own.editorUserFolders ?? []) {
		add(`${folder}/settings.json`, 'editor user settings', WHY_POLICY);
		add(`${folder}/tasks.json`, 'editor user tasks', WHY_TASKS);
		add(`${folder}/profiles`, 'editor profile settings', WHY_POLICY);
		add(`${folder}/globalStorage/hookwarden.hookwarden`, "Hookwarden's audit storage", WHY_RECORD);
		add(
			`${folder}/globalStorage/hookwarden.hookwarden/snapshots`,
			"Hookwarden's snapshot store",
			WHY_SNAPSHOTS,
			true,
		);
	}
}

/** What every user's agents and editors read from home: hooks, agent settings, every editor build's user settings. */
function addUserLevel(home: string, add: AddLocation): void {
	// Every VS Code-family build's user settings, wherever its platform keeps them, whether installed or not.
	for (const user of editorUserFoldersUnderHome()) {
		add(`${home}/${user}/settings.json`, 'editor user settings', WHY_POLICY);
		add(`${home}/${user}/tasks.json`, 'editor user tasks', WHY_TASKS);
		add(`${home}/${user}/profiles`, 'editor profile settings', WHY_POLICY);
	}
	add(`${home}/.hookwarden`, "Hookwarden's hook launchers", WHY_HOOKS);
	add(`${home}/.copilot/hooks`, 'user-level agent hooks', WHY_HOOKS);
	add(`${home}/.copilot/settings.json`, 'user-level Copilot settings', WHY_HOOKS);
	add(`${home}/.copilot/config.json`, 'user-level Copilot settings', WHY_HOOKS);
	add(`${home}/.claude/settings.json`, 'user-level Claude hooks and permissions', WHY_HOOKS);
	add(`${home}/.claude/settings.local.json`, 'user-level Claude hooks and permissions', WHY_HOOKS);
}

/** What the workspace's agents, editor and git read from it: hooks, settings, tasks, git hooks and config. */
function addWorkspaceLevel(workspace: string, add: AddLocation): void {
	add(`${workspace}/.github/hooks`, "the workspace's agent hooks", WHY_HOOKS);
	add(`${workspace}/.github/copilot`, "the workspace's Copilot settings", WHY_HOOKS);
	add(`${workspace}/.claude/settings.json`, "the workspace's Claude hooks", WHY_HOOKS);
	add(`${workspace}/.claude/settings.local.json`, "the workspace's Claude hooks", WHY_HOOKS);
	add(`${workspace}/.vscode/settings.json`, "the workspace's editor settings", WHY_POLICY);
	add(`${workspace}/.vscode/tasks.json`, "the workspace's tasks", WHY_TASKS);
	add(`${workspace}/.git/hooks`, "the repository's git hooks", 'git runs them without a hook call');
	add(
		`${workspace}/.git/config`,
		"the repository's git config",
		'its core.hooksPath chooses which git hooks run',
	);
}

/**
 * Name patterns of hook files and policy settings wherever they sit (a nested project, another checkout): matched
 * against any path, not only under this workspace.
 */
export const GUARDED_ANYWHERE: readonly {
	readonly glob: string;
	readonly what: string;
	readonly why: string;
	/** Not even reading it is allowed. */
	readonly secret?: true;
}[] = [
	{ glob: '**/.github/hooks/**', what: 'agent hook configuration', why: WHY_HOOKS },
	{ glob: '**/.github/copilot/settings*.json', what: 'agent hook configuration', why: WHY_HOOKS },
	{ glob: '**/.vscode/settings.json', what: 'editor policy settings', why: WHY_POLICY },
	{ glob: '**/.vscode/tasks.json', what: 'editor tasks', why: WHY_TASKS },
	{ glob: '**/*.code-workspace', what: 'editor workspace settings', why: WHY_POLICY },
	{
		glob: '**/.claude/settings*.json',
		what: 'Claude hook and permission settings',
		why: WHY_HOOKS,
	},
	{ glob: '**/.git/hooks', what: 'git hooks', why: 'git runs them without a hook call' },
	{ glob: '**/.git/hooks/**', what: 'git hooks', why: 'git runs them without a hook call' },
	{
		glob: '**/globalStorage/hookwarden.hookwarden/snapshots',
		what: "Hookwarden's snapshot store",
		why: WHY_SNAPSHOTS,
		secret: true,
	},
	{
		glob: '**/globalStorage/hookwarden.hookwarden/snapshots/**',
		what: "Hookwarden's snapshot store",
		why: WHY_SNAPSHOTS,
		secret: true,
	},
	{
		glob: '**/User/globalStorage/hookwarden.hookwarden/**',
		what: "Hookwarden's audit log",
		why: WHY_RECORD,
	},
	{
		glob: '**/User/workspaceStorage/*/hookwarden.hookwarden/**',
		what: "Hookwarden's audit log",
		why: WHY_RECORD,
	},
];
