import type { AuditRecord } from './auditRecord';

/** One session as the audit log shows it: when its first and last events were answered, how many, and where. */
export interface AuditSession {
	readonly id: string;
	/** `at` of its first and last event lines, as the log writes them (ISO-8601, UTC). */
	readonly first: string;
	readonly last: string;
	readonly events: number;
	/** The first workspace folder its events name, when any does. */
	readonly folder?: string;
}

/** The sessions that have event lines in `records` (log order), the one with the latest event first. */
export function listAuditSessions(records: readonly AuditRecord[]): AuditSession[] {
	const sessions = new Map<string, AuditSession>();
	for (const record of records) {
		if (record.kind !== 'event') {
			continue;
		}
		const known = sessions.get(record.session);
		const folder = known?.folder ?? record.workspaceFolder;
		sessions.set(record.session, {
			id: record.session,
			first: known?.first ?? record.at,
			last: record.at,
			events: (known?.events ?? 0) + 1,
			...(folder !== undefined && { folder }),
		});
	}
	return [...sessions.values()].sort((a, b) => b.last.localeCompare(a.last));
}
