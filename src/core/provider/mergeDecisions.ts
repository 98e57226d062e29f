import type { HookEventName } from '../events/hookEventName';
import type { HookDecision, MergedDecision, Provenance, ProviderFailure } from '../terms/decision';
import { VERDICT_RANK } from '../terms/decision';

/**
 * Merges decisions given in chain order the way VS Code merges hooks: the most restrictive verdict wins and keeps the
 * reason of the first decision that reached it; context is joined; updatedInput is merged per key (later wins; the
 * chain itself follows rewrites, see CompositeHooksProvider); the last replacement of a tool result wins;
 * Stop/SubagentStop block reasons are de-duplicated; a `stop` wins over everything.
 */
export function mergeDecisions(
	event: HookEventName,
	decisions: readonly HookDecision[],
	failures: readonly ProviderFailure[] = [],
): MergedDecision {
	let winner: HookDecision | undefined;
	let stopper: HookDecision | undefined;
	const contexts: string[] = [];
	const messages: string[] = [];
	const blockReasons: string[] = [];
	let updatedInput: Record<string, unknown> | undefined;
	let replacer: HookDecision | undefined;
	const contributors: Provenance[] = [];

	for (const decision of decisions) {
		let contributed = false;
		if (
			decision.verdict &&
			(!winner?.verdict || VERDICT_RANK[decision.verdict] > VERDICT_RANK[winner.verdict])
		) {
			winner = decision;
		}
		if (decision.verdict) {
			contributed = true;
			if (
				decision.verdict === 'deny' &&
				decision.reason &&
				!blockReasons.includes(decision.reason)
			) {
				blockReasons.push(decision.reason);
			}
		}
		if (decision.stop && !stopper) {
			stopper = decision;
		}
		if (decision.additionalContext) {
			contexts.push(decision.additionalContext);
		}
		if (decision.systemMessage) {
			messages.push(decision.systemMessage);
		}
		if (decision.updatedInput) {
			updatedInput = { ...updatedInput, ...decision.updatedInput };
		}
		if (decision.updatedToolOutput !== undefined) {
			replacer = decision;
		}
		contributed ||=
			decision.stop !== undefined ||
			Boolean(decision.additionalContext) ||
			Boolean(decision.systemMessage) ||
			decision.updatedInput !== undefined ||
			decision.updatedToolOutput !== undefined;
		if (contributed) {
			contributors.push(decision.provenance);
		}
	}

	const blocksStop = event === 'Stop' || event === 'SubagentStop';
	return {
		...(winner?.verdict && { verdict: winner.verdict, reason: winner.reason }),
		...(contexts.length > 0 && { additionalContext: contexts.join('\n') }),
		...(updatedInput && { updatedInput }),
		...(replacer?.updatedToolOutput !== undefined && {
			updatedToolOutput: replacer.updatedToolOutput,
			resultReplacedBy: replacer.provenance,
		}),
		...(stopper?.stop && { stop: stopper.stop }),
		...(messages.length > 0 && { systemMessage: messages.join('\n') }),
		...(blocksStop && blockReasons.length > 0 && { blockReasons }),
		...((stopper ?? winner) && { decidedBy: (stopper ?? winner)?.provenance }),
		contributors,
		failures,
	};
}
