import type { AuditEventRecord, AuditSummaryRecord } from '../../../../src/core/audit/auditRecord';
import { noAnswers } from '../../../../src/core/audit/sessionSummary';
import { toAuditRecord } from '../../../../src/core/audit/toAuditRecord';
import { preToolUse, shellTool } from '../../../support/hookEventBuilder';

/** An event line answered at `at` in `session`: `npm test` run in the terminal, as the log writes it. */
export function eventLine(
	at: string,
	options: { session?: string; workspaceFolder?: string } = {},
): AuditEventRecord {
	const received = Date.parse(at);
	const record = toAuditRecord(
		{
			recorded: {
				sequence: 1,
				event: preToolUse({ tool: shellTool('npm test') }),
				sessionId: options.session ?? 's1',
				decision: { contributors: [], failures: [] },
				...(options.workspaceFolder !== undefined && {
					workspaceFolder: options.workspaceFolder,
				}),
				origin: 'window',
				receivedAt: received,
				answeredAt: received,
			},
		},
		`id-${at}`,
	);
	return { ...record, at };
}

/** A summary line of `session` at `at`: one tool call, nothing denied. */
export function summaryLine(at: string, session = 's1'): AuditSummaryRecord {
	const t = Date.parse(at);
	return {
		v: 1,
		kind: 'summary',
		id: `sum-${at}`,
		at,
		session,
		origin: 'window',
		trigger: 'Stop',
		summary: {
			sessionId: session,
			startedAt: t,
			endedAt: t,
			durationMs: 0,
			toolCalls: 1,
			denials: 0,
			asks: 0,
			answers: noAnswers(),
			filesTouched: [],
			moreFilesTouched: 0,
			subagents: [],
		},
	};
}
