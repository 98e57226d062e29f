import { eventSubject } from '../../core/events/eventSubject';
import type { Harness } from '../../core/events/harness';
import { HARNESS_NAMES, HARNESS_SHORT_NAMES } from '../../core/events/harness';
import type { HookEvent } from '../../core/events/hookEvent';
import type { HookEventName } from '../../core/events/hookEventName';
import { toolOfEvent } from '../../core/events/toolOfEvent';
import type { Verdict } from '../../core/terms/decision';
import { maskSecrets } from '../../core/secrets/findSecrets';
import type { RecordedEvent } from '../../core/sessions/recordedEvent';
import { describeSource } from '../../core/policy/describeSource';
import { PERSON_PROVIDER } from '../../core/pipeline/applyApproval';
import { fenced, markdownText } from '../../core/util/markdownText';
import type { TimeFormat } from '../../core/util/timeFormat';
import { LOCAL_TIME } from '../../core/util/timeFormat';
import { describeResolution } from '../approvals/approvalPresenter';
import { describeRewriter } from '../../core/audit/auditRecord';
import { resultReplacementCarried } from '../../core/output/harnessSupport';
import { toolCallOf } from '../../core/reading/tools/toolCallOf';
import {
	describeChanges,
	describeObservation,
	describeRestorability,
} from '../../core/snapshots/describeSnapshot';
import { snapshotIdOf } from '../../core/snapshots/snapshotFacts';
import { DEFAULT_SNAPSHOT_SETTINGS } from '../../core/settings/snapshotSettings';

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
/** How much of a first prompt names its session. */
const TITLE_MAX = 48;

/** The verdict an entry ended with, for icons and filters. */
export function verdictOf(entry: RecordedEvent): VerdictFilter {
	return entry.decision.verdict ?? (entry.decision.stop ? 'deny' : 'none');
}

/** One line saying what the event was about: the command, the paths, or a prompt excerpt; secrets masked. */
export function summarizeEvent(event: HookEvent): string {
	if (event.name === 'Stop') {
		return '';
	}
	const line = maskSecrets(eventSubject(event)).replace(/\s+/g, ' ').trim();
	const subject = line.length > SUMMARY_MAX ? `${line.slice(0, SUMMARY_MAX - 1)}…` : line;
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

/** What a row names besides the tool: the kind of event, for events about no tool. */
const EVENT_KINDS: Partial<Record<HookEventName, string>> = {
	UserPromptSubmit: 'prompt',
	SessionStart: 'session',
	SessionEnd: 'session',
	SubagentStart: 'subagent',
	SubagentStop: 'subagent',
	PreCompact: 'compact',
	ErrorOccurred: 'error',
	Notification: 'notification',
};

/**
 * The word a row starts with: what became of the event, in the reader's terms. A tool call before it runs is
 * allowed, denied, asked or met no rule (or was answered by you); after it ran it "ran" (or was blocked after), so
 * PreToolUse and PostToolUse rows never look alike.
 */
export function outcomeOf(entry: RecordedEvent): string {
	const { event, approval } = entry;
	const verdict = verdictOf(entry);
	if (approval) {
		switch (approval.kind) {
			case 'allowed':
				return approval.updatedInput ? 'edited by you' : 'allowed by you';
			case 'denied':
				return 'denied by you';
			case 'timedOut':
				return approval.outcome === 'allow'
					? 'timed out, allowed'
					: approval.outcome === 'deny'
						? 'timed out, denied'
						: 'timed out, handed over';
			case 'gone':
				return 'abandoned';
		}
	}
	switch (event.name) {
		case 'PostToolUse':
			return verdict === 'deny' ? 'blocked after' : 'ran';
		case 'PostToolUseFailure':
			return 'failed';
		case 'UserPromptSubmit':
			return verdict === 'deny' ? 'blocked' : 'sent';
		case 'Stop':
		case 'SubagentStop':
			return verdict === 'deny' ? 'kept working' : 'stopped';
		case 'SubagentStart':
			return verdict === 'deny' ? 'denied' : 'started';
		case 'SessionStart':
			return 'started';
		case 'SessionEnd':
			return 'ended';
		case 'ErrorOccurred':
			return 'reported';
		case 'Notification':
			return 'shown';
		case 'PreCompact':
			return verdict === 'deny' ? 'denied' : 'compacted';
		case 'PreToolUse':
			// What ran is not what the agent sent: the row says so first, not in a description a narrow view cuts off.
			return entry.decision.updatedInput && verdict !== 'deny'
				? 'rewritten'
				: VERDICT_WORDS[verdict];
		default:
			return VERDICT_WORDS[verdict];
	}
}

/** The events whose subject is what was run or sent, which a row shows before anything else. */
const SUBJECT_FIRST: ReadonlySet<HookEventName> = new Set([
	'PreToolUse',
	'PostToolUse',
	'PermissionRequest',
	'UserPromptSubmit',
]);

const VERDICT_WORDS: Readonly<Record<VerdictFilter, string>> = {
	allow: 'allowed',
	deny: 'denied',
	ask: 'asked',
	none: 'no rule',
};

/**
 * Maps one recorded event to its tree row. A tool call or a prompt reads `subject · verdict` (`rm -rf ~ · denied`)
 * with the tool and the deciding rule beside it, so a narrow sidebar cuts the tail, never the command; other events
 * read `verdict · kind · subject`. The tooltip has the whole story (the command in full, the reason, who decided and
 * where, local time and latency).
 */
export function presentEvent(entry: RecordedEvent, time: TimeFormat = LOCAL_TIME): EventsItemView {
	const { event, decision } = entry;
	const verdict = verdictOf(entry);
	const summary = summarizeEvent(event);
	const kind = toolOfEvent(event)?.name ?? EVENT_KINDS[event.name];
	const subjectFirst = summary !== '' && SUBJECT_FIRST.has(event.name);
	const label = subjectFirst
		? `${summary} · ${outcomeOf(entry)}`
		: [outcomeOf(entry), kind, summary].filter(Boolean).join(' · ');
	// A call a person answered (or that timed out waiting) names the rule that asked, not the answer's provenance.
	const asker = entry.approval
		? decision.contributors.filter((c) => c.providerId !== PERSON_PROVIDER).at(-1)
		: undefined;
	const rule = asker?.ruleId ?? decision.decidedBy?.ruleId;
	const unforeseen = isUnforeseen(entry);
	const description = [
		entry.notHonoured === undefined ? undefined : 'not honoured',
		unforeseen ? 'unforeseen' : undefined,
		filesChangedOf(entry),
		changeOf(entry),
		subjectFirst ? kind : undefined,
		rule,
	]
		.filter((part): part is string => part !== undefined)
		.join(' · ');
	const icon =
		entry.notHonoured !== undefined || unforeseen
			? { iconId: 'warning', colorId: 'list.warningForeground' }
			: event.name === 'PostToolUse' && verdict !== 'deny'
				? { iconId: 'history' }
				: VERDICT_ICONS[verdict];
	const tooltip = eventTooltip(entry, time);
	return {
		label,
		description,
		tooltip: entry.notHonoured === undefined ? tooltip : `${entry.notHonoured}\n${tooltip}`,
		iconId: entry.approval ? 'person' : icon.iconId,
		...(icon.colorId && { iconColorId: icon.colorId }),
		contextValue: `hookwarden:event+${verdict}${event.name === 'PostToolUse' ? '+after' : ''}${snapshotIdOf(entry) !== undefined ? '+restorable' : ''}`,
	};
}

/** What a session node shows: its first prompt (its name), when it began, the harness that ran it, how many events and denials. */
export interface SessionFacts {
	readonly title?: string;
	readonly startedAt: number;
	readonly lastAt: number;
	readonly events: number;
	readonly denied: number;
	/** The runtime that ran the session, where an event named one. */
	readonly harness?: Harness;
}

/**
 * A session's node, named as a person remembers it: by its first prompt, with the local time it began (the id is
 * in the tooltip); a session whose prompt was never seen is named by its time.
 */
export function presentSession(
	sessionId: string,
	facts: SessionFacts,
	time: TimeFormat = LOCAL_TIME,
	now = Date.now(),
): EventsItemView {
	const harness = facts.harness;
	const began = sameDay(facts.startedAt, now)
		? time.clock(facts.startedAt)
		: time.dateTime(facts.startedAt);
	const counts = `${facts.events} event${facts.events === 1 ? '' : 's'}${facts.denied ? `, ${facts.denied} denied` : ''}`;
	return {
		label: facts.title ? `“${facts.title}”` : `Session at ${began}`,
		// Short enough for the default sidebar; the tooltip has the rest.
		description: [
			harness && HARNESS_SHORT_NAMES[harness],
			facts.title ? began : undefined,
			facts.denied ? `${facts.denied} denied` : undefined,
		]
			.filter(Boolean)
			.join(' · '),
		tooltip: [
			facts.title ? `“${facts.title}”` : undefined,
			`Session ${sessionId === 'no-session' ? 'without a session id' : sessionId}${harness ? ` in ${HARNESS_NAMES[harness]}` : ''}`,
			`Began ${time.dateTime(facts.startedAt)}, last event ${time.dateTime(facts.lastAt)}`,
			counts,
		]
			.filter(Boolean)
			.join('\n'),
		iconId: 'comment-discussion',
		contextValue: 'hookwarden:session',
	};
}

/** A session's name from its first prompt: one line, secrets masked, cut to fit the sidebar. */
export function sessionTitleOf(prompt: string): string {
	const line = maskSecrets(prompt).replace(/\s+/g, ' ').trim();
	return line.length > TITLE_MAX ? `${line.slice(0, TITLE_MAX - 1)}…` : line;
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
export function presentNote(note: EventsNote, time: TimeFormat = LOCAL_TIME): EventsItemView {
	const paused = note.kind === 'paused';
	return {
		label: paused ? 'Hookwarden paused' : 'Hookwarden resumed',
		description: time.clock(note.at),
		tooltip: paused
			? `Paused at ${time.dateTime(note.at)}: every hook event got no opinion until resumed.`
			: `Resumed at ${time.dateTime(note.at)}: rules decide again.`,
		iconId: paused ? 'debug-pause' : 'debug-start',
		contextValue: `hookwarden:note+${note.kind}`,
	};
}

/** The title of an event's details: what became of it, the tool or kind, and the whole subject; secrets masked. */
export function eventTitle(entry: RecordedEvent): string {
	const { event } = entry;
	const kind = toolOfEvent(event)?.name ?? EVENT_KINDS[event.name] ?? EVENT_LABELS[event.name];
	const subject = maskSecrets(eventSubject(event)).replace(/\s+/g, ' ').trim();
	return [outcomeOf(entry), kind, subject].filter(Boolean).join(' · ');
}

/**
 * The event's details as a Markdown document a person reads top-down: what happened (the command or paths in full),
 * the verdict and who decided it (the rule and where it is configured, the person, the timeout or the fail mode), the
 * reason and anything sent to the model, when (local time), then the full record as JSON for copying into a rule or a
 * bug report. Secrets are masked throughout.
 */
export function renderEventDocument(entry: RecordedEvent, time: TimeFormat = LOCAL_TIME): string {
	const { event, decision } = entry;
	const verdict = verdictOf(entry);
	const by = decision.decidedBy;
	const subject = eventSubject(event);
	const lines = [
		`# ${markdownText(eventTitle(entry))}`,
		'',
		...(subject ? [fenced(subject), ''] : []),
		`- **Event:** ${event.name}${toolOfEvent(event) ? ` of \`${toolOfEvent(event)?.name}\`` : ''}`,
		`- **Verdict:** ${verdict === 'none' ? 'no opinion (the harness’s own approvals decide)' : verdict}`,
		...(by
			? [
					`- **Decided by:** ${by.ruleId ? `rule \`${by.ruleId}\` of ` : ''}${by.providerId}${by.source ? ` (${describeSource(by.source, { withFile: true })})` : ''}`,
				]
			: []),
		...(entry.approval ? [`- **Answered:** ${describeResolution(entry.approval)}`] : []),
		...(decision.reason ? [`- **Reason:** ${markdownText(decision.reason)}`] : []),
		...(decision.stop ? [`- **Stopped the agent:** ${markdownText(decision.stop.reason)}`] : []),
		...(entry.notHonoured ? [`- **Not honoured:** ${entry.notHonoured}`] : []),
		...changeLines(entry),
		...snapshotLines(entry),
		...decision.failures.map((f) => `- **Provider ${f.kind}:** ${f.providerId}: ${f.message}`),
		...(decision.additionalContext
			? [`- **Context for the model:** ${markdownText(decision.additionalContext)}`]
			: []),
		...(decision.systemMessage
			? [`- **Message to you:** ${markdownText(decision.systemMessage)}`]
			: []),
		`- **Session:** \`${entry.sessionId}\`${entry.agentId ? `, subagent \`${entry.agentId}\`` : ''}`,
		...(event.harness ? [`- **Harness:** ${HARNESS_NAMES[event.harness]}`] : []),
		`- **When:** ${time.dateTime(entry.receivedAt)}, answered ${entry.origin === 'window' ? 'by this window' : 'headless'} in ${entry.answeredAt - entry.receivedAt} ms`,
		...(entry.workspaceFolder ? [`- **Workspace:** ${entry.workspaceFolder}`] : []),
		'',
		'## Record',
		'',
		fenced(JSON.stringify(eventRecord(entry), null, '\t'), 'json'),
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

const VERDICT_ICONS: Readonly<Record<VerdictFilter, { iconId: string; colorId?: string }>> = {
	allow: { iconId: 'pass', colorId: 'testing.iconPassed' },
	ask: { iconId: 'question', colorId: 'notificationsWarningIcon.foreground' },
	deny: { iconId: 'error', colorId: 'testing.iconFailed' },
	none: { iconId: 'circle-outline' },
};

function eventTooltip(entry: RecordedEvent, time: TimeFormat): string {
	const { event, decision } = entry;
	const by = decision.decidedBy;
	const subject = maskSecrets(eventSubject(event)).trim();
	return [
		`${event.name}${toolOfEvent(event) ? ` of ${toolOfEvent(event)?.name}` : ''}${subject ? `:\n${subject}` : ''}`,
		`Verdict: ${decision.verdict ?? 'no opinion'}${decision.reason ? ` — ${maskSecrets(decision.reason)}` : ''}`,
		by
			? `Decided by: ${by.ruleId ? `rule ${by.ruleId} of ` : ''}${by.providerId}${by.source ? ` (${describeSource(by.source)})` : ''}`
			: undefined,
		entry.approval ? `Approval: ${describeResolution(entry.approval)}` : undefined,
		...changeLines(entry).map((line) => line.replace(/^- \*\*(.+?):\*\* /, '$1: ')),
		...snapshotLines(entry)
			.filter((line) => !line.startsWith('- **Restore'))
			.map((line) => line.replace(/^- \*\*(.+?):\*\* /, '$1: ').replace(/^ {2}- /, '  ')),
		`Session: ${entry.sessionId}${entry.agentId ? `, subagent ${entry.agentId}` : ''}`,
		`At ${time.dateTime(entry.receivedAt)}, answered in ${entry.answeredAt - entry.receivedAt} ms (${entry.origin})`,
	]
		.filter((line): line is string => line !== undefined)
		.join('\n');
}

/** Whether a call this event closed changed what no prediction covered. */
function isUnforeseen(entry: RecordedEvent): boolean {
	return entry.observed?.some((observation) => observation.unforeseenCount > 0) ?? false;
}

/** What the calls this event closed changed on disk, in a few words for the tree (`deleted 3 files, changed 2`). */
function filesChangedOf(entry: RecordedEvent): string | undefined {
	const observed = entry.observed;
	if (!observed || observed.length === 0) {
		return undefined;
	}
	const counts = { created: 0, changed: 0, deleted: 0, emptied: 0, mode: 0 };
	for (const observation of observed) {
		for (const kind of Object.keys(counts) as (keyof typeof counts)[]) {
			counts[kind] += observation.counts[kind];
		}
	}
	return describeChanges(counts);
}

// The lines of the event's document (and tooltip) about files: what was held before the call, what it changed after.
function snapshotLines(entry: RecordedEvent): string[] {
	const lines: string[] = [];
	const restorable = describeRestorability(
		entry.snapshot,
		DEFAULT_SNAPSHOT_SETTINGS,
		entry.workspaceFolder,
	);
	if (restorable !== undefined) {
		lines.push(`- **Files before the call:** ${markdownText(restorable)}`);
	}
	for (const observation of entry.observed ?? []) {
		const of = entry.event.name === 'PostToolUse' ? '' : ` (\`${oneLine(observation.summary)}\`)`;
		lines.push(`- **What it changed${of}:** ${describeObservation(observation)}`);
		for (const change of observation.unforeseen.slice(0, 10)) {
			lines.push(`  - unforeseen: ${change.change} \`${change.path}\``);
		}
		if (observation.incomplete !== undefined) {
			lines.push(`  - partly compared: ${observation.incomplete}`);
		}
	}
	const id = snapshotIdOf(entry);
	if (id !== undefined) {
		lines.push(
			`- **Restore:** [Restore Files to Before This Call…](command:hookwarden.restoreFiles?${encodeURIComponent(JSON.stringify([id]))}) (snapshot \`${id}\`)`,
		);
	}
	return lines;
}

/** What Hookwarden did to a tool's result, in two words for the tree (a rewrite leads the label: see outcomeOf). */
function changeOf(entry: RecordedEvent): string | undefined {
	const { decision, event } = entry;
	if (!decision.resultReplacedBy) {
		return undefined;
	}
	return resultReplacementCarried(event.dialect) ? 'result redacted' : 'secret in result';
}

// The lines of the event's document that say what ran instead of what the agent sent, and what the model read.
function changeLines(entry: RecordedEvent): string[] {
	const { decision, event } = entry;
	const lines: string[] = [];
	if (decision.updatedInput) {
		const tool = toolOfEvent(event);
		const line = tool && toolCallOf(tool.name, decision.updatedInput).commandLine;
		const who = (decision.rewrittenBy ?? []).map(describeRewriter).join(', then ');
		lines.push(
			`- **Rewritten${who ? ` by ${who}` : ''}:** ${line === undefined ? JSON.stringify(decision.updatedInput) : `\`${oneLine(line)}\``}`,
		);
	}
	if (decision.resultReplacedBy) {
		lines.push(
			resultReplacementCarried(event.dialect)
				? `- **Result redacted:** the model read the result with the secret masked (${describeRewriter(decision.resultReplacedBy)})`
				: `- **Secret in result:** ${event.dialect === 'vscode' ? 'VS Code' : 'this harness'} cannot replace a result, so the model was told not to repeat it`,
		);
	}
	return lines;
}

function oneLine(text: string): string {
	const line = text.replace(/\s+/g, ' ').trim();
	return line.length > SUMMARY_MAX ? `${line.slice(0, SUMMARY_MAX - 1)}…` : line;
}

function sameDay(a: number, b: number): boolean {
	return new Date(a).toDateString() === new Date(b).toDateString();
}
