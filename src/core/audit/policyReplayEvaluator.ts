import type { HookEvent } from '../events/hookEvent';
import { BUILTIN_PACKS } from '../judging/builtinPacks';
import type { CompiledPolicy } from '../policy/compilePolicy';
import { evaluatePolicy } from '../policy/evaluatePolicy';
import { rewriteByRules } from '../policy/rewriteRules';
import { rewrittenEvent } from '../provider/rewrittenEvent';
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
		const judge = async (about: HookEvent) => {
			const input = await builder.policyInput(about, context.workspaceFolder, policy);
			const session = { subagentsStarted: context.subagentsStarted };
			return { input, outcome: evaluatePolicy(policy, { ...input, session }, packs) };
		};
		const first = await judge(event);
		// As live: a call a rule rewrites is judged again as rewritten, and that verdict is the one that counts.
		const rewrite =
			first.outcome.verdict === 'deny' ? undefined : rewriteByRules(policy, first.input);
		const rewritten =
			rewrite?.kind === 'rewrite' ? rewrittenEvent(event, rewrite.updatedInput) : undefined;
		const winner = rewritten
			? (await judge(rewritten)).outcome.winner
			: rewrite?.kind === 'cannotRewrite' && !first.outcome.winner
				? rewrite.finding
				: first.outcome.winner;
		return {
			...(winner && {
				verdict: winner.verdict,
				ruleId: winner.ruleId,
				source: winner.source,
				reason: winner.reason,
			}),
			...(rewrite?.kind === 'rewrite' && rewritten && { rewrite: rewrite.to }),
		};
	};
}
