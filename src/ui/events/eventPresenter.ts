import { eventSubject } from '../../core/events/eventSubject';
import type { Harness } from '../../core/events/harness';
import { HARNESS_NAMES, HARNESS_SHORT_NAMES } from '../../core/events/harness';
import type { HookEvent } from '../../core/events/hookEvent';
import type { HookEventName } from '../../core/events/hookEventName';
import { toolOfEvent } from '../../core/events/toolOfEvent';
import type { Verdict } from '../../core/provider/decision';
import { maskSecrets } from '../../core/secrets/findSecrets';
import type { RecordedEvent } from '../../core/sessions/recordedEvent';
import { describeSource } from '../../core/policy/describeSource';
import { describeResolution } from '../approvals/approvalPresenter';

/** How one node of the *Events* view looks; no VS Code types. */
export interface EventsItemView {
	readonly label: string;
	readonly description: string;
	readonly tooltip: string;
	readonly iconId: string;
	/** A theme color id for the icon, when the verdict has one. */
	readonly iconColorId?: string;
	readonly contextValue: string;
}

/** A verdict as the view filters it: the final verdict, or `none` when nobody had an opinion. */
export type VerdictFilter = Verdict | 'none';

/** The verdicts the filter offers, most restrictive first. */
export const VERDICT_FILTERS: readonly VerdictFilter[] = ['deny', 'ask', 'allow', 'none'];

/** A pause, resume or clear: shown among the sessions so the Events view keeps a visible trace of it. */
export interface EventsNote {
	readonly kind: 'paused' | 'resumed';
	readonly at: number;
}

const SUMMARY_MAX = 80;

/** The verdict an entry ended with, for icons and filters. */
export function verdictOf(entry: RecordedEvent): VerdictFilter {
	return entry.decision.verdict ?? (entry.decision.stop ? 'deny' : 'none');
}

/** One line saying what the event was about: the command, the paths, or a prompt excerpt; secrets masked. */
export function summarizeEvent(event: HookEvent): string {
	if (event.name === 'Stop') {
		return '';
	}
	const subject = oneLine(maskSecrets(eventSubject(event)));
	return event.name === 'UserPromptSubmit' ? `“${subject}”` : subject;
}

/** Short names for the tree, which has little room; the tooltip keeps the hook event's own name. */
const EVENT_LABELS: Partial<Record<HookEventName, string>> = {
	SessionStart: 'Session start',
	UserPromptSubmit: 'Prompt',
	SubagentStart: 'Subagent start',
	SubagentStop: 'Subagent stop',
	PreCompact: 'Compact',
	SessionEnd: 'Session end',
	ErrorOccurred: 'Error',
};

/**
 * Maps one recorded event to its tree item. It has to fit the default sidebar width: the label says what happened
 * (the tool and its command, or the event), the description only what was decided and by which rule; the event's
 * name, latency and reason are in the tooltip and the event document.
 */
export function presentEvent(entry: RecordedEvent): EventsItemView {
	const { event, decision } = entry;
	const verdict = verdictOf(entry);
	const summary = summarizeEvent(event);
	const tool = toolOfEvent(event)?.name ?? '';
	const name = EVENT_LABELS[event.name] ?? event.name;
	const label = tool
		? `${tool}${summary ? `: ${summary}` : ''}`
		: summary
			? `${name}: ${summary}`
			: name;
	const rule = decision.decidedBy?.ruleId;
	const description = [
		entry.notHonoured === undefined ? undefined : 'not honoured',
		event.name === 'PostToolUse' ? 'done' : undefined,
		entry.approval
			? describeResolution(entry.approval).toLowerCase()
			: verdict === 'none'
				? undefined
				: verdict,
		rule,
	]
		.filter((part): part is string => part !== undefined)
		.join(' · ');
	const icon =
		entry.notHonoured === undefined
			? VERDICT_ICONS[verdict]
			: { iconId: 'warning', colorId: 'list.warningForeground' };
	const tooltip = eventTooltip(entry);
	return {
		label,
		description,
		tooltip: entry.notHonoured === undefined ? tooltip : `${entry.notHonoured}\n${tooltip}`,
		iconId: entry.approval ? 'person' : icon.iconId,
		...(icon.colorId && { iconColorId: icon.colorId }),
		contextValue: `hookwarden:event+${verdict}`,
	};
}

/** A session's node: a short id, the harness that ran it, how many events and denials, when it was last active. */
export function presentSession(
	sessionId: string,
	counts: { readonly events: number; readonly denied: number; readonly lastAt: number },
	harness?: Harness,
): EventsItemView {
	const short = sessionId === 'no-session' ? 'without a session id' : sessionId.slice(0, 8);
	return {
		label: `Session ${short}`,
		// Short enough for the default sidebar; the tooltip has the rest.
		description: [
			harness && HARNESS_SHORT_NAMES[harness],
			counts.denied ? `${counts.denied} denied` : clockTime(counts.lastAt),
		]
			.filter(Boolean)
			.join(' · '),
		tooltip: `Session ${sessionId}${harness ? ` in ${HARNESS_NAMES[harness]}` : ''}\n${counts.events} event${counts.events === 1 ? '' : 's'}, ${counts.denied} denied\nLast event at ${new Date(counts.lastAt).toISOString()}`,
		iconId: 'comment-discussion',
		contextValue: 'hookwarden:session',
	};
}

/** A subagent's node inside its session. */
export function presentSubagent(
	agentId: string,
	agentType: string | undefined,
	events: number,
): EventsItemView {
	return {
		label: `Subagent ${agentType ?? agentId}`,
		description: `${events} event${events === 1 ? '' : 's'}`,
		tooltip: `Subagent ${agentId}${agentType ? ` (${agentType})` : ''}, ${events} event${events === 1 ? '' : 's'}`,
		iconId: 'hubot',
		contextValue: 'hookwarden:subagent',
	};
}

/** A pause or resume, as a visible line among the sessions. */
export function presentNote(note: EventsNote): EventsItemView {
	const paused = note.kind === 'paused';
	return {
		label: paused ? 'Hookwarden paused' : 'Hookwarden resumed',
		description: clockTime(note.at),
		tooltip: paused
			? `Paused at ${new Date(note.at).toISOString()}: every hook event got no opinion until resumed.`
			: `Resumed at ${new Date(note.at).toISOString()}: rules decide again.`,
		iconId: paused ? 'debug-pause' : 'debug-start',
		contextValue: `hookwarden:note+${note.kind}`,
	};
}

/**
 * The event's details as a document a person reads top-down: what happened, the verdict and who decided it (the rule
 * and where it is configured, the person, the timeout or the fail mode), the reason and anything sent to the model,
 * then the full record as JSON for copying into a rule or a bug report. Secrets are masked throughout.
 */
export function renderEventDocument(entry: RecordedEvent): string {
	const { event, decision } = entry;
	const verdict = verdictOf(entry);
	const by = decision.decidedBy;
	const lines = [
		`# ${EVENT_LABELS[event.name] ?? event.name}: ${summarizeEvent(event) || event.name}`,
		'',
		`- **Verdict:** ${verdict === 'none' ? 'no opinion (the harness’s own approvals decide)' : verdict}`,
		...(by
			? [
					`- **Decided by:** ${by.ruleId ? `rule \`${by.ruleId}\` of ` : ''}${by.providerId}${by.source ? ` (${describeSource(by.source, { withFile: true })})` : ''}`,
				]
			: []),
		...(entry.approval ? [`- **Answered:** ${describeResolution(entry.approval)}`] : []),
		...(decision.reason ? [`- **Reason:** ${decision.reason}`] : []),
		...(decision.stop ? [`- **Stopped the agent:** ${decision.stop.reason}`] : []),
		...(entry.notHonoured ? [`- **Not honoured:** ${entry.notHonoured}`] : []),
		...decision.failures.map((f) => `- **Provider ${f.kind}:** ${f.providerId}: ${f.message}`),
		...(decision.additionalContext
			? [`- **Context for the model:** ${decision.additionalContext}`]
			: []),
		...(decision.systemMessage ? [`- **Message to you:** ${decision.systemMessage}`] : []),
		`- **Session:** \`${entry.sessionId}\`${entry.agentId ? `, subagent \`${entry.agentId}\`` : ''}`,
		...(event.harness ? [`- **Harness:** ${HARNESS_NAMES[event.harness]}`] : []),
		`- **When:** ${new Date(entry.answeredAt).toISOString()}, answered ${entry.origin === 'window' ? 'by this window' : 'headless'} in ${entry.answeredAt - entry.receivedAt} ms`,
		...(entry.workspaceFolder ? [`- **Workspace:** ${entry.workspaceFolder}`] : []),
		'',
		'## Record',
		'',
		'```json',
		JSON.stringify(eventRecord(entry), null, '\t'),
		'```',
		'',
	];
	return maskSecrets(lines.join('\n'));
}

/** The full record behind the document, as JSON. */
function eventRecord(entry: RecordedEvent): Record<string, unknown> {
	const { event, decision } = entry;
	const originalInput = toolOfEvent(event)?.input;
	return {
		event: event.name,
		session: entry.sessionId,
		...(entry.agentId !== undefined && { subagent: entry.agentId }),
		decidedIn: entry.origin,
		receivedAt: new Date(entry.receivedAt).toISOString(),
		answeredAt: new Date(entry.answeredAt).toISOString(),
		decision,
		...(entry.approval && { approval: entry.approval }),
		...(entry.notHonoured !== undefined && { notHonoured: entry.notHonoured }),
		...(originalInput !== undefined && { originalInput }),
		input: event,
	};
}

/** The file name an event's document opens under (its tab title). */
export function eventDocumentName(entry: RecordedEvent): string {
	return `${entry.sequence}-${entry.event.name}.md`;
}

/** Whether an entry passes the filter; empty sets mean "everything". */
export function passesFilter(
	entry: RecordedEvent,
	filter: {
		readonly verdicts: ReadonlySet<VerdictFilter>;
		readonly kinds: ReadonlySet<HookEventName>;
	},
): boolean {
	return (
		(filter.verdicts.size === 0 || filter.verdicts.has(verdictOf(entry))) &&
		(filter.kinds.size === 0 || filter.kinds.has(entry.event.name))
	);
}

const VERDICT_ICONS: Readonly<Record<VerdictFilter, { iconId: string; colorId?: string }>> = {
	allow: { iconId: 'pass', colorId: 'testing.iconPassed' },
	ask: { iconId: 'question', colorId: 'notificationsWarningIcon.foreground' },
	deny: { iconId: 'error', colorId: 'testing.iconFailed' },
	none: { iconId: 'circle-outline' },
};

function eventTooltip(entry: RecordedEvent): string {
	const { event, decision } = entry;
	const by = decision.decidedBy;
	return [
		`${event.name}${summarizeEvent(event) ? `: ${summarizeEvent(event)}` : ''}`,
		`Verdict: ${decision.verdict ?? 'no opinion'}${decision.reason ? ` — ${oneLine(maskSecrets(decision.reason))}` : ''}`,
		by
			? `Decided by: ${by.providerId}${by.ruleId ? ` / ${by.ruleId}` : ''}${by.source ? ` (${describeSource(by.source)})` : ''}`
			: undefined,
		entry.approval ? `Approval: ${describeResolution(entry.approval)}` : undefined,
		`Session: ${entry.sessionId}${entry.agentId ? `, subagent ${entry.agentId}` : ''}`,
		`At ${new Date(entry.receivedAt).toISOString()}, answered in ${entry.answeredAt - entry.receivedAt} ms (${entry.origin})`,
	]
		.filter((line): line is string => line !== undefined)
		.join('\n');
}

function clockTime(at: number): string {
	return new Date(at).toTimeString().slice(0, 8);
}

function oneLine(text: string): string {
	const line = text.replace(/\s+/g, ' ').trim();
	return line.length > SUMMARY_MAX ? `${line.slice(0, SUMMARY_MAX - 1)}…` : line;
}
