import type { ApprovalQueue } from '../approvals/approvalQueue';
import type { ApprovalResolution } from '../approvals/pendingApproval';
import type { AuditPolicyVerdict } from '../audit/auditRecord';
import { auditVerdictOf } from '../audit/toAuditRecord';
import type { HookEvent } from '../events/hookEvent';
import type { CompiledPolicy } from '../policy/compilePolicy';
import type { MergedDecision } from '../provider/decision';
import { rewrittenEvent } from '../provider/rewrittenEvent';
import { sessionIdOf } from '../sessions/sessionTracker';
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
 * hook process goes away, and remembers *Allow for Session* per session for the exact same call. Only the window has
 * one: headless, an `ask` goes to the agent's own confirmation.
 */
export class ApprovalGate {
	private readonly sessionAllowances = new Map<string, Set<string>>();
	private counter = 0;

	constructor(
		private readonly approvals: ApprovalQueue,
		private readonly clock: Clock,
	) {}

	/** Passes every decision but an inline-mode `ask` through; an `ask` resolves only once it is answered. */
	async pass(
		event: HookEvent,
		asked: MergedDecision,
		policy: CompiledPolicy,
		workspaceFolder: string | undefined,
		signal: AbortSignal | undefined,
	): Promise<GatedDecision> {
		const { approval } = policy;
		if (asked.verdict !== 'ask' || approval.mode === 'native') {
			return { decision: asked };
		}
		const policyVerdict: AuditPolicyVerdict = {
			verdict: auditVerdictOf(asked),
			...(asked.decidedBy && { decidedBy: asked.decidedBy }),
		};
		const signature = callSignature(event);
		const allowances = this.sessionAllowances.get(sessionIdOf(event));
		if (signature && allowances?.has(signature)) {
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
		if (resolution.kind === 'allowed' && resolution.scope === 'session' && signature) {
			const remembered = allowances ?? new Set<string>();
			remembered.add(signature);
			this.sessionAllowances.set(sessionIdOf(event), remembered);
		}
		return {
			decision: applyApproval(asked, resolution, approval.timeoutSeconds),
			approval: resolution,
			asked: policyVerdict,
		};
	}
}

/** What makes two calls "the same" for *Allow for Session*: the tool and exactly what it runs or touches. */
function callSignature(event: HookEvent): string | undefined {
	if (event.name !== 'PreToolUse' || event.sessionId === undefined) {
		return undefined;
	}
	const { tool } = event;
	return JSON.stringify([
		tool.name,
		tool.commandLine ?? null,
		tool.commandLine === undefined ? tool.paths : null,
	]);
}
