import type { HookEventName } from '../events/hookEventName';
import type { MergedDecision } from '../terms/decision';
import { NO_OPINION } from '../terms/decision';

/** The configured answer when Hookwarden itself cannot decide: `open` lets the agent's own approvals apply, `closed` denies tool calls. */
export type FailMode = 'open' | 'closed';

/**
 * The decision for an event Hookwarden could not decide (bad input, a crash, a timeout). Under `closed` a PreToolUse
 * is denied with the cause as its reason; every other event, and every event under `open`, gets no opinion.
 */
export function failVerdict(
	failMode: FailMode,
	event: HookEventName | undefined,
	cause: string,
): MergedDecision {
	if (failMode === 'open' || (event !== undefined && event !== 'PreToolUse')) {
		return NO_OPINION;
	}
	return {
		verdict: 'deny',
		reason: `Hookwarden could not check this call (${cause}) and is configured to fail closed.`,
		decidedBy: { providerId: 'hookwarden', ruleId: 'failMode', source: { kind: 'failMode' } },
		contributors: [{ providerId: 'hookwarden', ruleId: 'failMode', source: { kind: 'failMode' } }],
		failures: [],
	};
}

/**
 * Holds the fail mode for providers that failed: under `closed`, a PreToolUse whose provider crashed or timed out (and
 * whose own failAction did not already block or ignore it) is denied with a reason naming the provider and the
 * failure, so a crashing guard cannot be bypassed by crashing it. Decisions that already deny are left as they are.
 */
export function withFailMode(
	decision: MergedDecision,
	failMode: FailMode,
	event: HookEventName,
): MergedDecision {
	const failure = decision.failures.find((f) => f.failAction === 'warn');
	if (failMode !== 'closed' || event !== 'PreToolUse' || !failure || decision.verdict === 'deny') {
		return decision;
	}
	const what = failure.kind === 'timeout' ? 'timed out' : 'failed';
	const provenance = {
		providerId: failure.providerId,
		ruleId: 'failMode',
		source: { kind: 'failMode' },
	} as const;
	return {
		...decision,
		verdict: 'deny',
		reason: `Hookwarden could not check this call: provider '${failure.providerId}' ${what} (${failure.message}), and hookwarden.failMode is closed.`,
		decidedBy: provenance,
		contributors: [...decision.contributors, provenance],
	};
}

/**
 * The decision for a tool call Hookwarden could not read (arguments nested past the limit, too large, of the wrong
 * types): the agent writes its own tool arguments, so one unreadable argument must not buy a call without an opinion.
 * It is asked under `open` (a person decides) and denied under `closed`, as an unreadable shell line is.
 */
export function unreadableToolCallVerdict(failMode: FailMode, cause: string): MergedDecision {
	const provenance = {
		providerId: 'hookwarden',
		ruleId: 'unreadableToolCall',
		source: { kind: 'failMode' },
	} as const;
	return {
		verdict: failMode === 'closed' ? 'deny' : 'ask',
		reason:
			failMode === 'closed'
				? `Hookwarden could not read this tool call (${cause}) and is configured to fail closed.`
				: `Hookwarden could not read this tool call (${cause}); a person must decide whether it may run.`,
		decidedBy: provenance,
		contributors: [provenance],
		failures: [],
	};
}

/**
 * The decision for a payload that names another event than its hook command runs for: always a deny, whatever the
 * fail mode, because a real hook runner never sends one and a dressed-up event would otherwise escape its checks.
 */
export function eventMismatchVerdict(cause: string): MergedDecision {
	const provenance = {
		providerId: 'hookwarden',
		ruleId: 'eventIdentity',
		source: { kind: 'builtin', pack: 'hookwarden' },
	} as const;
	return {
		verdict: 'deny',
		reason: `Hookwarden refused this hook call: ${cause}`,
		decidedBy: provenance,
		contributors: [provenance],
		failures: [],
	};
}
