import type { RuleSource } from '../terms/decision';
import type { EffectSubject } from '../terms/effect';
import type { Finding } from './finding';
import { judgeEffects, type JudgedEffect } from './judgeEffects';
import type { PolicyInput } from './policyInput';

/** The rule id of what `hookwarden.reading.strict` asks. */
export const STRICT_READING_RULE = 'reading.strict';

/** Code a call runs that Hookwarden does not read: what it does is known only once it ran. */
const UNREAD_CODE: ReadonlySet<EffectSubject> = new Set([
	'unknownProgram',
	'scriptFile',
	'projectCode',
	'runtimeCode',
	'inputCode',
	'decodedCode',
	'downloadedCode',
]);

/** What was not read in one judged effect, in words for the reason; `undefined` when it was read in full. */
function notRead({ effect, target }: JudgedEffect): string | undefined {
	if (effect.kind === 'exec' && effect.subject !== undefined && UNREAD_CODE.has(effect.subject)) {
		return `\`${effect.source}\` ${effect.action}`;
	}
	if (effect.path !== undefined && (target?.unknown === true || effect.certainty === 'unknown')) {
		return `\`${effect.source}\` ${effect.action} \`${effect.path}\`, known only when the call runs`;
	}
	return undefined;
}

/**
 * With `hookwarden.reading.strict` on, one `ask` finding for a PreToolUse that Hookwarden cannot fully read (code it
 * does not follow runs, or a path is known only at run time), naming what was not read; none otherwise. Without the
 * setting such calls stay quiet, and the snapshot of the workspace lets the person undo what they changed there.
 */
export function strictReading(
	strict: boolean,
	input: PolicyInput,
	source: RuleSource | undefined,
): readonly Finding[] {
	if (!strict || input.event.name !== 'PreToolUse') {
		return [];
	}
	const unread = [...new Set(judgeEffects(input).map(notRead))].filter(
		(what): what is string => what !== undefined,
	);
	if (unread.length === 0) {
		return [];
	}
	const more = unread.length > 3 ? `, and ${unread.length - 3} more` : '';
	return [
		{
			verdict: 'ask',
			ruleId: STRICT_READING_RULE,
			reason: `Hookwarden cannot fully read this call: ${unread.slice(0, 3).join('; ')}${more}. hookwarden.reading.strict asks about every such call, so a person decides.`,
			source: source ?? { kind: 'builtin', pack: 'defaults' },
			context:
				'Run programs Hookwarden can read, with the paths written out, or ask the person to run this themselves.',
		},
	];
}
