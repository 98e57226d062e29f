import type { AuditEventRecord, AuditRecord, AuditVerdict } from './auditRecord';
import type { ApprovalAnswers } from './sessionSummary';
import { noAnswers } from './sessionSummary';

/** How many events ended with each verdict. */
export type VerdictCounts = Readonly<Record<AuditVerdict, number>>;

/** One slice of the day: the events answered in it, by verdict. */
export interface ActivityBucket {
	/** Epoch milliseconds the slice starts. */
	readonly start: number;
	readonly counts: VerdictCounts;
}

/** A rule or a tool and how often it came up, by verdict. */
export interface ActivityCount {
	readonly name: string;
	readonly count: number;
	readonly counts: VerdictCounts;
}

/** What the agents did in a span of time, from the audit log: a picture of the day. */
export interface DayActivity {
	readonly from: number;
	readonly to: number;
	readonly events: number;
	readonly sessions: number;
	readonly totals: VerdictCounts;
	/** Equal slices from `from` to `to`, oldest first. */
	readonly buckets: readonly ActivityBucket[];
	/** The rules that decided most often, most first (at most `top`). */
	readonly topRules: readonly ActivityCount[];
	/** The tools called most often (PreToolUse), most first (at most `top`). */
	readonly topTools: readonly ActivityCount[];
	/** Calls a rule asked a person about, and how each ended. */
	readonly asks: { readonly total: number; readonly answers: ApprovalAnswers };
	/** Time agents spent waiting for a person's answer (or the timeout), over every ask. */
	readonly waiting: {
		readonly count: number;
		readonly totalMs: number;
		readonly longestMs: number;
		readonly medianMs: number;
	};
}

const NO_VERDICTS: VerdictCounts = { allow: 0, ask: 0, deny: 0, none: 0 };

/**
 * Tallies the event lines answered in [`from`, `to`) into `slices` equal buckets, the top rules and tools, the asks
 * and how they ended, and the time spent waiting for people (the latency of every event a person or the timeout
 * answered). Pure: the caller reads the log and says which day.
 */
export function dayActivity(
	records: readonly AuditRecord[],
	from: number,
	to: number,
	options: { readonly slices?: number; readonly top?: number } = {},
): DayActivity {
	const slices = Math.max(1, options.slices ?? 24);
	const top = options.top ?? 8;
	const width = Math.max(1, (to - from) / slices);
	const buckets = Array.from({ length: slices }, (_, i) => ({
		start: from + Math.round(i * width),
		counts: { ...NO_VERDICTS },
	}));
	const totals = { ...NO_VERDICTS };
	const rules = new Map<string, { count: number; counts: Record<AuditVerdict, number> }>();
	const tools = new Map<string, { count: number; counts: Record<AuditVerdict, number> }>();
	const sessions = new Set<string>();
	const answers = { ...noAnswers() };
	const waits: number[] = [];
	let asks = 0;
	let events = 0;
	for (const record of records) {
		const at = Date.parse(record.at);
		if (record.kind !== 'event' || !(at >= from && at < to)) {
			continue;
		}
		events++;
		sessions.add(record.session);
		totals[record.verdict]++;
		const bucket = buckets[Math.min(slices - 1, Math.floor((at - from) / width))];
		if (bucket) {
			bucket.counts[record.verdict]++;
		}
		const rule = record.decidedBy?.ruleId ?? record.asked?.decidedBy?.ruleId;
		if (rule !== undefined && rule !== 'paused') {
			tally(rules, rule, record.verdict);
		}
		if (record.tool !== undefined && record.event === 'PreToolUse') {
			tally(tools, record.tool, record.verdict);
		}
		if (wasAsked(record)) {
			asks++;
			countAnswer(answers, record);
			if (record.approval) {
				waits.push(record.latencyMs);
			}
		}
	}
	waits.sort((a, b) => a - b);
	return {
		from,
		to,
		events,
		sessions: sessions.size,
		totals,
		buckets,
		topRules: ranked(rules, top),
		topTools: ranked(tools, top),
		asks: { total: asks, answers },
		waiting: {
			count: waits.length,
			totalMs: waits.reduce((sum, ms) => sum + ms, 0),
			longestMs: waits.at(-1) ?? 0,
			medianMs: waits.length === 0 ? 0 : (waits[Math.floor((waits.length - 1) / 2)] ?? 0),
		},
	};
}

/** The start of the local day that holds `at` (midnight, local time). */
export function startOfDay(at: number): number {
	const day = new Date(at);
	day.setHours(0, 0, 0, 0);
	return day.getTime();
}

function wasAsked(record: AuditEventRecord): boolean {
	return (
		record.approval !== undefined || record.asked?.verdict === 'ask' || record.verdict === 'ask'
	);
}

function countAnswer(
	answers: Record<keyof ApprovalAnswers, number>,
	record: AuditEventRecord,
): void {
	const approval = record.approval;
	switch (approval?.kind) {
		case 'allowed':
			answers[
				approval.scope === 'once'
					? 'allowedOnce'
					: approval.scope === 'session'
						? 'allowedForSession'
						: 'allowedAlways'
			]++;
			break;
		case 'denied':
			answers.denied++;
			break;
		case 'timedOut':
			answers.timedOut++;
			break;
		case 'gone':
			answers.gone++;
			break;
		default:
		// Asked in the agent's own dialog (native mode, or headless): Hookwarden never saw the answer.
	}
}

function tally(
	into: Map<string, { count: number; counts: Record<AuditVerdict, number> }>,
	name: string,
	verdict: AuditVerdict,
): void {
	const entry = into.get(name) ?? { count: 0, counts: { ...NO_VERDICTS } };
	entry.count++;
	entry.counts[verdict]++;
	into.set(name, entry);
}

function ranked(
	from: Map<string, { count: number; counts: Record<AuditVerdict, number> }>,
	top: number,
): ActivityCount[] {
	return [...from.entries()]
		.map(([name, { count, counts }]) => ({ name, count, counts }))
		.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
		.slice(0, top);
}
