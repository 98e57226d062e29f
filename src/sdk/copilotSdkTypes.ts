/*
 * Structural copies of the `@github/copilot-sdk` types the adapter uses, so Hookwarden needs no dependency on the SDK
 * (its platform packages are not on every registry, which broke `npm ci`). Read from @github/copilot-sdk 1.0.14:
 * `dist/types.d.ts` (BaseHookInput, the *HookInput/*HookOutput pairs, SessionHooks, ToolResultObject,
 * PermissionHandler, PermissionRequestResult), `dist/generated/session-events.d.ts` (the PermissionRequest variants)
 * and `dist/generated/rpc.d.ts` (PermissionDecisionApproveOnce, PermissionDecisionReject,
 * PermissionDecisionUserNotAvailable). Only the fields the adapter reads or writes are copied; every input type keeps
 * the SDK's own field names and types, so an SDK value is assignable to them and our outputs are assignable back.
 */

/** The fields every SDK hook input carries (`BaseHookInput`). */
export interface CopilotBaseHookInput {
	sessionId: string;
	timestamp: Date;
	workingDirectory: string;
}

/** The second argument of every SDK hook handler. */
export interface CopilotHookInvocation {
	sessionId: string;
}

/** `PreToolUseHookInput`. */
export interface CopilotPreToolUseHookInput extends CopilotBaseHookInput {
	toolName: string;
	toolArgs: unknown;
}

/** `PreToolUseHookOutput`. */
export interface CopilotPreToolUseHookOutput {
	permissionDecision?: 'allow' | 'deny' | 'ask';
	permissionDecisionReason?: string;
	modifiedArgs?: unknown;
	additionalContext?: string;
	suppressOutput?: boolean;
}

/** `ToolResultType`. */
export type CopilotToolResultType = 'success' | 'failure' | 'rejected' | 'denied' | 'timeout';

/** `ToolResultObject` (the fields the adapter reads; the SDK's object has more, all optional). */
export interface CopilotToolResultObject {
	textResultForLlm: string;
	resultType: CopilotToolResultType;
	error?: string;
}

/** `PostToolUseHookInput`. */
export interface CopilotPostToolUseHookInput extends CopilotBaseHookInput {
	toolName: string;
	toolArgs: unknown;
	toolResult: CopilotToolResultObject;
}

/** `PostToolUseHookOutput`. */
export interface CopilotPostToolUseHookOutput {
	/** The result the model reads instead of the tool's own (a credential masked). */
	modifiedResult?: CopilotToolResultObject;
	additionalContext?: string;
	suppressOutput?: boolean;
}

/** `PostToolUseFailureHookInput`. */
export interface CopilotPostToolUseFailureHookInput extends CopilotBaseHookInput {
	toolName: string;
	toolArgs: unknown;
	error: string;
}

/** `PostToolUseFailureHookOutput`. */
export interface CopilotPostToolUseFailureHookOutput {
	additionalContext?: string;
}

/** `UserPromptSubmittedHookInput`. */
export interface CopilotUserPromptSubmittedHookInput extends CopilotBaseHookInput {
	prompt: string;
}

/** `UserPromptSubmittedHookOutput`. */
export interface CopilotUserPromptSubmittedHookOutput {
	modifiedPrompt?: string;
	additionalContext?: string;
	suppressOutput?: boolean;
}

/** `SessionStartHookInput`. */
export interface CopilotSessionStartHookInput extends CopilotBaseHookInput {
	source: 'startup' | 'resume' | 'new';
	initialPrompt?: string;
}

/** `SessionStartHookOutput` (without `modifiedConfig`, which the adapter never sets). */
export interface CopilotSessionStartHookOutput {
	additionalContext?: string;
}

/** `SessionEndHookInput`. */
export interface CopilotSessionEndHookInput extends CopilotBaseHookInput {
	reason: 'complete' | 'error' | 'abort' | 'timeout' | 'user_exit';
	finalMessage?: string;
	error?: string;
}

/** `SessionEndHookOutput`. */
export interface CopilotSessionEndHookOutput {
	suppressOutput?: boolean;
	cleanupActions?: string[];
	sessionSummary?: string;
}

/** `ErrorOccurredHookInput`. */
export interface CopilotErrorOccurredHookInput extends CopilotBaseHookInput {
	error: string;
	errorContext: 'model_call' | 'tool_execution' | 'system' | 'user_input';
	recoverable: boolean;
}

/** `ErrorOccurredHookOutput`. */
export interface CopilotErrorOccurredHookOutput {
	suppressOutput?: boolean;
	errorHandling?: 'retry' | 'skip' | 'abort';
	retryCount?: number;
	userNotification?: string;
}

/** `AgentStopHookInput`. */
export interface CopilotAgentStopHookInput extends CopilotBaseHookInput {
	stopReason?: string;
	transcriptPath?: string;
	stopHookActive?: boolean;
}

/** `AgentStopHookOutput`. */
export interface CopilotAgentStopHookOutput {
	decision?: 'block';
	reason?: string;
}

type Handler<I, O> = (input: I, invocation: CopilotHookInvocation) => Promise<O | void> | O | void;

/** `SessionHooks`: the `hooks` of a `SessionConfig`, limited to the hooks Hookwarden maps. */
export interface CopilotSessionHooks {
	onPreToolUse?: Handler<CopilotPreToolUseHookInput, CopilotPreToolUseHookOutput>;
	onPostToolUse?: Handler<CopilotPostToolUseHookInput, CopilotPostToolUseHookOutput>;
	onPostToolUseFailure?: Handler<
		CopilotPostToolUseFailureHookInput,
		CopilotPostToolUseFailureHookOutput
	>;
	onUserPromptSubmitted?: Handler<
		CopilotUserPromptSubmittedHookInput,
		CopilotUserPromptSubmittedHookOutput
	>;
	onSessionStart?: Handler<CopilotSessionStartHookInput, CopilotSessionStartHookOutput>;
	onSessionEnd?: Handler<CopilotSessionEndHookInput, CopilotSessionEndHookOutput>;
	onErrorOccurred?: Handler<CopilotErrorOccurredHookInput, CopilotErrorOccurredHookOutput>;
	onAgentStop?: Handler<CopilotAgentStopHookInput, CopilotAgentStopHookOutput>;
}

/** `PermissionRequestShell` (generated/session-events.d.ts), the fields the adapter reads. */
export interface CopilotShellPermissionRequest {
	kind: 'shell';
	fullCommandText: string;
	intention: string;
	toolCallId?: string;
}

/** `PermissionRequestWrite`. */
export interface CopilotWritePermissionRequest {
	kind: 'write';
	fileName: string;
	diff: string;
	intention: string;
	newFileContents?: string;
	toolCallId?: string;
}

/** `PermissionRequestRead`. */
export interface CopilotReadPermissionRequest {
	kind: 'read';
	path: string;
	intention: string;
	toolCallId?: string;
}

/** `PermissionRequestMcp`. */
export interface CopilotMcpPermissionRequest {
	kind: 'mcp';
	serverName: string;
	toolName: string;
	args?: unknown;
	toolCallId?: string;
}

/** `PermissionRequestUrl`. */
export interface CopilotUrlPermissionRequest {
	kind: 'url';
	url: string;
	intention: string;
	toolCallId?: string;
}

/** `PermissionRequestCustomTool`. */
export interface CopilotCustomToolPermissionRequest {
	kind: 'custom-tool';
	toolName: string;
	args?: unknown;
	toolCallId?: string;
}

/** `PermissionRequestHook`: a preToolUse hook answered `ask`, and the runtime asks the host's user on its behalf. */
export interface CopilotHookPermissionRequest {
	kind: 'hook';
	toolName: string;
	toolArgs?: unknown;
	/** The hook's `permissionDecisionReason`. */
	hookMessage?: string;
	toolCallId?: string;
}

/**
 * `PermissionRequest`: the variants above, plus the SDK's others (`memory`, extension and factory requests) seen only
 * through their `kind`.
 */
export type CopilotPermissionRequest =
	| CopilotShellPermissionRequest
	| CopilotWritePermissionRequest
	| CopilotReadPermissionRequest
	| CopilotMcpPermissionRequest
	| CopilotUrlPermissionRequest
	| CopilotCustomToolPermissionRequest
	| CopilotHookPermissionRequest
	| { kind: string; toolCallId?: string };

/** The `PermissionRequestResult` variants the adapter answers with (`approve-once`, `reject`, `user-not-available`, `no-result`). */
export type CopilotPermissionRequestResult =
	| { kind: 'approve-once'; approvedInteractively?: boolean }
	| { kind: 'reject'; feedback?: string }
	| { kind: 'user-not-available' }
	| { kind: 'no-result' };

/** `PermissionHandler`, answering only with {@link CopilotPermissionRequestResult}s. */
export type CopilotPermissionHandler = (
	request: CopilotPermissionRequest,
	invocation: { sessionId: string; managedSettingsEnabled?: boolean },
) => Promise<CopilotPermissionRequestResult>;
