import { DeadlineExceeded } from '../util/deadline';
import type { CompiledPolicy } from './compilePolicy';
import type { PolicyOutcome } from './evaluatePolicy';
import type { Finding } from '../judging/finding';
import type { PolicyInput } from '../judging/policyInput';
import { SHELL_PACKS } from '../judging/unreadableCommandLine';

/**
 * The outcome for a shell PreToolUse whose evaluation ran out of time or stack (`DeadlineExceeded`, `RangeError`)
 * while a shell-reading pack is on and the fail mode is open: `ask`, so an input built to exhaust the checks is not
 * let through with no opinion. `undefined` otherwise, and the caller rethrows (under `closed` the decider denies).
 */
export function unfinishedShellCheck(
	policy: CompiledPolicy,
	input: PolicyInput,
	error: unknown,
): PolicyOutcome | undefined {
	const pack = SHELL_PACKS.find((id) => policy.packs.has(id));
	const exhausted = error instanceof DeadlineExceeded || error instanceof RangeError;
	if (
		!exhausted ||
		pack === undefined ||
		policy.failMode === 'closed' ||
		input.event.name !== 'PreToolUse' ||
		input.shell === undefined
	) {
		return undefined;
	}
	const winner: Finding = {
		verdict: 'ask',
		ruleId: `${pack}.unfinishedCheck`,
		reason: `Hookwarden could not finish checking this command line (${error.message}), so it cannot tell what it runs or writes; a person decides.`,
		source: { kind: 'builtin', pack },
	};
	return { verdict: 'ask', winner, findings: [winner], context: [] };
}
