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
