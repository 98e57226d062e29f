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
}
