import { z } from 'zod';

import { HOOK_EVENT_NAMES } from '../events/hookEventName';
import { PACK_IDS } from './pack';

/** A value that may be written as one string or a list of strings; every entry is a pattern. */
export const patternListSchema = z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]);

/**
 * One entry of `hookwarden.rules`. Every criterion that is present must match; `event` defaults to PreToolUse.
 * Unknown keys are errors so a typo (`verdit`) is reported instead of silently widening the rule.
 */
export const ruleSchema = z
	.object({
		id: z.string().min(1).optional(),
		description: z.string().optional(),
		event: z.enum(HOOK_EVENT_NAMES).optional(),
		tool: patternListSchema.optional(),
		command: patternListSchema.optional(),
		path: patternListSchema.optional(),
		prompt: patternListSchema.optional(),
		agent: patternListSchema.optional(),
		verdict: z.enum(['allow', 'ask', 'deny']),
		reason: z.string().optional(),
		context: z.string().optional(),
	})
	.strict();

/** A rule as written in settings, after validation. */
export type Rule = z.infer<typeof ruleSchema>;

/** `hookwarden.packs`: each built-in pack can be switched off; missing keys keep the default (on). */
export const packsSchema = z
	.object(
		Object.fromEntries(PACK_IDS.map((id) => [id, z.boolean().optional()])) as Record<
			(typeof PACK_IDS)[number],
			z.ZodOptional<z.ZodBoolean>
		>,
	)
	.strict();

/** What Hookwarden itself does when it cannot decide (bad input, crash, timeout). */
export const failModeSchema = z.enum(['open', 'closed']);

/** Who answers an `ask`: Hookwarden in VS Code (`inline`), or the agent's own confirmation dialog (`native`). */
export const approvalModeSchema = z.enum(['inline', 'native']);

/** What an unanswered approval becomes when its time is up. */
export const approvalTimeoutOutcomeSchema = z.enum(['deny', 'ask', 'allow']);

/** The verdict for a PreToolUse that no rule matches; `none` leaves the decision to VS Code's own approvals. */
export const defaultVerdictSchema = z.enum(['none', 'ask', 'allow', 'deny']);

/**
 * Every `hookwarden.*` setting the policy engine reads, with its schema and default. The keys are the
 * user-facing contract: package.json's `contributes.configuration` must describe exactly these (a unit test checks).
 */
export const POLICY_SETTINGS = {
	rules: { schema: z.array(z.unknown()), default: [] as unknown[] },
	defaultVerdict: { schema: defaultVerdictSchema, default: 'none' as const },
	packs: { schema: packsSchema, default: {} },
	allowedWritePaths: { schema: z.array(z.string().min(1)), default: [] as string[] },
	'subagents.maxPerSession': { schema: z.number().int().min(0).nullable(), default: null },
	'context.sessionStart': { schema: z.string(), default: '' },
	'context.subagentStart': { schema: z.string(), default: '' },
	failMode: { schema: failModeSchema, default: 'open' as const },
	'approval.mode': { schema: approvalModeSchema, default: 'inline' as const },
	'approval.timeoutSeconds': { schema: z.number().int().min(5).max(3600), default: 120 },
	'approval.onTimeout': { schema: approvalTimeoutOutcomeSchema, default: 'deny' as const },
} as const;

/** One policy setting key, without the `hookwarden.` prefix. */
export type PolicySettingKey = keyof typeof POLICY_SETTINGS;

/** The configuration section every setting lives under. */
export const SETTINGS_SECTION = 'hookwarden';
