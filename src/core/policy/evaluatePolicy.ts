import type { ToolCall } from '../events/hookEvent';
import type { Verdict } from '../terms/decision';
import { VERDICT_RANK } from '../terms/decision';
import type { SimpleCommand } from '../reading/shell/commandLine';
import type { CompiledPolicy, CompiledRule } from './compilePolicy';
import type { Finding } from '../judging/finding';
import { commandSpellings, matchCommandPattern, matchSpellings } from './matchCommandPattern';
import { globReaches, globsCover } from './matchGlob';
import { dropExceptedFindings } from './ruleExceptions';
import type { Pack, PackId } from '../judging/pack';
import type { PolicyInput } from '../judging/policyInput';
import type { TextPattern } from './textPattern';
import type { TouchedPath } from '../judging/touchedPaths';
import { touchedPaths } from '../judging/touchedPaths';
import { strictReading } from '../judging/strictReading';
import { unreadableCommandLine } from '../judging/unreadableCommandLine';
import { mcpAllowListFinding } from './mcpAllowList';

/** What the policy says about one event: the winning verdict and finding, every finding, and context to add. */
export interface PolicyOutcome {
	readonly verdict?: Verdict;
	/** The first finding with the most restrictive verdict. */
	readonly winner?: Finding;
	/** Every matching rule, settings rules first, in evaluation order. */
	readonly findings: readonly Finding[];
	/** additionalContext to give the model, in order. */
	readonly context: readonly string[];
}

/**
 * Evaluates compiled policy against one event; pure and synchronous. Among matching rules the most restrictive
 * verdict wins. A deny or ask on any sub-command or path applies to the whole call, while an allow needs every
 * sub-command (or every path) covered by allow rules, so `ls && rm -rf /` is never allowed by a rule for `ls`.
 */
export function evaluatePolicy(
	policy: CompiledPolicy,
	input: PolicyInput,
	packs: ReadonlyMap<PackId, Pack>,
): PolicyOutcome {
	const { event } = input;
	const findings: Finding[] = [];
	const context: string[] = [];
	let paths: readonly TouchedPath[] | undefined;
	const lazyPaths = () => (paths ??= touchedPaths(input));
	// Every command rule reads every sub-command's spellings: worked out once per evaluation, not once per rule.
	let spelled: readonly SpelledCommand[] | undefined;
	const lazySpelled = () =>
		(spelled ??= subCommandsOf(input).map((command) => ({
			command,
			spellings: commandSpellings(command, false),
		})));

	const allowCommandRules: CompiledRule[] = [];
	for (const rule of policy.rules) {
		input.deadline?.check();
		if (rule.event !== event.name) {
			continue;
		}
		if (rule.command && rule.verdict === 'allow') {
			allowCommandRules.push(rule);
			continue;
		}
		const finding = matchRule(rule, input, lazyPaths, lazySpelled);
		if (finding) {
			findings.push(finding);
		}
	}
	findings.push(...allowedCommandLine(allowCommandRules, input));

	for (const id of policy.packs) {
		input.deadline?.check();
		findings.push(...(packs.get(id)?.evaluate(input) ?? []));
	}
	findings.push(...unreadableCommandLine(policy.packs, input, policy.failMode));
	findings.push(...strictReading(policy.readingStrict, input, policy.sources['reading.strict']));
	findings.push(...limits(policy, input, lazyPaths));
	dropExceptedFindings(findings, policy.exceptions, input);
	// After the exceptions: an allow-list is lifted by changing the list where it was set, not by a rule exception.
	const offList = mcpAllowListFinding(policy.mcpAllowedServers, event);
	if (offList) {
		findings.push(offList);
	}

	if (event.name === 'SessionStart' && policy.sessionStartContext) {
		context.push(policy.sessionStartContext);
	}
	if (event.name === 'SubagentStart' && policy.subagentStartContext) {
		context.push(policy.subagentStartContext);
	}
	if (event.name === 'PreToolUse' && findings.length === 0 && policy.defaultVerdict !== 'none') {
		findings.push({
			verdict: policy.defaultVerdict,
			ruleId: 'defaultVerdict',
			reason: `No Hookwarden rule covers '${event.tool.name}'; the default verdict is ${policy.defaultVerdict}.`,
			source: policy.sources.defaultVerdict ?? { kind: 'builtin', pack: 'defaults' },
		});
	}

	let winner: Finding | undefined;
	for (const finding of findings) {
		if (!winner || VERDICT_RANK[finding.verdict] > VERDICT_RANK[winner.verdict]) {
			winner = finding;
		}
	}
	if (winner?.context) {
		context.push(winner.context);
	}
	return { verdict: winner?.verdict, winner, findings, context };
}

/** A sub-command with the texts command patterns are tried against. */
interface SpelledCommand {
	readonly command: SimpleCommand;
	readonly spellings: readonly string[];
}

// Built only for a rule that matches: most of the 200 rules a workspace may have do not.
function findingOf(rule: CompiledRule): Finding {
	return {
		verdict: rule.verdict,
		ruleId: rule.id,
		reason: ruleReason(rule),
		source: rule.source,
		...(rule.context !== undefined && { context: rule.context }),
	};
}

/** The first sub-command that one of `patterns` matches, in line order. */
function firstMatchingCommand(
	patterns: readonly TextPattern[],
	spelled: readonly SpelledCommand[],
): SimpleCommand | undefined {
	for (const { command, spellings } of spelled) {
		for (const pattern of patterns) {
			if (matchSpellings(pattern, spellings)) {
				return command;
			}
		}
	}
	return undefined;
}

function matchRule(
	rule: CompiledRule,
	input: PolicyInput,
	paths: () => readonly TouchedPath[],
	spelled: () => readonly SpelledCommand[],
): Finding | undefined {
	const { event } = input;
	switch (event.name) {
		case 'PreToolUse':
		case 'PostToolUse': {
			if (rule.tool && !rule.tool.some((pattern) => matchTool(pattern, event.tool))) {
				return undefined;
			}
			let subCommand: string | undefined;
			if (rule.command) {
				subCommand = firstMatchingCommand(rule.command, spelled())?.text;
				if (subCommand === undefined) {
					return undefined;
				}
			}
			const hit = rule.path ? pathHit(rule, input, paths()) : undefined;
			if (rule.path && !hit) {
				return undefined;
			}
			subCommand ??= hit?.first.subCommand;
			return {
				...findingOf(rule),
				...(subCommand !== undefined && { subCommand }),
				...(hit && { path: hit.first.raw, targets: hit.targets }),
			};
		}
		case 'UserPromptSubmit':
			return !rule.prompt || rule.prompt.some((p) => matchText(p, event.prompt, 'contains'))
				? findingOf(rule)
				: undefined;
		case 'SubagentStart':
		case 'SubagentStop':
			if (event.name === 'SubagentStop' && event.stopHookActive && rule.verdict !== 'allow') {
				return undefined;
			}
			return !rule.agent || rule.agent.some((p) => matchText(p, event.agentType ?? '', 'equals'))
				? findingOf(rule)
				: undefined;
		case 'Stop':
			// The loop guard: once the agent continues because of a Stop block, never block the same stop again.
			return event.stopHookActive && rule.verdict !== 'allow' ? undefined : findingOf(rule);
		default:
			return findingOf(rule);
	}
}

/**
 * The touched paths a path rule names, or `undefined`: a deny or ask needs one path the rule may reach, an allow
 * needs every path the call touches covered. Every path named is kept, so an exception lifts the finding only when
 * it covers them all.
 */
function pathHit(
	rule: CompiledRule,
	input: PolicyInput,
	paths: readonly TouchedPath[],
): { readonly first: TouchedPath; readonly targets: readonly string[] } | undefined {
	const globs = rule.path ?? [];
	const hits =
		rule.verdict === 'allow'
			? paths.every((p) => globsCover(globs, p.candidates, input))
				? paths
				: []
			: paths.filter((p) => globs.some((glob) => globReaches(glob, p.candidates, input)));
	const [first] = hits;
	return first && { first, targets: [...new Set(hits.flatMap((hit) => hit.candidates))] };
}

function allowedCommandLine(rules: readonly CompiledRule[], input: PolicyInput): Finding[] {
	const { event } = input;
	if (rules.length === 0 || (event.name !== 'PreToolUse' && event.name !== 'PostToolUse')) {
		return [];
	}
	const candidates = rules.filter(
		(rule) => !rule.tool || rule.tool.some((p) => matchTool(p, event.tool)),
	);
	const commands = input.shell?.parseError === undefined ? subCommandsOf(input) : [];
	if (candidates.length === 0 || commands.length === 0) {
		return [];
	}
	let first: CompiledRule | undefined;
	for (const command of commands) {
		const rule = candidates.find((r) =>
			r.command?.some((p) => matchCommandPattern(p, command, true)),
		);
		if (!rule) {
			return [];
		}
		first ??= rule;
	}
	if (!first) {
		return [];
	}
	return [
		{
			verdict: 'allow',
			ruleId: first.id,
			reason: ruleReason(first),
			source: first.source,
			context: first.context,
		},
	];
}

function limits(
	policy: CompiledPolicy,
	input: PolicyInput,
	paths: () => readonly TouchedPath[],
): Finding[] {
	const { event } = input;
	const findings: Finding[] = [];
	const max = policy.maxSubagentsPerSession;
	const started = input.session?.subagentsStarted ?? 0;
	const spawning =
		event.name === 'SubagentStart' ||
		(event.name === 'PreToolUse' && event.tool.kind === 'subagent');
	if (max !== null && spawning && started >= max) {
		findings.push({
			verdict: 'deny',
			ruleId: 'subagents.maxPerSession',
			reason: `This session already started ${started} subagent${started === 1 ? '' : 's'}; hookwarden.subagents.maxPerSession allows ${max}. Finish the work without another subagent.`,
			source: policy.sources['subagents.maxPerSession'] ?? { kind: 'builtin', pack: 'defaults' },
		});
	}
	if (policy.allowedWritePaths.length > 0 && event.name === 'PreToolUse') {
		const writes = paths().filter((p) => p.viaShell || event.tool.kind === 'fileWrite');
		const outside = writes.find((p) => !globsCover(policy.allowedWritePaths, p.candidates, input));
		if (outside) {
			findings.push({
				verdict: 'deny',
				ruleId: 'allowedWritePaths',
				reason: `Writing '${outside.raw}' is outside the paths this workspace allows agents to write (${policy.allowedWritePaths.map((g) => g.source).join(', ')}).`,
				source: policy.sources.allowedWritePaths ?? { kind: 'builtin', pack: 'defaults' },
				path: outside.raw,
				targets: outside.candidates,
			});
		}
	}
	return findings;
}

function subCommandsOf(input: PolicyInput): readonly SimpleCommand[] {
	const { event } = input;
	if (event.name !== 'PreToolUse' && event.name !== 'PostToolUse') {
		return [];
	}
	if (input.shell) {
		return input.shell.commands;
	}
	const line = event.tool.commandLine;
	// Without a parsed line (no analyzer available) the whole line is one sub-command: deny and ask still see it.
	return line ? [{ argv: [], text: line, wrappers: [], origin: 'line', redirects: [] }] : [];
}

function matchTool(pattern: TextPattern, tool: ToolCall): boolean {
	return pattern.kind === 'regex'
		? pattern.regex.test(tool.name)
		: pattern.text === tool.name || pattern.text === tool.kind;
}

function matchText(pattern: TextPattern, text: string, mode: 'contains' | 'equals'): boolean {
	if (pattern.kind === 'regex') {
		return pattern.regex.test(text);
	}
	const [needle, haystack] = [pattern.text.toLowerCase(), text.toLowerCase()];
	return mode === 'contains' ? haystack.includes(needle) : haystack === needle;
}

function ruleReason(rule: CompiledRule): string {
	return (
		rule.reason ??
		`Hookwarden rule '${rule.id}' says ${rule.verdict} for this ${describeEventSubject(rule)}.`
	);
}

function describeEventSubject(rule: CompiledRule): string {
	switch (rule.event) {
		case 'PreToolUse':
		case 'PostToolUse':
			return rule.command ? 'command' : rule.path ? 'path' : 'tool';
		case 'UserPromptSubmit':
			return 'prompt';
		case 'SubagentStart':
		case 'SubagentStop':
			return 'subagent';
		default:
			return 'event';
	}
}
