import type { HookEvent } from '../events/hookEvent';
import type { CommandLineAnalysis } from '../shell/commandLine';

/** What a policy sees of one event: the normalised event, its workspace, and the parsed command line for shell tools. */
export interface PolicyInput {
	readonly event: HookEvent;
	/** Absolute workspace folder; `path` globs are relative to it. */
	readonly workspaceFolder?: string;
	/** The user's home directory, to recognise `~/.copilot/hooks/**` and similar. */
	readonly homeDir?: string;
	/** Present for shell tools (PreToolUse/PostToolUse with a command line). */
	readonly shell?: CommandLineAnalysis;
}
