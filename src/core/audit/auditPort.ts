import type { SessionSummary } from './sessionSummary';
import type { AuditEntry } from './toAuditRecord';

/**
 * Where the pipeline writes its audit trail. Both calls happen before the answer leaves, so whatever was answered is
 * already in the log; an implementation must be synchronous and must not throw (the pipeline still guards).
 */
export interface AuditPort {
	/** Appends one answered event. */
	appendEvent(entry: AuditEntry): void;
	/** Appends the summary of a session at its Stop or SessionEnd. */
	appendSummary(
		summary: SessionSummary,
		context: { readonly trigger: 'Stop' | 'SessionEnd'; readonly workspaceFolder?: string },
	): void;
}
