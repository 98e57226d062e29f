import * as vscode from 'vscode';

import { treeItemOf } from '../treeItemOf';

import type { RecordedEvent } from '../../core/sessions/recordedEvent';
import type { EventsItemView, EventsNote } from './eventPresenter';
import { presentEvent, presentNote, presentSession, presentSubagent } from './eventPresenter';
import type { EventsFilter, EventsNode } from './eventsModel';
import { EventsModel } from './eventsModel';

const DEBOUNCE_MS = 100;

/**
 * The *Events* view's provider: a thin adapter over {@link EventsModel}. Bursts of events are batched (one refresh
 * per {@link DEBOUNCE_MS}) and only the sessions that changed are refreshed, unless the top level changed.
 */
export class EventsTreeProvider implements vscode.TreeDataProvider<EventsNode>, vscode.Disposable {
	private readonly model = new EventsModel();

	/** `openCommand` shows an event's details; the tree passes it the event's sequence number. */
	constructor(private readonly openCommand: string) {}

	private readonly onDidChangeTreeDataEmitter = new vscode.EventEmitter<
		EventsNode | EventsNode[] | undefined
	>();
	private readonly onDidChangeEmptyEmitter = new vscode.EventEmitter<boolean>();
	private readonly onDidRedrawEmitter = new vscode.EventEmitter<void>();
	private pending: Set<EventsNode> | 'root' | undefined;
	private timer: ReturnType<typeof setTimeout> | undefined;
	readonly onDidChangeTreeData = this.onDidChangeTreeDataEmitter.event;
	/** Fires with `true` when the view becomes empty, `false` when it gets its first item. */
	readonly onDidChangeEmpty = this.onDidChangeEmptyEmitter.event;
	/** Fires after the tree was told to redraw (a batch of events, a filter, *Clear*). */
	readonly onDidRedraw = this.onDidRedrawEmitter.event;

	/** Adds an event to the view. */
	add(entry: RecordedEvent): void {
		const wasEmpty = this.model.isEmpty;
		this.schedule(this.model.add(entry));
		if (wasEmpty) {
			this.onDidChangeEmptyEmitter.fire(false);
		}
	}

	/** Adds a pause or resume line to the view. */
	addNote(note: EventsNote): void {
		const wasEmpty = this.model.isEmpty;
		this.schedule(this.model.addNote(note));
		if (wasEmpty) {
			this.onDidChangeEmptyEmitter.fire(false);
		}
	}

	/** Empties the view (*Clear*). */
	clear(): void {
		this.model.clear();
		this.schedule({ root: true });
		this.onDidChangeEmptyEmitter.fire(true);
	}

	get filter(): EventsFilter {
		return this.model.currentFilter;
	}

	/** Changes what the view shows; redraws it at once. */
	setFilter(filter: EventsFilter): void {
		this.model.setFilter(filter);
		this.schedule({ root: true });
	}

	/** An event the view still holds, by its sequence number. */
	eventBySequence(sequence: number): RecordedEvent | undefined {
		return this.model.eventBySequence(sequence)?.entry;
	}

	/** The tools and rules of the events held, for the search box's suggestions. */
	vocabulary(): { readonly tools: readonly string[]; readonly rules: readonly string[] } {
		return this.model.vocabulary();
	}

	/** How many events the view holds, and how many of them pass the filter. */
	counts(): { readonly total: number; readonly shown: number } {
		return { total: this.model.size, shown: this.model.visibleTotal() };
	}

	getTreeItem(node: EventsNode): vscode.TreeItem {
		const view = this.present(node);
		const collapsible =
			node.kind === 'session'
				? vscode.TreeItemCollapsibleState.Expanded
				: node.kind === 'subagent'
					? vscode.TreeItemCollapsibleState.Collapsed
					: vscode.TreeItemCollapsibleState.None;
		return treeItemOf(
			{ ...view, id: node.key },
			collapsible,
			node.kind === 'event'
				? {
						command: this.openCommand,
						title: 'Open Event Details',
						arguments: [node.entry.sequence],
					}
				: undefined,
		);
	}

	getChildren(node?: EventsNode): EventsNode[] {
		return this.model.children(node);
	}

	getParent(node: EventsNode): EventsNode | undefined {
		return this.model.parent(node);
	}

	dispose(): void {
		clearTimeout(this.timer);
		this.onDidChangeTreeDataEmitter.dispose();
		this.onDidChangeEmptyEmitter.dispose();
		this.onDidRedrawEmitter.dispose();
	}

	private present(node: EventsNode): EventsItemView {
		switch (node.kind) {
			case 'session':
				return presentSession(node.sessionId, {
					...(node.title !== undefined && { title: node.title }),
					startedAt: node.startedAt,
					lastAt: node.lastAt,
					events: this.model.visibleCount(node),
					denied: node.denied,
					...(node.harness !== undefined && { harness: node.harness }),
				});
			case 'subagent':
				return presentSubagent(node.agentId, node.agentType, this.model.visibleCount(node));
			case 'event':
				return presentEvent(node.entry);
			case 'note':
				return presentNote(node.note);
		}
	}

	private schedule(
		change: { readonly root: true } | { readonly nodes: readonly EventsNode[] },
	): void {
		if ('root' in change) {
			this.pending = 'root';
		} else if (this.pending !== 'root') {
			this.pending ??= new Set();
			for (const node of change.nodes) {
				this.pending.add(node);
			}
		}
		this.timer ??= setTimeout(() => {
			this.timer = undefined;
			const pending = this.pending;
			this.pending = undefined;
			this.onDidChangeTreeDataEmitter.fire(
				pending === 'root' || !pending ? undefined : [...pending],
			);
			this.onDidRedrawEmitter.fire();
		}, DEBOUNCE_MS);
	}
}
