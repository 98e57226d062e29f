import type { Harness } from '../../core/events/harness';
import type { RecordedEvent } from '../../core/sessions/recordedEvent';
import type { EventsNote } from './eventPresenter';
import { sessionTitleOf, verdictOf } from './eventPresenter';
import type { EventQuery } from './eventQuery';
import { EVERY_EVENT, matchesEventQuery } from './eventQuery';

/** A node of the *Events* tree; nodes keep their identity while they exist, so the view can refresh just one. */
export type EventsNode = SessionNode | SubagentNode | EventNode | NoteNode;

export interface SessionNode {
	readonly kind: 'session';
	readonly key: string;
	readonly sessionId: string;
	/** Events outside any subagent, oldest first. */
	readonly events: EventNode[];
	readonly subagents: Map<string, SubagentNode>;
	count: number;
	denied: number;
	/** The first prompt of the session, as it names the session; set by its first UserPromptSubmit. */
	title?: string;
	readonly startedAt: number;
	lastAt: number;
	/** The runtime that sent the session's latest event that named one. */
	harness?: Harness;
}

export interface SubagentNode {
	readonly kind: 'subagent';
	readonly key: string;
	readonly session: SessionNode;
	readonly agentId: string;
	agentType?: string;
	readonly events: EventNode[];
	lastAt: number;
}

export interface EventNode {
	readonly kind: 'event';
	readonly key: string;
	readonly entry: RecordedEvent;
	readonly parent: SessionNode | SubagentNode;
}

export interface NoteNode {
	readonly kind: 'note';
	readonly key: string;
	readonly note: EventsNote;
}

/** Which events the view shows: the search box's query. */
export type EventsFilter = EventQuery;

/** What changed after an update: the nodes to refresh, or `root` when the top level itself changed. */
export type EventsChange = { readonly root: true } | { readonly nodes: readonly EventsNode[] };

/**
 * The *Events* tree as data: sessions → subagents → events, newest first, bounded to `maxEvents` (the oldest
 * are dropped, and sessions left empty with them) plus `maxNotes` pause/resume notes. Pure, so it is tested
 * without VS Code and stays fast at 10,000 events.
 */
export class EventsModel {
	private readonly sessions = new Map<string, SessionNode>();
	private readonly order: EventNode[] = [];
	private head = 0;
	private readonly notes: NoteNode[] = [];
	private noteCounter = 0;
	private filter: EventsFilter = EVERY_EVENT;

	constructor(
		private readonly maxEvents = 10_000,
		private readonly maxNotes = 50,
	) {}

	/** How many events the model holds. */
	get size(): number {
		return this.order.length - this.head;
	}

	/** Whether there is anything to show (events or notes), ignoring the filter. */
	get isEmpty(): boolean {
		return this.size === 0 && this.notes.length === 0;
	}

	/** The current filter. */
	get currentFilter(): EventsFilter {
		return this.filter;
	}

	/** Replaces the filter; the whole tree changes. */
	setFilter(filter: EventsFilter): void {
		this.filter = filter;
	}

	/** Adds one recorded event; returns what to refresh. */
	add(entry: RecordedEvent): EventsChange {
		let rootChanged = false;
		let session = this.sessions.get(entry.sessionId);
		if (!session) {
			session = {
				kind: 'session',
				key: `s:${entry.sessionId}`,
				sessionId: entry.sessionId,
				events: [],
				subagents: new Map(),
				count: 0,
				denied: 0,
				startedAt: entry.receivedAt,
				lastAt: entry.receivedAt,
			};
			this.sessions.set(entry.sessionId, session);
			rootChanged = true;
		}
		const wasNewest = this.newestSession() === session;
		if (session.title === undefined && entry.event.name === 'UserPromptSubmit') {
			session.title = sessionTitleOf(entry.event.prompt);
		}
		let parent: SessionNode | SubagentNode = session;
		if (entry.agentId !== undefined) {
			let subagent = session.subagents.get(entry.agentId);
			if (!subagent) {
				subagent = {
					kind: 'subagent',
					key: `a:${entry.sessionId}:${entry.agentId}`,
					session,
					agentId: entry.agentId,
					events: [],
					lastAt: entry.receivedAt,
				};
				session.subagents.set(entry.agentId, subagent);
			}
			const event = entry.event;
			if ((event.name === 'SubagentStart' || event.name === 'SubagentStop') && event.agentType) {
				subagent.agentType = event.agentType;
			}
			subagent.lastAt = entry.receivedAt;
			parent = subagent;
		}
		const node: EventNode = { kind: 'event', key: `e:${entry.sequence}`, entry, parent };
		parent.events.push(node);
		this.order.push(node);
		session.count++;
		session.harness = entry.event.harness ?? session.harness;
		if (verdictOf(entry) === 'deny') {
			session.denied++;
		}
		session.lastAt = Math.max(session.lastAt, entry.receivedAt);
		rootChanged ||= !wasNewest;
		const changed = new Set<EventsNode>([session]);
		while (this.size > this.maxEvents) {
			const dropped = this.drop();
			if (dropped === 'session') {
				rootChanged = true;
			} else if (dropped) {
				changed.add(dropped);
			}
		}
		return rootChanged ? { root: true } : { nodes: [...changed] };
	}

	/** Adds a pause or resume note at the top level. */
	addNote(note: EventsNote): EventsChange {
		this.notes.push({ kind: 'note', key: `n:${++this.noteCounter}`, note });
		if (this.notes.length > this.maxNotes) {
			this.notes.shift();
		}
		return { root: true };
	}

	/** Drops every event and note (*Clear*). */
	clear(): void {
		this.sessions.clear();
		this.order.length = 0;
		this.head = 0;
		this.notes.length = 0;
	}

	/** The children of a node (or the top level), newest first, through the filter. */
	children(node?: EventsNode): EventsNode[] {
		if (!node) {
			const sessions = [...this.sessions.values()].filter((s) => this.visibleCount(s) > 0);
			const top: { at: number; node: EventsNode }[] = [
				...sessions.map((s) => ({ at: s.lastAt, node: s })),
				...this.notes.map((n) => ({ at: n.note.at, node: n })),
			];
			return top.sort((a, b) => b.at - a.at).map((t) => t.node);
		}
		switch (node.kind) {
			case 'session': {
				const subagents = [...node.subagents.values()]
					.filter((a) => a.events.some((e) => this.passes(e)))
					.map((a) => ({ at: a.lastAt, node: a }));
				const events = node.events
					.filter((e) => this.passes(e))
					.map((e) => ({ at: e.entry.receivedAt, node: e }));
				// Stable newest-first: later-recorded events come first on equal times.
				return [...subagents, ...events]
					.map((t, i) => ({ ...t, i }))
					.sort((a, b) => b.at - a.at || b.i - a.i)
					.map((t) => t.node);
			}
			case 'subagent':
				return node.events.filter((e) => this.passes(e)).reverse();
			default:
				return [];
		}
	}

	/** Events shown under a session or subagent through the filter. */
	visibleCount(node: SessionNode | SubagentNode): number {
		const own = node.events.filter((e) => this.passes(e)).length;
		return node.kind === 'session'
			? own + [...node.subagents.values()].reduce((sum, a) => sum + this.visibleCount(a), 0)
			: own;
	}

	/** The parent of a node, for `TreeDataProvider.getParent`. */
	parent(node: EventsNode): EventsNode | undefined {
		switch (node.kind) {
			case 'event':
				return node.parent;
			case 'subagent':
				return node.session;
			default:
				return undefined;
		}
	}

	/** Finds an event node by its sequence number, if it is still held. */
	eventBySequence(sequence: number): EventNode | undefined {
		for (let i = this.order.length - 1; i >= this.head; i--) {
			const node = this.order[i];
			if (node?.entry.sequence === sequence) {
				return node;
			}
		}
		return undefined;
	}

	private passes(node: EventNode): boolean {
		const session = node.parent.kind === 'session' ? node.parent : node.parent.session;
		return matchesEventQuery(node.entry, this.filter, session.title);
	}

	/** The tool names and rule ids of the events held, sorted, each once. */
	vocabulary(): { readonly tools: readonly string[]; readonly rules: readonly string[] } {
		const tools = new Set<string>();
		const rules = new Set<string>();
		for (let i = this.head; i < this.order.length; i++) {
			const entry = this.order[i]?.entry;
			const event = entry?.event;
			if (event && (event.name === 'PreToolUse' || event.name === 'PostToolUse')) {
				tools.add(event.tool.name);
			}
			const rule = entry?.decision.decidedBy?.ruleId;
			if (rule !== undefined) {
				rules.add(rule);
			}
		}
		return { tools: [...tools].sort(), rules: [...rules].sort() };
	}

	/** How many events pass the filter, for the view's "N of M" message. */
	visibleTotal(): number {
		let total = 0;
		for (const session of this.sessions.values()) {
			total += this.visibleCount(session);
		}
		return total;
	}

	private newestSession(): SessionNode | undefined {
		let newest: SessionNode | undefined;
		for (const session of this.sessions.values()) {
			if (!newest || session.lastAt >= newest.lastAt) {
				newest = session;
			}
		}
		return newest;
	}

	/** Drops the oldest event; returns its changed parent, or 'session' when its session went away. */
	private drop(): EventsNode | 'session' | undefined {
		const oldest = this.order[this.head];
		if (!oldest) {
			return undefined;
		}
		this.order[this.head] = undefined as unknown as EventNode;
		this.head++;
		if (this.head > 4096 && this.head * 2 > this.order.length) {
			this.order.splice(0, this.head);
			this.head = 0;
		}
		const { parent } = oldest;
		const index = parent.events.indexOf(oldest);
		if (index >= 0) {
			parent.events.splice(index, 1);
		}
		const session = parent.kind === 'session' ? parent : parent.session;
		session.count--;
		if (verdictOf(oldest.entry) === 'deny') {
			session.denied--;
		}
		if (parent.kind === 'subagent' && parent.events.length === 0) {
			session.subagents.delete(parent.agentId);
		}
		if (session.count === 0) {
			this.sessions.delete(session.sessionId);
			return 'session';
		}
		return session;
	}
}
