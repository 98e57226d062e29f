import type { ApprovalQueue } from '../approvals/approvalQueue';
import type { ApprovalResolution } from '../approvals/pendingApproval';
import { SessionGrants } from '../approvals/sessionGrants';
import type { AuditPolicyVerdict } from '../audit/auditRecord';
import { auditVerdictOf } from '../audit/toAuditRecord';
import type { HookEvent } from '../events/hookEvent';
import type { CompiledPolicy } from '../policy/compilePolicy';
import type { MergedDecision } from '../terms/decision';
import { rewrittenEvent } from '../provider/rewrittenEvent';
import type { Clock } from '../util/clock';
import { applyApproval } from './applyApproval';

/** A decision after the gate: unchanged, or answered by a person (or the timeout), with what the policy had said. */
export interface GatedDecision {
	readonly decision: MergedDecision;
	readonly approval?: ApprovalResolution;
	readonly asked?: AuditPolicyVerdict;
}

/**
 * Holds an `ask` for a person in the window (inline approval mode) until someone answers, the timeout passes or the
 * hook process goes away, and keeps *Allow for Session* answers in {@link SessionGrants} (the exact same call in the same
 * session is allowed without asking until the grant is revoked). Only the window has one: headless, an `ask` goes to
 * the agent's own confirmation.
 */
export class ApprovalGate {
	private counter = 0;

	constructor(
		private readonly approvals: ApprovalQueue,
		private readonly clock: Clock,
		readonly grants: SessionGrants = new SessionGrants(),
	) {}

	/** Passes every decision but an inline-mode `ask` through; an `ask` resolves only once it is answered. */
	async pass(
		event: HookEvent,
		asked: MergedDecision,
		policy: CompiledPolicy,
		workspaceFolder: string | undefined,
		signal: AbortSignal | undefined,
		restorable?: string,
	): Promise<GatedDecision> {
		const { approval } = policy;
		if (asked.verdict !== 'ask' || approval.mode === 'native') {
			return { decision: asked };
		}
		const policyVerdict: AuditPolicyVerdict = {
			verdict: auditVerdictOf(asked),
			...(asked.decidedBy && { decidedBy: asked.decidedBy }),
		};
		if (this.grants.covers(event)) {
			const resolution: ApprovalResolution = { kind: 'allowed', scope: 'session' };
			return {
				decision: applyApproval(asked, resolution, approval.timeoutSeconds),
				approval: resolution,
				asked: policyVerdict,
			};
		}
		const now = this.clock.now();
		// A person approves what runs: a call a provider rewrote is shown rewritten, next to what the agent sent.
		const rewritten = asked.updatedInput && rewrittenEvent(event, asked.updatedInput);
		const pending = this.approvals.openApproval(
			{
				id: `a${++this.counter}`,
				event: rewritten ?? event,
				...(rewritten && { original: event }),
				reason: asked.reason ?? 'A Hookwarden rule asks for approval.',
				...(asked.decidedBy && { askedBy: asked.decidedBy }),
				...(workspaceFolder !== undefined && { workspaceFolder }),
				...(restorable !== undefined && { restorable }),
				createdAt: now,
				deadline: now + approval.timeoutSeconds * 1000,
			},
			approval.onTimeout,
		);
		const onGone = () => this.approvals.resolve(pending.request.id, { kind: 'gone' });
		if (signal?.aborted) {
			onGone();
		}
		signal?.addEventListener('abort', onGone, { once: true });
		const resolution = await pending.answered;
		signal?.removeEventListener('abort', onGone);
		if (resolution.kind === 'allowed' && resolution.scope === 'session') {
			this.grants.grant(event, this.clock.now());
		}
		return {
			decision: applyApproval(asked, resolution, approval.timeoutSeconds),
			approval: resolution,
			asked: policyVerdict,
		};
	}
}
