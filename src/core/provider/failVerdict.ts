import type { HookEventName } from '../events/hookEventName';
import type { MergedDecision } from './decision';
import { NO_OPINION } from './decision';

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
