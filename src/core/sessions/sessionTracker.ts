import type { ApprovalResolution } from '../approvals/pendingApproval';
import type { ApprovalAnswers, SessionSummary } from '../audit/sessionSummary';
import { noAnswers, SUMMARY_MAX_FILES } from '../audit/sessionSummary';
import type { HookEvent } from '../events/hookEvent';
import { DeniedCalls } from './honouredCheck';
import { Listeners } from '../util/listeners';
import type { RecordedEvent } from './recordedEvent';

/** A subagent within a session: when it ran and what it did. */
export interface SubagentState {
	readonly agentId: string;
	readonly agentType?: string;
	readonly startedAt: number;
	stoppedAt?: number;
	toolCalls: number;
}

/** What Hookwarden knows about one agent session, kept up to date as events arrive. */
export interface SessionState {
	readonly id: string;
	readonly startedAt: number;
	lastEventAt: number;
	toolCalls: number;
	denials: number;
	asks: number;
	/** How the session's approvals ended, by answer. */
	readonly answers: { -readonly [K in keyof ApprovalAnswers]: number };
	readonly filesTouched: Set<string>;
	readonly subagents: Map<string, SubagentState>;
	/** Subagents started and not yet stopped, most recent last; tool events are attributed to the last one. */
	readonly running: string[];
	stopped: boolean;
	/** Tool calls the Copilot runtime reported as failed (PostToolUseFailure). */
	failedToolCalls: number;
	/** Errors the Copilot runtime reported (ErrorOccurred), recoverable or not. */
	errors: number;
	/** Why the session ended, from the Copilot runtime's SessionEnd (`complete`, `error`, `abort`…). */
	endReason?: string;
}

/** Limits that keep a long-lived window's memory bounded; the newest data is kept. */
export interface SessionTrackerLimits {
	readonly maxEvents: number;
	readonly maxSessions: number;
}

const NO_SESSION = 'no-session';

/**
 * Groups answered events by session and subagent and keeps per-session counts (tool calls, denials, asks, files
 * touched, subagents, duration). Memory is bounded: past the limits the oldest events and least recently active
 * sessions are dropped.
 */
export class SessionTracker {
	private readonly sessionsById = new Map<string, SessionState>();
	private readonly recent: RecordedEvent[] = [];
	private readonly recorded = new Listeners<RecordedEvent>();
	private readonly denied = new DeniedCalls();
	private nextSequence = 1;

	constructor(
		private readonly limits: SessionTrackerLimits = { maxEvents: 10_000, maxSessions: 500 },
	) {}

	/** Subscribes to every recorded event. */
	onDidRecord(listener: (event: RecordedEvent) => void): () => void {
		return this.recorded.add(listener);
	}

	/** The next sequence number, to stamp an event before it is recorded. */
	takeSequence(): number {
		return this.nextSequence++;
	}

	/** The subagent a new event of this session belongs to, if one is running. */
	attribute(event: HookEvent): string | undefined {
		if (event.name === 'SubagentStart' || event.name === 'SubagentStop') {
			return event.agentId;
		}
		const running = this.sessionsById.get(event.sessionId ?? NO_SESSION)?.running;
		return running?.[running.length - 1];
	}

	/** SubagentStart events already recorded for the session (for `hookwarden.subagents.maxPerSession`). */
	subagentsStarted(sessionId: string | undefined): number {
		return this.sessionsById.get(sessionId ?? NO_SESSION)?.subagents.size ?? 0;
	}

	/** Records one answered event and updates its session. */
	record(entry: RecordedEvent): void {
		this.rememberDenial(entry);
		this.apply(entry);
		this.recent.push(entry);
		this.trim();
		this.recorded.fire(entry);
	}

	/** Whether the tool call with this key (see callKeyOf) was last denied in the session. */
	wasDenied(sessionId: string, callKey: string): boolean {
		return this.denied.has(sessionId, callKey);
	}

	/** How many recorded events prove a harness ignored a verdict. */
	notHonouredCount(): number {
		return this.recent.filter((entry) => entry.notHonoured !== undefined).length;
	}

	private rememberDenial(entry: RecordedEvent): void {
		this.denied.note(entry.sessionId, entry.event, entry.decision);
	}

	/**
	 * Fills events and sessions from history (the audit log after a reload) without firing {@link onDidRecord}, so
	 * nothing is appended twice. Restored and live events are merged in answer order; the limits still apply.
	 */
	restore(entries: readonly RecordedEvent[]): void {
		const ordered = [...entries].sort((a, b) => a.answeredAt - b.answeredAt);
		for (const entry of ordered) {
			this.rememberDenial(entry);
			this.apply(entry);
			this.nextSequence = Math.max(this.nextSequence, entry.sequence + 1);
		}
		this.recent.splice(0, this.recent.length, ...mergeByAnswer(ordered, this.recent));
		this.trim();
	}

	/** The session's summary as of now, or `undefined` for a session this tracker never saw. */
	summary(sessionId: string): SessionSummary | undefined {
		const session = this.sessionsById.get(sessionId);
		if (!session) {
			return undefined;
		}
		const files = [...session.filesTouched];
		return {
			sessionId: session.id,
			startedAt: session.startedAt,
			endedAt: session.lastEventAt,
			durationMs: Math.max(0, session.lastEventAt - session.startedAt),
			toolCalls: session.toolCalls,
			denials: session.denials,
			asks: session.asks,
			answers: { ...session.answers },
			filesTouched: files.slice(0, SUMMARY_MAX_FILES),
			moreFilesTouched: Math.max(0, files.length - SUMMARY_MAX_FILES),
			subagents: [...session.subagents.values()].map((subagent) => ({
				agentId: subagent.agentId,
				...(subagent.agentType !== undefined && { agentType: subagent.agentType }),
				toolCalls: subagent.toolCalls,
				...(subagent.stoppedAt !== undefined && {
					durationMs: subagent.stoppedAt - subagent.startedAt,
				}),
			})),
		};
	}

	private trim(): void {
		if (this.recent.length > this.limits.maxEvents) {
			this.recent.splice(0, this.recent.length - this.limits.maxEvents);
		}
	}

	private apply(entry: RecordedEvent): void {
		const session = this.sessionFor(entry.sessionId, entry.receivedAt);
		session.lastEventAt = Math.max(session.lastEventAt, entry.answeredAt);
		const { event, decision } = entry;
		if (event.name === 'PreToolUse') {
			session.toolCalls++;
			for (const path of event.tool.paths) {
				session.filesTouched.add(path);
			}
			if (entry.agentId) {
				const subagent = session.subagents.get(entry.agentId);
				if (subagent) {
					subagent.toolCalls++;
				}
			}
		}
		if (decision.verdict === 'deny' || decision.stop) {
			session.denials++;
		}
		if (entry.approval || decision.verdict === 'ask') {
			session.asks++;
		}
		if (entry.approval) {
			session.answers[answerKey(entry.approval)]++;
		}
		if (event.name === 'SubagentStart' && decision.verdict !== 'deny') {
			// The Copilot runtime names no subagent at its start (its subagent runs as a session of its own): it still
			// counts against the session's limit, under a key of its own, but nothing is attributed to it.
			const agentId = event.agentId ?? `unnamed-${session.subagents.size + 1}`;
			session.subagents.set(agentId, {
				agentId,
				agentType: event.agentType ?? event.agentName,
				startedAt: entry.receivedAt,
				toolCalls: 0,
			});
			if (event.agentId !== undefined) {
				session.running.push(event.agentId);
			}
		}
		if (event.name === 'SubagentStop' && event.agentId) {
			const subagent = session.subagents.get(event.agentId);
			if (subagent && !(decision.verdict === 'deny' || decision.blockReasons)) {
				subagent.stoppedAt = entry.answeredAt;
				const index = session.running.indexOf(event.agentId);
				if (index >= 0) {
					session.running.splice(index, 1);
				}
			}
		}
		if (event.name === 'Stop' || event.name === 'SessionEnd') {
			session.stopped = !(decision.verdict === 'deny' || decision.blockReasons);
		}
		if (event.name === 'SessionEnd' && event.reason !== undefined) {
			session.endReason = event.reason;
		}
		if (event.name === 'PostToolUseFailure') {
			session.failedToolCalls++;
		}
		if (event.name === 'ErrorOccurred') {
			session.errors++;
		}
	}

	/** Recorded events, oldest first, at most `maxEvents`. */
	events(): readonly RecordedEvent[] {
		return this.recent;
	}

	/** Every tracked session, most recently active first. */
	sessions(): SessionState[] {
		return [...this.sessionsById.values()].sort((a, b) => b.lastEventAt - a.lastEventAt);
	}

	/** One session by id. */
	session(id: string): SessionState | undefined {
		return this.sessionsById.get(id);
	}

	/** Drops every event and session (the *Clear* action). */
	clear(): void {
		this.sessionsById.clear();
		this.recent.length = 0;
	}

	private sessionFor(id: string, at: number): SessionState {
		let session = this.sessionsById.get(id);
		if (session && at < session.startedAt) {
			// Restored history can be older than what arrived live; the session started with its first event.
			session = { ...session, startedAt: at };
			this.sessionsById.set(id, session);
		}
		if (!session) {
			session = {
				id,
				startedAt: at,
				lastEventAt: at,
				toolCalls: 0,
				denials: 0,
				asks: 0,
				answers: noAnswers(),
				filesTouched: new Set(),
				subagents: new Map(),
				running: [],
				stopped: false,
				failedToolCalls: 0,
				errors: 0,
			};
			this.sessionsById.set(id, session);
			if (this.sessionsById.size > this.limits.maxSessions) {
				const oldest = this.sessions().at(-1);
				if (oldest) {
					this.sessionsById.delete(oldest.id);
				}
			}
		}
		return session;
	}
}

/** The session id an event is grouped under. */
export function sessionIdOf(event: HookEvent): string {
	return event.sessionId ?? NO_SESSION;
}

function answerKey(approval: ApprovalResolution): keyof ApprovalAnswers {
	switch (approval.kind) {
		case 'allowed':
			return approval.scope === 'once'
				? 'allowedOnce'
				: approval.scope === 'session'
					? 'allowedForSession'
					: 'allowedAlways';
		case 'denied':
			return 'denied';
		case 'timedOut':
			return 'timedOut';
		case 'gone':
			return 'gone';
	}
}

function mergeByAnswer(a: readonly RecordedEvent[], b: readonly RecordedEvent[]): RecordedEvent[] {
	const merged: RecordedEvent[] = [];
	let i = 0;
	let j = 0;
	while (i < a.length || j < b.length) {
		const left = a[i];
		const right = b[j];
		if (left && (!right || left.answeredAt <= right.answeredAt)) {
			merged.push(left);
			i++;
		} else if (right) {
			merged.push(right);
			j++;
		}
	}
	return merged;
}
