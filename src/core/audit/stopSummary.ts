import type { MergedDecision } from '../terms/decision';
import type { SessionSummary } from './sessionSummary';
import { describeSessionSummary } from './sessionSummary';

/** Whether a Stop answer lets the agent stop: no block, no ask turned refusal, no stop of the whole request. */
export function letsAgentStop(decision: MergedDecision): boolean {
	return (
		decision.verdict !== 'deny' &&
		decision.verdict !== 'ask' &&
		decision.stop === undefined &&
		(decision.blockReasons?.length ?? 0) === 0
	);
}

/**
 * Adds the session summary to a Stop answer as a `systemMessage`, shown to the person in chat. Stop has no
 * `additionalContext` in any host, and the model gains nothing from its own counts, so the summary is for the person.
 */
export function withStopSummary(decision: MergedDecision, summary: SessionSummary): MergedDecision {
	const text = describeSessionSummary(summary);
	return {
		...decision,
		systemMessage: decision.systemMessage ? `${decision.systemMessage}\n${text}` : text,
	};
}
