import type { AuditPort } from '../../core/audit/auditPort';
import { toAuditRecord, toAuditSummaryRecord } from '../../core/audit/toAuditRecord';
import type { DecisionOrigin } from '../../core/sessions/recordedEvent';
import type { AuditLogTarget } from './auditLogFile';
import { appendAuditLine, newAuditId } from './auditLogFile';

/**
 * The audit port of a process that writes the log file itself (the headless bridge): one line per answer, appended
 * before the answer is printed. A log that cannot be written costs one warning, never the answer.
 */
export function fileAuditPort(
	target: AuditLogTarget,
	origin: DecisionOrigin,
	warn: (line: string) => void,
): AuditPort {
	const append = (record: object) => {
		try {
			appendAuditLine(target, JSON.stringify(record));
		} catch (error) {
			warn(`audit log ${target.file}: ${(error as Error).message}`);
		}
	};
	return {
		appendEvent: (entry) => append(toAuditRecord(entry, newAuditId(entry.recorded.answeredAt))),
		appendSummary: (summary, context) => {
			const at = Date.now();
			append(
				toAuditSummaryRecord(summary, {
					id: newAuditId(at),
					at,
					trigger: context.trigger,
					origin,
					...(context.workspaceFolder !== undefined && {
						workspaceFolder: context.workspaceFolder,
					}),
				}),
			);
		},
	};
}
