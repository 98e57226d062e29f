import { eventSubject } from '../../core/events/eventSubject';
import { toolOfEvent } from '../../core/events/toolOfEvent';
import { PERSON_PROVIDER } from '../../core/pipeline/applyApproval';
import { describeRule } from '../../core/policy/describeSource';
import type { Provenance } from '../../core/terms/decision';
import { maskSecrets } from '../../core/secrets/findSecrets';
import type { RecordedEvent } from '../../core/sessions/recordedEvent';
import { snapshotIdOf } from '../../core/snapshots/snapshotFacts';
import type { Clock } from '../../core/util/clock';

/** One denied tool call, as a notice names it; no VS Code types. */
export interface DeniedCall {
	/** The recorded event's sequence, what *Show Event* opens. */
	readonly sequence: number;
	readonly tool: string;
	/** The command line or the paths, one line, secrets masked. */
	readonly subject: string;
	/** The rule that denied it, short: its id, or the provider that did when no rule did. */
	readonly rule: string;
	/** The same in a sentence, with where the rule lives: "rule 'no-echo' in workspace settings". */
	readonly ruleInFull: string;
	/** The snapshot taken before the call, when there is one: what *Restore…* opens. */
	readonly snapshot?: string;
	readonly workspaceFolder?: string;
}

/** What one notice says and offers. */
export interface DenyNotice {
	/** Plain text: notifications show no Markdown. */
	readonly text: string;
	/** The calls it is about, oldest first. */
	readonly calls: readonly DeniedCall[];
	/** *Show Event* for one call; *Show Events* for a burst. */
	readonly showLabel: 'Show Event' | 'Show Events';
	/** Present when the notice is about one call that has a snapshot. */
	readonly restoreSnapshot?: string;
}

/** How denies are gathered into notices: a burst within `gatherMs` is one notice, and notices are `quietMs` apart. */
export interface DenyNoticeTiming {
	readonly gatherMs: number;
	readonly quietMs: number;
}

export const DENY_NOTICE_TIMING: DenyNoticeTiming = { gatherMs: 1_500, quietMs: 10_000 };

const SUBJECT_MAX = 120;
/** How many calls a burst's notice names before it counts the rest. */
const NAMED_IN_BURST = 2;

/**
 * The denied tool call an event is, when a person should hear of it: a PreToolUse or PermissionRequest a rule, a
 * provider, the fail mode or a timeout denied. A person's own *Deny* and every allow stay quiet.
 */
export function deniedCallOf(entry: RecordedEvent): DeniedCall | undefined {
	const { event, decision } = entry;
	if (decision.verdict !== 'deny' || entry.approval?.kind === 'denied') {
		return undefined;
	}
	if (event.name !== 'PreToolUse' && event.name !== 'PermissionRequest') {
		return undefined;
	}
	const tool = toolOfEvent(event);
	const by = denierOf(entry);
	const snapshot = snapshotIdOf(entry);
	return {
		sequence: entry.sequence,
		tool: tool?.name ?? event.name,
		subject: oneLine(eventSubject(event)),
		rule: by?.ruleId ?? (by ? by.providerId : 'Hookwarden'),
		ruleInFull: describeRule(by),
		...(snapshot !== undefined && { snapshot }),
		...(entry.workspaceFolder !== undefined && { workspaceFolder: entry.workspaceFolder }),
	};
}

/** Who a deny names: the rule that decided, or for a timed-out approval the rule that asked. */
function denierOf(entry: RecordedEvent): Provenance | undefined {
	const { decision } = entry;
	const asker = entry.approval
		? decision.contributors.filter((c) => c.providerId !== PERSON_PROVIDER).at(-1)
		: undefined;
	return asker ?? decision.decidedBy;
}

/** The notice for calls denied together: one call in full, or a count naming the first few. */
export function denyNoticeOf(calls: readonly DeniedCall[]): DenyNotice {
	const [only] = calls;
	if (calls.length === 1 && only) {
		return {
			text: `Hookwarden denied ${only.tool}${only.subject === '' ? '' : ` ${quoted(only.subject)}`}: ${only.ruleInFull}. The agent was told why.`,
			calls,
			showLabel: 'Show Event',
			...(only.snapshot !== undefined && { restoreSnapshot: only.snapshot }),
		};
	}
	const named = calls
		.slice(0, NAMED_IN_BURST)
		.map((call) => `${call.subject === '' ? call.tool : quoted(call.subject)} (${call.rule})`);
	const more = calls.length - named.length;
	return {
		text: `Hookwarden: ${calls.length} calls denied: ${named.join(', ')}${more > 0 ? `, and ${more} more` : ''}.`,
		calls,
		showLabel: 'Show Events',
	};
}

/**
 * Gathers denied calls into notices so a burst is one notice: the first deny waits `gatherMs` for others, and after a
 * notice the next one waits until `quietMs` have passed. Time comes from the injected clock.
 */
export class DenyNotices {
	private held: DeniedCall[] = [];
	private lastShownAt = Number.NEGATIVE_INFINITY;
	private cancelTimer: (() => void) | undefined;

	constructor(
		private readonly clock: Clock,
		private readonly show: (notice: DenyNotice) => void,
		private readonly timing: DenyNoticeTiming = DENY_NOTICE_TIMING,
	) {}

	/** Takes one denied call; the notice naming it comes when its burst is over. */
	add(call: DeniedCall): void {
		this.held.push(call);
		if (this.cancelTimer) {
			return;
		}
		const now = this.clock.now();
		const at = Math.max(now + this.timing.gatherMs, this.lastShownAt + this.timing.quietMs);
		this.cancelTimer = this.clock.setTimer(() => this.flush(), at - now);
	}

	/** Drops what is held and the pending timer. */
	dispose(): void {
		this.cancelTimer?.();
		this.cancelTimer = undefined;
		this.held = [];
	}

	private flush(): void {
		this.cancelTimer = undefined;
		const calls = this.held;
		this.held = [];
		if (calls.length > 0) {
			this.lastShownAt = this.clock.now();
			this.show(denyNoticeOf(calls));
		}
	}
}

function oneLine(text: string): string {
	const line = maskSecrets(text).replace(/\s+/g, ' ').trim();
	return line.length > SUBJECT_MAX ? `${line.slice(0, SUBJECT_MAX - 1)}…` : line;
}

function quoted(subject: string): string {
	return `“${subject}”`;
}
