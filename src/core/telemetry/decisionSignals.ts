import type { AuditEventRecord } from '../audit/auditRecord';
import type { Dialect } from '../events/dialect';
import { sha256 } from '../util/hmacSha256';
import type { TraceParent } from './traceparent';
import { parseTraceparent } from './traceparent';

/** An attribute value as OpenTelemetry carries it. */
export type SignalValue = string | number | boolean | string[];

/** One decision as the span `execute_hook <Event>` and the log record `hookwarden.decision` both describe it. */
export interface DecisionSignals {
	/** `execute_hook PreToolUse`, the span name VS Code's own hook spans use. */
	readonly spanName: string;
	/** Derived from the audit record's id: a decision sent twice is the same span, which backends de-duplicate. */
	readonly traceId: string;
	readonly spanId: string;
	/** The hook process's `TRACEPARENT`, when it had one: the span becomes its child, in its trace. */
	readonly parent?: TraceParent;
	readonly startMs: number;
	readonly endMs: number;
	/** The span ends in error only when Hookwarden could not decide and its fail mode answered. */
	readonly error?: string;
	readonly attributes: Readonly<Record<string, SignalValue>>;
	/** The log record's body: one line without content (`deny PreToolUse Bash by rule no-curl`). */
	readonly body: string;
	/** OpenTelemetry severity: INFO (9), WARN (13) for a deny, ERROR (17) when the fail mode answered. */
	readonly severityNumber: number;
	readonly severityText: string;
}

/** The harness behind a payload dialect, as `gen_ai.agent.name`. */
const HARNESS: Readonly<Record<Dialect, string>> = {
	vscode: 'vscode-copilot-chat',
	copilotCli: 'github-copilot',
	claude: 'claude-code',
};

/** The log record's event name, shared by every surface that names it. */
export const DECISION_EVENT_NAME = 'hookwarden.decision';

/** How the decision failed open or closed, when Hookwarden could not decide. */
function failModeOf(record: AuditEventRecord): 'open' | 'closed' | undefined {
	return record.problem !== undefined ? (record.verdict === 'deny' ? 'closed' : 'open') : undefined;
}

/** Attributes set only when the record has them; `undefined` values are left out. */
function present(entries: Record<string, SignalValue | undefined>): Record<string, SignalValue> {
	const kept: Record<string, SignalValue> = {};
	for (const [key, value] of Object.entries(entries)) {
		if (value !== undefined) {
			kept[key] = value;
		}
	}
	return kept;
}

/** What was decided, by whom and how: attributes that never carry what the agent sent. */
function decisionAttributes(record: AuditEventRecord): Record<string, SignalValue> {
	const tool = 'tool' in record.input ? record.input.tool : undefined;
	return present({
		'gen_ai.operation.name': 'execute_hook',
		'gen_ai.conversation.id': record.session,
		'gen_ai.agent.name': HARNESS[record.dialect],
		'hookwarden.record.id': record.id,
		'hookwarden.event': record.event,
		'hookwarden.verdict': record.verdict,
		'hookwarden.origin': record.origin,
		'hookwarden.latency_ms': record.latencyMs,
		'hookwarden.honoured': record.notHonoured === undefined,
		'gen_ai.tool.name': record.tool,
		'gen_ai.tool.call.id': tool?.useId,
		'hookwarden.tool.kind': tool?.kind,
		'hookwarden.subagent.id': record.agent,
		'hookwarden.provider.id': record.decidedBy?.providerId,
		'hookwarden.rule.id': record.decidedBy?.ruleId,
		'hookwarden.policy.source': record.decidedBy?.source?.kind,
		'hookwarden.reason': record.reason,
		'hookwarden.approval': record.approval?.kind,
		'hookwarden.policy.verdict': record.asked?.verdict,
		'hookwarden.fail_mode': failModeOf(record),
	});
}

/** What the agent sent, masked and cut as the audit log holds it: exported only with `captureContent`. */
function contentAttributes(record: AuditEventRecord): Record<string, SignalValue> {
	const tool = 'tool' in record.input ? record.input.tool : undefined;
	return present({
		'hookwarden.content.summary': record.summary,
		'hookwarden.decided_by': record.by,
		'hookwarden.content.command': tool?.commandLine,
		'hookwarden.content.paths': tool && tool.paths.length > 0 ? [...tool.paths] : undefined,
		'hookwarden.workspace.folder': record.workspaceFolder,
		'hookwarden.problem': record.problem,
		'hookwarden.not_honoured': record.notHonoured,
	});
}

/** The log record's body and severity: an undecided call is an error, a deny a warning. */
function logLine(
	record: AuditEventRecord,
): Pick<DecisionSignals, 'body' | 'severityNumber' | 'severityText'> {
	const by = record.decidedBy?.ruleId
		? ` by rule ${record.decidedBy.ruleId}`
		: record.decidedBy
			? ` by provider ${record.decidedBy.providerId}`
			: '';
	const severity =
		failModeOf(record) !== undefined
			? { severityNumber: 17, severityText: 'ERROR' }
			: record.verdict === 'deny'
				? { severityNumber: 13, severityText: 'WARN' }
				: { severityNumber: 9, severityText: 'INFO' };
	return {
		body: `${record.verdict} ${record.event}${record.tool !== undefined ? ` ${record.tool}` : ''}${by}`,
		...severity,
	};
}

/**
 * Turns one audit line into the attributes exported for it. Without `captureContent` nothing the agent sent leaves
 * the machine (no command line, path, prompt, summary, workspace folder or the settings file a rule lives in); with it,
 * the content goes as the audit log holds it: masked and cut. Pure, so the window and the headless shipper export a
 * decision identically.
 */
export function decisionSignals(
	record: AuditEventRecord,
	options: { readonly captureContent: boolean },
): DecisionSignals {
	const digest = sha256(new TextEncoder().encode(`hookwarden:${record.id}`));
	const hex = Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
	// The log is written by processes of the person's account: a line is read as data, never trusted to be well formed.
	const parent =
		typeof record.traceparent === 'string' ? parseTraceparent(record.traceparent) : undefined;
	const endMs = Date.parse(record.at);
	const failMode = failModeOf(record);
	return {
		spanName: `execute_hook ${record.event}`,
		traceId: parent?.traceId ?? hex.slice(0, 32),
		spanId: hex.slice(32, 48),
		...(parent && { parent }),
		startMs: Math.min(record.receivedAt, endMs),
		endMs,
		...(failMode !== undefined && { error: `Hookwarden could not decide; fail mode ${failMode}` }),
		attributes: {
			...decisionAttributes(record),
			...snapshotAttributes(record),
			...(options.captureContent && contentAttributes(record)),
		},
		...logLine(record),
	};
}

/**
 * What snapshots add to a decision's signal: the snapshot id and what it holds at risk (PreToolUse), what the calls it
 * closed changed, and whether any change was unforeseen, so a team can count misses of the reading. Counts and ids
 * only: paths stay in the log unless content is captured.
 */
function snapshotAttributes(record: AuditEventRecord): Record<string, SignalValue> {
	const attributes: Record<string, SignalValue> = {};
	const taken = record.snapshot && 'id' in record.snapshot ? record.snapshot : undefined;
	if (taken) {
		attributes['hookwarden.snapshot.id'] = taken.id;
		attributes['hookwarden.snapshot.files_at_risk'] = taken.atRisk.files;
		attributes['hookwarden.snapshot.not_held'] = taken.notHeldCount;
	} else if (
		record.snapshot &&
		'missed' in record.snapshot &&
		record.snapshot.missed !== undefined
	) {
		attributes['hookwarden.snapshot.missed'] = record.snapshot.missed;
	}
	const observed = record.observed ?? [];
	if (observed.length > 0) {
		const total = (kind: 'created' | 'changed' | 'deleted' | 'emptied') =>
			observed.reduce((sum, observation) => sum + observation.counts[kind], 0);
		attributes['hookwarden.snapshot.id'] ??= observed[0]?.snapshot ?? '';
		attributes['hookwarden.changes.created'] = total('created');
		attributes['hookwarden.changes.changed'] = total('changed') + total('emptied');
		attributes['hookwarden.changes.deleted'] = total('deleted');
		attributes['hookwarden.changes.unforeseen'] = observed.reduce(
			(sum, observation) => sum + observation.unforeseenCount,
			0,
		);
	}
	if (record.unforeseen) {
		attributes['hookwarden.unforeseen'] = true;
	}
	return attributes;
}
