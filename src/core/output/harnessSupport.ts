import type { Dialect } from '../events/dialect';
import type { HookEvent } from '../events/hookEvent';
import type { MergedDecision } from '../terms/decision';

/*
 * What a hook command's answer can change, per harness (measured on the real runners; see
 * docs/decisions/rewrite-and-redact.md):
 * - PreToolUse input: VS Code Local reads `hookSpecificOutput.updatedInput` (validated against the tool's schema), the
 *   Copilot CLI reads top-level `modifiedArgs` (and, for PascalCase hook files, `updatedInput` too), Claude Code reads
 *   `updatedInput`. Every harness can rewrite a tool call.
 * - A prompt: no hook command can replace one (VS Code has no field; the CLI honours `modifiedPrompt` only from SDK
 *   callbacks). A permission request: the CLI reads only allow/deny.
 * - A tool's result: the Copilot CLI reads top-level `modifiedResult` from command hooks, Claude Code
 *   `updatedToolOutput`; VS Code Local cannot replace a result.
 */

/** Whether the harness runs a rewritten input when a hook command answers this event with one. */
export function rewriteCarried(event: Pick<HookEvent, 'name'>): boolean {
	return event.name === 'PreToolUse';
}

/** Whether the harness that speaks `dialect` shows the model a hook command's replacement of a tool result. */
export function resultReplacementCarried(dialect: Dialect): boolean {
	return dialect !== 'vscode';
}

/** The harness that speaks a dialect, as a person names it. */
export function harnessName(dialect: Dialect): string {
	switch (dialect) {
		case 'vscode':
			return 'VS Code';
		case 'copilotCli':
			return 'the Copilot CLI';
		case 'claude':
			return 'this harness';
	}
}

/**
 * A rewrite the harness cannot run becomes a question instead of silently running the original: the decision is
 * asked (a deny or a stop stays as it is), its reason names who rewrote the call, and the rewrite is dropped, so what
 * a person approves is exactly what runs. Every other decision is returned unchanged.
 */
export function askWhereRewriteCannotRun(
	event: Pick<HookEvent, 'name' | 'dialect'>,
	decision: MergedDecision,
): MergedDecision {
	if (!decision.updatedInput || rewriteCarried(event)) {
		return decision;
	}
	const { updatedInput: _dropped, rewrittenBy, ...rest } = decision;
	if (decision.verdict === 'deny' || decision.stop) {
		return rest;
	}
	const rewriter = rewrittenBy?.at(-1);
	const who = rewriter ? `'${rewriter.ruleId ?? rewriter.providerId}'` : 'A hooks provider';
	const what = event.name === 'UserPromptSubmit' ? 'prompt' : 'call';
	const why = `${who} rewrote this ${what}, but ${harnessName(event.dialect)} cannot run a rewritten ${what} here, so the original needs approval.`;
	return {
		...rest,
		verdict: 'ask',
		reason: decision.verdict === 'ask' && decision.reason ? `${decision.reason} ${why}` : why,
		...(decision.verdict !== 'ask' && rewriter && { decidedBy: rewriter }),
	};
}
