import { markdownText } from '../util/markdownText';
import type { TimeFormat } from '../util/timeFormat';
import type { AuditEventRecord, AuditRecord } from './auditRecord';
import { describeSessionSummary } from './sessionSummary';

/** What a readable audit log is about: where its lines come from, and a link to the lines as they are stored. */
export interface AuditHeading {
	readonly title: string;
	/** The files the lines were read from. */
	readonly files: readonly string[];
	/** A Markdown link to the raw lines, when the reader can follow one. */
	readonly rawLink?: string;
}

/** The most events a readable log shows; older ones are counted, and the raw log or an export has them all. */
export const READABLE_AUDIT_MAX_EVENTS = 1_000;

/**
 * The audit log (or an export of it) as a Markdown document a person reads: newest session first, each named by its
 * first prompt and headed by its local start time, its events as a table (local time, event, what, verdict, who
 * decided, latency) and its summaries. Times are local (`time`); the stored lines stay ISO-8601 UTC.
 */
export function renderAuditMarkdown(
	records: readonly AuditRecord[],
	heading: AuditHeading,
	time: TimeFormat,
): string {
	const events = records.filter((r): r is AuditEventRecord => r.kind === 'event');
	const shown = events.slice(-READABLE_AUDIT_MAX_EVENTS);
	const lines = [
		`# ${markdownText(heading.title)}`,
		'',
		`- ${events.length} event${events.length === 1 ? '' : 's'} in ${new Set(events.map((e) => e.session)).size} session${new Set(events.map((e) => e.session)).size === 1 ? '' : 's'}${shown.length < events.length ? `; the newest ${shown.length} are shown here` : ''}`,
		...heading.files.map((file) => `- From \`${file}\``),
		...(heading.rawLink ? [`- ${heading.rawLink}`] : []),
		'',
	];
	if (events.length === 0) {
		lines.push('No hook event has been answered yet.', '');
		return lines.join('\n');
	}
	const bySession = new Map<string, AuditRecord[]>();
	const shownIds = new Set(shown.map((e) => e.id));
	for (const record of records) {
		if (record.kind === 'event' && !shownIds.has(record.id)) {
			continue;
		}
		const list = bySession.get(record.session) ?? [];
		list.push(record);
		bySession.set(record.session, list);
	}
	const sessions = [...bySession.entries()].sort(
		([, a], [, b]) => Date.parse(b.at(-1)?.at ?? '') - Date.parse(a.at(-1)?.at ?? ''),
	);
	for (const [session, lines_] of sessions) {
		lines.push(...renderSession(session, lines_, time), '');
	}
	return lines.join('\n');
}

function renderSession(
	session: string,
	records: readonly AuditRecord[],
	time: TimeFormat,
): string[] {
	const events = records.filter((r): r is AuditEventRecord => r.kind === 'event');
	const prompt = events.find((e) => e.event === 'UserPromptSubmit')?.summary;
	const started = Date.parse(records[0]?.at ?? '');
	const lines = [
		`## ${prompt ? markdownText(prompt) : 'Session'} · ${Number.isNaN(started) ? '?' : time.dateTime(started)}`,
		'',
		`Session \`${session}\`${events[0]?.workspaceFolder ? ` in \`${events[0].workspaceFolder}\`` : ''}`,
		'',
	];
	if (events.length > 0) {
		lines.push(...events.flatMap((e) => eventItem(e, time)), '');
	}
	for (const record of records) {
		if (record.kind === 'summary') {
			lines.push(
				`- **At ${record.trigger === 'Stop' ? 'stop' : 'session end'}, ${time.clock(Date.parse(record.at))}:** ${markdownText(describeSessionSummary(record.summary))}`,
			);
		}
	}
	return lines;
}

/**
 * One event as a list item, not a table row: a table squeezed into a narrow editor wraps each cell a character a line.
 * What it was about comes first, then the verdict and reason, then when, which event and who decided.
 */
function eventItem(event: AuditEventRecord, time: TimeFormat): string[] {
	const verdict = event.verdict === 'none' ? 'no opinion' : `**${event.verdict}**`;
	const what =
		event.summary.trim() === '' ? markdownText(event.event) : markdownText(event.summary);
	return [
		`- ${what} — ${verdict}${event.reason ? `: ${markdownText(event.reason)}` : ''}`,
		`  ${[time.clock(Date.parse(event.at)), `${event.event}${event.tool ? ` ${event.tool}` : ''}`, event.by, `${event.latencyMs} ms`].map(markdownText).join(' · ')}`,
	];
}
