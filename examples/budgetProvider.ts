/**
 * Example: a provider that stops an agent from spawning subagents once a session has spent its budget.
 *
 * In your application, import from 'hookwarden/sdk'; the examples import the source so the tests run them unbuilt.
 *
 *   const budget = createBudgetProvider({ limitUsd: 2, spentUsd: (session) => meter.spent(session) });
 *   const session = await client.createSession({ hooks: asSessionHooks(budget) });
 */
import type { HookDecision, HookEvent, HooksProvider } from '../src/sdk/index';

/** What the budget provider needs: the limit, and how much a session has spent so far. */
export interface BudgetOptions {
	readonly limitUsd: number;
	/** The spend of one session so far, in US dollars (from your own metering). */
	readonly spentUsd: (sessionId: string | undefined) => number | Promise<number>;
}

/** A provider that denies every subagent spawn (a `task` tool call, or SubagentStart) once the session's spend reaches the limit. */
export function createBudgetProvider(options: BudgetOptions): HooksProvider {
	const decide = async (event: HookEvent): Promise<HookDecision | undefined> => {
		const spawning =
			event.name === 'SubagentStart' ||
			(event.name === 'PreToolUse' && event.tool.kind === 'subagent');
		if (!spawning) {
			return undefined;
		}
		const spent = await options.spentUsd(event.sessionId);
		if (spent < options.limitUsd) {
			return undefined;
		}
		return {
			verdict: 'deny',
			reason: `This session has spent $${spent.toFixed(2)} of its $${options.limitUsd.toFixed(2)} budget; finish the work without starting another subagent.`,
			provenance: { providerId: 'example.budget', ruleId: 'subagentBudget' },
		};
	};
	return { id: 'example.budget', onPreToolUse: decide, onSubagentStart: decide };
}
