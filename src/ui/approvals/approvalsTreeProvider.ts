import * as vscode from 'vscode';

import { treeItemOf } from '../treeItemOf';

import type { PendingApproval } from '../../core/approvals/pendingApproval';
import { presentApproval } from './approvalPresenter';

/** What the view reads: pending approvals and the last few resolved ones, and when either changes. */
export interface ApprovalsSource {
	readonly onDidChange: vscode.Event<void>;
	pending(): readonly PendingApproval[];
	resolved(): readonly PendingApproval[];
}

const TICK_MS = 5_000;

/** The *Approvals* view: pending requests (✓/✗ inline), then how the latest ones ended. */
export class ApprovalsTreeProvider implements vscode.TreeDataProvider<PendingApproval> {
	private readonly onDidChangeTreeDataEmitter = new vscode.EventEmitter<
		PendingApproval[] | undefined
	>();
	readonly onDidChangeTreeData = this.onDidChangeTreeDataEmitter.event;

	constructor(private readonly source: ApprovalsSource) {}

	/** Redraws the whole list (new approvals, resolutions). */
	refresh(): void {
		this.onDidChangeTreeDataEmitter.fire(undefined);
	}

	/**
	 * Redraws only these items (the countdown). Redrawing the whole list drops the rows VS Code holds for it, so an
	 * *Allow Once* clicked during a tick would reach its command without its approval.
	 */
	redraw(items: readonly PendingApproval[]): void {
		this.onDidChangeTreeDataEmitter.fire([...items]);
	}

	getTreeItem(approval: PendingApproval): vscode.TreeItem {
		const view = presentApproval(approval, Date.now());
		return treeItemOf(
			{
				...view,
				id: `${view.id}${approval.settled ? ':done' : ''}`,
				...(!approval.settled && { iconColorId: 'notificationsWarningIcon.foreground' }),
			},
			vscode.TreeItemCollapsibleState.None,
		);
	}

	getChildren(element?: PendingApproval): PendingApproval[] {
		return element ? [] : [...this.source.pending(), ...this.source.resolved()];
	}

	dispose(): void {
		this.onDidChangeTreeDataEmitter.dispose();
	}
}

/**
 * Creates the *Approvals* tree view with a badge counting pending approvals, redrawn on every change and every few
 * seconds while anything is pending (the countdown).
 */
export function createApprovalsView(viewId: string, source: ApprovalsSource): vscode.Disposable {
	const provider = new ApprovalsTreeProvider(source);
	const view = vscode.window.createTreeView(viewId, { treeDataProvider: provider });
	let timer: ReturnType<typeof setInterval> | undefined;
	const update = () => {
		const count = source.pending().length;
		view.badge =
			count > 0
				? { value: count, tooltip: `${count} approval${count === 1 ? '' : 's'} waiting` }
				: undefined;
		provider.refresh();
		if (count > 0 && !timer) {
			timer = setInterval(() => provider.redraw(source.pending()), TICK_MS);
		} else if (count === 0 && timer) {
			clearInterval(timer);
			timer = undefined;
		}
	};
	const subscription = source.onDidChange(update);
	return new vscode.Disposable(() => {
		clearInterval(timer);
		subscription.dispose();
		view.dispose();
		provider.dispose();
	});
}
