import { HOOK_EVENT_NAMES } from '../events/hookEventName';
import { AUDIT_SETTINGS } from './auditSettings';
import { SNAPSHOT_SETTINGS } from './snapshotSettings';
import { EXPORT_SETTINGS } from './exportSettings';
import { MCP_SETTINGS } from './mcpSettings';
import { builtOnFirstUse } from '../util/builtOnFirstUse';
import { setting } from '../util/lazySchema';
import * as z from '../util/zod';
import type { PackId } from '../judging/pack';
import { PACK_IDS } from '../judging/pack';

// A pattern, an id, a path: none of them means anything empty.
function nonEmptyString() {
	return z.string().check(z.minLength(1));
}

/**
 * An absolute path as `hookwarden.trustedFolders` requires it (POSIX, UNC or drive letter): a relative folder would
 * mean whatever folder the bridge happens to run in. package.json's `pattern` for the setting is the same expression.
 */
export const ABSOLUTE_PATH = /^(\/|\\\\|[A-Za-z]:[\\/])/;

function absolutePath() {
	return z.string().check(z.regex(ABSOLUTE_PATH, 'Must be an absolute path'));
}

/**
 * One entry of `hookwarden.rules`. Every criterion that is present must match; `event` defaults to PreToolUse.
 * Unknown keys are errors so a typo (`verdit`) is reported instead of silently widening the rule.
 */
export const ruleSchema = builtOnFirstUse(() => {
	// A value that may be written as one string or a list of strings; every entry is a pattern.
	const patternList = z.union([nonEmptyString(), z.array(nonEmptyString()).check(z.minLength(1))]);
	return z.strictObject({
		id: z.optional(nonEmptyString()),
		description: z.optional(z.string()),
		event: z.optional(z.enum(HOOK_EVENT_NAMES)),
		tool: z.optional(patternList),
		command: z.optional(patternList),
		path: z.optional(patternList),
		prompt: z.optional(patternList),
		agent: z.optional(patternList),
		verdict: z.enum(['allow', 'ask', 'deny', 'rewrite']),
		/** With verdict `rewrite`: what the matched sub-command becomes; `${command}` stands for it. */
		rewrite: z.optional(nonEmptyString()),
		reason: z.optional(z.string()),
		context: z.optional(z.string()),
	});
});

/** A rule as written in settings, after validation. */
export type Rule = z.infer<ReturnType<typeof ruleSchema>>;

// `hookwarden.packs`: each built-in pack can be switched off; a missing key keeps the default (on).
function packSwitches() {
	return z.strictObject(
		Object.fromEntries(PACK_IDS.map((id) => [id, z.optional(z.boolean())])) as Record<
			PackId,
			z.ZodMiniOptional<z.ZodMiniBoolean>
		>,
	);
}

/**
 * Every `hookwarden.*` setting the policy engine reads, with its schema and default. The keys are the
 * user-facing contract: package.json's `contributes.configuration` must describe exactly these (a unit test checks).
 */
export const POLICY_SETTINGS = {
	rules: setting(() => z.array(z.unknown()), [] as unknown[]),
	/** The verdict for a PreToolUse that no rule matches; `none` leaves the decision to VS Code's own approvals. */
	defaultVerdict: setting(() => z.enum(['none', 'ask', 'allow', 'deny']), 'none' as const),
	packs: setting(packSwitches, {}),
	allowedWritePaths: setting(() => z.array(nonEmptyString()), [] as string[]),
	'subagents.maxPerSession': setting(
		() => z.nullable(z.number().check(z.int(), z.minimum(0))),
		null,
	),
	'context.sessionStart': setting(() => z.string(), ''),
	'context.subagentStart': setting(() => z.string(), ''),
	/** What Hookwarden itself does when it cannot decide (bad input, crash, timeout). */
	failMode: setting(() => z.enum(['open', 'closed']), 'open' as const),
	/** Ask about every call Hookwarden cannot fully read (unknown programs, scripts, project code, run-time targets). */
	'reading.strict': setting(() => z.boolean(), false),
	/** Rules lifted for named calls; each entry is validated on its own (see exceptionSchema and readExceptions). */
	exceptions: setting(() => z.array(z.unknown()), [] as unknown[]),
	/** External hooks providers; each entry is validated on its own (see core/provider/providerSettings). */
	providers: setting(() => z.array(z.unknown()), [] as unknown[]),
	/** Who answers an `ask`: Hookwarden in VS Code (`inline`), or the agent's own confirmation dialog (`native`). */
	'approval.mode': setting(() => z.enum(['inline', 'native']), 'inline' as const),
	'approval.timeoutSeconds': setting(
		() => z.number().check(z.int(), z.minimum(5), z.maximum(3600)),
		120,
	),
	/** What an unanswered approval becomes when its time is up. */
	'approval.onTimeout': setting(() => z.enum(['deny', 'ask', 'allow']), 'deny' as const),
	/**
	 * Folders whose workspace settings may loosen the policy when VS Code is not running (the bridge cannot ask VS Code
	 * whether a folder is trusted). Read from user settings only: a repository must not be able to trust itself.
	 */
	trustedFolders: setting(() => z.array(absolutePath()), [] as string[]),
	...AUDIT_SETTINGS,
	...EXPORT_SETTINGS,
	...SNAPSHOT_SETTINGS,
	...MCP_SETTINGS,
} as const;

/** One policy setting key, without the `hookwarden.` prefix. */
export type PolicySettingKey = keyof typeof POLICY_SETTINGS;

/** The configuration section every setting lives under. */
export const SETTINGS_SECTION = 'hookwarden';
