/** A permission verdict, ordered by restriction: deny beats ask beats allow. */
export type Verdict = 'allow' | 'ask' | 'deny';

/** How restrictive a verdict is; a larger number wins a merge. */
export const VERDICT_RANK: Readonly<Record<Verdict, number>> = { allow: 0, ask: 1, deny: 2 };

/** Where the rule behind a decision was configured, so a person can find and change it. */
export type RuleSource =
	| { readonly kind: 'builtin'; readonly pack: string }
	| { readonly kind: 'workspaceSettings'; readonly file: string }
	| { readonly kind: 'workspaceFolderSettings'; readonly file: string }
	| { readonly kind: 'userSettings'; readonly file?: string }
	| { readonly kind: 'machinePolicy'; readonly file: string }
	| { readonly kind: 'provider' }
	| { readonly kind: 'failMode' }
	| { readonly kind: 'person' };

/** Who decided: the provider, the rule inside it, and where that rule lives. */
export interface Provenance {
	readonly providerId: string;
	readonly ruleId?: string;
	readonly source?: RuleSource;
}

/**
 * One provider's opinion on one event; every field is optional and an absent field means "no opinion".
 * `verdict` is the PreToolUse permission and, on other events, whether the event may proceed
 * (`deny` blocks a prompt, keeps the agent working at Stop, stops a subagent spawn).
 */
export interface HookDecision {
	readonly verdict?: Verdict;
	/** Shown to the model (deny, block) or the person (ask); required in practice for deny. */
	readonly reason?: string;
	readonly additionalContext?: string;
	/**
	 * A rewrite: "go on, with this input". The keys replace the same keys of the tool's input (PreToolUse,
	 * PermissionRequest) or `prompt` replaces the prompt (UserPromptSubmit); providers later in the chain are asked about
	 * the rewritten call. A deny drops it; an ask asks about the rewritten call.
	 */
	readonly updatedInput?: Readonly<Record<string, unknown>>;
	/** A replacement for the tool's result as the model reads it (PostToolUse), e.g. with a secret masked. */
	readonly updatedToolOutput?: string;
	/** Stops the whole agent request; wins over everything else. */
	readonly stop?: { readonly reason: string };
	/** A warning shown to the person in chat. */
	readonly systemMessage?: string;
	readonly provenance: Provenance;
}

/** The merged result of a provider chain for one event, with the provenance of the winning verdict and of every contributor. */
export interface MergedDecision {
	readonly verdict?: Verdict;
	readonly reason?: string;
	/** Context from every provider, in chain order, joined with newlines. */
	readonly additionalContext?: string;
	/**
	 * The complete input the call runs with instead of the one the agent sent, once a provider or a person rewrote it;
	 * every provider's verdict in this decision is about this input.
	 */
	readonly updatedInput?: Readonly<Record<string, unknown>>;
	/** Who rewrote the input, in the order the rewrites were applied. */
	readonly rewrittenBy?: readonly Provenance[];
	/** The tool result the model reads instead of the real one (the last provider's replacement wins). */
	readonly updatedToolOutput?: string;
	/** Who replaced the tool result. */
	readonly resultReplacedBy?: Provenance;
	readonly stop?: { readonly reason: string };
	readonly systemMessage?: string;
	/** Stop/SubagentStop block reasons, de-duplicated, in chain order. */
	readonly blockReasons?: readonly string[];
	/** The provenance of the decision that set the verdict (or the stop), when there is one. */
	readonly decidedBy?: Provenance;
	/** Every decision that contributed anything, in chain order. */
	readonly contributors: readonly Provenance[];
	/** Providers that failed or timed out, with what their failAction made of it. */
	readonly failures: readonly ProviderFailure[];
}

/** A provider that threw or exceeded its timeout, and how the chain treated it. */
export interface ProviderFailure {
	readonly providerId: string;
	readonly kind: 'error' | 'timeout';
	readonly message: string;
	readonly failAction: FailAction;
}

/** What a provider's failure does to the chain: log it (`warn`), deny (`block`), or nothing (`ignore`). */
export type FailAction = 'warn' | 'block' | 'ignore';

/** A decision that says nothing: what every event gets when no provider has an opinion. */
export const NO_OPINION: MergedDecision = { contributors: [], failures: [] };
