import type { SessionSummary } from '../../core/audit/sessionSummary';
import type { HookEvent } from '../../core/events/hookEvent';
import type { RecordedEvent } from '../../core/sessions/recordedEvent';
import { callKeyOf, deniesCall } from '../../core/sessions/honouredCheck';
import type { SessionMemory } from '../../core/sessions/sessionMemory';
import { SessionTracker } from '../../core/sessions/sessionTracker';
import type { SessionLedger } from './sessionLedger';

/**
 * The session memory of a one-shot bridge process, rebuilt from files: subagent starts from the ledger (so
 * `maxPerSession` holds across processes), and a session's summary from its history in the audit log, read only when
 * a summary is asked for (at Stop and SessionEnd), so ordinary events never read the log.
 */
export class HeadlessSessions implements SessionMemory {
	private readonly trackers = new Map<string, SessionTracker>();

	constructor(
		private readonly ledger: SessionLedger,
		/** The session's earlier events, oldest first, from the audit log. */
		private readonly history: (sessionId: string) => readonly RecordedEvent[],
	) {}

	attribute(event: HookEvent): string | undefined {
		return event.name === 'SubagentStart' || event.name === 'SubagentStop'
			? event.agentId
			: undefined;
	}

	takeSequence(): number {
		return 0;
	}

	record(entry: RecordedEvent): void {
		const { event } = entry;
		if (event.name === 'SubagentStart' && entry.decision.verdict !== 'deny') {
			this.ledger.recordSubagentStart(event.sessionId, event.agentId);
		}
		const key = event.name === 'PreToolUse' ? callKeyOf(event) : undefined;
		if (key !== undefined && deniesCall(entry.decision)) {
			this.ledger.recordDenied(event.sessionId, key);
		}
		this.trackers.get(entry.sessionId)?.restore([entry]);
	}

	wasDenied(sessionId: string, callKey: string): boolean {
		return this.ledger.wasDenied(sessionId, callKey);
	}

	summary(sessionId: string): SessionSummary | undefined {
		let tracker = this.trackers.get(sessionId);
		if (!tracker) {
			tracker = new SessionTracker();
			tracker.restore(this.history(sessionId));
			this.trackers.set(sessionId, tracker);
		}
		return tracker.summary(sessionId);
	}
}
