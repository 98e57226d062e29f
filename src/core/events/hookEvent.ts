import type { McpServerIdentity } from './mcpServer';
import type { ToolKind } from '../terms/toolKind';
import type { Dialect } from './dialect';
import type { Harness } from './harness';
import type { HookEventName } from './hookEventName';

/** A tool call as every harness describes it, with its harness-independent kind and what it touches. */
export interface ToolCall {
	/** The tool name exactly as the harness sent it (`run_in_terminal`, `bash`, `Bash`, `mcp__github__create_issue`). */
	readonly name: string;
	readonly kind: ToolKind;
	/** The tool's arguments as an object; a CLI `toolArgs` JSON string is already parsed. */
	readonly input: Readonly<Record<string, unknown>>;
	/** The harness's id for this call (`tool_use_id`), used to de-duplicate a hook registered twice. */
	readonly useId?: string;
	/** The shell command line, for shell tools. */
	readonly commandLine?: string;
	/** Which shell grammar reads {@link commandLine}: PowerShell tools are not parsed as bash. */
	readonly shell?: 'bash' | 'powershell';
	/** Every file path the call reads or writes, as sent (absolute or relative to `cwd`), in input order, unique. */
	readonly paths: readonly string[];
	/**
	 * Where a shell tool runs its line when the call says (`cwd`, Codex's `workdir`, a task's `options.cwd`), as sent:
	 * relative to the event's `cwd`, possibly with `${workspaceFolder}`.
	 */
	readonly workingFolder?: string;
	/** The MCP server the harness reported for this call, when it did; otherwise only the name tells (see mcpServer.ts). */
	readonly mcpServer?: McpServerIdentity;
}

/** Fields every event carries once normalised, whatever the dialect. */
export interface HookEventCommon {
	readonly dialect: Dialect;
	/** The runtime that sent it, when the reader knows (see harness.ts); the dialect alone does not say. */
	readonly harness?: Harness;
	readonly sessionId?: string;
	/** ISO-8601; CLI epoch-milliseconds are converted. */
	readonly timestamp: string;
	readonly cwd?: string;
	readonly transcriptPath?: string;
	readonly model?: string;
	/** Claude's `permission_mode` (`default`, `acceptEdits`, `bypassPermissions`, `plan`), when the host says it. */
	readonly permissionMode?: string;
}

/** One hook event after parsing and normalisation: a tagged union on `name`. */
export type HookEvent =
	| (HookEventCommon & {
			readonly name: 'SessionStart';
			readonly source?: string;
			readonly initialPrompt?: string;
	  })
	| (HookEventCommon & { readonly name: 'UserPromptSubmit'; readonly prompt: string })
	| (HookEventCommon & { readonly name: 'PreToolUse'; readonly tool: ToolCall })
	| (HookEventCommon & {
			readonly name: 'PostToolUse';
			readonly tool: ToolCall;
			readonly toolResponse?: string;
	  })
	| (HookEventCommon & {
			readonly name: 'PreCompact';
			readonly trigger?: string;
			readonly customInstructions?: string;
	  })
	| (HookEventCommon & {
			readonly name: 'SubagentStart';
			readonly agentId?: string;
			readonly agentType?: string;
			/** The CLI's `agentName` (what its subagentStart matcher reads); VS Code only sends `agent_type`. */
			readonly agentName?: string;
	  })
	| (HookEventCommon & {
			readonly name: 'SubagentStop';
			readonly agentId?: string;
			readonly agentType?: string;
			readonly agentName?: string;
			readonly stopHookActive: boolean;
			/** The CLI's `stopReason`, e.g. `end_turn`. */
			readonly stopReason?: string;
	  })
	| (HookEventCommon & {
			readonly name: 'Stop';
			readonly stopHookActive: boolean;
			/** The CLI's `stopReason`, e.g. `end_turn`. */
			readonly stopReason?: string;
	  })
	| (HookEventCommon & {
			readonly name: 'PostToolUseFailure';
			readonly tool: ToolCall;
			/** What went wrong, as the runtime tells the model (`Path does not exist`). */
			readonly error?: string;
	  })
	| (HookEventCommon & {
			readonly name: 'PermissionRequest';
			/** The call the runtime is about to ask the person about; its input may be a subset of PreToolUse's. */
			readonly tool: ToolCall;
	  })
	| (HookEventCommon & {
			readonly name: 'Notification';
			readonly message?: string;
			readonly title?: string;
			/** What the notification is about (`permission_prompt`, `idle_prompt`); the CLI's matcher reads it. */
			readonly notificationType?: string;
	  })
	| (HookEventCommon & {
			readonly name: 'SessionEnd';
			/** Why the session ended: `complete`, `error`, `abort`, `timeout`, `user_exit`. */
			readonly reason?: string;
	  })
	| (HookEventCommon & {
			readonly name: 'ErrorOccurred';
			readonly error?: string;
			readonly errorContext?: string;
			readonly recoverable?: boolean;
	  });

/** The normalised event for one event name. */
export type HookEventOf<N extends HookEventName> = Extract<HookEvent, { readonly name: N }>;
