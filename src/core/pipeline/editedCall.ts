import type { HookEvent } from '../events/hookEvent';
import type { MergedDecision } from '../terms/decision';
import { rewrittenEvent } from '../provider/rewrittenEvent';
import type { GatedDecision } from './approvalGate';

/**
 * A call the person edited before allowing it (*Allow with Changes…*) goes through the provider chain again: the
 * person's approval answers any question about it, but a deny or a stop from the policy still refuses the edited call
 * (an edit cannot reach what no approval could), and a provider's rewrite of the edit still applies. An edit that
 * changes nothing is a plain allow. Both versions stay in the decision: the event is what the agent sent,
 * `updatedInput` what the person made of it.
 */
export async function recheckEditedCall(
	event: HookEvent,
	gated: GatedDecision,
	decide: (edited: HookEvent) => Promise<MergedDecision>,
): Promise<GatedDecision> {
	const edit = gated.approval?.kind === 'allowed' ? gated.approval.updatedInput : undefined;
	if (!edit) {
		return gated;
	}
	const edited = rewrittenEvent(event, edit);
	if (!edited) {
		const { updatedInput: _unchanged, rewrittenBy: _nobody, ...allowed } = gated.decision;
		return { ...gated, decision: allowed };
	}
	const checked = await decide(edited);
	if (checked.verdict === 'deny' || checked.stop) {
		const why = checked.stop?.reason ?? checked.reason ?? 'Denied by Hookwarden policy.';
		return {
			...gated,
			decision: {
				...checked,
				verdict: 'deny',
				reason: `The call as edited in VS Code is refused: ${why}`,
				updatedInput: gated.decision.updatedInput ?? edit,
				...(gated.decision.rewrittenBy && { rewrittenBy: gated.decision.rewrittenBy }),
			},
		};
	}
	if (!checked.updatedInput) {
		return gated;
	}
	return {
		...gated,
		decision: {
			...gated.decision,
			updatedInput: checked.updatedInput,
			rewrittenBy: [...(gated.decision.rewrittenBy ?? []), ...(checked.rewrittenBy ?? [])],
		},
	};
}
