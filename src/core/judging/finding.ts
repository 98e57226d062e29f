import type { RuleSource, Verdict } from '../terms/decision';

/** One rule that matched an event: what it says, why, and where it was configured. Among findings the most restrictive verdict wins. */
export interface Finding {
	readonly verdict: Verdict;
	/** Stable id: `pack.rule` for built-ins (`destructiveCommands.forcePush`), the user's `id` or `rules[3]` for settings rules. */
	readonly ruleId: string;
	readonly reason: string;
	readonly source: RuleSource;
	/** Extra text for the model (`additionalContext`), e.g. a safer alternative. */
	readonly context?: string;
	/** The sub-command that matched, for shell rules, so `--explain` and the tree can point at it. */
	readonly subCommand?: string;
	/** The path that matched, for path rules. */
	readonly path?: string;
	/** Every absolute path or glob {@link path} may stand for, as the effect model resolved it. */
	readonly targets?: readonly string[];
}
