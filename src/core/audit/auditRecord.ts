import type { ApprovalResolution, ApprovalScope } from '../approvals/pendingApproval';
import type { Dialect } from '../events/dialect';
import type { HookEvent } from '../events/hookEvent';
import type { HookEventName } from '../events/hookEventName';
import { describeSource } from '../policy/describeSource';
import type { Provenance, Verdict } from '../terms/decision';
import type { DecisionOrigin } from '../sessions/recordedEvent';
import type { Observation, SnapshotOutcome } from '../snapshots/snapshotFacts';
import type { SessionSummary } from './sessionSummary';

/** The version of the audit line format; a reader skips lines of a version it does not know. */
export const AUDIT_FORMAT_VERSION = 1;

/** A verdict as the log writes it: `none` when Hookwarden had no opinion and the agent's own approvals decided. */
export type AuditVerdict = Verdict | 'none';

/** The verdict and rule of the policy before a person (or a timeout) turned an `ask` into the final answer. */
export interface AuditPolicyVerdict {
	readonly verdict: AuditVerdict;
	readonly decidedBy?: Provenance;
}

/**
 * One answered hook event, as one JSONL line. `input` is the normalised event with every string masked (see
 * {@link maskSecrets}) and long fields cut, so a replay can re-evaluate it; `masked` and `truncated` say where the log
 * differs from what the agent sent. Field order is fixed (`v` and `kind` first) so a reader can resynchronise after a
 * damaged line.
 */
export interface AuditEventRecord {
	readonly v: typeof AUDIT_FORMAT_VERSION;
	readonly kind: 'event';
	/** Stable, unique across writers: what `--explain --event` and the views refer to. */
	readonly id: string;
	/** ISO-8601 time the answer left. */
	readonly at: string;
	readonly session: string;
	readonly agent?: string;
	readonly event: HookEventName;
	readonly dialect: Dialect;
	readonly origin: DecisionOrigin;
	readonly workspaceFolder?: string;
	readonly tool?: string;
	/** One line a person can scan: the command, the paths, a prompt excerpt; masked. */
	readonly summary: string;
	/** The final verdict that went back to the hook runner. */
	readonly verdict: AuditVerdict;
	readonly reason?: string;
	/** Set when the answer stopped the whole agent request. */
	readonly stop?: string;
	/** Who decided, in words: `rule no-curl (workspace settings …)`, `person: allowed for the session`, `timeout: deny`. */
	readonly by: string;
	readonly decidedBy?: Provenance;
	readonly approval?: ApprovalResolution;
	/** Present when a person or a timeout changed the policy's verdict: what the policy itself said. */
	readonly asked?: AuditPolicyVerdict;
	/** Milliseconds from the request arriving to the answer leaving. */
	readonly latencyMs: number;
	/** Epoch milliseconds the request arrived. */
	readonly receivedAt: number;
	/** Set when Hookwarden could not decide and its fail mode answered. */
	readonly problem?: string;
	/** Set when this event proves the harness ignored an earlier verdict (a tool ran after its call was denied). */
	readonly notHonoured?: string;
	/**
	 * Set when the call was to run with another input than the agent sent (a rule, a provider or a person rewrote it):
	 * `input` (the event) is what the agent sent, this is what was answered, masked and size-limited like `input`.
	 */
	readonly rewrite?: AuditRewrite;
	/** Set when the model was to read a replaced tool result (a credential masked), and whether the harness shows it. */
	readonly resultReplaced?: AuditResultReplacement;
	/** The normalised event, masked and size-limited. */
	readonly input: HookEvent;
	/** A credential was masked in `input`: the secrets pack cannot re-detect it on replay. */
	readonly masked?: true;
	/** Dotted names of fields that were cut to keep the line small (`tool.commandLine`, `prompt`, `tool.input`). */
	readonly truncated?: readonly string[];
	/** The hook process's W3C `traceparent` (valid ones only): the parent of the decision's exported span. */
	readonly traceparent?: string;
	/** What was held before the call ran (its snapshot id and what can be undone), or why nothing could be. */
	readonly snapshot?: SnapshotOutcome;
	/** What the calls this event closed changed, compared with their snapshots. */
	readonly observed?: readonly Observation[];
	/** Set when a compared call changed what no prediction of it covered: a miss of the reading, noticed. */
	readonly unforeseen?: true;
}

/** The input a call was rewritten to, and who rewrote it, in order. */
export interface AuditRewrite {
	/** The complete tool input (or `{ prompt }`) the answer carried. */
	readonly input: Readonly<Record<string, unknown>>;
	/** The rewritten command line, for shell tools. */
	readonly commandLine?: string;
	/** Who rewrote it, in words (`rule rtk (workspace settings …)`, `person: edited in VS Code`). */
	readonly by: readonly string[];
	readonly rewrittenBy: readonly Provenance[];
}

/** A tool result the model was to read replaced: who replaced it, and whether this harness shows the replacement. */
export interface AuditResultReplacement {
	readonly by: string;
	readonly replacedBy: Provenance;
	/** False where the harness cannot replace a result (VS Code): the model read the original, with the context. */
	readonly shown: boolean;
}

/** Says who rewrote a call or replaced a result, in the words the log uses. */
export function describeRewriter(provenance: Provenance): string {
	return provenance.providerId === 'hookwarden.person'
		? 'person: edited in VS Code'
		: describeDecider(provenance, undefined);
}

/** A session's summary at Stop or SessionEnd, as a line of its own. */
export interface AuditSummaryRecord {
	readonly v: typeof AUDIT_FORMAT_VERSION;
	readonly kind: 'summary';
	readonly id: string;
	readonly at: string;
	readonly session: string;
	readonly origin: DecisionOrigin;
	readonly workspaceFolder?: string;
	/** The event that closed (this part of) the session. */
	readonly trigger: 'Stop' | 'SessionEnd';
	readonly summary: SessionSummary;
}

/** Any line of the audit log. */
export type AuditRecord = AuditEventRecord | AuditSummaryRecord;

/** How the log names each kind of allow a person gave. */
const ALLOWED_WORDS: Readonly<Record<ApprovalScope, string>> = {
	once: 'allowed once',
	session: 'allowed for the session',
	always: 'allowed always',
	exception: 'added an exception',
};

/** Says who decided an event, from its provenance and approval, in the words the log and its exports use. */
export function describeDecider(
	decidedBy: Provenance | undefined,
	approval: ApprovalResolution | undefined,
	problem?: string,
): string {
	if (problem !== undefined) {
		return 'fail mode (Hookwarden could not decide)';
	}
	if (approval) {
		switch (approval.kind) {
			case 'allowed':
				return `person: ${ALLOWED_WORDS[approval.scope]}`;
			case 'denied':
				return 'person: denied';
			case 'timedOut':
				return `timeout: ${approval.outcome}`;
			case 'gone':
				return 'nobody: the hook process went away before an answer';
		}
	}
	if (!decidedBy) {
		return 'no opinion';
	}
	if (decidedBy.ruleId === 'paused') {
		return 'paused';
	}
	const rule = decidedBy.ruleId ? `rule ${decidedBy.ruleId}` : `provider ${decidedBy.providerId}`;
	const where = decidedBy.source
		? ` (${describeSource(decidedBy.source, { withFile: true })})`
		: '';
	const provider =
		decidedBy.ruleId && !decidedBy.providerId.startsWith('hookwarden')
			? ` from ${decidedBy.providerId}`
			: '';
	return `${rule}${provider}${where}`;
}
