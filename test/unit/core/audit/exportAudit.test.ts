import { describe, expect, it } from 'vitest';

import {
	CSV_COLUMNS,
	csvCell,
	csvRow,
	filterAudit,
	toCsv,
	toJsonl,
} from '../../../../src/core/audit/exportAudit';
import { eventLine, summaryLine } from './auditFixtures';

describe('csvCell', () => {
	it.each<[string, string | number | undefined, string]>([
		['nothing for a missing value', undefined, ''],
		['an empty string as it is', '', ''],
		['plain text as it is', 'npm test', 'npm test'],
		['a number as it is', 42, '42'],
		['a negative number as it is (numbers never run)', -5, '-5'],
		['= in the middle is no formula', 'a=b', 'a=b'],
		['leading spaces before text are kept', '  npm test', '  npm test'],
	])('%s', (_label, value, expected) => {
		expect(csvCell(value)).toBe(expected);
	});

	it.each<[string, string, string]>([
		['=', "=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
		['+', '+1+1', "'+1+1"],
		['-', '-2+3', "'-2+3"],
		['@', '@SUM(A1:A2)', "'@SUM(A1:A2)"],
		['a tab', '\t=1', "'\t=1"],
		['a tab before text', '\tx', "'\tx"],
		['a carriage return (then quoted: it is a line break)', '\r=1', '"\'\r=1"'],
		['a space before =', ' =cmd', "' =cmd"],
		['spaces before +', '   +1', "'   +1"],
		['a space before -', ' -1', "' -1"],
		['a space before @', ' @x', "' @x"],
		['a no-break space before =', '\u00a0=1', "'\u00a0=1"],
		['a line feed before = (then quoted)', '\n=1', '"\'\n=1"'],
		['a tab after spaces', '  \t=1', "'  \t=1"],
	])('neutralises a cell starting with %s', (_label, value, expected) => {
		expect(csvCell(value)).toBe(expected);
	});

	it.each<[string, string, string]>([
		['a quote: quoted, the quote doubled', 'say "hi"', '"say ""hi"""'],
		['a comma: quoted', 'a,b', '"a,b"'],
		['a line feed: quoted', 'one\ntwo', '"one\ntwo"'],
		['a CR LF: quoted', 'one\r\ntwo', '"one\r\ntwo"'],
		['only quotes', '""', '""""""'],
		[
			'a formula with quotes and commas: neutralised, then quoted',
			'=HYPERLINK("http://x","y")',
			'"\'=HYPERLINK(""http://x"",""y"")"',
		],
	])('escapes %s', (_label, value, expected) => {
		expect(csvCell(value)).toBe(expected);
	});
});

describe('csvRow', () => {
	it('joins the cells with commas, each written by csvCell', () => {
		expect(csvRow([undefined, 'a,b', 3, '=x', ''])).toBe(',"a,b",3,\'=x,');
	});
});

describe('toCsv', () => {
	it('writes the header, one CRLF-ended row per line, and neutralises a command that is a formula', () => {
		const csv = toCsv([
			{
				...eventLine('2026-11-22T10:00:00.000Z', { workspaceFolder: '/ws' }),
				summary: '=cmd|calc',
			},
			summaryLine('2026-11-22T10:05:00.000Z'),
		]);
		const rows = csv.split('\r\n');
		expect(rows).toHaveLength(4);
		expect(rows[0]).toBe(CSV_COLUMNS.join(','));
		expect(rows[3]).toBe('');
		const event = rows[1]!.split(',');
		expect(event[CSV_COLUMNS.indexOf('at')]).toBe('2026-11-22T10:00:00.000Z');
		expect(event[CSV_COLUMNS.indexOf('summary')]).toBe("'=cmd|calc");
		expect(event[CSV_COLUMNS.indexOf('workspaceFolder')]).toBe('/ws');
		expect(rows[2]).toMatch(
			/^sum-2026-11-22T10:05:00\.000Z,2026-11-22T10:05:00\.000Z,summary,s1,,Stop,/,
		);
		expect(rows[2]).toContain('"Hookwarden session summary: 1 tool call,');
	});
});

describe('toJsonl', () => {
	it('writes each record as one JSON line, as the log holds it', () => {
		const records = [
			eventLine('2026-11-22T10:00:00.000Z'),
			summaryLine('2026-11-22T10:05:00.000Z'),
		];
		const lines = toJsonl(records).split('\n');
		expect(lines).toHaveLength(3);
		expect(lines.slice(0, 2).map((line) => JSON.parse(line) as unknown)).toEqual(records);
	});
});

describe('filterAudit', () => {
	const records = [
		eventLine('2026-11-22T09:59:59.999Z', { session: 'a' }),
		eventLine('2026-11-22T10:00:00.000Z', { session: 'b' }),
		summaryLine('2026-11-22T11:00:00.000Z', 'a'),
		eventLine('2026-11-22T11:00:00.001Z', { session: 'a' }),
	];
	const at = (filter: Parameters<typeof filterAudit>[1]) =>
		filterAudit(records, filter).map((r) => `${r.session} ${r.at.slice(11)}`);

	it.each<[string, Parameters<typeof filterAudit>[1], string[]]>([
		[
			'everything, in log order',
			{},
			['a 09:59:59.999Z', 'b 10:00:00.000Z', 'a 11:00:00.000Z', 'a 11:00:00.001Z'],
		],
		[
			'one session, summaries too',
			{ session: 'a' },
			['a 09:59:59.999Z', 'a 11:00:00.000Z', 'a 11:00:00.001Z'],
		],
		[
			'from is inclusive',
			{ from: Date.parse('2026-11-22T10:00:00.000Z') },
			['b 10:00:00.000Z', 'a 11:00:00.000Z', 'a 11:00:00.001Z'],
		],
		[
			'to is inclusive',
			{ to: Date.parse('2026-11-22T11:00:00.000Z') },
			['a 09:59:59.999Z', 'b 10:00:00.000Z', 'a 11:00:00.000Z'],
		],
		[
			'a session and a range together',
			{ session: 'a', from: Date.parse('2026-11-22T10:00:00.000Z') },
			['a 11:00:00.000Z', 'a 11:00:00.001Z'],
		],
		['an unknown session: nothing', { session: 'c' }, []],
	])('%s', (_label, filter, expected) => {
		expect(at(filter)).toEqual(expected);
	});
});
