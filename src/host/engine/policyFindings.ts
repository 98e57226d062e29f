import type { HookEvent } from '../../core/events/hookEvent';
import { BUILTIN_PACKS } from '../../core/judging/builtinPacks';
import type { Finding } from '../../core/judging/finding';
import type { CompiledPolicy } from '../../core/policy/compilePolicy';
import type { DefaultHooksProvider } from '../../core/provider/defaultHooksProvider';
import { evaluatePolicy } from '../../core/policy/evaluatePolicy';

/** Every finding the policy has for one event now, as the decision saw them; for proposals that name a rule's match. */
export type PolicyFindings = (
	event: HookEvent,
	workspaceFolder: string | undefined,
) => Promise<readonly Finding[]>;

/** Evaluates the window's policy again for one event (the same input and packs the decision used). */
export function policyFindings(
	provider: DefaultHooksProvider,
	policyFor: (workspaceFolder: string | undefined) => CompiledPolicy,
): PolicyFindings {
	return async (event, workspaceFolder) => {
		const policy = policyFor(workspaceFolder);
		const input = await provider.policyInput(event, workspaceFolder, policy);
		return evaluatePolicy(policy, input, BUILTIN_PACKS).findings;
	};
}
