/**
 * Where Hookwarden keeps its own state on this machine, as the node layer computes it, so the protectedPaths pack can
 * guard it: an agent that could rewrite the launcher, a lease, the secret or the audit log could switch Hookwarden off.
 */
export interface OwnStateLocations {
	/** `~/.hookwarden`: the launchers every hook file runs. */
	readonly launcherFolder?: string;
	/** The per-user runtime folder: window leases, the secret, sockets, caches. */
	readonly runtimeFolder?: string;
	/** The secret file; not even reading it is allowed. */
	readonly secretFile?: string;
	/** Other files that hold key material as the secret does (the fast path's TLS identity); reading them is denied too. */
	readonly keyFiles?: readonly string[];
	/** Extension storage folders and configured audit files: audit logs and their pointer files. */
	readonly auditPaths: readonly string[];
	/** Snapshot stores: copies of workspace files, secrets among them; not even reading them is allowed. */
	readonly snapshotStores?: readonly string[];
	/** The user settings file the launcher names (`HOOKWARDEN_USER_SETTINGS`), besides the well-known locations. */
	readonly userSettingsFile?: string;
	/**
	 * The machine policy file and its folder. Only the administrator may write them; a change of their owner or access
	 * list (`sudo chown "$USER"`, `setfacl`, `chattr -i`) makes the policy one the user could have written, which
	 * Hookwarden then ignores, so it is as much Hookwarden's state as the launcher.
	 */
	readonly machinePolicy?: readonly string[];
	/** Other folders of Hookwarden's alone, such as the short socket folder `/tmp/hookwarden-<user>`. */
	readonly otherFolders?: readonly string[];
	/**
	 * The `User` (and remote `Machine`) folders of every VS Code-family build this machine may run, whose
	 * `settings.json`, `tasks.json` and `profiles/` hold policy a window reads.
	 */
	readonly editorUserFolders?: readonly string[];
	/**
	 * Where the editor keeps its extensions and whether each is enabled: every build's extensions folders (Hookwarden's
	 * installed code, `extensions.json`, `.obsolete`) and the profile state that records disabled extensions. Changing
	 * them disables or uninstalls Hookwarden.
	 */
	readonly editorExtensionRecords?: readonly string[];
	/**
	 * `.vscode/settings.json` in every folder above the workspace (up to home): written, one would become the workspace's
	 * settings for the headless bridge, which reads the outermost folder that holds settings.
	 */
	readonly outerSettingsFiles?: readonly string[];
	/**
	 * Values of the environment variables a command may spell these paths with (`HOME`, `XDG_RUNTIME_DIR`, `APPDATA`,
	 * and the `HOOKWARDEN_*` variables the window exports into terminals); a value may be a glob (`…/w-*.sock`).
	 */
	readonly variables?: Readonly<Record<string, string>>;
}

/** VS Code-family builds whose `User` folders hold settings a window reads (their folder names under the config root). */
export const EDITOR_BUILDS: readonly string[] = [
	'Code',
	'Code - Insiders',
	'Code - OSS',
	'VSCodium',
	'VSCodium - Insiders',
	'Cursor',
	'Windsurf',
];

/** Folders under home where every VS Code-family desktop build keeps its configuration (`<root>/<build>/User`). */
const EDITOR_CONFIG_ROOTS: readonly string[] = [
	'.config',
	'Library/Application Support',
	'AppData/Roaming',
];

/** Sandboxed packages' configuration folders of one build each: Flatpak's `~/.var/app/<id>/config`, Snap's `current`. */
const SANDBOXED_EDITOR_FOLDERS: readonly string[] = [
	'.var/app/com.visualstudio.code/config/Code',
	'.var/app/com.visualstudio.code.insiders/config/Code - Insiders',
	'.var/app/com.vscodium.codium/config/VSCodium',
	'snap/code/current/.config/Code',
	'snap/code-insiders/current/.config/Code - Insiders',
	'snap/codium/current/.config/VSCodium',
];

/**
 * Every `User` folder under `home` where a VS Code-family desktop build keeps its settings, installed or not: each
 * build under each platform's root, and the sandboxed packages' own folders. Paths use `/`, relative to `home`.
 */
export function editorUserFoldersUnderHome(): readonly string[] {
	return [
		...EDITOR_CONFIG_ROOTS.flatMap((root) => EDITOR_BUILDS.map((build) => `${root}/${build}/User`)),
		...sandboxedEditorUserFolders(),
	];
}

/** The `User` folders of sandboxed editor packages under home (Flatpak, Snap), relative to it with `/`. */
export function sandboxedEditorUserFolders(): readonly string[] {
	return SANDBOXED_EDITOR_FOLDERS.map((folder) => `${folder}/User`);
}
