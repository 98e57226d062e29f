import type { AuditRecord } from './auditRecord';
import { describeSessionSummary } from './sessionSummary';

/** Which lines an export keeps: one session, and a time range in epoch milliseconds (both ends inclusive). */
export interface AuditFilter {
	readonly session?: string;
	readonly from?: number;
	readonly to?: number;
}

/** The lines that pass the filter, in log order. */
export function filterAudit(records: readonly AuditRecord[], filter: AuditFilter): AuditRecord[] {
	return records.filter((record) => {
		if (filter.session !== undefined && record.session !== filter.session) {
			return false;
		}
		const at = Date.parse(record.at);
		return (
			(filter.from === undefined || at >= filter.from) &&
			(filter.to === undefined || at <= filter.to)
		);
	});
}

/** The records as JSONL, one line each, exactly as the log holds them. */
export function toJsonl(records: readonly AuditRecord[]): string {
	return records.map((record) => `${JSON.stringify(record)}\n`).join('');
}

/** The CSV columns of an export, in order. */
export const CSV_COLUMNS = [
	'id',
	'at',
	'kind',
	'session',
	'agent',
	'event',
	'dialect',
	'origin',
	'tool',
	'summary',
	'verdict',
	'by',
	'reason',
	'latencyMs',
	'workspaceFolder',
] as const;

/**
 * The records as RFC 4180 CSV with a header row, for spreadsheets: one row per line, summary lines with their text
 * in `summary`. Cells that a spreadsheet would run as a formula are prefixed with `'`.
 */
export function toCsv(records: readonly AuditRecord[]): string {
	const rows = [CSV_COLUMNS.join(',')];
	for (const record of records) {
		const values: Record<(typeof CSV_COLUMNS)[number], string | number | undefined> =
			record.kind === 'event'
				? {
						id: record.id,
						at: record.at,
						kind: record.kind,
						session: record.session,
						agent: record.agent,
						event: record.event,
						dialect: record.dialect,
						origin: record.origin,
						tool: record.tool,
						summary: record.summary,
						verdict: record.verdict,
						by: record.by,
						reason: record.reason,
						latencyMs: record.latencyMs,
						workspaceFolder: record.workspaceFolder,
					}
				: {
						id: record.id,
						at: record.at,
						kind: record.kind,
						session: record.session,
						agent: undefined,
						event: record.trigger,
						dialect: undefined,
						origin: record.origin,
						tool: undefined,
						summary: describeSessionSummary(record.summary),
						verdict: undefined,
						by: undefined,
						reason: undefined,
						latencyMs: undefined,
						workspaceFolder: record.workspaceFolder,
					};
		rows.push(CSV_COLUMNS.map((column) => csvCell(values[column])).join(','));
	}
	return `${rows.join('\r\n')}\r\n`;
}

function csvCell(value: string | number | undefined): string {
	if (value === undefined) {
		return '';
	}
	let text = String(value);
	// A command line such as `=cmd|…` must stay text when the export is opened in a spreadsheet.
	if (/^[=+\-@\t\r]/.test(text)) {
		text = `'${text}`;
	}
	return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
