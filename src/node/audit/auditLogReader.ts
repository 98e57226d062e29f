import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';

import type { AuditRecord } from '../../core/audit/auditRecord';
import { parseAuditLine } from '../../core/audit/parseAuditLine';
import { auditLogFiles } from './auditLogFile';

/** Records read from a log, oldest first, and what was skipped on the way. */
export interface AuditReadResult {
	readonly records: AuditRecord[];
	/** Lines that could not be read and were skipped. */
	readonly corrupt: number;
	/** Where the first skipped line was and why, for one warning line. */
	readonly firstProblem?: string;
}

/** Reads every line of one file; a missing file reads as empty, a damaged line is skipped and counted. */
export function readAuditFile(file: string): AuditReadResult {
	let text: string;
	try {
		text = readFileSync(file, 'utf8');
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
			return { records: [], corrupt: 0 };
		}
		throw error;
	}
	return parseLines(text, file, 1);
}

/** Reads the whole log, rotated files included, oldest first. */
export function readAuditLog(file: string): AuditReadResult {
	const results = auditLogFiles(file).map(readAuditFile);
	return combine(results);
}

/**
 * Reads the newest records of the log, at most `maxRecords`, reading no more than `maxBytes` from the end of the
 * files (the current one first, then rotated ones): enough to restore the views after a reload without reading a
 * long history.
 */
export function readAuditTail(
	file: string,
	limits: { readonly maxRecords: number; readonly maxBytes: number },
): AuditReadResult {
	const results: AuditReadResult[] = [];
	let budget = limits.maxBytes;
	let count = 0;
	for (const current of auditLogFiles(file).reverse()) {
		if (budget <= 0 || count >= limits.maxRecords) {
			break;
		}
		const { text, whole } = readEnd(current, budget);
		budget -= Buffer.byteLength(text);
		// When the read started mid-file its first line is most likely a fragment, not a damaged line.
		const body = whole ? text : text.slice(text.indexOf('\n') + 1);
		const result = parseLines(body, current, undefined);
		results.unshift(result);
		count += result.records.length;
	}
	const all = combine(results);
	return { ...all, records: all.records.slice(-limits.maxRecords) };
}

/** One warning line for skipped lines, or `undefined` when none were. */
export function describeSkipped(result: AuditReadResult): string | undefined {
	return result.corrupt === 0
		? undefined
		: `audit log: skipped ${result.corrupt} unreadable line${result.corrupt === 1 ? '' : 's'} (first ${result.firstProblem ?? '?'})`;
}

function readEnd(file: string, budget: number): { text: string; whole: boolean } {
	let fd: number;
	try {
		fd = openSync(file, 'r');
	} catch {
		return { text: '', whole: true };
	}
	try {
		const size = fstatSync(fd).size;
		const length = Math.min(size, budget);
		const buffer = Buffer.alloc(length);
		readSync(fd, buffer, 0, length, size - length);
		return { text: buffer.toString('utf8'), whole: length === size };
	} finally {
		closeSync(fd);
	}
}

function parseLines(text: string, file: string, firstLine: number | undefined): AuditReadResult {
	const records: AuditRecord[] = [];
	let corrupt = 0;
	let firstProblem: string | undefined;
	const lines = text.split('\n');
	lines.forEach((line, index) => {
		const parsed = parseAuditLine(line);
		if (parsed.kind === 'record') {
			records.push(parsed.record);
		} else if (parsed.kind === 'corrupt') {
			corrupt++;
			firstProblem ??= `${file}${firstLine === undefined ? '' : `:${firstLine + index}`}: ${parsed.problem}`;
		}
	});
	return { records, corrupt, ...(firstProblem !== undefined && { firstProblem }) };
}

function combine(results: readonly AuditReadResult[]): AuditReadResult {
	const firstProblem = results.find((r) => r.firstProblem !== undefined)?.firstProblem;
	return {
		records: results.flatMap((r) => r.records),
		corrupt: results.reduce((sum, r) => sum + r.corrupt, 0),
		...(firstProblem !== undefined && { firstProblem }),
	};
}
