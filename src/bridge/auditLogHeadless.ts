import type { AuditEventRecord } from '../core/audit/auditRecord';
import type { AuditSettings } from '../core/audit/auditSettings';
import { recordedEventOf } from '../core/audit/parseAuditLine';
import { letsAgentStop, withStopSummary } from '../core/audit/stopSummary';
import { toAuditRecord, toAuditSummaryRecord } from '../core/audit/toAuditRecord';
import type { HookEvent } from '../core/events/hookEvent';
import type { MergedDecision } from '../core/provider/decision';
import type { RecordedEvent } from '../core/sessions/recordedEvent';
import { sessionIdOf, SessionTracker } from '../core/sessions/sessionTracker';
import type { AuditLogTarget } from '../node/audit/auditLogFile';
import { appendAuditLine, newAuditId } from '../node/audit/auditLogFile';
import { resolveBridgeAuditFile } from '../node/audit/auditLogLocation';
import { describeSkipped, readAuditTail } from '../node/audit/auditLogReader';

// A Stop summary reads this much history of its session; sessions longer than that are summarised from their tail.
const SUMMARY_HISTORY = { maxRecords: 20_000, maxBytes: 8 * 1024 * 1024 };

/** What the bridge knows about one headless answer, to log it. */
export interface HeadlessAnswer {
	readonly event: HookEvent;
	readonly decision: MergedDecision;
	readonly workspaceFolder: string;
	readonly audit: AuditSettings;
	/** Epoch milliseconds the bridge started on this event. */
	readonly receivedAt: number;
	/** Why Hookwarden could not decide, when the fail mode answered. */
	readonly problem?: string;
	readonly env: NodeJS.ProcessEnv;
	readonly home: string;
	readonly warn: (line: string) => void;
}

/**
 * Logs a headless answer before the bridge prints it, and returns the decision to print: at Stop, with the session
 * summary as a `systemMessage` when `hookwarden.context.stopSummary` is on. The summary comes from the session's
 * history in the same log (a bridge process remembers nothing else). A log that cannot be written costs one stderr
 * line, never the answer.
 */
export function auditHeadlessAnswer(answer: HeadlessAnswer): MergedDecision {
	const location = resolveBridgeAuditFile({
		env: answer.env,
		home: answer.home,
		workspaceFolder: answer.workspaceFolder,
		settingPath: answer.audit.path,
		warn: answer.warn,
	});
	if (!location) {
		return answer.decision;
	}
	const target: AuditLogTarget = {
		file: location.file,
		maxBytes: answer.audit.maxBytes,
		retention: answer.audit.retention,
	};
	const { event } = answer;
	const sessionId = sessionIdOf(event);
	const closing = event.name === 'Stop' || event.name === 'SessionEnd' ? event.name : undefined;
	let decision = answer.decision;
	try {
		const tracker = closing ? sessionHistory(target.file, sessionId, answer.warn) : undefined;
		if (closing === 'Stop' && tracker && answer.audit.stopSummary && letsAgentStop(decision)) {
			const summary = tracker.summary(sessionId);
			if (summary) {
				decision = withStopSummary(decision, summary);
			}
		}
		const answeredAt = Date.now();
		const agentId =
			event.name === 'SubagentStart' || event.name === 'SubagentStop' ? event.agentId : undefined;
		const recorded: RecordedEvent = {
			sequence: 0,
			event,
			sessionId,
			...(agentId !== undefined && { agentId }),
			decision,
			workspaceFolder: answer.workspaceFolder,
			origin: 'headless',
			receivedAt: answer.receivedAt,
			answeredAt,
		};
		const record = toAuditRecord(
			{ recorded, ...(answer.problem !== undefined && { problem: answer.problem }) },
			newAuditId(answeredAt),
		);
		appendAuditLine(target, JSON.stringify(record));
		if (closing && tracker) {
			tracker.restore([recorded]);
			const summary = tracker.summary(sessionId);
			if (summary) {
				const line = toAuditSummaryRecord(summary, {
					id: newAuditId(answeredAt),
					at: answeredAt,
					trigger: closing,
					origin: 'headless',
					workspaceFolder: answer.workspaceFolder,
				});
				appendAuditLine(target, JSON.stringify(line));
			}
		}
	} catch (error) {
		answer.warn(`audit log ${target.file}: ${(error as Error).message}`);
	}
	return decision;
}

function sessionHistory(
	file: string,
	sessionId: string,
	warn: (line: string) => void,
): SessionTracker {
	const tracker = new SessionTracker();
	const history = readAuditTail(file, SUMMARY_HISTORY);
	const skipped = describeSkipped(history);
	if (skipped) {
		warn(skipped);
	}
	tracker.restore(
		history.records
			.filter((r): r is AuditEventRecord => r.kind === 'event' && r.session === sessionId)
			.map((r, i) => recordedEventOf(r, i + 1)),
	);
	return tracker;
}
