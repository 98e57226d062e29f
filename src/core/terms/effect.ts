/**
 * What a tool call does, in one vocabulary for every way a call can be written: a shell line, interpreter code, a
 * file-edit tool of any harness, an MCP tool. Readers turn input into effects; judges look only at effects, so the
 * same action spelled another way is judged the same.
 */

/** The kinds of thing a call can do that a policy cares about. */
export type EffectKind =
	/** Reads a file's contents (prints, copies, sends, loads it). */
	| 'read'
	/** Creates or changes a file (or everything under a folder, for a tree). */
	| 'write'
	/** Cuts a file's contents short or empties it. */
	| 'truncate'
	/** Removes a file, or a folder tree. */
	| 'delete'
	/** Moves or renames a path away from where it was (the source side of a move). */
	| 'move'
	/** Makes a path a link, so later writes through it land elsewhere. */
	| 'link'
	/** Changes permissions or ownership. */
	| 'chmod'
	/** Runs code the line does not show (downloaded, decoded, built at run time, or read from input). */
	| 'exec'
	/** Sends data over the network. */
	| 'send'
	/** Writes raw data to a block device, or formats, erases or repartitions one. */
	| 'deviceWrite'
	/** Discards uncommitted work or rewrites history in a version-control repository. */
	| 'historyRewrite'
	/** Destroys data a service holds: databases, clusters, clouds, containers, the machine itself. */
	| 'serviceDataLoss'
	/** Changes a setting that makes a program run later without a hook call (git hooks path, pager, aliases). */
	| 'configExec';

/** How an effect was reached from the call as written; `line` is a command written directly on the line. */
export type EffectReach =
	| 'line'
	| 'wrapper'
	| 'substitution'
	| 'shellString'
	| 'heredoc'
	| 'pipedScript'
	| 'interpreter'
	| 'exec'
	| 'jobRunner'
	| 'container'
	| 'fileTool'
	| 'mcpTool';

/**
 * How sure the reading is: `sure` (the target is known), `likely` (a variable, glob or run-time `cd` leaves the
 * target only probable), `unknown` (the target cannot be known before the call runs).
 */
export type Certainty = 'sure' | 'likely' | 'unknown';

/**
 * What a non-path effect acts on, named for the judge table: the working tree's uncommitted changes, remote history,
 * a service's data, code the line does not show, and so on.
 */
export type EffectSubject =
	| 'worktree'
	| 'worktreeFiles'
	| 'untrackedFiles'
	| 'remoteHistory'
	| 'remoteRefs'
	| 'localRefs'
	| 'localHistory'
	| 'recoveryData'
	| 'serviceData'
	| 'machine'
	| 'downloadedCode'
	| 'decodedCode'
	| 'runtimeCode'
	| 'inputCode'
	/** A program Hookwarden has no model for, given arguments: what it does is known only when it runs. */
	| 'unknownProgram'
	/** A script file an interpreter or shell runs (`python tool.py`, `bash build.sh`): code not on the line. */
	| 'scriptFile'
	/** The project's own scripts and tasks a runner starts (`npm test`, `make`, `cargo build`, `pytest`). */
	| 'projectCode'
	| 'hookSettings'
	| 'processes'
	| 'credentials';

/** One thing a tool call does, with its target as written and how it was reached. */
export interface Effect {
	readonly kind: EffectKind;
	/** The path acted on, as written (before variables, `~`, globs, `cd` and links are resolved); absent for a subject. */
	readonly path?: string;
	/** The path stands for everything under it (`rm -r`, `chmod -R`, `cp -r` into it, an archive unpacked there). */
	readonly tree?: boolean;
	/** What a path effect writes cannot be known (an archive's members, a copy of a folder), only where it lands. */
	readonly contentsUnknown?: boolean;
	/** What a non-path effect acts on. */
	readonly subject?: EffectSubject;
	/** Whether the effect covers all of its subject (`git checkout .`) rather than part of it (`git checkout -- a.txt`). */
	readonly whole?: boolean;
	/** The effect happens without the confirmation the program would otherwise ask for (`-f`, `--force`, `/q`). */
	readonly force?: boolean;
	/** For a `link` at `path`: what the link points at, as written, so later paths through the link resolve there. */
	readonly linkTo?: string;
	/** The delete destroys the contents first (`shred`), so not even an undelete tool brings them back. */
	readonly beyondRecovery?: boolean;
	/** The delete removes only what version control keeps a copy of (`git rm`): the last commit brings it back. */
	readonly recoverable?: boolean;
	/** A permission change that lets every user write (`chmod 777`, `o+w`). */
	readonly everyone?: boolean;
	/** A permission change that sets the set-user-ID or set-group-ID bit (`chmod u+s`, `4755`). */
	readonly runsAsOwner?: boolean;
	/** What the command does, as a phrase for the reason (`force-pushes`, `drops database data`). */
	readonly action: string;
	/** The sub-command (or tool call) the effect comes from, for display. */
	readonly source: string;
	readonly reach: EffectReach;
	readonly certainty: Certainty;
	/** The folder relative paths start from, when the line moved there (`cd /srv && rm -rf x`); as written. */
	readonly cwd?: string;
	/** True when an earlier `cd` of the line went somewhere not knowable before it runs. */
	readonly cwdUnknown?: boolean;
	/**
	 * The effect is only a possibility, read off a program Hookwarden does not follow (an unknown program handed a
	 * path): it counts only where its target is guarded (Hookwarden's own state, credentials, startup files) or, for
	 * `outside`, also where the target lies outside the workspace. Inside the workspace the snapshot holds the rest.
	 */
	readonly onlyWhere?: 'guarded' | 'outside';
	/** Index of the sub-command in the line's analysis, for `--explain`. */
	readonly command?: number;
}
