import { eventSubject } from '../../core/events/eventSubject';
import { toolOfEvent } from '../../core/events/toolOfEvent';
import { maskSecrets } from '../../core/secrets/findSecrets';
import type { RecordedEvent } from '../../core/sessions/recordedEvent';
import type { VerdictFilter } from './eventPresenter';
import { verdictOf } from './eventPresenter';

/**
 * What the *Events* search box asks for: words every shown event contains, and fields it must have. Written as
 * `rm -rf verdict:deny tool:bash rule:destructive event:post`; each field may be given more than once (any of them).
 */
export interface EventQuery {
	/** The query as typed, for the view's message and for editing it again. */
	readonly text: string;
	/** Words the event's text must all contain (command, paths, prompt, reason, rule, tool, session), any case. */
	readonly words: readonly string[];
	readonly verdicts: ReadonlySet<VerdictFilter>;
	/** Parts of tool names, any case. */
	readonly tools: readonly string[];
	/** Parts of rule ids, any case. */
	readonly rules: readonly string[];
	/** Parts of hook event names (`post` matches PostToolUse), any case. */
	readonly events: readonly string[];
}

/** The fields a query can name, with what they match; the search box offers them as suggestions. */
export const QUERY_FIELDS = ['verdict', 'tool', 'rule', 'event'] as const;

const VERDICT_WORDS: Readonly<Record<string, VerdictFilter>> = {
	deny: 'deny',
	denied: 'deny',
	ask: 'ask',
	asked: 'ask',
	allow: 'allow',
	allowed: 'allow',
	none: 'none',
	'no-rule': 'none',
};

/** A query that shows everything. */
export const EVERY_EVENT: EventQuery = parseEventQuery('');

/** Reads a typed query; a field it does not know (`foo:bar`) is an ordinary word, so nothing typed is lost. */
export function parseEventQuery(text: string): EventQuery {
	const words: string[] = [];
	const verdicts = new Set<VerdictFilter>();
	const tools: string[] = [];
	const rules: string[] = [];
	const events: string[] = [];
	for (const token of text.trim().split(/\s+/).filter(Boolean)) {
		const [, field = '', value = ''] = /^([a-z]+):(.+)$/i.exec(token) ?? [];
		const lower = value.toLowerCase();
		switch (field.toLowerCase()) {
			case 'verdict': {
				const verdict = VERDICT_WORDS[lower];
				if (verdict) {
					verdicts.add(verdict);
				} else {
					words.push(token.toLowerCase());
				}
				break;
			}
			case 'tool':
				tools.push(lower);
				break;
			case 'rule':
				rules.push(lower);
				break;
			case 'event':
				events.push(lower);
				break;
			default:
				words.push(token.toLowerCase());
		}
	}
	return { text: text.trim(), words, verdicts, tools, rules, events };
}

/** Whether the query asks for anything at all. */
export function isEveryEvent(query: EventQuery): boolean {
	return (
		query.words.length === 0 &&
		query.verdicts.size === 0 &&
		query.tools.length === 0 &&
		query.rules.length === 0 &&
		query.events.length === 0
	);
}

/** Whether one event passes the query; `sessionTitle` (the session's first prompt) counts as the event's text too. */
export function matchesEventQuery(
	entry: RecordedEvent,
	query: EventQuery,
	sessionTitle = '',
): boolean {
	if (isEveryEvent(query)) {
		return true;
	}
	const tool = (toolOfEvent(entry.event)?.name ?? '').toLowerCase();
	const rule = (entry.decision.decidedBy?.ruleId ?? '').toLowerCase();
	const eventName = entry.event.name.toLowerCase();
	const some = (wanted: readonly string[], actual: string) =>
		wanted.length === 0 || wanted.some((w) => actual.includes(w));
	if (
		(query.verdicts.size > 0 && !query.verdicts.has(verdictOf(entry))) ||
		!some(query.tools, tool) ||
		!some(query.rules, rule) ||
		!some(query.events, eventName)
	) {
		return false;
	}
	if (query.words.length === 0) {
		return true;
	}
	const text = [
		maskSecrets(eventSubject(entry.event)),
		entry.decision.reason ?? '',
		rule,
		tool,
		eventName,
		sessionTitle,
	]
		.join('\n')
		.toLowerCase();
	return query.words.every((word) => text.includes(word));
}
