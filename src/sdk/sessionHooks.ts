import type { HookEvent, HookEventCommon } from '../core/events/hookEvent';
import { encodeHookOutput } from '../core/output/encodeHookOutput';
import { askWhereRewriteCannotRun } from '../core/output/harnessSupport';
import { CompositeHooksProvider } from '../core/provider/compositeHooksProvider';
import type { MergedDecision } from '../core/terms/decision';
import type { FailMode } from '../core/provider/failVerdict';
import { withFailMode } from '../core/provider/failVerdict';
import type { HooksProvider } from '../core/provider/hooksProvider';
import { toolCallOf } from '../core/reading/tools/toolCallOf';
import { DeniedCalls, notHonoured } from '../core/sessions/honouredCheck';
import type { CallSnapshots } from '../core/pipeline/callSnapshots';
import { describeRestorability } from '../core/snapshots/describeSnapshot';
import type { Observation, SnapshotOutcome } from '../core/snapshots/snapshotFacts';
import type { SnapshotSettings } from '../core/settings/snapshotSettings';
import type {
	CopilotAgentStopHookOutput,
	CopilotBaseHookInput,
	CopilotCustomToolPermissionRequest,
	CopilotErrorOccurredHookOutput,
	CopilotHookPermissionRequest,
	CopilotMcpPermissionRequest,
	CopilotPermissionHandler,
	CopilotPermissionRequest,
	CopilotPermissionRequestResult,
	CopilotPostToolUseHookOutput,
	CopilotPreToolUseHookOutput,
	CopilotReadPermissionRequest,
	CopilotSessionHooks,
	CopilotShellPermissionRequest,
	CopilotUrlPermissionRequest,
	CopilotWritePermissionRequest,
} from './copilotSdkTypes';

/** How an adapter asks a provider: which workspace folder it names and what a failed provider means. */
export interface AdapterOptions {
	/** The workspace folder providers are told about; default: the hook input's `workingDirectory`. */
	readonly workspaceFolder?: string;
	/** `closed` denies a tool call whose provider failed or timed out (under failAction `warn`); default `open`. */
	readonly failMode?: FailMode;
	/**
	 * Sees every event with the decision the chain reached (for an audit log), and, for a tool that ran although this
	 * adapter denied its call earlier in the session, the line saying so; an exception here is ignored.
	 */
	readonly onDecision?: (
		event: HookEvent,
		decision: MergedDecision,
		check: {
			readonly notHonoured?: string;
			/** What was held before a tool call that may change files (see {@link SessionSnapshots}). */
			readonly snapshot?: SnapshotOutcome;
			/** What the calls this event closed changed, with those no prediction covered. */
			readonly observed?: readonly Observation[];
		},
	) => void;
	/**
	 * Holds the workspace before a tool call that may change files runs and compares it after, as the extension does:
	 * `snapshotsFor` of the installed package makes one. Without it nothing is held.
	 */
	readonly snapshots?: SessionSnapshots;
}

/** The snapshot step of an SDK session: the decider's step and the limits it holds under. */
export interface SessionSnapshots {
	readonly step: CallSnapshots;
	readonly settings: SnapshotSettings;
}

/** What the hooks adapter needs: the provider or chain, and the options every adapter takes. */
export type SessionHooksOptions = AdapterOptions;

/** What {@link asPermissionHandler} needs besides the provider: who answers an `ask`, and what no opinion means. */
export interface PermissionHandlerOptions extends AdapterOptions {
	/**
	 * Asks the application's user about a request the providers answered `ask` (and, by default, one they had no
	 * opinion on). Only `true` approves it, once: any other answer (`false`, `"no"`, `"yes"`, `1`) rejects it. A callback
	 * that throws answers `user-not-available`.
	 */
	readonly ask: (
		request: CopilotPermissionRequest,
		question: { readonly reason?: string; readonly event: HookEvent },
	) => boolean | Promise<boolean>;
	/** What a request no provider has an opinion on gets: ask the user (default), approve it or reject it. */
	readonly noOpinion?: 'ask' | 'approve' | 'reject';
}

/** A provider, or a chain of them, as the adapters accept it. */
export type ProviderOrChain = HooksProvider | CompositeHooksProvider;

type Decide = (event: HookEvent) => Promise<MergedDecision>;

// The text a blocked prompt is replaced with: the SDK has no veto on prompts, so the model gets this instead.
const BLOCKED_PROMPT = (reason: string) =>
	`[Hookwarden withheld the user's prompt: ${reason}] Tell the user their prompt was blocked and why; do not act on it.`;

/**
 * The `hooks` of a `@github/copilot-sdk` SessionConfig (1.0.x) that ask `provider` about every event the SDK fires:
 * tool calls (`permissionDecision`, `permissionDecisionReason`, `modifiedArgs` with the whole rewritten input,
 * `additionalContext`), tool results (`modifiedResult` when a provider replaced it, e.g. with a credential masked;
 * `additionalContext`, a block's reason added to it), failures (`additionalContext`), prompts (`additionalContext`, `modifiedPrompt` from
 * `updatedInput.prompt`, or a refusal note when denied), session start (`additionalContext`), errors (`errorHandling:
 * "abort"` with `userNotification` when denied or stopped), the agent's stop (`decision: "block"` with the reasons),
 * and session end (observed only: the SDK reads nothing back that a decision holds).
 */
export function asSessionHooks(
	provider: ProviderOrChain,
	options: SessionHooksOptions = {},
): Required<CopilotSessionHooks> {
	const decide = deciderOf(provider, options);
	return {
		onPreToolUse: async (input) => {
			const event: HookEvent = {
				name: 'PreToolUse',
				...commonOf(input),
				tool: toolCallOf(input.toolName, argsOf(input.toolArgs), { cwd: input.workingDirectory }),
			};
			const output = encodeHookOutput(event, await decide(event));
			return pick<CopilotPreToolUseHookOutput>(output, [
				'permissionDecision',
				'permissionDecisionReason',
				'modifiedArgs',
				'additionalContext',
			]);
		},
		onPostToolUse: async (input) => {
			const event: HookEvent = {
				name: 'PostToolUse',
				...commonOf(input),
				tool: toolCallOf(input.toolName, argsOf(input.toolArgs), { cwd: input.workingDirectory }),
				toolResponse: input.toolResult.textResultForLlm,
			};
			const decision = await decide(event);
			const replaced = decision.updatedToolOutput;
			const output: CopilotPostToolUseHookOutput = {
				...(replaced !== undefined && {
					modifiedResult: { ...input.toolResult, textResultForLlm: replaced },
				}),
				...contextOutput(decision),
			};
			return output;
		},
		onPostToolUseFailure: async (input) => {
			// Its own event, not a PostToolUse: a failed call is no proof the tool ran (a refused call fails too).
			const event: HookEvent = {
				name: 'PostToolUseFailure',
				...commonOf(input),
				tool: toolCallOf(input.toolName, argsOf(input.toolArgs), { cwd: input.workingDirectory }),
				error: input.error,
			};
			return contextOutput(await decide(event));
		},
		onUserPromptSubmitted: async (input) => {
			const event: HookEvent = {
				name: 'UserPromptSubmit',
				...commonOf(input),
				prompt: input.prompt,
			};
			const decision = await decide(event);
			const refusal = refusalOf(decision);
			const replaced = decision.updatedInput?.prompt;
			return omitEmpty({
				modifiedPrompt:
					refusal !== undefined
						? BLOCKED_PROMPT(refusal)
						: typeof replaced === 'string'
							? replaced
							: undefined,
				additionalContext: refusal === undefined ? decision.additionalContext : undefined,
			});
		},
		onSessionStart: async (input) => {
			const event: HookEvent = {
				name: 'SessionStart',
				...commonOf(input),
				source: input.source,
				...(input.initialPrompt !== undefined && { initialPrompt: input.initialPrompt }),
			};
			const decision = await decide(event);
			return omitEmpty({ additionalContext: decision.additionalContext });
		},
		onSessionEnd: async (input) => {
			await decide({ name: 'SessionEnd', ...commonOf(input), reason: input.reason });
			return undefined;
		},
		onErrorOccurred: async (input) => {
			const event: HookEvent = {
				name: 'ErrorOccurred',
				...commonOf(input),
				error: errorText(input.error),
				errorContext: input.errorContext,
				recoverable: input.recoverable,
			};
			const decision = await decide(event);
			const abort = decision.stop?.reason ?? refusalOf(decision);
			const output: CopilotErrorOccurredHookOutput = omitEmpty({
				errorHandling: abort !== undefined ? 'abort' : undefined,
				userNotification: [abort, decision.systemMessage].filter(Boolean).join('\n') || undefined,
			});
			return output;
		},
		onAgentStop: async (input) => {
			const event: HookEvent = {
				name: 'Stop',
				...commonOf(input),
				stopHookActive: input.stopHookActive ?? false,
				...(input.stopReason !== undefined && { stopReason: input.stopReason }),
				...(input.transcriptPath !== undefined && { transcriptPath: input.transcriptPath }),
			};
			const output = encodeHookOutput(event, await decide(event));
			return pick<CopilotAgentStopHookOutput>(output, ['decision', 'reason']);
		},
	};
}

/**
 * An `onPermissionRequest` handler for a `@github/copilot-sdk` session that asks `provider` as if the request were a
 * PreToolUse (shell → `bash`, write → `edit`, read → `view`, url → `web_fetch`, mcp → `mcp__<server>__<tool>`, a custom
 * tool by its own name): `allow` approves once, `deny` rejects with the reason as feedback, `ask` (and by default no
 * opinion) calls the application's `ask`.
 */
export function asPermissionHandler(
	provider: ProviderOrChain,
	options: PermissionHandlerOptions,
): CopilotPermissionHandler {
	const decide = deciderOf(provider, options);
	return async (request, invocation) => {
		if (request.kind === 'hook') {
			return askForHook(options, request as CopilotHookPermissionRequest, invocation.sessionId);
		}
		const event: HookEvent = {
			name: 'PreToolUse',
			dialect: 'copilotCli',
			harness: 'copilotSdk',
			sessionId: invocation.sessionId,
			timestamp: new Date().toISOString(),
			...(options.workspaceFolder !== undefined && { cwd: options.workspaceFolder }),
			tool: toolOfRequest(request, options.workspaceFolder),
		};
		// A permission handler can only approve or reject: a rewrite cannot run through it, so it is asked.
		const decision = askWhereRewriteCannotRun(
			{ name: 'PermissionRequest', dialect: 'copilotCli' },
			await decide(event),
		);
		const verdict = decision.stop ? 'deny' : (decision.verdict ?? options.noOpinion ?? 'ask');
		const reason = decision.stop?.reason ?? decision.reason;
		switch (verdict) {
			case 'allow':
			case 'approve':
				return { kind: 'approve-once' };
			case 'deny':
			case 'reject':
				return { kind: 'reject', feedback: reason ?? 'Denied by Hookwarden policy.' };
			case 'ask':
				return askUser(options, request, event, decision.verdict === 'ask' ? reason : undefined);
		}
	};
}

// A preToolUse hook (this package's, or a hook file's) already answered `ask`: the runtime now asks the user on its
// behalf, with the hook's reason. The providers are not asked again; only the person answers.
function askForHook(
	options: PermissionHandlerOptions,
	request: CopilotHookPermissionRequest,
	sessionId: string,
): Promise<CopilotPermissionRequestResult> {
	const event: HookEvent = {
		name: 'PreToolUse',
		dialect: 'copilotCli',
		harness: 'copilotSdk',
		sessionId,
		timestamp: new Date().toISOString(),
		...(options.workspaceFolder !== undefined && { cwd: options.workspaceFolder }),
		tool: toolCallOf(request.toolName, argsOf(request.toolArgs), {
			...(request.toolCallId !== undefined && { useId: request.toolCallId }),
			...(options.workspaceFolder !== undefined && { cwd: options.workspaceFolder }),
		}),
	};
	return askUser(options, request, event, request.hookMessage);
}

async function askUser(
	options: PermissionHandlerOptions,
	request: CopilotPermissionRequest,
	event: HookEvent,
	reason: string | undefined,
): Promise<CopilotPermissionRequestResult> {
	let answer: unknown;
	try {
		answer = await options.ask(request, { ...(reason !== undefined && { reason }), event });
	} catch {
		return { kind: 'user-not-available' };
	}
	// JavaScript callers are not held to the type: only an explicit yes approves a tool call.
	return answer === true
		? { kind: 'approve-once', approvedInteractively: true }
		: { kind: 'reject', feedback: 'The user declined this request.' };
}

function toolOfRequest(request: CopilotPermissionRequest, cwd: string | undefined) {
	const context = {
		...(request.toolCallId !== undefined && { useId: request.toolCallId }),
		...(cwd !== undefined && { cwd }),
	};
	switch (request.kind) {
		case 'shell': {
			const shell = request as CopilotShellPermissionRequest;
			return toolCallOf(
				'bash',
				{ command: shell.fullCommandText, description: shell.intention },
				context,
			);
		}
		case 'write': {
			const write = request as CopilotWritePermissionRequest;
			return toolCallOf('edit', { path: write.fileName, diff: write.diff }, context);
		}
		case 'read':
			return toolCallOf('view', { path: (request as CopilotReadPermissionRequest).path }, context);
		case 'url':
			return toolCallOf(
				'web_fetch',
				{ url: (request as CopilotUrlPermissionRequest).url },
				context,
			);
		case 'mcp': {
			const mcp = request as CopilotMcpPermissionRequest;
			// The runtime names the server itself: the allow-list holds it to that, not to the tool's name.
			return {
				...toolCallOf(`mcp__${mcp.serverName}__${mcp.toolName}`, argsOf(mcp.args), context),
				mcpServer: { name: mcp.serverName },
			};
		}
		case 'custom-tool': {
			const custom = request as CopilotCustomToolPermissionRequest;
			return toolCallOf(custom.toolName, argsOf(custom.args), context);
		}
		default:
			return toolCallOf(request.kind, {}, context);
	}
}

function deciderOf(provider: ProviderOrChain, options: AdapterOptions): Decide {
	const chain =
		provider instanceof CompositeHooksProvider ? provider : new CompositeHooksProvider([provider]);
	// The calls this adapter denied, so a tool result for one of them proves the runtime ran it anyway.
	const denied = new DeniedCalls();
	return async (event) => {
		const workspaceFolder = options.workspaceFolder ?? event.cwd;
		const observed = await observe(options.snapshots, event, workspaceFolder);
		const merged = await chain.decide(event, {
			...(workspaceFolder !== undefined && { workspaceFolder }),
		});
		let decision = withFailMode(merged, options.failMode ?? 'open', event.name);
		const snapshot = await hold(options.snapshots, event, decision, workspaceFolder);
		const restorable =
			snapshot &&
			options.snapshots &&
			describeRestorability(snapshot, options.snapshots.settings, workspaceFolder);
		if (decision.verdict === 'ask' && restorable) {
			decision = {
				...decision,
				reason: `${decision.reason ?? 'A Hookwarden rule asks for approval.'} ${restorable}`,
			};
		}
		const session = event.sessionId ?? '';
		const ignored = notHonoured(event, (key) => denied.has(session, key));
		denied.note(session, event, decision);
		try {
			options.onDecision?.(event, decision, {
				...(ignored !== undefined && { notHonoured: ignored }),
				...(snapshot && { snapshot }),
				...(observed.length > 0 && { observed }),
			});
		} catch {
			// An observer must never change the answer.
		}
		return decision;
	};
}

/** Holds the workspace before a tool call runs, when the adapter has snapshots; a failure never costs the answer. */
async function hold(
	snapshots: SessionSnapshots | undefined,
	event: HookEvent,
	decision: MergedDecision,
	workspaceFolder: string | undefined,
): Promise<SnapshotOutcome | undefined> {
	if (!snapshots || event.name !== 'PreToolUse') {
		return undefined;
	}
	try {
		return await snapshots.step.before(
			event,
			decision,
			workspaceFolder,
			snapshots.settings,
			Date.now(),
		);
	} catch {
		return undefined;
	}
}

/** Compares the calls an event closes with their snapshots, when the adapter has snapshots. */
async function observe(
	snapshots: SessionSnapshots | undefined,
	event: HookEvent,
	workspaceFolder: string | undefined,
): Promise<readonly Observation[]> {
	try {
		return snapshots ? await snapshots.step.after(event, workspaceFolder, snapshots.settings) : [];
	} catch {
		return [];
	}
}

function commonOf(input: CopilotBaseHookInput): HookEventCommon {
	const time = input.timestamp instanceof Date ? input.timestamp.getTime() : Number.NaN;
	return {
		dialect: 'copilotCli',
		harness: 'copilotSdk',
		sessionId: input.sessionId,
		timestamp: new Date(Number.isNaN(time) ? Date.now() : time).toISOString(),
		cwd: input.workingDirectory,
	};
}

// The SDK types tool arguments as `unknown`: an object is used as is, a JSON object string is parsed, anything else is no arguments.
function argsOf(args: unknown): Readonly<Record<string, unknown>> {
	let value = args;
	if (typeof value === 'string') {
		try {
			value = JSON.parse(value) as unknown;
		} catch {
			return {};
		}
	}
	return typeof value === 'object' && value !== null && !Array.isArray(value)
		? (value as Record<string, unknown>)
		: {};
}

// Typed as a string, but runtime 1.0.85 sends an `{message, name, stack}` object (as its hook files get).
function errorText(error: unknown): string {
	if (typeof error === 'object' && error !== null) {
		const { message, name } = error as { message?: unknown; name?: unknown };
		return typeof message === 'string'
			? message
			: typeof name === 'string'
				? name
				: JSON.stringify(error);
	}
	return String(error);
}

// A refusal on an event that cannot ask: a deny's reason, or an ask that nobody in a hook can answer.
function refusalOf(decision: MergedDecision): string | undefined {
	if (decision.stop) {
		return decision.stop.reason;
	}
	if (decision.verdict === 'deny') {
		return decision.reason ?? 'Denied by Hookwarden policy.';
	}
	if (decision.verdict === 'ask') {
		return `Hookwarden needs approval${decision.reason ? `: ${decision.reason}` : '.'}`;
	}
	return undefined;
}

// After a tool ran the SDK only reads context, so a block's reason reaches the model as context.
function contextOutput(decision: MergedDecision): { additionalContext?: string } {
	const parts = [refusalOf(decision), decision.additionalContext].filter(
		(part): part is string => part !== undefined && part !== '',
	);
	return omitEmpty({ additionalContext: parts.length > 0 ? parts.join('\n') : undefined });
}

function pick<T extends object>(output: Record<string, unknown>, keys: readonly (keyof T)[]): T {
	const picked: Record<string, unknown> = {};
	for (const key of keys) {
		const value = output[key as string];
		if (value !== undefined) {
			picked[key as string] = value;
		}
	}
	return picked as T;
}

function omitEmpty<T extends object>(value: T): T {
	return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}
