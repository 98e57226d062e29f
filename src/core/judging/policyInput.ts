import type { HookEvent } from '../events/hookEvent';
import { toolOfEvent } from '../events/toolOfEvent';
import { resolvePath } from '../paths/pathMath';
import type { CommandLineAnalysis } from '../reading/shell/commandLine';
import type { Deadline } from '../util/deadline';
import type { SqlReader } from '../reading/statements/statementLoss';
import type { OwnStateLocations } from './ownState';

/** What Hookwarden remembers about the event's session, for limits that span events. */
export interface SessionFacts {
	/** SubagentStart events already seen in this session, not counting the current one. */
	readonly subagentsStarted: number;
}

/** What a policy sees of one event: the normalised event, its workspace, and the parsed command line for shell tools. */
export interface PolicyInput {
	readonly event: HookEvent;
	/** Absolute workspace folder; `path` globs are relative to it. */
	readonly workspaceFolder?: string;
	/** The user's home directory, to recognise `~/.copilot/hooks/**` and similar. */
	readonly homeDir?: string;
	/** Present for shell tools (PreToolUse/PostToolUse with a command line). */
	readonly shell?: CommandLineAnalysis;
	readonly session?: SessionFacts;
	/** Hookwarden's own files on this machine, guarded by the protectedPaths pack. */
	readonly ownState?: OwnStateLocations;
	/**
	 * Where a path already on disk leads when it is, or sits under, a symbolic link (`build -> ~`); bounded by the
	 * node layer. Absent where the disk cannot be read (tests, the SDK in a browser).
	 */
	readonly realPath?: (absolute: string) => string | undefined;
	/**
	 * The SQL parser, loaded for an event whose call carries a statement that may lose data; without it statements are
	 * read with patterns.
	 */
	readonly readSql?: SqlReader;
	/** The time budget of this evaluation; long synchronous work checks it and gives up past it. */
	readonly deadline?: Deadline;
}

/**
 * The folder a call runs in: the tool's own working folder (`workdir`, a task's `options.cwd`, with
 * `${workspaceFolder}` put in) resolved against the event's `cwd`, else that `cwd`, else the workspace folder.
 */
export function callFolder(input: PolicyInput): string | undefined {
	const { event, workspaceFolder, homeDir } = input;
	const base = event.cwd ?? workspaceFolder;
	const own = toolOfEvent(event)?.workingFolder;
	if (own === undefined || base === undefined) {
		return base;
	}
	const expanded = own.replace(/\$\{(?:workspaceFolder|workspaceRoot)\}/g, workspaceFolder ?? base);
	return resolvePath(expanded, base, homeDir);
}
