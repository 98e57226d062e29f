import type { HookDecision } from '../terms/decision';

/**
 * What a provider that may only tighten can say (one from the settings of a workspace nobody trusted): its `deny`,
 * `ask` or `stop`, with its context and messages. An `allow`, a rewrite of the call (`updatedInput`) and a replaced
 * tool result are dropped, since each would let a cloned repository choose what runs or what the model reads;
 * `undefined` when nothing is left.
 */
export function tightenOnly(decision: HookDecision): HookDecision | undefined {
	const {
		verdict,
		reason,
		updatedInput: _rewrite,
		updatedToolOutput: _replaced,
		...rest
	} = decision;
	const kept: HookDecision = {
		...rest,
		...(verdict !== undefined && verdict !== 'allow' && { verdict }),
		...(verdict !== undefined && verdict !== 'allow' && reason !== undefined && { reason }),
	};
	const says =
		kept.verdict !== undefined ||
		kept.stop !== undefined ||
		kept.additionalContext !== undefined ||
		kept.systemMessage !== undefined;
	return says ? kept : undefined;
}
