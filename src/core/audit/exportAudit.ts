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
 * in `summary`, each cell written by {@link csvCell} (so a cell a spreadsheet would run as a formula stays text).
 */
export function toCsv(records: readonly AuditRecord[]): string {
	const rows = [csvRow(CSV_COLUMNS)];
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
		rows.push(csvRow(CSV_COLUMNS.map((column) => values[column])));
	}
	return `${rows.join('\r\n')}\r\n`;
}

/** A cell a spreadsheet would read as a formula: its first character, or its first after whitespace. */
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@])/;

/**
 * One CSV cell (RFC 4180) that a spreadsheet shows as text: nothing for `undefined`, numbers as they are, and a
 * string that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage return,
 * or with `=`, `+`, `-` or `@` after leading whitespace) prefixed with `'`; then quoted, quotes doubled, when it
 * holds a quote, a comma or a line break.
 */
export function csvCell(value: string | number | undefined): string {
	if (value === undefined) {
		return '';
	}
	if (typeof value === 'number') {
		return String(value);
	}
	// A command line such as `=cmd|…` must stay text when the export is opened in a spreadsheet; spreadsheets
	// skip leading spaces before a formula, so ` =cmd` is one too.
	const text = FORMULA_START.test(value) ? `'${value}` : value;
	return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV row: the cells of {@link csvCell}, comma-separated, without the line break. */
export function csvRow(values: readonly (string | number | undefined)[]): string {
	return values.map(csvCell).join(',');
}
