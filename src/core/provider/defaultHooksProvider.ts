import type { HookEvent } from '../events/hookEvent';
import type { HookDecision, RuleSource } from '../terms/decision';
import { VERDICT_RANK } from '../terms/decision';
import { REDACT_RESULT_RULE_ID, redactToolResult } from '../secrets/redactToolResult';
import type { Finding } from '../judging/finding';
import type { HookContext, HooksProvider } from './hooksProvider';
import type { CommandLineAnalysis, ShellDialect } from '../reading/shell/commandLine';
import type { Clock } from '../util/clock';
import { Deadline } from '../util/deadline';
import { BUILTIN_PACKS } from '../judging/builtinPacks';
import type { CompiledPolicy } from '../policy/compilePolicy';
import type { PolicyOutcome } from '../policy/evaluatePolicy';
import { evaluatePolicy } from '../policy/evaluatePolicy';
import type { OwnStateLocations } from '../judging/ownState';
import type { PolicyInput, SessionFacts } from '../judging/policyInput';
import { unfinishedShellCheck } from '../policy/unfinishedShellCheck';
import type { JudgedEffect } from '../judging/judgeEffects';
import { judgeEffects } from '../judging/judgeEffects';
import type { SqlReader } from '../reading/statements/statementLoss';
import { sqlParserNeeded } from '../reading/statements/sqlParserNeeded';
import { rewrittenEvent } from './rewrittenEvent';
import type { RuleRewrite } from '../policy/rewriteRules';
import { rewriteByRules } from '../policy/rewriteRules';

/** The provider id of Hookwarden's own settings-driven policy, as it appears in provenance. */
export const POLICY_PROVIDER_ID = 'hookwarden.policy';

/** What the policy provider needs from its host: the current policy, a shell parser, session memory and the home folder. */
export interface PolicyProviderServices {
	/** The policy in force now for a workspace folder; read on every event so a settings change applies to the next call. */
	readonly policy: (workspaceFolder: string | undefined) => CompiledPolicy;
	/** Parses a command line; may load the grammar on first use. Without it, command rules see the whole line. */
	readonly analyzeShell?: (
		commandLine: string,
		dialect: ShellDialect,
	) => CommandLineAnalysis | Promise<CommandLineAnalysis>;
	/**
	 * Loads the SQL parser; asked only for a call that carries a statement that may lose data. Resolves `undefined`
	 * when it cannot be loaded (statements are then read with patterns); never rejects.
	 */
	readonly loadSqlReader?: () => Promise<SqlReader | undefined>;
	/** What the session has done so far; asked only when a session limit is configured and the event spawns a subagent. */
	readonly sessionFacts?: (event: HookEvent) => SessionFacts | Promise<SessionFacts>;
	readonly homeDir?: string;
	/**
	 * Hookwarden's own files on this machine, for the protectedPaths pack; a function when they depend on the workspace
	 * folder (its audit log may live there). It should return the same object while nothing changed: the pack caches by it.
	 */
	readonly ownState?:
		OwnStateLocations | ((workspaceFolder: string | undefined) => OwnStateLocations | undefined);
	/** Where an absolute path leads through links already on disk, so a delete is judged where it really lands. */
	readonly realPath?: (absolute: string) => string | undefined;
	/**
	 * The clock that bounds one evaluation's synchronous work to {@link budgetMs}: a timer cannot interrupt a busy loop,
	 * so without a clock nothing bounds it.
	 */
	readonly clock?: Clock;
	/** Milliseconds one evaluation may take; default 2000. */
	readonly budgetMs?: number;
}

const DEFAULT_BUDGET_MS = 2_000;

/**
 * The default {@link HooksProvider}: decides every event from `hookwarden.*` settings and the built-in packs.
 * It has an opinion only when a rule, a pack, a limit or configured context applies; otherwise it returns nothing.
 */
export class DefaultHooksProvider implements HooksProvider {
	readonly id = POLICY_PROVIDER_ID;
	/** The input each event was judged with, so a snapshot reads the same effects without reading the call again. */
	private readonly judged = new WeakMap<HookEvent, PolicyInput>();

	constructor(private readonly services: PolicyProviderServices) {}

	readonly onSessionStart = (event: HookEvent, context: HookContext) => this.decide(event, context);
	readonly onUserPromptSubmit = (event: HookEvent, context: HookContext) =>
		this.decide(event, context);
	readonly onPreToolUse = (event: HookEvent, context: HookContext) => this.decide(event, context);
	readonly onPostToolUse = (event: HookEvent, context: HookContext) => this.decide(event, context);
	readonly onPreCompact = (event: HookEvent, context: HookContext) => this.decide(event, context);
	readonly onSubagentStart = (event: HookEvent, context: HookContext) =>
		this.decide(event, context);
	readonly onSubagentStop = (event: HookEvent, context: HookContext) => this.decide(event, context);
	readonly onStop = (event: HookEvent, context: HookContext) => this.decide(event, context);
	readonly onSessionEnd = (event: HookEvent, context: HookContext) => this.decide(event, context);
	readonly onErrorOccurred = (event: HookEvent, context: HookContext) =>
		this.decide(event, context);
	// Copilot-runtime events: rules naming them match on the event alone (compilePolicy skips tool criteria there).
	readonly onPostToolUseFailure = (event: HookEvent, context: HookContext) =>
		this.decide(event, context);
	readonly onPermissionRequest = (event: HookEvent, context: HookContext) =>
		this.decide(event, context);
	readonly onNotification = (event: HookEvent, context: HookContext) => this.decide(event, context);

	/** Builds the policy input for an event (parsing its command line when it has one), for `decide` and `--explain`. */
	async policyInput(
		event: HookEvent,
		workspaceFolder: string | undefined,
		policy: CompiledPolicy,
	): Promise<PolicyInput> {
		const { analyzeShell, sessionFacts, homeDir, realPath, clock, budgetMs, loadSqlReader } =
			this.services;
		const own = this.services.ownState;
		const deadline = clock ? new Deadline(clock, budgetMs ?? DEFAULT_BUDGET_MS) : undefined;
		const tool =
			event.name === 'PreToolUse' || event.name === 'PostToolUse' ? event.tool : undefined;
		const shell =
			tool?.commandLine !== undefined && analyzeShell
				? await analyzeShell(tool.commandLine, tool.shell ?? 'bash')
				: undefined;
		const readSql =
			tool && loadSqlReader && sqlParserNeeded(tool, shell?.commands ?? [])
				? await loadSqlReader()
				: undefined;
		const spawning = event.name === 'SubagentStart' || tool?.kind === 'subagent';
		const session =
			sessionFacts && spawning && policy.maxSubagentsPerSession !== null
				? await sessionFacts(event)
				: undefined;
		const input: PolicyInput = {
			event,
			workspaceFolder,
			homeDir,
			shell,
			session,
			...(realPath && { realPath }),
			...(readSql && { readSql }),
			...(deadline && { deadline }),
		};
		return typeof own === 'function'
			? withOwnStateOnFirstRead(input, () => own(workspaceFolder))
			: {
					...input,
					...(own && { ownState: own }),
				};
	}

	/**
	 * The judged effects of a tool call: those its decision read when this provider decided the same event object,
	 * else read now. What the snapshot step holds and later compares is planned from these, so it agrees with the
	 * packs, rules and exceptions about what the call does.
	 */
	async judgedEffects(
		event: HookEvent,
		workspaceFolder: string | undefined,
	): Promise<readonly JudgedEffect[]> {
		const input =
			this.judged.get(event) ??
			(await this.policyInput(event, workspaceFolder, this.services.policy(workspaceFolder)));
		return judgeEffects(input);
	}

	/**
	 * A rewrite with the verdict of the line it makes: every rule and pack judges what will run, whatever the template
	 * added (`${command}; rm -rf ~`). A deny refuses the call unrewritten; an ask or an allow travels with the rewrite.
	 * The rewritten line is not rewritten again, so a rule whose output matches it again is applied once.
	 */
	private async judgedRewrite(
		event: HookEvent,
		context: HookContext,
		policy: CompiledPolicy,
		rewrite: Extract<RuleRewrite, { kind: 'rewrite' }>,
	): Promise<HookDecision> {
		const provenance = {
			providerId: POLICY_PROVIDER_ID,
			ruleId: rewrite.ruleId,
			source: rewrite.source,
		};
		const rewritten = rewrittenEvent(event, rewrite.updatedInput);
		const input = rewritten && (await this.policyInput(rewritten, context.workspaceFolder, policy));
		let winner: Finding | undefined;
		let contexts: readonly string[] = [];
		if (input) {
			let outcome: PolicyOutcome;
			try {
				outcome = evaluatePolicy(policy, input, BUILTIN_PACKS);
			} catch (error) {
				outcome = unfinishedShellCheck(policy, input, error) ?? rethrow(error);
			}
			winner = outcome.winner;
			contexts = outcome.context;
		}
		const why =
			winner &&
			`Rule '${rewrite.ruleId}' rewrites this call to \`${rewrite.to}\`: ${winner.reason}`;
		if (winner?.verdict === 'deny') {
			return {
				verdict: 'deny',
				reason: why ?? winner.reason,
				provenance: {
					providerId: POLICY_PROVIDER_ID,
					ruleId: winner.ruleId,
					source: winner.source,
				},
			};
		}
		const additional = [...contexts, ...(rewrite.context !== undefined ? [rewrite.context] : [])];
		return {
			updatedInput: rewrite.updatedInput,
			...(winner && { verdict: winner.verdict, reason: why ?? winner.reason }),
			...(additional.length > 0 && { additionalContext: additional.join('\n') }),
			provenance,
		};
	}

	private async decide(event: HookEvent, context: HookContext): Promise<HookDecision | undefined> {
		const policy = this.services.policy(context.workspaceFolder);
		const input = await this.policyInput(event, context.workspaceFolder, policy);
		if (event.name === 'PreToolUse') {
			this.judged.set(event, input);
		}
		// Asked again about its own rewrite, the provider judges the line that runs and rewrites nothing twice.
		const mayRewrite = !context.rewrittenBy?.includes(this.id);
		let outcome: PolicyOutcome;
		let rewrite: RuleRewrite | undefined;
		try {
			outcome = evaluatePolicy(policy, input, BUILTIN_PACKS);
			// A denied call is not rewritten; an asked one is asked about in its rewritten form.
			// Matching rewrite rules spends the same time budget, so it runs under the same fallback.
			rewrite =
				outcome.verdict === 'deny' || !mayRewrite ? undefined : rewriteByRules(policy, input);
		} catch (error) {
			outcome = unfinishedShellCheck(policy, input, error) ?? rethrow(error);
		}
		if (rewrite?.kind === 'rewrite') {
			return this.judgedRewrite(event, context, policy, rewrite);
		}
		const winner = strictest(outcome.winner, rewrite?.finding);
		const redaction = policy.packs.has('secrets') ? redactionOf(event) : undefined;
		const contexts = [...outcome.context, ...(redaction ? [redaction.note] : [])];
		const additionalContext = contexts.length > 0 ? contexts.join('\n') : undefined;
		if (!winner && !additionalContext) {
			return undefined;
		}
		const contextKey =
			event.name === 'SessionStart' ? 'context.sessionStart' : 'context.subagentStart';
		const source: RuleSource | undefined =
			winner?.source ?? (redaction ? SECRETS_PACK : policy.sources[contextKey]);
		return {
			...(winner && { verdict: winner.verdict, reason: winner.reason }),
			...(additionalContext && { additionalContext }),
			...(redaction && event.name === 'PostToolUse' && { updatedToolOutput: redaction.masked }),
			provenance: {
				providerId: POLICY_PROVIDER_ID,
				ruleId: winner?.ruleId ?? (redaction ? REDACT_RESULT_RULE_ID : contextKey),
				...(source && { source }),
			},
		};
	}
}

const SECRETS_PACK: RuleSource = { kind: 'builtin', pack: 'secrets' };

// A tool's result (or the error a failed call reports) with a credential in it: masked for the model.
function redactionOf(event: HookEvent) {
	const text =
		event.name === 'PostToolUse'
			? event.toolResponse
			: event.name === 'PostToolUseFailure'
				? event.error
				: undefined;
	return text === undefined ? undefined : redactToolResult(text);
}

function strictest(a: Finding | undefined, b: Finding | undefined): Finding | undefined {
	if (!a || !b) {
		return a ?? b;
	}
	return VERDICT_RANK[b.verdict] > VERDICT_RANK[a.verdict] ? b : a;
}

function rethrow(error: unknown): never {
	throw error;
}

/**
 * `input` with its `ownState` worked out when first read: only an effect with a path reads it, and most lines (`npm
 * test`, `git status`) have none, so a bridge process would compute a hundred paths for nothing.
 */
function withOwnStateOnFirstRead(
	input: PolicyInput,
	compute: () => OwnStateLocations | undefined,
): PolicyInput {
	let computed: { readonly value: OwnStateLocations | undefined } | undefined;
	return Object.defineProperty(input, 'ownState', {
		enumerable: true,
		get: () => (computed ??= { value: compute() }).value,
	});
}
