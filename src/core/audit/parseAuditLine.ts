import { HOOK_EVENT_NAMES } from '../events/hookEventName';
import { TOOL_EVENT_NAMES } from '../events/toolOfEvent';
import type { MergedDecision } from '../terms/decision';
import type { RecordedEvent } from '../sessions/recordedEvent';
import { readObservations, readSnapshotOutcome } from '../snapshots/readSnapshotFacts';
import type { AuditEventRecord, AuditRecord } from './auditRecord';
import { AUDIT_FORMAT_VERSION } from './auditRecord';

/** The result of reading one line: a record, a blank line, or why the line is unusable. */
export type ParsedAuditLine =
	| { readonly kind: 'record'; readonly record: AuditRecord }
	| { readonly kind: 'blank' }
	| { readonly kind: 'corrupt'; readonly problem: string };

const EVENT_NAMES: ReadonlySet<string> = new Set(HOOK_EVENT_NAMES);
const TOOL_EVENTS: ReadonlySet<string> = new Set(TOOL_EVENT_NAMES);
const VERDICTS: ReadonlySet<string> = new Set(['allow', 'ask', 'deny', 'none']);
// Every line starts with these characters (the writer fixes the field order), so a reader can find where a line
// begins inside a damaged one.
const LINE_START = `{"v":${AUDIT_FORMAT_VERSION},"kind":"`;

/**
 * Reads one audit line. Never throws: a damaged line is `corrupt` with a reason. When two lines ran together (a
 * writer died mid-line and the next line was appended to it), the later, complete line is recovered.
 */
export function parseAuditLine(line: string): ParsedAuditLine {
	const text = line.trim();
	if (text === '') {
		return { kind: 'blank' };
	}
	const first = parseRecord(text);
	if (first.kind !== 'corrupt') {
		return first;
	}
	const resumed = text.lastIndexOf(LINE_START);
	if (resumed > 0) {
		const tail = parseRecord(text.slice(resumed));
		if (tail.kind === 'record') {
			return tail;
		}
	}
	return first;
}

function parseRecord(text: string): ParsedAuditLine {
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch (error) {
		return { kind: 'corrupt', problem: `not JSON (${(error as Error).message})` };
	}
	const problem = recordProblem(value);
	return problem === undefined
		? { kind: 'record', record: value as AuditRecord }
		: { kind: 'corrupt', problem };
}

function recordProblem(value: unknown): string | undefined {
	if (typeof value !== 'object' || value === null || Array.isArray(value)) {
		return 'not an object';
	}
	const record = value as Record<string, unknown>;
	if (record.v !== AUDIT_FORMAT_VERSION) {
		return `unknown format version ${JSON.stringify(record.v)}`;
	}
	for (const key of ['id', 'at', 'session'] as const) {
		if (typeof record[key] !== 'string') {
			return `'${key}' is not a string`;
		}
	}
	if (Number.isNaN(Date.parse(record.at as string))) {
		return `'at' is not a time`;
	}
	if (record.kind === 'summary') {
		return typeof record.summary === 'object' && record.summary !== null
			? undefined
			: `'summary' is missing`;
	}
	if (record.kind !== 'event') {
		return `unknown kind ${JSON.stringify(record.kind)}`;
	}
	if (typeof record.event !== 'string' || !EVENT_NAMES.has(record.event)) {
		return `unknown event ${JSON.stringify(record.event)}`;
	}
	if (typeof record.verdict !== 'string' || !VERDICTS.has(record.verdict)) {
		return `unknown verdict ${JSON.stringify(record.verdict)}`;
	}
	const input = record.input as Record<string, unknown> | null | undefined;
	if (typeof input !== 'object' || input?.name !== record.event) {
		return `'input' does not hold the ${record.event} event`;
	}
	if (
		TOOL_EVENTS.has(record.event) &&
		(typeof input.tool !== 'object' ||
			input.tool === null ||
			!Array.isArray((input.tool as { paths?: unknown }).paths))
	) {
		return `'input.tool' is incomplete`;
	}
	return undefined;
}

/**
 * Turns an audit line back into the {@link RecordedEvent} the views show, for restoring history after a reload. The
 * decision is rebuilt from what the log keeps (verdict, reason, who decided), not the full provider merge.
 */
export function recordedEventOf(record: AuditEventRecord, sequence: number): RecordedEvent {
	const answeredAt = Date.parse(record.at);
	const decision: MergedDecision = {
		...(record.verdict !== 'none' && !record.stop && { verdict: record.verdict }),
		...(record.reason !== undefined && { reason: record.reason }),
		...(record.stop !== undefined && { stop: { reason: record.stop } }),
		...(record.decidedBy && { decidedBy: record.decidedBy }),
		...(record.rewrite && {
			updatedInput: record.rewrite.input,
			rewrittenBy: record.rewrite.rewrittenBy,
		}),
		...(record.resultReplaced && { resultReplacedBy: record.resultReplaced.replacedBy }),
		contributors: record.decidedBy ? [record.decidedBy] : [],
		failures: [],
	};
	return {
		sequence,
		event: record.input,
		sessionId: record.session,
		...(record.agent !== undefined && { agentId: record.agent }),
		decision,
		...(record.approval && { approval: record.approval }),
		...(record.workspaceFolder !== undefined && { workspaceFolder: record.workspaceFolder }),
		origin: record.origin,
		// Lines from a future writer may lack it; the views only need an order.
		receivedAt: typeof record.receivedAt === 'number' ? record.receivedAt : answeredAt,
		answeredAt,
		...(typeof record.notHonoured === 'string' && { notHonoured: record.notHonoured }),
		...snapshotFactsOf(record),
	};
}

// What a line says of snapshots is checked field by field: a damaged one is left out rather than shown or restored.
function snapshotFactsOf(record: AuditEventRecord): Pick<RecordedEvent, 'snapshot' | 'observed'> {
	const snapshot = record.snapshot === undefined ? undefined : readSnapshotOutcome(record.snapshot);
	const observed = record.observed === undefined ? undefined : readObservations(record.observed);
	return { ...(snapshot && { snapshot }), ...(observed && { observed }) };
}
