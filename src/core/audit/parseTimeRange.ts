import type { AuditFilter } from './exportAudit';

/** What {@link parseTimeRange} gives back: the filter, or one sentence saying what is wrong with the text. */
export type TimeRangeResult =
	| { readonly ok: true; readonly filter: AuditFilter }
	| { readonly ok: false; readonly error: string };

/** What a person is asked to write; also the start of every error message about one end of the range. */
export const TIME_RANGE_FORMATS =
	'YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS[.mmm]], optionally ending in Z or ±HH:MM';

// A date, or a date and a time (`T` or a space between them), with an optional zone after the time.
const POINT =
	/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:\d{2})?)?$/i;

/** One end of the range: its first millisecond, and how many milliseconds the precision it was written in spans. */
interface Point {
	readonly start: number;
	readonly span: number;
}

/**
 * Reads `FROM..TO` into an {@link AuditFilter} whose ends are inclusive: either end may be left out (`FROM`,
 * `FROM..`, `..TO`, or nothing for the whole log); times without a zone are UTC, as the log writes them; the start
 * is the first millisecond written and the end the last millisecond of what was written, so `..2026-11-22` keeps
 * the whole of that day and `..2026-11-22T18:00` the whole of that minute; anything else, an impossible date, or
 * an end before the start is an error that says why.
 */
export function parseTimeRange(text: string): TimeRangeResult {
	const parts = text.split('..').map((part) => part.trim());
	if (parts.length > 2) {
		return {
			ok: false,
			error: `Write one range, FROM..TO; '${text.trim()}' has more than one '..'.`,
		};
	}
	const [fromText = '', toText = ''] = parts;
	const from = fromText ? parsePoint(fromText) : undefined;
	if (typeof from === 'string') {
		return { ok: false, error: from };
	}
	const to = toText ? parsePoint(toText) : undefined;
	if (typeof to === 'string') {
		return { ok: false, error: to };
	}
	const end = to && to.start + to.span - 1;
	if (from && end !== undefined && end < from.start) {
		return { ok: false, error: `The range ends (${toText}) before it starts (${fromText}).` };
	}
	return {
		ok: true,
		filter: { ...(from && { from: from.start }), ...(end !== undefined && { to: end }) },
	};
}

/** One end as a {@link Point}, or the error message. */
function parsePoint(text: string): Point | string {
	const m = POINT.exec(text);
	if (!m) {
		return `'${text}' is not a date or time: write ${TIME_RANGE_FORMATS}.`;
	}
	const [, year, month, day, hour, minute, second, fraction, zone] = m;
	const numbers = [year, month, day, hour, minute, second].map((part) => Number(part ?? 0));
	const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0] = numbers;
	const ms = fraction === undefined ? 0 : Number(fraction.padEnd(3, '0'));
	const start = Date.UTC(y, mo - 1, d, h, mi, s, ms);
	const check = new Date(start);
	if (
		check.getUTCFullYear() !== y ||
		check.getUTCMonth() !== mo - 1 ||
		check.getUTCDate() !== d ||
		check.getUTCHours() !== h ||
		check.getUTCMinutes() !== mi ||
		check.getUTCSeconds() !== s
	) {
		return `'${text}' is not a real date and time.`;
	}
	const offset = zoneOffsetMs(zone);
	if (offset === undefined) {
		return `'${text}' has a zone offset beyond ±23:59.`;
	}
	const span =
		hour === undefined
			? 86_400_000
			: second === undefined
				? 60_000
				: fraction === undefined
					? 1_000
					: 10 ** (3 - fraction.length);
	return { start: start - offset, span };
}

/** Milliseconds a zone is ahead of UTC (0 for none and `Z`), or undefined when it is out of range. */
function zoneOffsetMs(zone: string | undefined): number | undefined {
	if (zone === undefined || zone.toUpperCase() === 'Z') {
		return 0;
	}
	const hours = Number(zone.slice(1, 3));
	const minutes = Number(zone.slice(4, 6));
	if (hours > 23 || minutes > 59) {
		return undefined;
	}
	return (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes) * 60_000;
}
