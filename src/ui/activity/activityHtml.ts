import type { AuditVerdict } from '../../core/audit/auditRecord';
import type { ActivityCount, DayActivity, VerdictCounts } from '../../core/audit/dayActivity';
import type { ApprovalAnswers } from '../../core/audit/sessionSummary';
import { formatDuration } from '../../core/audit/sessionSummary';
import type { TimeFormat } from '../../core/util/timeFormat';
import { escapeHtml } from '../webviews/webviewPage';

/** A request waiting for a person right now. */
export interface WaitingAsk {
	readonly label: string;
	readonly waitingMs: number;
}

/** What the picture of the day is drawn from: the day's tally, the asks waiting now, and how times read. */
export interface ActivityPicture {
	readonly activity: DayActivity;
	readonly waiting: readonly WaitingAsk[];
	readonly time: TimeFormat;
	/** The label under a slice of the time axis (`14:00`). */
	readonly sliceLabel: (epochMs: number) => string;
}

/** Verdicts bottom to top in a stack, each with its CSS class (colored with VS Code's chart colors) and its word. */
const VERDICTS: readonly { readonly verdict: AuditVerdict; readonly word: string }[] = [
	{ verdict: 'allow', word: 'allowed' },
	{ verdict: 'none', word: 'no rule' },
	{ verdict: 'ask', word: 'asked' },
	{ verdict: 'deny', word: 'denied' },
];

const ANSWERS: readonly {
	readonly key: keyof ApprovalAnswers;
	readonly word: string;
	readonly verdict: AuditVerdict;
}[] = [
	{ key: 'allowedOnce', word: 'allowed once', verdict: 'allow' },
	{ key: 'allowedForSession', word: 'allowed for the session', verdict: 'allow' },
	{ key: 'allowedAlways', word: 'allowed always', verdict: 'allow' },
	{ key: 'denied', word: 'denied', verdict: 'deny' },
	{ key: 'timedOut', word: 'timed out', verdict: 'ask' },
	{ key: 'gone', word: 'abandoned', verdict: 'none' },
];

/**
 * The picture of the day as the body of a webview page: headline numbers, decisions over time stacked by verdict,
 * the top rules and tools, the asks (waiting now and how the others ended) and the time spent waiting for people.
 * Charts are inline SVG drawn here, colored by CSS classes the stylesheet maps to VS Code's chart colors; every bar
 * carries a `<title>`, which the webview shows as its tooltip. Every text from outside is escaped.
 */
export function activityBody(picture: ActivityPicture): string {
	const { activity, waiting, time } = picture;
	const { totals } = activity;
	return [
		'<header class="day-header">',
		'<h1>Today with Hookwarden</h1>',
		`<p>${escapeHtml(time.dateTime(activity.from))} – ${escapeHtml(time.clock(activity.to))}, from the audit log</p>`,
		'</header>',
		'<section class="tiles">',
		tile(activity.events, 'hook events'),
		tile(totals.deny, 'denied', 'deny'),
		tile(activity.asks.total, 'asked you'),
		tile(waiting.length, 'waiting for you now', waiting.length > 0 ? 'ask' : undefined),
		tile(formatDuration(activity.waiting.totalMs), 'spent waiting for people'),
		tile(activity.sessions, activity.sessions === 1 ? 'session' : 'sessions'),
		'</section>',
		activity.events === 0
			? '<p class="empty">No hook event was answered today yet. Agent sessions appear here as they run.</p>'
			: '',
		'<section class="charts">',
		figure('Decisions over time', timeChart(picture), true, legend()),
		figure('Top rules', barList(activity.topRules, 'decisions'), false),
		figure('Top tools', barList(activity.topTools, 'calls'), false),
		figure('Asks and their answers', asksChart(activity, waiting), false),
		figure('Time waiting for people', waitingChart(activity), false),
		'</section>',
	].join('\n');
}

function tile(value: number | string, label: string, verdict?: AuditVerdict): string {
	return `<div class="tile"><div class="value${verdict ? ` text-${verdict}` : ''}">${escapeHtml(String(value))}</div><div class="label">${escapeHtml(label)}</div></div>`;
}

function figure(caption: string, chart: string, wide: boolean, after = ''): string {
	return `<figure class="${wide ? 'chart-wide' : ''}"><figcaption>${escapeHtml(caption)}</figcaption>${chart}${after}</figure>`;
}

function legend(): string {
	return `<ul class="legend">${VERDICTS.map(
		({ verdict, word }) =>
			`<li><span class="swatch verdict-${verdict}"></span>${escapeHtml(word)}</li>`,
	).join('')}</ul>`;
}

/** Stacked bars, one per slice of the day, by verdict. */
function timeChart(picture: ActivityPicture): string {
	const { buckets } = picture.activity;
	const [width, height, left, bottom, top] = [760, 180, 34, 22, 8];
	const plotHeight = height - bottom - top;
	const max = niceMax(Math.max(1, ...buckets.map((b) => sum(b.counts))));
	const slot = (width - left) / Math.max(1, buckets.length);
	const barWidth = Math.max(2, slot * 0.7);
	const y = (value: number) => top + plotHeight - (value / max) * plotHeight;
	const parts: string[] = [];
	for (const tick of [0, max / 2, max]) {
		parts.push(
			`<line class="grid" x1="${left}" x2="${width}" y1="${y(tick)}" y2="${y(tick)}"/>`,
			`<text x="${left - 6}" y="${y(tick) + 4}" text-anchor="end">${fmt(tick)}</text>`,
		);
	}
	buckets.forEach((bucket, i) => {
		const x = left + i * slot + (slot - barWidth) / 2;
		const next = buckets[i + 1]?.start ?? picture.activity.to;
		const when = `${picture.sliceLabel(bucket.start)}–${picture.sliceLabel(next)}`;
		let base = 0;
		for (const { verdict, word } of VERDICTS) {
			const count = bucket.counts[verdict];
			if (count > 0) {
				parts.push(
					`<rect class="verdict-${verdict}" x="${fmt(x)}" y="${fmt(y(base + count))}" width="${fmt(barWidth)}" height="${fmt(y(base) - y(base + count))}"><title>${escapeHtml(`${when}: ${count} ${word}`)}</title></rect>`,
				);
				base += count;
			}
		}
		if (i % Math.max(1, Math.round(buckets.length / 8)) === 0) {
			parts.push(
				`<text x="${fmt(left + i * slot)}" y="${height - 6}">${escapeHtml(picture.sliceLabel(bucket.start))}</text>`,
			);
		}
	});
	parts.push(`<line class="axis" x1="${left}" x2="${width}" y1="${y(0)}" y2="${y(0)}"/>`);
	return svg(width, height, 'Hook events per hour of the day, stacked by verdict', parts);
}

/** Horizontal bars, one per name, stacked by verdict, with the count at the end. */
function barList(rows: readonly ActivityCount[], unit: string): string {
	if (rows.length === 0) {
		return '<p class="empty">None today.</p>';
	}
	const [width, rowHeight, labelWidth, countWidth] = [420, 22, 190, 40];
	const barSpace = width - labelWidth - countWidth;
	const max = Math.max(1, ...rows.map((r) => r.count));
	const parts: string[] = [];
	rows.forEach((row, i) => {
		const y = i * rowHeight;
		parts.push(
			`<text class="bar-label" x="0" y="${y + 15}"><title>${escapeHtml(row.name)}</title>${escapeHtml(cut(row.name, 28))}</text>`,
		);
		let x = labelWidth;
		for (const { verdict, word } of VERDICTS) {
			const count = row.counts[verdict];
			if (count > 0) {
				const w = (count / max) * barSpace;
				parts.push(
					`<rect class="verdict-${verdict}" x="${fmt(x)}" y="${y + 4}" width="${fmt(w)}" height="${rowHeight - 8}"><title>${escapeHtml(`${row.name}: ${count} ${word}`)}</title></rect>`,
				);
				x += w;
			}
		}
		parts.push(`<text x="${fmt(x + 6)}" y="${y + 15}">${row.count}</text>`);
	});
	return svg(width, rows.length * rowHeight, `Top ${unit}`, parts);
}

/** One bar per way an ask ended, plus the asks waiting now. */
function asksChart(activity: DayActivity, waiting: readonly WaitingAsk[]): string {
	const rows: ActivityCount[] = ANSWERS.filter(({ key }) => activity.asks.answers[key] > 0).map(
		({ key, word, verdict }) => ({
			name: word,
			count: activity.asks.answers[key],
			counts: { ...zero(), [verdict]: activity.asks.answers[key] },
		}),
	);
	if (waiting.length > 0) {
		rows.unshift({
			name: 'waiting now',
			count: waiting.length,
			counts: { ...zero(), ask: waiting.length },
		});
	}
	const list =
		waiting.length === 0
			? ''
			: `<ul>${waiting
					.map(
						(w) =>
							`<li>${escapeHtml(w.label)}, waiting ${escapeHtml(formatDuration(w.waitingMs))}</li>`,
					)
					.join('')}</ul>`;
	return rows.length === 0
		? '<p class="empty">No rule asked anyone today.</p>'
		: barList(rows, 'answers') + list;
}

function waitingChart(activity: DayActivity): string {
	const { waiting } = activity;
	if (waiting.count === 0) {
		return '<p class="empty">Nobody was waited for today.</p>';
	}
	const rows: ActivityCount[] = [
		{ name: 'in all', count: waiting.totalMs, counts: { ...zero(), ask: waiting.totalMs } },
		{
			name: 'longest wait',
			count: waiting.longestMs,
			counts: { ...zero(), ask: waiting.longestMs },
		},
		{
			name: 'typical wait (median)',
			count: waiting.medianMs,
			counts: { ...zero(), ask: waiting.medianMs },
		},
	];
	const [width, rowHeight, labelWidth, valueWidth] = [420, 22, 190, 80];
	const barSpace = width - labelWidth - valueWidth;
	const max = Math.max(1, waiting.totalMs);
	const parts = rows.flatMap((row, i) => {
		const y = i * rowHeight;
		const w = Math.max(1, (row.count / max) * barSpace);
		const text = formatDuration(row.count);
		return [
			`<text class="bar-label" x="0" y="${y + 15}">${escapeHtml(row.name)}</text>`,
			`<rect class="verdict-ask" x="${labelWidth}" y="${y + 4}" width="${fmt(w)}" height="${rowHeight - 8}"><title>${escapeHtml(`${row.name}: ${text}`)}</title></rect>`,
			`<text x="${fmt(labelWidth + w + 6)}" y="${y + 15}">${escapeHtml(text)}</text>`,
		];
	});
	return (
		svg(width, rows.length * rowHeight, 'Time agents waited for a person', parts) +
		`<p>${waiting.count} answer${waiting.count === 1 ? '' : 's'} by a person or the timeout.</p>`
	);
}

function svg(width: number, height: number, label: string, parts: readonly string[]): string {
	return `<svg role="img" aria-label="${escapeHtml(label)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg">${parts.join('')}</svg>`;
}

/** The smallest of 1, 2, 5 × 10ⁿ at or above `value`, so the axis reads in round numbers. */
export function niceMax(value: number): number {
	const power = 10 ** Math.floor(Math.log10(Math.max(1, value)));
	for (const step of [1, 2, 5, 10]) {
		if (step * power >= value) {
			return step * power;
		}
	}
	return 10 * power;
}

function sum(counts: VerdictCounts): number {
	return counts.allow + counts.ask + counts.deny + counts.none;
}

function zero(): Record<AuditVerdict, number> {
	return { allow: 0, ask: 0, deny: 0, none: 0 };
}

function cut(text: string, max: number): string {
	return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function fmt(value: number): string {
	return Number.isInteger(value) ? String(value) : value.toFixed(1);
}
