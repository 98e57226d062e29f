import { describeSource } from '../policy/describeSource';
import { markdownText } from '../util/markdownText';
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
		...(heading.session ? [`- Session: ${markdownText(heading.session)}`] : []),
		`- Policies: ${heading.policies}`,
		`- Events: ${report.entries.length} — ${counts.same} unchanged, **${counts.tightened} now more restrictive**, **${counts.loosened} now less restrictive**, ${counts.notReplayable} not replayable`,
		'',
	];
	const changed = report.entries.filter((e) => e.status === 'tightened' || e.status === 'loosened');
	if (changed.length === 0) {
		lines.push('No verdict would change.', '');
	} else {
		// A list, not a table: a table squeezed into a narrow editor wraps each cell a character a line.
		lines.push(
			'## Changed verdicts',
			'',
			...changed.flatMap((e) => [
				`- ${markdownText(e.record.summary || e.record.event)} — **${e.status === 'tightened' ? 'tighter' : 'looser'}**${e.note ? ` (${markdownText(e.note)})` : ''}`,
				`  - then: ${markdownText(side(e.recorded))}`,
				`  - now: ${markdownText(side(e.now))}`,
				`  - ${markdownText(heading.time ? heading.time.dateTime(Date.parse(e.record.at)) : e.record.at.slice(0, 19).replace('T', ' '))} · ${markdownText(e.record.event)}`,
			]),
			'',
			...changed.flatMap((e) => (e.now?.reason ? [`- \`${e.record.id}\`: ${e.now.reason}`] : [])),
			'',
		);
	}
	const rewrites = report.entries.filter((e) => e.rewriteChange !== undefined);
	if (rewrites.length > 0) {
		lines.push(
			'## Changed rewrites',
			'',
			...rewrites.map(
				(e) =>
					`- \`${e.record.id}\` ${e.record.event} ${e.record.summary}: ${e.rewriteChange ?? ''}`,
			),
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
			if (entry.rewriteChange !== undefined) {
				lines.push(
					`rewrite   ${entry.record.id} ${entry.record.at} ${entry.record.session} ${entry.record.event} ${entry.record.summary}`,
					`          ${entry.rewriteChange}`,
				);
			}
			continue;
		}
		const label = entry.status === 'notReplayable' ? 'skipped  ' : `${entry.status.padEnd(9)}`;
		const change =
			entry.status === 'notReplayable'
				? (entry.note ?? '')
				: `${side(entry.recorded)} -> ${side(entry.now)}${entry.note ? ` (${entry.note})` : ''}${entry.rewriteChange ? `; ${entry.rewriteChange}` : ''}`;
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

/** The entries whose verdict changed, for callers that render them their own way. */
export function changedEntries(report: ReplayReport): readonly ReplayEntry[] {
	return report.entries.filter((e) => e.status === 'tightened' || e.status === 'loosened');
}
