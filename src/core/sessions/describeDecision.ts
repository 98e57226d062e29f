import type { Provenance } from '../terms/decision';
import type { RecordedEvent } from './recordedEvent';

/**
 * One log line for an answered event: what, the verdict, who decided, who rewrote the call or replaced its result,
 * how long it took, and the session.
 */
export function describeDecision(entry: RecordedEvent): string {
	const { decision } = entry;
	const name = (by: Provenance) => `${by.providerId}${by.ruleId ? `/${by.ruleId}` : ''}`;
	const decider = decision.decidedBy ? ` by ${name(decision.decidedBy)}` : '';
	const rewritten =
		decision.updatedInput && decision.verdict !== 'deny' && !decision.stop
			? `, rewritten by ${(decision.rewrittenBy ?? []).map(name).join(' then ') || 'a provider'}`
			: '';
	const replaced = decision.resultReplacedBy
		? `, result replaced by ${name(decision.resultReplacedBy)}`
		: '';
	const line = `${entry.event.name} ${decision.verdict ?? 'no opinion'}${decider}${rewritten}${replaced} (${entry.answeredAt - entry.receivedAt} ms, session ${entry.sessionId})`;
	return entry.notHonoured === undefined ? line : `${line} ${entry.notHonoured}`;
}
