import picomatch from 'picomatch/posix';

import type { HookEventName } from '../events/hookEventName';
import type { RuleSource, Verdict } from '../terms/decision';
import type { PackId } from '../judging/pack';
import type {
	PolicySettings,
	SettingProblem,
	SourcedException,
	SourcedRule,
} from '../settings/readPolicySettings';
import type { TextPattern } from './textPattern';
import { parseTextPattern } from './textPattern';

/** A glob ready to test normalised paths; absolute and `~/` globs test absolute paths, the rest workspace-relative ones. */
export interface CompiledGlob {
	readonly source: string;
	readonly anchor: 'workspace' | 'absolute' | 'home';
	/** The glob `test` runs, relative to its anchor (`~/` and `./` taken off, slashes forward). */
	readonly pattern: string;
	/** A bare name (`.env`): it matches that name in any folder of the workspace. */
	readonly anyDepth: boolean;
	readonly test: (path: string) => boolean;
}

/** A settings rule with its patterns compiled once, so evaluation per event does no parsing. */
export interface CompiledRule {
	readonly id: string;
	readonly event: HookEventName;
	readonly verdict: Verdict;
	readonly reason?: string;
	readonly context?: string;
	readonly source: RuleSource;
	readonly index: number;
	readonly tool?: readonly TextPattern[];
	readonly command?: readonly TextPattern[];
	readonly path?: readonly CompiledGlob[];
	readonly prompt?: readonly TextPattern[];
	readonly agent?: readonly TextPattern[];
}

/**
 * A `rewrite` rule: its criteria compiled like any rule's (it matches as an `ask` rule would, on any sub-command), and
 * the template the matched sub-command becomes (`${command}` stands for it).
 */
export interface CompiledRewriteRule extends Omit<CompiledRule, 'verdict'> {
	readonly command: readonly TextPattern[];
	readonly rewrite: string;
}

/**
 * An exception with its patterns compiled: it lifts findings of rule `rule` whose sub-command matches `command` (the
 * whole sub-command as literal text, or a `/regex/`) or whose path matches `path`.
 */
export interface CompiledException {
	readonly rule: string;
	readonly command?: readonly TextPattern[];
	readonly path?: readonly CompiledGlob[];
	readonly reason?: string;
	readonly source: RuleSource;
	readonly index: number;
}

/** Policy settings compiled for evaluation; building one is the only place patterns are parsed. */
export interface CompiledPolicy {
	readonly rules: readonly CompiledRule[];
	/** The `rewrite` rules, in settings order (the first that matches a call applies). */
	readonly rewrites: readonly CompiledRewriteRule[];
	/** Exceptions of every trusted layer, in layer order. */
	readonly exceptions: readonly CompiledException[];
	readonly packs: ReadonlySet<PackId>;
	readonly defaultVerdict: PolicySettings['defaultVerdict'];
	readonly allowedWritePaths: readonly CompiledGlob[];
	readonly maxSubagentsPerSession: number | null;
	readonly sessionStartContext: string;
	readonly subagentStartContext: string;
	readonly failMode: PolicySettings['failMode'];
	/** Whether every call Hookwarden cannot fully read is asked about. */
	readonly readingStrict: boolean;
	readonly approval: {
		readonly mode: PolicySettings['approvalMode'];
		readonly timeoutSeconds: number;
		readonly onTimeout: PolicySettings['approvalOnTimeout'];
	};
	/** What is held before a call that may change files runs. */
	readonly snapshots: PolicySettings['snapshots'];
	/** The MCP server allow-list of every layer that set one; a server must be on each. */
	readonly mcpAllowedServers: PolicySettings['mcpAllowedServers'];
	readonly sources: PolicySettings['sources'];
	/** Rules skipped while compiling (bad regex, a criterion the event never has). */
	readonly problems: readonly SettingProblem[];
}

const TOOL_EVENTS: ReadonlySet<HookEventName> = new Set(['PreToolUse', 'PostToolUse']);
const AGENT_EVENTS: ReadonlySet<HookEventName> = new Set(['SubagentStart', 'SubagentStop']);

/** Compiles settings into a {@link CompiledPolicy}; an unusable rule is skipped with a problem, never thrown. */
export function compilePolicy(settings: PolicySettings): CompiledPolicy {
	const problems: SettingProblem[] = [];
	const rules: CompiledRule[] = [];
	const rewrites: CompiledRewriteRule[] = [];
	for (const sourced of settings.rules) {
		const compiled = compileRule(sourced);
		if ('error' in compiled) {
			problems.push({
				key: `rules[${sourced.index}]`,
				source: sourced.source,
				message: `${label(sourced)}: ${compiled.error}; rule skipped.`,
			});
		} else if ('rewrite' in compiled) {
			rewrites.push(compiled);
		} else {
			rules.push(compiled);
		}
	}
	const exceptions: CompiledException[] = [];
	for (const sourced of settings.exceptions) {
		const compiled = compileException(sourced);
		if ('error' in compiled) {
			problems.push({
				key: `exceptions[${sourced.index}]`,
				source: sourced.source,
				message: `${compiled.error}; exception skipped.`,
			});
		} else {
			exceptions.push(compiled);
		}
	}
	const allowedWritePaths = settings.allowedWritePaths.map(compileGlob);
	return {
		rules,
		rewrites,
		exceptions,
		packs: new Set((Object.keys(settings.packs) as PackId[]).filter((id) => settings.packs[id])),
		defaultVerdict: settings.defaultVerdict,
		allowedWritePaths,
		maxSubagentsPerSession: settings.maxSubagentsPerSession,
		sessionStartContext: settings.sessionStartContext,
		subagentStartContext: settings.subagentStartContext,
		failMode: settings.failMode,
		readingStrict: settings.readingStrict,
		approval: {
			mode: settings.approvalMode,
			timeoutSeconds: settings.approvalTimeoutSeconds,
			onTimeout: settings.approvalOnTimeout,
		},
		snapshots: settings.snapshots,
		mcpAllowedServers: settings.mcpAllowedServers,
		sources: settings.sources,
		problems,
	};
}

/**
 * Compiles one glob; `**` crosses folders, dot-files match, and a bare name (`.env`) matches at any depth, unless it is
 * written `./.env`: then only at the workspace folder's top (what *Always Allow…* writes for one file there).
 */
export function compileGlob(source: string): CompiledGlob {
	const slashed = source.replace(/\\/g, '/');
	const anchor = slashed.startsWith('~/')
		? 'home'
		: slashed.startsWith('/') || /^[a-zA-Z]:\//.test(slashed)
			? 'absolute'
			: 'workspace';
	const pattern = anchor === 'home' ? slashed.slice(2) : slashed.replace(/^\.\//, '');
	const matchBase = anchor === 'workspace' && !slashed.startsWith('./') && !pattern.includes('/');
	const test = picomatch(pattern, {
		dot: true,
		basename: matchBase,
		nocase: /^[a-zA-Z]:\//.test(pattern),
	});
	return { source, anchor, pattern, anyDepth: matchBase, test };
}

function compileRule(sourced: SourcedRule): CompiledRule | CompiledRewriteRule | { error: string } {
	const { rule, source, index } = sourced;
	const event = rule.event ?? 'PreToolUse';
	const rewriteProblem = misplacedRewrite(rule.verdict, rule.rewrite, rule.command, event);
	if (rewriteProblem !== undefined) {
		return { error: rewriteProblem };
	}
	const misplaced = (
		[
			['tool', TOOL_EVENTS],
			['command', TOOL_EVENTS],
			['path', TOOL_EVENTS],
			['prompt', new Set<HookEventName>(['UserPromptSubmit'])],
			['agent', AGENT_EVENTS],
		] as const
	).find(([key, events]) => rule[key] !== undefined && !events.has(event));
	if (misplaced) {
		return { error: `'${misplaced[0]}' never matches a ${event} event` };
	}
	const patterns = (value: string | readonly string[] | undefined) => {
		if (value === undefined) {
			return undefined;
		}
		const parsed = (typeof value === 'string' ? [value] : value).map(parseTextPattern);
		const failed = parsed.find((p): p is { error: string } => 'error' in p);
		return failed ?? (parsed as TextPattern[]);
	};
	const tool = patterns(rule.tool);
	const command = patterns(rule.command);
	const prompt = patterns(rule.prompt);
	const agent = patterns(rule.agent);
	for (const compiled of [tool, command, prompt, agent]) {
		if (compiled && 'error' in compiled) {
			return compiled;
		}
	}
	const compiled = {
		id: rule.id ?? `rules[${index}]`,
		event,
		reason: rule.reason,
		context: rule.context,
		source,
		index,
		tool: tool as TextPattern[] | undefined,
		command: command as TextPattern[] | undefined,
		path:
			rule.path === undefined
				? undefined
				: (typeof rule.path === 'string' ? [rule.path] : rule.path).map(compileGlob),
		prompt: prompt as TextPattern[] | undefined,
		agent: agent as TextPattern[] | undefined,
	};
	return rule.verdict === 'rewrite'
		? { ...compiled, command: command as TextPattern[], rewrite: rule.rewrite ?? '' }
		: { ...compiled, verdict: rule.verdict };
}

// `rewrite` goes with the `rewrite` verdict, and a rewrite needs a sub-command to rewrite: a shell call's `command`.
function misplacedRewrite(
	verdict: string,
	rewrite: string | undefined,
	command: unknown,
	event: HookEventName,
): string | undefined {
	if (verdict !== 'rewrite') {
		return rewrite === undefined ? undefined : "'rewrite' needs the verdict 'rewrite'";
	}
	if (rewrite === undefined) {
		return "the verdict 'rewrite' needs 'rewrite' (what the matched sub-command becomes)";
	}
	if (event !== 'PreToolUse') {
		return `a ${event} event cannot be rewritten; 'rewrite' rules apply to PreToolUse`;
	}
	return command === undefined
		? "the verdict 'rewrite' needs 'command' (which sub-command to rewrite)"
		: undefined;
}

function compileException(sourced: SourcedException): CompiledException | { error: string } {
	const { exception, source, index } = sourced;
	const list = (value: string | readonly string[] | undefined) =>
		value === undefined ? undefined : typeof value === 'string' ? [value] : value;
	const command = list(exception.command)?.map(parseTextPattern);
	const failed = command?.find((p): p is { error: string } => 'error' in p);
	if (failed) {
		return failed;
	}
	return {
		rule: exception.rule,
		...(command && { command: command as TextPattern[] }),
		...(exception.path !== undefined && { path: list(exception.path)?.map(compileGlob) }),
		...(exception.reason !== undefined && { reason: exception.reason }),
		source,
		index,
	};
}

function label(sourced: SourcedRule): string {
	return sourced.rule.id ? `rule '${sourced.rule.id}'` : `rule ${sourced.index + 1}`;
}
