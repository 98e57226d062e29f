import * as vscode from 'vscode';

import { treeItemOf } from '../treeItemOf';

import type { RecordedEvent } from '../../core/sessions/recordedEvent';
import type { EventsItemView, EventsNote } from './eventPresenter';
import {
	eventDocumentName,
	presentEvent,
	presentNote,
	presentSession,
	presentSubagent,
	renderEventDocument,
} from './eventPresenter';
import type { EventsFilter, EventsNode } from './eventsModel';
import { EventsModel } from './eventsModel';

/** The URI scheme of the read-only event documents. */
export const EVENT_SCHEME = 'hookwarden-event';

const DEBOUNCE_MS = 100;

/**
 * The *Events* view's provider: a thin adapter over {@link EventsModel}. Bursts of events are batched (one refresh
 * per {@link DEBOUNCE_MS}) and only the sessions that changed are refreshed, unless the top level changed.
 */
export class EventsTreeProvider
	implements
		vscode.TreeDataProvider<EventsNode>,
		vscode.TextDocumentContentProvider,
		vscode.Disposable
{
	private readonly model = new EventsModel();
	private readonly onDidChangeTreeDataEmitter = new vscode.EventEmitter<
		EventsNode | EventsNode[] | undefined
	>();
	private readonly onDidChangeEmptyEmitter = new vscode.EventEmitter<boolean>();
	private pending: Set<EventsNode> | 'root' | undefined;
	private timer: ReturnType<typeof setTimeout> | undefined;
	readonly onDidChangeTreeData = this.onDidChangeTreeDataEmitter.event;
	/** Fires with `true` when the view becomes empty, `false` when it gets its first item. */
	readonly onDidChangeEmpty = this.onDidChangeEmptyEmitter.event;

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

	/** The `hookwarden-event:` URI of an event's document. */
	documentUri(entry: RecordedEvent): vscode.Uri {
		return vscode.Uri.from({ scheme: EVENT_SCHEME, path: `/${eventDocumentName(entry)}` });
	}

	provideTextDocumentContent(uri: vscode.Uri): string {
		const sequence = Number.parseInt(uri.path.replace(/^\//, ''), 10);
		const node = this.model.eventBySequence(sequence);
		return node
			? renderEventDocument(node.entry)
			: `// Event ${sequence} is no longer held: the view keeps the newest 10,000 events, and Clear empties it.\n`;
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
						command: 'vscode.open',
						title: 'Open Event Details',
						arguments: [this.documentUri(node.entry), { preview: true }],
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
	}

	private present(node: EventsNode): EventsItemView {
		switch (node.kind) {
			case 'session':
				return presentSession(
					node.sessionId,
					{
						events: this.model.visibleCount(node),
						denied: node.denied,
						lastAt: node.lastAt,
					},
					node.harness,
				);
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
		}, DEBOUNCE_MS);
	}
}
