import type { TimeFormat } from '../util/timeFormat';
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
	/** Its first prompt as the log keeps it (masked): what a person remembers the session by. */
	readonly prompt?: string;
}

/** How a session is offered to a person: by its first prompt (or its start time), with the id only as a detail. */
export interface AuditSessionChoice {
	readonly label: string;
	readonly description: string;
	readonly detail: string;
}

/** How much of a first prompt names its session. */
const PROMPT_MAX = 60;

/** The sessions that have event lines in `records` (log order), the one with the latest event first. */
export function listAuditSessions(records: readonly AuditRecord[]): AuditSession[] {
	const sessions = new Map<string, AuditSession>();
	for (const record of records) {
		if (record.kind !== 'event') {
			continue;
		}
		const known = sessions.get(record.session);
		const folder = known?.folder ?? record.workspaceFolder;
		const prompt =
			known?.prompt ?? (record.event === 'UserPromptSubmit' ? record.summary : undefined);
		sessions.set(record.session, {
			id: record.session,
			first: known?.first ?? record.at,
			last: record.at,
			events: (known?.events ?? 0) + 1,
			...(folder !== undefined && { folder }),
			...(prompt !== undefined && { prompt }),
		});
	}
	return [...sessions.values()].sort((a, b) => b.last.localeCompare(a.last));
}

/** A session as a pick list or a document title names it: “its first prompt”, or the time it began. */
export function auditSessionTitle(session: AuditSession, time: TimeFormat): string {
	const line = session.prompt?.replace(/\s+/g, ' ').trim();
	if (line) {
		return `“${line.length > PROMPT_MAX ? `${line.slice(0, PROMPT_MAX - 1)}…` : line}”`;
	}
	return `Session at ${time.dateTime(Date.parse(session.first))}`;
}

/** A session as the *Replay* and *Export* pickers offer it. */
export function auditSessionChoice(session: AuditSession, time: TimeFormat): AuditSessionChoice {
	const events = `${session.events} event${session.events === 1 ? '' : 's'}`;
	return {
		label: auditSessionTitle(session, time),
		description: `${events}, ${time.dateTime(Date.parse(session.first))} – ${time.clock(Date.parse(session.last))}`,
		detail: [`session ${session.id}`, session.folder].filter(Boolean).join(' · '),
	};
}
