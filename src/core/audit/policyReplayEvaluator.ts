import type { HookEvent } from '../events/hookEvent';
import { BUILTIN_PACKS } from '../judging/builtinPacks';
import type { CompiledPolicy } from '../policy/compilePolicy';
import { evaluatePolicy } from '../policy/evaluatePolicy';
import type { Pack, PackId } from '../judging/pack';
import type { PolicyInput } from '../judging/policyInput';
import type { ReplayEvaluate } from './replaySession';

/** What a replay needs from the policy provider: the same input building (shell parsing included) the live path uses. */
export interface PolicyInputBuilder {
	policyInput(
		event: HookEvent,
		workspaceFolder: string | undefined,
		policy: CompiledPolicy,
	): Promise<PolicyInput>;
}

/**
 * The {@link ReplayEvaluate} of Hookwarden's own policy: today's compiled policy for the event's folder, the live
 * path's input building, and the session facts the replay rebuilt (not the live session's).
 */
export function policyReplayEvaluator(
	builder: PolicyInputBuilder,
	policyFor: (workspaceFolder: string | undefined) => CompiledPolicy,
	packs: ReadonlyMap<PackId, Pack> = BUILTIN_PACKS,
): ReplayEvaluate {
	return async (event, context) => {
		const policy = policyFor(context.workspaceFolder);
		const input = await builder.policyInput(event, context.workspaceFolder, policy);
		const { winner } = evaluatePolicy(
			policy,
			{ ...input, session: { subagentsStarted: context.subagentsStarted } },
			packs,
		);
		return winner
			? {
					verdict: winner.verdict,
					ruleId: winner.ruleId,
					source: winner.source,
					reason: winner.reason,
				}
			: {};
	};
}
