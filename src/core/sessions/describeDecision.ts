import type { RecordedEvent } from './recordedEvent';

/** One log line for an answered event: what, the verdict, who decided, how long it took, and the session. */
export function describeDecision(entry: RecordedEvent): string {
	const by = entry.decision.decidedBy;
	const decider = by ? ` by ${by.providerId}${by.ruleId ? `/${by.ruleId}` : ''}` : '';
	const line = `${entry.event.name} ${entry.decision.verdict ?? 'no opinion'}${decider} (${entry.answeredAt - entry.receivedAt} ms, session ${entry.sessionId})`;
	return entry.notHonoured === undefined ? line : `${line} ${entry.notHonoured}`;
}
