import type { Dialect } from '../events/dialect';
import type { ToolCall } from '../events/hookEvent';
import type { HookEventName } from '../events/hookEventName';
import type { MergedDecision } from '../terms/decision';
import { completeInput } from '../provider/rewrittenEvent';
import { askWhereRewriteCannotRun, resultReplacementCarried } from './harnessSupport';

/** What every host reads as "no opinion": VS Code's own approvals and auto-approve rules stay in charge. */
export const NO_OPINION_OUTPUT: Readonly<Record<string, never>> = Object.freeze({});

/** The prefix that tells a person an `ask` became a refusal only because nobody could be asked. */
export const NEEDS_APPROVAL_PREFIX = 'Hookwarden needs approval';

// Hosts require a reason with a deny or a block; the model reads it, so it must say who refused.
const DEFAULT_DENY_REASON = 'Denied by Hookwarden policy.';
const DEFAULT_BLOCK_REASON = 'Hookwarden asked the agent to keep working.';

// Events with no veto of their own: `continue: false` is the only lever they have.
const STOP_ONLY_EVENTS: ReadonlySet<HookEventName> = new Set([
	'SessionStart',
	'SubagentStart',
	'PreCompact',
	'SessionEnd',
	'ErrorOccurred',
]);

// Events whose `additionalContext` some host reads.
const CONTEXT_EVENTS: ReadonlySet<HookEventName> = new Set([
	'PreToolUse',
	'PostToolUse',
	'UserPromptSubmit',
	'SessionStart',
	'SubagentStart',
	'PostToolUseFailure',
	'Notification',
]);

// Events that cannot be refused at all: the CLI runs Notification hooks asynchronously and never waits for a verdict.
const NO_VETO_EVENTS: ReadonlySet<HookEventName> = new Set(['Notification']);

/**
 * Encodes a merged decision as the one JSON document a hook prints on stdout (exit code 0), a superset
 * every host reads: VS Code Local's `hookSpecificOutput`, the Copilot CLI's top-level fields, Claude's
 * `decision`. Nothing decided gives `{}`; `allow` appears only when the verdict is `allow`; a `stop`
 * wins over everything; `ask` where the event has no native ask becomes a refusal that says approval
 * was needed. A rewrite travels as the complete tool input in each harness's own field (`updatedInput`,
 * `modifiedArgs`); where no harness can run it, the call is asked instead (see {@link askWhereRewriteCannotRun}). A
 * replaced tool result travels where the harness reads one (`modifiedResult`, `updatedToolOutput`). Never writes a
 * top-level `hookEventName`: VS Code Local drops a result whose top-level name mismatches.
 */
export function encodeHookOutput(
	event: { readonly name: HookEventName; readonly dialect: Dialect; readonly tool?: ToolCall },
	merged: MergedDecision,
): Record<string, unknown> {
	const { name } = event;
	const decision = askWhereRewriteCannotRun(event, merged);
	const output: Record<string, unknown> = {};
	const specific: Record<string, unknown> = {};
	const refusal = refusalOf(name, decision);

	if (decision.stop) {
		output.continue = false;
		output.stopReason = decision.stop.reason;
		if (name === 'PreToolUse') {
			// A host that ignores `continue` on this event must still not run the tool.
			setPermission(output, specific, 'deny', decision.stop.reason);
		}
		if (name === 'PermissionRequest') {
			// The CLI reads `interrupt` as "stop the agent too"; the behaviour must still refuse the call.
			setBehavior(output, specific, 'deny', decision.stop.reason);
			output.interrupt = true;
		}
	} else if (name === 'PreToolUse') {
		encodePreToolUse(output, specific, decision, event.tool);
	} else if (name === 'PermissionRequest') {
		encodePermissionRequest(output, specific, decision);
	} else if (NO_VETO_EVENTS.has(name)) {
		// Nothing to refuse: only context and messages below are read.
	} else if (name === 'Stop' || name === 'SubagentStop') {
		const reasons = stopBlockReasons(decision, refusal);
		if (reasons.length > 0) {
			const reason = reasons.join('\n');
			// VS Code's 2026 code reads SubagentStop's block from hookSpecificOutput; its docs and the CLI read the top level.
			specific.decision = output.decision = 'block';
			specific.reason = output.reason = reason;
		}
	} else if (refusal !== undefined) {
		if (STOP_ONLY_EVENTS.has(name)) {
			output.continue = false;
			output.stopReason = refusal;
		} else {
			output.decision = 'block';
			output.reason = refusal;
		}
	}

	if (!decision.stop && decision.additionalContext && CONTEXT_EVENTS.has(name)) {
		specific.additionalContext = decision.additionalContext;
		if (event.dialect !== 'vscode') {
			// The Copilot CLI reads every output field at the top level, for camelCase and PascalCase keys alike (1.0.102
			// ignores a nested SessionStart context), and its PascalCase payloads read as Claude's; Claude skips extra keys.
			output.additionalContext = decision.additionalContext;
		}
	}
	if (!decision.stop && name === 'PostToolUse' && decision.updatedToolOutput !== undefined) {
		encodeReplacedResult(output, specific, decision.updatedToolOutput, event.dialect);
	}
	if (decision.systemMessage) {
		output.systemMessage = decision.systemMessage;
	}
	if (Object.keys(specific).length > 0) {
		output.hookSpecificOutput = { hookEventName: name, ...specific };
	}
	return output;
}

function encodePreToolUse(
	output: Record<string, unknown>,
	specific: Record<string, unknown>,
	decision: MergedDecision,
	tool: ToolCall | undefined,
): void {
	if (decision.verdict === 'deny') {
		setPermission(output, specific, 'deny', decision.reason ?? DEFAULT_DENY_REASON);
		// A refused call's rewritten arguments mean nothing; sending them would only confuse a reader.
		return;
	}
	if (decision.verdict !== undefined) {
		setPermission(output, specific, decision.verdict, decision.reason);
	}
	if (decision.updatedInput) {
		// Every host replaces the whole input with the answer, so it always travels complete.
		const input = tool ? completeInput(tool.input, decision.updatedInput) : decision.updatedInput;
		specific.updatedInput = input;
		output.modifiedArgs = input;
	}
}

// The Copilot runtime reads a top-level `modifiedResult` (command hooks included); Claude Code reads
// `hookSpecificOutput.updatedToolOutput`. VS Code Local cannot replace a result: the decision's context has to do.
function encodeReplacedResult(
	output: Record<string, unknown>,
	specific: Record<string, unknown>,
	text: string,
	dialect: Dialect,
): void {
	if (!resultReplacementCarried(dialect)) {
		return;
	}
	output.modifiedResult = { resultType: 'success', textResultForLlm: text };
	if (dialect === 'claude') {
		specific.updatedToolOutput = text;
	}
}

// The Copilot CLI reads a top-level `behavior`/`message`; Claude Code reads `hookSpecificOutput.decision`.
// `ask` is the runtime's own default here (it is about to ask the person), so it is written as no opinion.
function encodePermissionRequest(
	output: Record<string, unknown>,
	specific: Record<string, unknown>,
	decision: MergedDecision,
): void {
	if (decision.verdict === 'deny') {
		setBehavior(output, specific, 'deny', decision.reason ?? DEFAULT_DENY_REASON);
	} else if (decision.verdict === 'allow') {
		setBehavior(output, specific, 'allow', decision.reason);
	}
}

function setBehavior(
	output: Record<string, unknown>,
	specific: Record<string, unknown>,
	behavior: 'allow' | 'deny',
	message: string | undefined,
): void {
	output.behavior = behavior;
	if (message !== undefined) {
		output.message = message;
	}
	specific.decision = { behavior, ...(message !== undefined && { message }) };
}

function setPermission(
	output: Record<string, unknown>,
	specific: Record<string, unknown>,
	verdict: 'allow' | 'ask' | 'deny',
	reason: string | undefined,
): void {
	specific.permissionDecision = output.permissionDecision = verdict;
	if (reason !== undefined) {
		specific.permissionDecisionReason = output.permissionDecisionReason = reason;
	}
}

/**
 * The text of a refusal on an event other than PreToolUse, or `undefined` when the event may proceed.
 * Only PreToolUse can ask; elsewhere the bridge reaches an `ask` only when nobody could be asked.
 */
function refusalOf(name: HookEventName, decision: MergedDecision): string | undefined {
	if (name === 'PreToolUse' || name === 'PermissionRequest') {
		return undefined;
	}
	if (decision.verdict === 'ask') {
		return decision.reason
			? `${NEEDS_APPROVAL_PREFIX}: ${decision.reason}`
			: `${NEEDS_APPROVAL_PREFIX}.`;
	}
	return decision.verdict === 'deny' ? (decision.reason ?? DEFAULT_DENY_REASON) : undefined;
}

// At Stop a refusal means "keep working": every provider's reason goes to the model, the winning one first.
function stopBlockReasons(decision: MergedDecision, refusal: string | undefined): string[] {
	const reasons = [...(decision.blockReasons ?? [])];
	if (decision.verdict === 'ask' && refusal !== undefined) {
		reasons.push(refusal);
	} else if (decision.verdict === 'deny' && decision.reason && !reasons.includes(decision.reason)) {
		reasons.unshift(decision.reason);
	}
	return reasons.length === 0 && decision.verdict === 'deny' ? [DEFAULT_BLOCK_REASON] : reasons;
}
