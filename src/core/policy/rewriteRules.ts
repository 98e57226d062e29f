import type { Finding } from '../judging/finding';
import type { PolicyInput } from '../judging/policyInput';
import type { RuleSource } from '../terms/decision';
import type { CompiledPolicy, CompiledRewriteRule } from './compilePolicy';
import { evaluatePolicy } from './evaluatePolicy';

/** What the placeholder in a rule's `rewrite` stands for: the sub-command the rule matched. */
export const COMMAND_PLACEHOLDER = '${command}';

/** The tool input keys a command line can be rewritten in (what `toolCallOf` reads a line from). */
const LINE_KEYS = ['command', 'cmd'] as const;

/** What the first matching `rewrite` rule makes of a call: the rewritten input, or why it cannot be rewritten. */
export type RuleRewrite =
	| {
			readonly kind: 'rewrite';
			readonly ruleId: string;
			readonly source: RuleSource;
			/** The keys of the tool input that change (the command line's own key). */
			readonly updatedInput: Readonly<Record<string, string>>;
			readonly from: string;
			readonly to: string;
			readonly reason?: string;
			readonly context?: string;
	  }
	| {
			readonly kind: 'cannotRewrite';
			/** An `ask` finding: the rule says this call must not run as sent, and it cannot be rewritten safely. */
			readonly finding: Finding;
	  };

/**
 * Applies the first `rewrite` rule that matches a shell call (matching as an `ask` rule would: any sub-command): the
 * matched sub-command is replaced by the rule's template in the line, where it is written at the top level of the line
 * exactly once. A match inside quotes, `$(…)`, a heredoc or an interpreter, or written twice, cannot be replaced
 * without guessing; the rule then asks. `undefined` when no rewrite rule matches or the rewrite changes nothing.
 */
export function rewriteByRules(
	policy: CompiledPolicy,
	input: PolicyInput,
): RuleRewrite | undefined {
	const { event } = input;
	if (policy.rewrites.length === 0 || event.name !== 'PreToolUse') {
		return undefined;
	}
	const line = event.tool.commandLine;
	if (line === undefined) {
		return undefined;
	}
	for (const rule of policy.rewrites) {
		const matched = matchedSubCommand(policy, rule, input);
		if (matched !== undefined) {
			return applyRewrite(rule, line, matched, input);
		}
	}
	return undefined;
}

// The rule's criteria are matched by the one evaluator every rule goes through, as a lone `ask` rule with no packs.
function matchedSubCommand(
	policy: CompiledPolicy,
	rule: CompiledRewriteRule,
	input: PolicyInput,
): string | undefined {
	const { rewrite: _template, ...criteria } = rule;
	const probe: CompiledPolicy = {
		...policy,
		rules: [{ ...criteria, verdict: 'ask' }],
		rewrites: [],
		packs: new Set(),
		defaultVerdict: 'none',
		allowedWritePaths: [],
		maxSubagentsPerSession: null,
	};
	return evaluatePolicy(probe, input, new Map()).winner?.subCommand;
}

function applyRewrite(
	rule: CompiledRewriteRule,
	line: string,
	subCommand: string,
	input: PolicyInput,
): RuleRewrite | undefined {
	const cannot = (why: string): RuleRewrite => ({
		kind: 'cannotRewrite',
		finding: {
			verdict: 'ask',
			ruleId: rule.id,
			reason: `Rule '${rule.id}' rewrites '${subCommand}', but ${why}; a person decides whether it runs as sent.`,
			source: rule.source,
			subCommand,
		},
	});
	const { event } = input;
	const key =
		event.name === 'PreToolUse'
			? LINE_KEYS.find((candidate) => event.tool.input[candidate] === line)
			: undefined;
	if (key === undefined) {
		return cannot('the tool does not give its command as one line');
	}
	const command = input.shell?.commands.find((candidate) => candidate.text === subCommand);
	if (input.shell?.parseError !== undefined || (command && command.origin !== 'line')) {
		return cannot('it is not a plain part of the line');
	}
	const at = line.indexOf(subCommand);
	if (at < 0 || line.slice(at + 1).includes(subCommand)) {
		return cannot('it is not written exactly once in the line');
	}
	const replacement = rule.rewrite.replaceAll(COMMAND_PLACEHOLDER, subCommand);
	const to = line.slice(0, at) + replacement + line.slice(at + subCommand.length);
	if (to === line) {
		return undefined;
	}
	return {
		kind: 'rewrite',
		ruleId: rule.id,
		source: rule.source,
		updatedInput: { [key]: to },
		from: line,
		to,
		...(rule.reason !== undefined && { reason: rule.reason }),
		...(rule.context !== undefined && { context: rule.context }),
	};
}
