import { describe, expect, it } from 'vitest';

import type { Dialect } from '../../../../src/core/events/dialect';
import { encodeHookOutput } from '../../../../src/core/output/encodeHookOutput';
import { askWhereRewriteCannotRun } from '../../../../src/core/output/harnessSupport';
import type { MergedDecision } from '../../../../src/core/terms/decision';
import { NO_OPINION } from '../../../../src/core/terms/decision';
import {
	permissionRequest,
	postToolUse,
	preToolUse,
	shellTool,
	userPrompt,
} from '../../../support/hookEventBuilder';

const RTK = { providerId: 'acme.rtk', ruleId: 'rtk' };
const rewritten = (fields: Partial<MergedDecision>): MergedDecision => ({
	...NO_OPINION,
	contributors: [RTK],
	rewrittenBy: [RTK],
	...fields,
});

describe('encodeHookOutput: a rewrite travels complete, in each harness’s own field', () => {
	it.each<Dialect>(['vscode', 'copilotCli', 'claude'])(
		'%s: PreToolUse gets the whole input as updatedInput and modifiedArgs',
		(dialect) => {
			const event = preToolUse({ dialect, tool: shellTool('git status') });
			const output = encodeHookOutput(
				event,
				rewritten({ updatedInput: { command: 'rtk git status' } }),
			);
			const whole = { ...event.tool.input, command: 'rtk git status' };
			expect(output).toEqual({
				modifiedArgs: whole,
				hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: whole },
			});
		},
	);

	it('a PermissionRequest cannot carry a rewrite, so it is left to the person (never allowed)', () => {
		const event = permissionRequest({ tool: shellTool('git status', { name: 'bash' }) });
		expect(
			encodeHookOutput(
				event,
				rewritten({ verdict: 'allow', updatedInput: { command: 'rtk git status' } }),
			),
		).toEqual({});
	});

	it('a rewritten prompt cannot reach the model through a hook command: the prompt is held for approval', () => {
		const output = encodeHookOutput(
			userPrompt('deploy to prod'),
			rewritten({ updatedInput: { prompt: 'deploy to staging' } }),
		);
		expect(output).toEqual({
			decision: 'block',
			reason: expect.stringMatching(
				/^Hookwarden needs approval: 'rtk' rewrote this prompt, but VS Code cannot run a rewritten prompt/,
			) as unknown,
		});
	});
});

describe('askWhereRewriteCannotRun', () => {
	it('asks, names the rewriter and drops the rewrite, so what is approved is what runs', () => {
		expect(
			askWhereRewriteCannotRun(
				{ name: 'PermissionRequest', dialect: 'copilotCli' },
				rewritten({ verdict: 'allow', reason: 'fine', updatedInput: { command: 'x' } }),
			),
		).toEqual({
			...NO_OPINION,
			contributors: [RTK],
			verdict: 'ask',
			reason:
				"'rtk' rewrote this call, but the Copilot CLI cannot run a rewritten call here, so the original needs approval.",
			decidedBy: RTK,
		});
	});

	it('keeps a deny a deny, and leaves PreToolUse rewrites alone', () => {
		const deny = rewritten({ verdict: 'deny', reason: 'no', updatedInput: { command: 'x' } });
		expect(
			askWhereRewriteCannotRun({ name: 'PermissionRequest', dialect: 'claude' }, deny),
		).toEqual({ ...NO_OPINION, contributors: [RTK], verdict: 'deny', reason: 'no' });
		const rewrite = rewritten({ updatedInput: { command: 'x' } });
		expect(askWhereRewriteCannotRun({ name: 'PreToolUse', dialect: 'vscode' }, rewrite)).toBe(
			rewrite,
		);
	});
});

describe('encodeHookOutput: a replaced tool result', () => {
	const masked = 'token: ghp_…[masked]…xy';
	const redacted: MergedDecision = {
		...NO_OPINION,
		contributors: [RTK],
		updatedToolOutput: masked,
		additionalContext: 'Do not repeat the token.',
	};

	it('the Copilot CLI (camelCase) reads modifiedResult', () => {
		expect(encodeHookOutput(postToolUse({ dialect: 'copilotCli' }), redacted)).toEqual({
			modifiedResult: { resultType: 'success', textResultForLlm: masked },
			additionalContext: 'Do not repeat the token.',
			hookSpecificOutput: {
				hookEventName: 'PostToolUse',
				additionalContext: 'Do not repeat the token.',
			},
		});
	});

	it('Claude-format payloads get modifiedResult (the CLI) and updatedToolOutput (Claude Code)', () => {
		expect(encodeHookOutput(postToolUse({ dialect: 'claude' }), redacted)).toMatchObject({
			modifiedResult: { resultType: 'success', textResultForLlm: masked },
			hookSpecificOutput: { updatedToolOutput: masked },
		});
	});

	it('VS Code cannot replace a result: only the context reaches the model', () => {
		expect(encodeHookOutput(postToolUse({ dialect: 'vscode' }), redacted)).toEqual({
			hookSpecificOutput: {
				hookEventName: 'PostToolUse',
				additionalContext: 'Do not repeat the token.',
			},
		});
	});
});
