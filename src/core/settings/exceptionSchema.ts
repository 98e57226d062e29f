import { builtOnFirstUse } from '../util/builtOnFirstUse';
import * as z from '../util/zod';

/**
 * Rule ids an exception may name: a built-in pack's `pack.rule` or a settings rule's own `id`. A settings rule known
 * only by its position (`rules[3]`) is refused: its id changes when a rule is added above it.
 */
export const EXCEPTION_RULE_ID = /^(?!rules\[\d+\]$)\S+$/;

/**
 * One entry of `hookwarden.exceptions`: lifts one rule for the calls a pattern names and no others. At least one of
 * `command` and `path` is required, so no exception switches a rule off outright (that is what `hookwarden.packs` is
 * for). Unknown keys are errors so a typo (`comand`) is reported instead of silently widening the exception.
 */
export const exceptionSchema = builtOnFirstUse(() => {
	const patternList = z.union([
		z.string().check(z.minLength(1)),
		z.array(z.string().check(z.minLength(1))).check(z.minLength(1)),
	]);
	return z
		.strictObject({
			rule: z
				.string()
				.check(
					z.regex(
						EXCEPTION_RULE_ID,
						'must be a rule id such as destructiveCommands.recursiveDelete or a rule’s own id',
					),
				),
			command: z.optional(patternList),
			path: z.optional(patternList),
			reason: z.optional(z.string()),
		})
		.check(
			z.refine((entry) => entry.command !== undefined || entry.path !== undefined, {
				message:
					'needs a `command` or a `path`: an exception covers named calls, never a whole rule',
			}),
		);
});

/** An exception as written in settings, after validation. */
export type RuleException = z.infer<ReturnType<typeof exceptionSchema>>;
