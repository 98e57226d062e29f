import { describe, expect, it } from 'vitest';

import type { AuditFilter } from '../../../../src/core/audit/exportAudit';
import { filterAudit } from '../../../../src/core/audit/exportAudit';
import { parseTimeRange } from '../../../../src/core/audit/parseTimeRange';
import { eventLine } from './auditFixtures';

const utc = (iso: string) => Date.parse(iso);

describe('parseTimeRange', () => {
	it.each<[string, string, AuditFilter]>([
		['nothing: the whole log', '', {}],
		['two dots only: the whole log', '..', {}],
		[
			'a date: from its first millisecond on',
			'2026-11-01',
			{ from: utc('2026-11-01T00:00:00.000Z') },
		],
		['a date and two dots: the same', '2026-11-01..', { from: utc('2026-11-01T00:00:00.000Z') }],
		[
			'an end date: through its last millisecond',
			'..2026-11-22',
			{ to: utc('2026-11-22T23:59:59.999Z') },
		],
		[
			'two dates',
			'2026-11-01..2026-11-22',
			{ from: utc('2026-11-01T00:00:00.000Z'), to: utc('2026-11-22T23:59:59.999Z') },
		],
		[
			'date and minute (T): the end through that minute',
			'2026-11-01T08:30..2026-11-22T18:00',
			{ from: utc('2026-11-01T08:30:00.000Z'), to: utc('2026-11-22T18:00:59.999Z') },
		],
		[
			'date and minute with a space',
			'2026-11-01 08:30..2026-11-22 18:00',
			{ from: utc('2026-11-01T08:30:00.000Z'), to: utc('2026-11-22T18:00:59.999Z') },
		],
		[
			'seconds: the end through that second',
			'2026-11-01T08:30:15..2026-11-22T18:00:05',
			{ from: utc('2026-11-01T08:30:15.000Z'), to: utc('2026-11-22T18:00:05.999Z') },
		],
		[
			'milliseconds: the end is that millisecond',
			'2026-11-01T08:30:15.250..2026-11-22T18:00:05.123',
			{ from: utc('2026-11-01T08:30:15.250Z'), to: utc('2026-11-22T18:00:05.123Z') },
		],
		[
			'tenths: the end through that tenth',
			'..2026-11-22T18:00:05.1',
			{ to: utc('2026-11-22T18:00:05.199Z') },
		],
		[
			'Z: UTC, as without a zone',
			'2026-11-01T08:30Z..2026-11-22T18:00:00Z',
			{ from: utc('2026-11-01T08:30:00.000Z'), to: utc('2026-11-22T18:00:00.999Z') },
		],
		[
			'offsets ahead of and behind UTC',
			'2026-11-01T08:30+02:00..2026-11-22T18:00-05:30',
			{ from: utc('2026-11-01T06:30:00.000Z'), to: utc('2026-11-22T23:30:59.999Z') },
		],
		['lower-case t and z', '2026-11-01t08:30z', { from: utc('2026-11-01T08:30:00.000Z') }],
		[
			'spaces around the ends',
			'  2026-11-01 ..  2026-11-02  ',
			{ from: utc('2026-11-01T00:00:00.000Z'), to: utc('2026-11-02T23:59:59.999Z') },
		],
		['a leap day', '2028-02-29', { from: utc('2028-02-29T00:00:00.000Z') }],
		[
			'one and the same millisecond at both ends',
			'2026-11-01T10:00:00.000..2026-11-01T10:00:00.000',
			{ from: utc('2026-11-01T10:00:00.000Z'), to: utc('2026-11-01T10:00:00.000Z') },
		],
		[
			'an end inside the start minute is not before it',
			'2026-11-01T10:00:30..2026-11-01T10:00',
			{ from: utc('2026-11-01T10:00:30.000Z'), to: utc('2026-11-01T10:00:59.999Z') },
		],
	])('accepts %s', (_label, text, filter) => {
		expect(parseTimeRange(text)).toEqual({ ok: true, filter });
	});

	it.each<[string, string, RegExp]>([
		[
			'a word',
			'yesterday',
			/^'yesterday' is not a date or time: write YYYY-MM-DD or YYYY-MM-DDTHH:MM/,
		],
		['a bad end', '2026-11-01..soon', /^'soon' is not a date or time/],
		['slashes', '2026/11/01', /^'2026\/11\/01' is not a date or time/],
		['a US date', '11/01/2026', /is not a date or time/],
		['epoch milliseconds', '1795317900000', /is not a date or time/],
		['an hour without minutes', '2026-11-01T10', /is not a date or time/],
		['a zone on a bare date', '2026-11-01Z', /is not a date or time/],
		['a month 13', '2026-13-01', /^'2026-13-01' is not a real date and time\.$/],
		['30 February', '2026-02-30', /is not a real date and time/],
		['29 February of a common year', '2026-02-29', /is not a real date and time/],
		['hour 24', '2026-11-01T24:00', /is not a real date and time/],
		['minute 60', '2026-11-01T10:60', /is not a real date and time/],
		['second 60', '2026-11-01T10:00:60', /is not a real date and time/],
		['an offset of 24 hours', '2026-11-01T10:00+24:00', /has a zone offset beyond ±23:59/],
		[
			'an end before the start',
			'2026-11-22..2026-11-01',
			/^The range ends \(2026-11-01\) before it starts \(2026-11-22\)\.$/,
		],
		[
			'two ranges',
			'2026-11-01..2026-11-02..2026-11-03',
			/^Write one range, FROM\.\.TO; .* has more than one '\.\.'\.$/,
		],
	])('rejects %s with a clear error', (_label, text, error) => {
		const result = parseTimeRange(text);
		expect(result.ok).toBe(false);
		expect(!result.ok && result.error).toMatch(error);
	});

	it('keeps the last millisecond of an end date and drops the first of the next day', () => {
		const range = parseTimeRange('2026-11-22..2026-11-22');
		expect(range.ok).toBe(true);
		const records = [
			eventLine('2026-11-21T23:59:59.999Z'),
			eventLine('2026-11-22T00:00:00.000Z'),
			eventLine('2026-11-22T23:59:59.999Z'),
			eventLine('2026-11-23T00:00:00.000Z'),
		];
		expect(range.ok && filterAudit(records, range.filter).map((r) => r.at)).toEqual([
			'2026-11-22T00:00:00.000Z',
			'2026-11-22T23:59:59.999Z',
		]);
	});
});
