import type { SessionSummary } from '../audit/sessionSummary';
import type { HookEvent } from '../events/hookEvent';
import type { RecordedEvent } from './recordedEvent';

/**
 * What a decider remembers across the events of a session: which subagent an event belongs to, every answered event,
 * and the session's summary at Stop. The window keeps it in memory ({@link SessionTracker}); a headless bridge process
 * rebuilds what it needs from files.
 */
export interface SessionMemory {
	/** The subagent a new event belongs to, if one is running. */
	attribute(event: HookEvent): string | undefined;
	/** The next sequence number, to stamp an event before it is recorded. */
	takeSequence(): number;
	/** Records one answered event. */
	record(entry: RecordedEvent): void;
	/** Whether the tool call with this key (see callKeyOf) was last denied in the session. */
	wasDenied(sessionId: string, callKey: string): boolean;
	/** The session's summary as of now, or `undefined` for a session never seen. */
	summary(sessionId: string): SessionSummary | undefined;
}
