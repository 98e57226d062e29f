import type { HookEvent } from '../events/hookEvent';
import { isToolEvent, toolOfEvent } from '../events/toolOfEvent';
import type { MergedDecision } from '../terms/decision';
import { maskSecrets } from '../secrets/findSecrets';
import type { SessionSummary } from './sessionSummary';
import type { RecordedEvent } from '../sessions/recordedEvent';
import type {
	AuditEventRecord,
	AuditPolicyVerdict,
	AuditRewrite,
	AuditSummaryRecord,
	AuditVerdict,
} from './auditRecord';
import { AUDIT_FORMAT_VERSION, describeDecider, describeRewriter } from './auditRecord';
import { resultReplacementCarried } from '../output/harnessSupport';
import { toolCallOf } from '../reading/tools/toolCallOf';
import { summarizeEvent } from './summarizeEvent';
import { parseTraceparent } from '../telemetry/traceparent';

/** What the audit port receives for one answered event. */
export interface AuditEntry {
	readonly recorded: RecordedEvent;
	/** What the policy said before a person or a timeout answered; present only when an approval ran. */
	readonly asked?: AuditPolicyVerdict;
	/** Why Hookwarden could not decide, when its fail mode answered. */
	readonly problem?: string;
}

/**
 * Size limits of one audit line, in UTF-16 code units. Lines stay far below what one `write` call delivers whole, and
 * a replay still sees every command line and prompt a rule could plausibly match.
 */
export const AUDIT_LIMITS = {
	maxLine: 64_000,
	commandLine: 16_384,
	prompt: 8_192,
	toolResponse: 1_024,
	other: 2_048,
	maxPaths: 200,
	maxDepth: 8,
} as const;

/** The marker left where a string was cut, with how much was dropped. */
export function truncationMarker(dropped: number): string {
	return `…[+${dropped} chars]`;
}

/** The final verdict of a decision as the log writes it. */
export function auditVerdictOf(decision: Pick<MergedDecision, 'verdict' | 'stop'>): AuditVerdict {
	return decision.stop ? 'deny' : (decision.verdict ?? 'none');
}

/**
 * Turns one answered event into its audit line: every string masked, long fields cut (and named in `truncated`), the
 * whole line kept under {@link AUDIT_LIMITS.maxLine}. Pure; `id` comes from the writer.
 */
export function toAuditRecord(entry: AuditEntry, id: string): AuditEventRecord {
	const { recorded, asked, problem } = entry;
	const { decision } = recorded;
	const masker = new Masker();
	let input = masker.event(recorded.event);
	const base = {
		v: AUDIT_FORMAT_VERSION,
		kind: 'event',
		id,
		at: new Date(recorded.answeredAt).toISOString(),
		session: masker.text(recorded.sessionId, 'session', AUDIT_LIMITS.other),
		...(recorded.agentId !== undefined && {
			agent: masker.text(recorded.agentId, 'agent', AUDIT_LIMITS.other),
		}),
		event: recorded.event.name,
		dialect: recorded.event.dialect,
		origin: recorded.origin,
		...(recorded.workspaceFolder !== undefined && { workspaceFolder: recorded.workspaceFolder }),
		...(toolOf(recorded.event) !== undefined && { tool: toolOf(recorded.event) }),
		verdict: auditVerdictOf(decision),
		...(decision.reason !== undefined && {
			reason: masker.text(decision.reason, 'reason', AUDIT_LIMITS.other),
		}),
		...(decision.stop && { stop: masker.text(decision.stop.reason, 'stop', AUDIT_LIMITS.other) }),
		by: describeDecider(decision.decidedBy, recorded.approval, problem),
		...(decision.decidedBy && { decidedBy: decision.decidedBy }),
		...(recorded.approval && { approval: maskApproval(recorded.approval, masker) }),
		...(asked && { asked }),
		latencyMs: Math.max(0, recorded.answeredAt - recorded.receivedAt),
		receivedAt: recorded.receivedAt,
		...(problem !== undefined && { problem: masker.text(problem, 'problem', AUDIT_LIMITS.other) }),
		...(recorded.notHonoured !== undefined && {
			notHonoured: masker.text(recorded.notHonoured, 'notHonoured', AUDIT_LIMITS.other),
		}),
		...rewriteOf(recorded.event, decision, masker),
		...(decision.resultReplacedBy && {
			resultReplaced: {
				by: describeRewriter(decision.resultReplacedBy),
				replacedBy: decision.resultReplacedBy,
				shown: resultReplacementCarried(recorded.event.dialect),
			},
		}),
		...(recorded.traceparent !== undefined &&
			parseTraceparent(recorded.traceparent) !== undefined && {
				traceparent: recorded.traceparent.trim().toLowerCase(),
			}),
		...(recorded.snapshot && { snapshot: recorded.snapshot }),
		...(recorded.observed && {
			observed: recorded.observed.map((observation) => ({
				...observation,
				summary: masker.text(observation.summary, 'observed.summary', AUDIT_LIMITS.other),
			})),
		}),
		...(recorded.observed?.some((observation) => observation.unforeseenCount > 0) && {
			unforeseen: true as const,
		}),
	} as const;
	const assemble = (): AuditEventRecord => ({
		...base,
		summary: summarizeEvent(input),
		input,
		...(masker.masked && { masked: true }),
		...(masker.truncated.size > 0 && { truncated: [...masker.truncated] }),
	});
	let record = assemble();
	// Progressively drop what a replay needs least until the line fits: tool arguments, then most paths, then the
	// tail of the command line and prompt (both then marked, so a replay reports the event as not replayable).
	for (const shrink of [dropToolInput, keepFewPaths, cutLongTexts]) {
		if (JSON.stringify(record).length <= AUDIT_LIMITS.maxLine) {
			break;
		}
		input = shrink(input, masker);
		record = assemble();
	}
	return record;
}

/** Builds the summary line written at Stop or SessionEnd. */
export function toAuditSummaryRecord(
	summary: SessionSummary,
	context: {
		readonly id: string;
		readonly at: number;
		readonly trigger: 'Stop' | 'SessionEnd';
		readonly origin: RecordedEvent['origin'];
		readonly workspaceFolder?: string;
	},
): AuditSummaryRecord {
	const masker = new Masker();
	return {
		v: AUDIT_FORMAT_VERSION,
		kind: 'summary',
		id: context.id,
		at: new Date(context.at).toISOString(),
		session: summary.sessionId,
		origin: context.origin,
		...(context.workspaceFolder !== undefined && { workspaceFolder: context.workspaceFolder }),
		trigger: context.trigger,
		summary: {
			...summary,
			filesTouched: summary.filesTouched.map((f) => masker.text(f, 'file', AUDIT_LIMITS.other)),
		},
	};
}

// Both versions of a rewritten call: the event keeps what the agent sent, this what the answer carried.
function rewriteOf(
	event: HookEvent,
	decision: MergedDecision,
	masker: Masker,
): { rewrite?: AuditRewrite } {
	if (!decision.updatedInput) {
		return {};
	}
	const rewrittenBy = decision.rewrittenBy ?? [];
	const input = masker.input(decision.updatedInput);
	const tool = toolOfEvent(event);
	const line = tool && toolCallOf(tool.name, input).commandLine;
	return {
		rewrite: {
			input,
			...(line !== undefined && { commandLine: line }),
			by: rewrittenBy.map(describeRewriter),
			rewrittenBy,
		},
	};
}

function toolOf(event: HookEvent): string | undefined {
	return toolOfEvent(event)?.name;
}

function maskApproval(
	approval: NonNullable<RecordedEvent['approval']>,
	masker: Masker,
): NonNullable<RecordedEvent['approval']> {
	return approval.kind === 'denied' && approval.reason !== undefined
		? { ...approval, reason: masker.text(approval.reason, 'approval.reason', AUDIT_LIMITS.other) }
		: approval;
}

/** Masks and cuts strings, remembering whether anything was masked and which fields were cut. */
class Masker {
	masked = false;
	readonly truncated = new Set<string>();

	text(value: string, field: string, limit: number): string {
		const masked = maskSecrets(value);
		if (masked !== value) {
			this.masked = true;
		}
		if (masked.length <= limit) {
			return masked;
		}
		this.truncated.add(field);
		return masked.slice(0, limit) + truncationMarker(masked.length - limit);
	}

	event(event: HookEvent): HookEvent {
		return this.walk(event, '', 0) as HookEvent;
	}

	/** A tool input outside the event (a rewrite), masked and cut like the event's own `tool.input`. */
	input(input: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
		return this.walk(input, 'tool.input', 1) as Record<string, unknown>;
	}

	private walk(value: unknown, path: string, depth: number): unknown {
		if (typeof value === 'string') {
			return this.text(value, fieldOf(path), limitOf(path));
		}
		if (typeof value !== 'object' || value === null) {
			return value;
		}
		if (depth > AUDIT_LIMITS.maxDepth) {
			this.truncated.add(fieldOf(path));
			return '…';
		}
		if (Array.isArray(value)) {
			const items = path === 'tool.paths' ? value.slice(0, AUDIT_LIMITS.maxPaths) : value;
			if (items.length < value.length) {
				this.truncated.add(path);
			}
			return items.map((item, i) => this.walk(item, `${path}[${i}]`, depth + 1));
		}
		const copy: Record<string, unknown> = {};
		for (const [key, child] of Object.entries(value)) {
			copy[key] = this.walk(child, path ? `${path}.${key}` : key, depth + 1);
		}
		return copy;
	}
}

// Truncation is reported per field a person (or a replay) cares about, not per array index or nested argument.
function fieldOf(path: string): string {
	if (path.startsWith('tool.input')) {
		return 'tool.input';
	}
	return path.replace(/\[\d+\]$/, '');
}

function limitOf(path: string): number {
	switch (path) {
		case 'tool.commandLine':
			return AUDIT_LIMITS.commandLine;
		case 'prompt':
		case 'initialPrompt':
			return AUDIT_LIMITS.prompt;
		case 'toolResponse':
			return AUDIT_LIMITS.toolResponse;
		default:
			return AUDIT_LIMITS.other;
	}
}

function dropToolInput(event: HookEvent, masker: Masker): HookEvent {
	if (!isToolEvent(event)) {
		return event;
	}
	masker.truncated.add('tool.input');
	const { toolResponse: _dropped, ...rest } = event as HookEvent & { toolResponse?: string };
	return { ...rest, tool: { ...event.tool, input: {} } } as HookEvent;
}

function keepFewPaths(event: HookEvent, masker: Masker): HookEvent {
	if (!isToolEvent(event) || event.tool.paths.length <= 20) {
		return event;
	}
	masker.truncated.add('tool.paths');
	return { ...event, tool: { ...event.tool, paths: event.tool.paths.slice(0, 20) } };
}

function cutLongTexts(event: HookEvent, masker: Masker): HookEvent {
	const cut = (text: string, field: string) => {
		masker.truncated.add(field);
		return text.slice(0, 2_048) + truncationMarker(text.length - 2_048);
	};
	if (isToolEvent(event) && event.tool.commandLine) {
		return {
			...event,
			tool: { ...event.tool, commandLine: cut(event.tool.commandLine, 'tool.commandLine') },
		};
	}
	if (event.name === 'UserPromptSubmit') {
		return { ...event, prompt: cut(event.prompt, 'prompt') };
	}
	return event;
}
