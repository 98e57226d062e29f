import { describe, expect, it } from 'vitest';
import type { Dialect } from '../../../../src/core/events/dialect';
import type { HookEventName } from '../../../../src/core/events/hookEventName';
import { HOOK_EVENT_NAMES } from '../../../../src/core/events/hookEventName';
import { encodeHookOutput, NO_OPINION_OUTPUT } from '../../../../src/core/output/encodeHookOutput';
import type { MergedDecision } from '../../../../src/core/terms/decision';
import { NO_OPINION } from '../../../../src/core/terms/decision';

const DIALECTS: readonly Dialect[] = ['vscode', 'copilotCli', 'claude'];
const BY = { providerId: 'hookwarden.policy', ruleId: 'r1' };

/** A merged decision with only what the row is about. */
function decided(fields: Partial<MergedDecision>): MergedDecision {
	return { ...NO_OPINION, contributors: [BY], decidedBy: BY, ...fields };
}

const encode = (name: HookEventName, decision: MergedDecision, dialect: Dialect = 'vscode') =>
	encodeHookOutput({ name, dialect }, decision);

interface Row {
	readonly event: HookEventName;
	readonly label: string;
	readonly decision: MergedDecision;
	readonly expected: Record<string, unknown>;
}

// Rows whose output is the same in every dialect: the superset every host reads.
const SAME_IN_EVERY_DIALECT: readonly Row[] = [
	// ---- PreToolUse
	{
		event: 'PreToolUse',
		label: 'deny with a reason',
		decision: decided({ verdict: 'deny', reason: 'rm -rf is destructive' }),
		expected: {
			permissionDecision: 'deny',
			permissionDecisionReason: 'rm -rf is destructive',
			hookSpecificOutput: {
				hookEventName: 'PreToolUse',
				permissionDecision: 'deny',
				permissionDecisionReason: 'rm -rf is destructive',
			},
		},
	},
	{
		event: 'PreToolUse',
		label: 'deny without a reason gets one (the CLI requires it)',
		decision: decided({ verdict: 'deny' }),
		expected: {
			permissionDecision: 'deny',
			permissionDecisionReason: 'Denied by Hookwarden policy.',
			hookSpecificOutput: {
				hookEventName: 'PreToolUse',
				permissionDecision: 'deny',
				permissionDecisionReason: 'Denied by Hookwarden policy.',
			},
		},
	},
	{
		event: 'PreToolUse',
		label: 'deny drops updatedInput',
		decision: decided({ verdict: 'deny', reason: 'no', updatedInput: { command: 'ls' } }),
		expected: {
			permissionDecision: 'deny',
			permissionDecisionReason: 'no',
			hookSpecificOutput: {
				hookEventName: 'PreToolUse',
				permissionDecision: 'deny',
				permissionDecisionReason: 'no',
			},
		},
	},
	{
		event: 'PreToolUse',
		label: 'ask is native here',
		decision: decided({ verdict: 'ask', reason: 'pushes to main' }),
		expected: {
			permissionDecision: 'ask',
			permissionDecisionReason: 'pushes to main',
			hookSpecificOutput: {
				hookEventName: 'PreToolUse',
				permissionDecision: 'ask',
				permissionDecisionReason: 'pushes to main',
			},
		},
	},
	{
		event: 'PreToolUse',
		label: 'allow, only because the verdict says so',
		decision: decided({ verdict: 'allow' }),
		expected: {
			permissionDecision: 'allow',
			hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' },
		},
	},
	{
		event: 'PreToolUse',
		label: 'allow with updatedInput also sends the CLI modifiedArgs',
		decision: decided({
			verdict: 'allow',
			reason: 'safe rewrite',
			updatedInput: { command: 'ls -a' },
		}),
		expected: {
			permissionDecision: 'allow',
			permissionDecisionReason: 'safe rewrite',
			modifiedArgs: { command: 'ls -a' },
			hookSpecificOutput: {
				hookEventName: 'PreToolUse',
				permissionDecision: 'allow',
				permissionDecisionReason: 'safe rewrite',
				updatedInput: { command: 'ls -a' },
			},
		},
	},
	{
		event: 'PreToolUse',
		label: 'updatedInput with no verdict decides nothing',
		decision: decided({ updatedInput: { command: 'ls -a' } }),
		expected: {
			modifiedArgs: { command: 'ls -a' },
			hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'ls -a' } },
		},
	},
	{
		event: 'PreToolUse',
		label: 'a stop also denies the tool, for hosts that ignore `continue` here',
		decision: decided({ verdict: 'allow', stop: { reason: 'kill switch' } }),
		expected: {
			continue: false,
			stopReason: 'kill switch',
			permissionDecision: 'deny',
			permissionDecisionReason: 'kill switch',
			hookSpecificOutput: {
				hookEventName: 'PreToolUse',
				permissionDecision: 'deny',
				permissionDecisionReason: 'kill switch',
			},
		},
	},

	// ---- Stop / SubagentStop
	{
		event: 'Stop',
		label: 'deny blocks with the reason at both levels',
		decision: decided({ verdict: 'deny', reason: 'tests fail', blockReasons: ['tests fail'] }),
		expected: {
			decision: 'block',
			reason: 'tests fail',
			hookSpecificOutput: { hookEventName: 'Stop', decision: 'block', reason: 'tests fail' },
		},
	},
	{
		event: 'Stop',
		label: 'several block reasons are joined',
		decision: decided({
			verdict: 'deny',
			reason: 'tests fail',
			blockReasons: ['tests fail', 'lint fails'],
		}),
		expected: {
			decision: 'block',
			reason: 'tests fail\nlint fails',
			hookSpecificOutput: {
				hookEventName: 'Stop',
				decision: 'block',
				reason: 'tests fail\nlint fails',
			},
		},
	},
	{
		event: 'Stop',
		label: 'a deny reason missing from blockReasons is not lost',
		decision: decided({ verdict: 'deny', reason: 'tests fail' }),
		expected: {
			decision: 'block',
			reason: 'tests fail',
			hookSpecificOutput: { hookEventName: 'Stop', decision: 'block', reason: 'tests fail' },
		},
	},
	{
		event: 'Stop',
		label: 'deny without any reason still gives the required reason',
		decision: decided({ verdict: 'deny' }),
		expected: {
			decision: 'block',
			reason: 'Hookwarden asked the agent to keep working.',
			hookSpecificOutput: {
				hookEventName: 'Stop',
				decision: 'block',
				reason: 'Hookwarden asked the agent to keep working.',
			},
		},
	},
	{
		event: 'Stop',
		label: 'ask becomes a block that says approval was needed',
		decision: decided({ verdict: 'ask', reason: 'review the diff' }),
		expected: {
			decision: 'block',
			reason: 'Hookwarden needs approval: review the diff',
			hookSpecificOutput: {
				hookEventName: 'Stop',
				decision: 'block',
				reason: 'Hookwarden needs approval: review the diff',
			},
		},
	},
	{
		event: 'Stop',
		label: 'allow lets it stop: nothing to say',
		decision: decided({ verdict: 'allow' }),
		expected: {},
	},
	{
		event: 'Stop',
		label: 'additionalContext has no reader here',
		decision: decided({ additionalContext: 'x' }),
		expected: {},
	},
	{
		event: 'SubagentStop',
		label: 'deny blocks, named SubagentStop',
		decision: decided({ verdict: 'deny', reason: 'unfinished', blockReasons: ['unfinished'] }),
		expected: {
			decision: 'block',
			reason: 'unfinished',
			hookSpecificOutput: {
				hookEventName: 'SubagentStop',
				decision: 'block',
				reason: 'unfinished',
			},
		},
	},
	{
		event: 'SubagentStop',
		label: 'ask without a reason',
		decision: decided({ verdict: 'ask' }),
		expected: {
			decision: 'block',
			reason: 'Hookwarden needs approval.',
			hookSpecificOutput: {
				hookEventName: 'SubagentStop',
				decision: 'block',
				reason: 'Hookwarden needs approval.',
			},
		},
	},
	{
		event: 'Stop',
		label: 'a stop ends the request instead of blocking the stop',
		decision: decided({
			verdict: 'deny',
			reason: 'x',
			blockReasons: ['x'],
			stop: { reason: 'halt' },
		}),
		expected: { continue: false, stopReason: 'halt' },
	},

	// ---- PostToolUse
	{
		event: 'PostToolUse',
		label: 'deny blocks at the top level',
		decision: decided({ verdict: 'deny', reason: 'secret in output' }),
		expected: { decision: 'block', reason: 'secret in output' },
	},
	{
		event: 'PostToolUse',
		label: 'ask becomes a block that says approval was needed',
		decision: decided({ verdict: 'ask', reason: 'check output' }),
		expected: { decision: 'block', reason: 'Hookwarden needs approval: check output' },
	},
	{
		event: 'PostToolUse',
		label: 'allow says nothing',
		decision: decided({ verdict: 'allow' }),
		expected: {},
	},

	// ---- UserPromptSubmit
	{
		event: 'UserPromptSubmit',
		label: 'deny blocks the prompt',
		decision: decided({ verdict: 'deny', reason: 'prompt holds a token' }),
		expected: { decision: 'block', reason: 'prompt holds a token' },
	},
	{
		event: 'UserPromptSubmit',
		label: 'ask becomes a block that says approval was needed',
		decision: decided({ verdict: 'ask', reason: 'prod deploy' }),
		expected: { decision: 'block', reason: 'Hookwarden needs approval: prod deploy' },
	},
	{
		event: 'UserPromptSubmit',
		label: 'allow says nothing',
		decision: decided({ verdict: 'allow' }),
		expected: {},
	},

	// ---- events with no veto: continue:false is the only lever
	...(
		['SessionStart', 'SubagentStart', 'PreCompact', 'SessionEnd', 'ErrorOccurred'] as const
	).flatMap((event): Row[] => [
		{
			event,
			label: 'deny stops the request',
			decision: decided({ verdict: 'deny', reason: 'not in this repo' }),
			expected: { continue: false, stopReason: 'not in this repo' },
		},
		{
			event,
			label: 'ask stops the request, saying approval was needed',
			decision: decided({ verdict: 'ask', reason: 'new agent' }),
			expected: { continue: false, stopReason: 'Hookwarden needs approval: new agent' },
		},
		{ event, label: 'allow says nothing', decision: decided({ verdict: 'allow' }), expected: {} },
	]),

	// ---- stop and systemMessage, on every event
	...HOOK_EVENT_NAMES.filter(
		(event) => event !== 'PreToolUse' && event !== 'PermissionRequest',
	).map((event): Row => ({
		event,
		label: 'a stop wins over everything else',
		decision: decided({
			verdict: 'allow',
			additionalContext: 'ctx',
			stop: { reason: 'budget exhausted' },
			systemMessage: 'Hookwarden stopped the agent',
		}),
		expected: {
			continue: false,
			stopReason: 'budget exhausted',
			systemMessage: 'Hookwarden stopped the agent',
		},
	})),
	...HOOK_EVENT_NAMES.map((event): Row => ({
		event,
		label: 'no opinion prints {}',
		decision: NO_OPINION,
		expected: {},
	})),
	// ---- PermissionRequest: the CLI reads top-level behavior/message, Claude reads hookSpecificOutput.decision
	{
		event: 'PermissionRequest',
		label: 'deny answers for the person, with the reason',
		decision: decided({ verdict: 'deny', reason: 'rm -rf outside the workspace' }),
		expected: {
			behavior: 'deny',
			message: 'rm -rf outside the workspace',
			hookSpecificOutput: {
				hookEventName: 'PermissionRequest',
				decision: { behavior: 'deny', message: 'rm -rf outside the workspace' },
			},
		},
	},
	{
		event: 'PermissionRequest',
		label: 'allow answers for the person',
		decision: decided({ verdict: 'allow' }),
		expected: {
			behavior: 'allow',
			hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } },
		},
	},
	{
		event: 'PermissionRequest',
		label: 'ask leaves the question to the runtime, which is about to ask anyway',
		decision: decided({ verdict: 'ask', reason: 'deploy' }),
		expected: {},
	},
	{
		event: 'PermissionRequest',
		label: 'a stop refuses the call and interrupts the agent',
		decision: decided({ verdict: 'allow', stop: { reason: 'budget exhausted' } }),
		expected: {
			continue: false,
			stopReason: 'budget exhausted',
			behavior: 'deny',
			message: 'budget exhausted',
			interrupt: true,
			hookSpecificOutput: {
				hookEventName: 'PermissionRequest',
				decision: { behavior: 'deny', message: 'budget exhausted' },
			},
		},
	},

	// ---- PostToolUseFailure can be refused like PostToolUse (feedback); Notification cannot be refused at all
	{
		event: 'PostToolUseFailure',
		label: 'deny blocks with the reason as feedback',
		decision: decided({ verdict: 'deny', reason: 'stop retrying' }),
		expected: { decision: 'block', reason: 'stop retrying' },
	},
	...(['deny', 'ask', 'allow'] as const).map((verdict): Row => ({
		event: 'Notification',
		label: `${verdict} says nothing: notifications never block`,
		decision: decided({ verdict, reason: 'r' }),
		expected: {},
	})),

	...(['PreCompact', 'SessionEnd', 'ErrorOccurred', 'Stop', 'SubagentStop'] as const).map(
		(event): Row => ({
			event,
			label: 'a systemMessage alone is a top-level warning',
			decision: decided({ systemMessage: 'provider acme.secrets timed out' }),
			expected: { systemMessage: 'provider acme.secrets timed out' },
		}),
	),
];

// additionalContext: nested for every host; top level too outside VS Code, because the Copilot CLI reads it there for
// camelCase and PascalCase keys alike, and its PascalCase payloads are detected as Claude's.
const CONTEXT_EVENTS = [
	'PreToolUse',
	'PostToolUse',
	'UserPromptSubmit',
	'SessionStart',
	'SubagentStart',
	'PostToolUseFailure',
	'Notification',
] as const;

describe('encodeHookOutput', () => {
	it('exports an empty, frozen no-opinion output', () => {
		expect(NO_OPINION_OUTPUT).toEqual({});
		expect(Object.isFrozen(NO_OPINION_OUTPUT)).toBe(true);
	});

	describe.each(DIALECTS)('in the %s dialect', (dialect) => {
		it.each(SAME_IN_EVERY_DIALECT)('$event: $label', ({ event, decision, expected }) => {
			expect(encode(event, decision, dialect)).toEqual(expected);
		});
	});

	describe.each(CONTEXT_EVENTS)('%s additionalContext', (event) => {
		it.each<[Dialect, Record<string, unknown>]>([
			['vscode', { hookSpecificOutput: { hookEventName: event, additionalContext: 'use pnpm' } }],
			[
				'claude',
				{
					additionalContext: 'use pnpm',
					hookSpecificOutput: { hookEventName: event, additionalContext: 'use pnpm' },
				},
			],
			[
				'copilotCli',
				{
					additionalContext: 'use pnpm',
					hookSpecificOutput: { hookEventName: event, additionalContext: 'use pnpm' },
				},
			],
		])('in the %s dialect', (dialect, expected) => {
			expect(encode(event, decided({ additionalContext: 'use pnpm' }), dialect)).toEqual(expected);
		});
	});

	it.each(['PreCompact', 'SessionEnd', 'ErrorOccurred', 'Stop', 'SubagentStop'] as const)(
		'%s drops additionalContext: no host reads it there',
		(event) => {
			expect(encode(event, decided({ additionalContext: 'x' }), 'copilotCli')).toEqual({});
		},
	);

	it('combines a verdict, context, rewrite and warning on PreToolUse', () => {
		const output = encode(
			'PreToolUse',
			decided({
				verdict: 'ask',
				reason: 'force push',
				additionalContext: 'prefer --force-with-lease',
				systemMessage: 'asked the user',
				updatedInput: { command: 'git push --force-with-lease' },
			}),
		);
		expect(output).toEqual({
			permissionDecision: 'ask',
			permissionDecisionReason: 'force push',
			modifiedArgs: { command: 'git push --force-with-lease' },
			systemMessage: 'asked the user',
			hookSpecificOutput: {
				hookEventName: 'PreToolUse',
				permissionDecision: 'ask',
				permissionDecisionReason: 'force push',
				updatedInput: { command: 'git push --force-with-lease' },
				additionalContext: 'prefer --force-with-lease',
			},
		});
	});

	it('keeps context and blocks a prompt together', () => {
		expect(
			encode('UserPromptSubmit', decided({ verdict: 'deny', reason: 'r', additionalContext: 'c' })),
		).toEqual({
			decision: 'block',
			reason: 'r',
			hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'c' },
		});
	});

	describe('invariants over every event × verdict × dialect', () => {
		const verdicts = [undefined, 'allow', 'ask', 'deny'] as const;
		const cases = HOOK_EVENT_NAMES.flatMap((event) =>
			verdicts.flatMap((verdict) =>
				DIALECTS.map((dialect) => ({ event, verdict: verdict ?? 'none', dialect, raw: verdict })),
			),
		);

		it.each(cases)('$event / $verdict / $dialect', ({ event, dialect, raw }) => {
			const decision = decided({
				...(raw && { verdict: raw, reason: 'because' }),
				additionalContext: 'ctx',
				...(raw === 'deny' && event.endsWith('Stop') && { blockReasons: ['because'] }),
			});
			const output = encode(event, decision, dialect);
			const json = JSON.stringify(output);

			// Local drops the whole result when a top-level hookEventName mismatches: never write one.
			expect(output).not.toHaveProperty('hookEventName');
			const nested = output.hookSpecificOutput as Record<string, unknown> | undefined;
			if (nested) {
				expect(nested.hookEventName).toBe(event);
			}
			// "No opinion" must never bypass VS Code's own approvals.
			if (raw !== 'allow') {
				expect(json).not.toContain('"allow"');
			}
			// Only PreToolUse has a native ask.
			if (event !== 'PreToolUse') {
				expect(json).not.toContain('"ask"');
			}
			// The document is plain JSON: it survives a round trip unchanged.
			expect(JSON.parse(json)).toEqual(output);
		});
	});

	it('returns a fresh object each time', () => {
		const first = encode('Stop', NO_OPINION);
		first.x = 1;
		expect(encode('Stop', NO_OPINION)).toEqual({});
	});
});
