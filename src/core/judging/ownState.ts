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
	/** Extension storage folders and configured audit files: audit logs and their pointer files. */
	readonly auditPaths: readonly string[];
	/** The user settings file the launcher names (`HOOKWARDEN_USER_SETTINGS`), besides the well-known locations. */
	readonly userSettingsFile?: string;
	/** Other folders of Hookwarden's alone, such as the short socket folder `/tmp/hookwarden-<user>`. */
	readonly otherFolders?: readonly string[];
	/**
	 * The `User` (and remote `Machine`) folders of every VS Code-family build this machine may run, whose
	 * `settings.json`, `tasks.json` and `profiles/` hold policy a window reads.
	 */
	readonly editorUserFolders?: readonly string[];
	/** Values of the environment variables a command may spell these paths with (`HOME`, `XDG_RUNTIME_DIR`, `APPDATA`). */
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
