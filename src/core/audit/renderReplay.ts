import { describeSource } from '../policy/describeSource';
import type { TimeFormat } from '../util/timeFormat';
import type { ReplayEntry, ReplayReport, ReplaySide } from './replaySession';

/** What the rendered replay is about: the log, the session (when one was chosen) and where policies were read. */
export interface ReplayHeading {
	readonly log: string;
	readonly session?: string;
	readonly policies: string;
	/** How times read; without it, as the log writes them (UTC). */
	readonly time?: TimeFormat;
}

/**
 * The replay as a Markdown document for the editor: counts, then a side-by-side table of every changed verdict with
 * the rule on each side, then the events that could not be replayed and why. Unchanged events are only counted.
 */
export function renderReplayMarkdown(report: ReplayReport, heading: ReplayHeading): string {
	const { counts } = report;
	const lines = [
		`# Replay against current policies`,
		'',
		`- Log: \`${heading.log}\``,
		...(heading.session ? [`- Session: \`${heading.session}\``] : []),
		`- Policies: ${heading.policies}`,
		`- Events: ${report.entries.length} — ${counts.same} unchanged, **${counts.tightened} now more restrictive**, **${counts.loosened} now less restrictive**, ${counts.notReplayable} not replayable`,
		'',
	];
	const changed = report.entries.filter((e) => e.status === 'tightened' || e.status === 'loosened');
	if (changed.length === 0) {
		lines.push('No verdict would change.', '');
	} else {
		lines.push(
			'## Changed verdicts',
			'',
			'| Time | Event | What | Recorded | Now | Change |',
			'|---|---|---|---|---|---|',
			...changed.map(
				(e) =>
					`| ${cell(heading.time ? heading.time.dateTime(Date.parse(e.record.at)) : e.record.at.slice(0, 19).replace('T', ' '))} | ${cell(e.record.event)} | ${cell(e.record.summary)} | ${cell(side(e.recorded))} | ${cell(side(e.now))} | ${e.status === 'tightened' ? 'tighter' : 'looser'}${e.note ? ` (${cell(e.note)})` : ''} |`,
			),
			'',
			...changed.flatMap((e) => (e.now?.reason ? [`- \`${e.record.id}\`: ${e.now.reason}`] : [])),
			'',
		);
	}
	const skipped = report.entries.filter((e) => e.status === 'notReplayable');
	if (skipped.length > 0) {
		lines.push(
			'## Not replayable',
			'',
			...skipped.map(
				(e) => `- \`${e.record.id}\` ${e.record.event} ${e.record.summary}: ${e.note ?? ''}`,
			),
			'',
		);
	}
	return lines.join('\n');
}

/** The replay for a terminal or a CI log: one line per changed or skipped event, then the counts. */
export function renderReplayText(report: ReplayReport): string {
	const lines: string[] = [];
	for (const entry of report.entries) {
		if (entry.status === 'same') {
			continue;
		}
		const label = entry.status === 'notReplayable' ? 'skipped  ' : `${entry.status.padEnd(9)}`;
		const change =
			entry.status === 'notReplayable'
				? (entry.note ?? '')
				: `${side(entry.recorded)} -> ${side(entry.now)}${entry.note ? ` (${entry.note})` : ''}`;
		lines.push(
			`${label} ${entry.record.id} ${entry.record.at} ${entry.record.session} ${entry.record.event} ${entry.record.summary}`,
			`          ${change}`,
		);
	}
	const { counts } = report;
	lines.push(
		`${report.entries.length} events: ${counts.same} unchanged, ${counts.tightened} tightened, ${counts.loosened} loosened, ${counts.notReplayable} not replayable`,
	);
	return lines.join('\n');
}

function side(value: ReplaySide | undefined): string {
	if (!value) {
		return '?';
	}
	const rule = value.ruleId ? ` by ${value.ruleId}` : '';
	const where = value.source ? ` (${describeSource(value.source, { withFile: true })})` : '';
	return `${value.verdict}${rule}${where}`;
}

// A table cell cannot hold a pipe or a line break.
function cell(text: string): string {
	return text.replace(/\|/g, '\\|').replace(/\s+/g, ' ');
}

/** The entries whose verdict changed, for callers that render them their own way. */
export function changedEntries(report: ReplayReport): readonly ReplayEntry[] {
	return report.entries.filter((e) => e.status === 'tightened' || e.status === 'loosened');
}
