import * as vscode from 'vscode';

import { treeItemOf } from '../treeItemOf';

import type { CoverageInput } from './groups/harnessesGroup';
import { presentCoverage } from './groups/harnessesGroup';
import type { PolicyDrawing } from './policyDrawing';
import { changedRows, drawingOf } from './policyDrawing';
import type { PoliciesInput, PolicyNodeView } from './policyPresenter';
import { presentPolicies } from './policyPresenter';

/**
 * The *Policies* view: effective rules and packs by where they come from; a rule click jumps to it. Its elements are
 * the rows' keys, not the presented objects, so a row keeps its identity across redraws and a command handed a row
 * reads what the row shows now (`node`).
 */
export class PoliciesTreeProvider implements vscode.TreeDataProvider<string>, vscode.Disposable {
	private readonly onDidChangeTreeDataEmitter = new vscode.EventEmitter<string[] | undefined>();
	private drawing: PolicyDrawing | undefined;
	/** The drawing before the last one, for a row VS Code asks about before it has re-read its parent. */
	private previous: PolicyDrawing | undefined;
	/** The view showing this tree; while it is hidden, nothing is drawn until it is shown again. */
	private view: vscode.TreeView<string> | undefined;
	readonly onDidChangeTreeData = this.onDidChangeTreeDataEmitter.event;

	constructor(
		private readonly read: () => PoliciesInput,
		private readonly revealCommand: string,
		private readonly readCoverage?: () => CoverageInput,
	) {}

	/**
	 * Re-reads the settings and redraws what changed. Redrawing the whole tree drops every row VS Code holds, so an
	 * inline action clicked meanwhile (*Revoke*) would reach its command without its row; a redraw once a second
	 * for events made that happen.
	 */
	refresh(): void {
		if (this.view && !this.view.visible) {
			// Nobody can click a hidden row: forget the drawing and let VS Code ask again when the view is shown.
			this.drawing = undefined;
			this.previous = undefined;
			this.onDidChangeTreeDataEmitter.fire(undefined);
			return;
		}
		const before = this.drawing;
		this.previous = before;
		this.drawing = this.draw();
		const changed = before ? changedRows(before, this.drawing) : 'all';
		if (changed === 'all') {
			this.onDidChangeTreeDataEmitter.fire(undefined);
		} else if (changed.length > 0) {
			this.onDidChangeTreeDataEmitter.fire([...changed]);
		}
	}

	/** Creates the tree view that shows this provider's rows. */
	createView(viewId: string): vscode.TreeView<string> {
		this.view = vscode.window.createTreeView(viewId, { treeDataProvider: this });
		return this.view;
	}

	/** The row with this key as the view shows it now. */
	node(key: string): PolicyNodeView | undefined {
		return this.current().nodes.get(key) ?? this.previous?.nodes.get(key);
	}

	getTreeItem(key: string): vscode.TreeItem {
		const node = this.node(key);
		if (!node) {
			return new vscode.TreeItem('', vscode.TreeItemCollapsibleState.None);
		}
		return treeItemOf(
			{ ...node, id: node.key },
			node.children
				? vscode.TreeItemCollapsibleState.Expanded
				: vscode.TreeItemCollapsibleState.None,
			node.open
				? { command: node.open.command, title: node.label, arguments: [...node.open.arguments] }
				: node.reveal && {
						command: this.revealCommand,
						title: 'Go to Rule',
						arguments: [node.reveal.file, node.reveal.index, node.reveal.setting],
					},
		);
	}

	getChildren(key?: string): string[] {
		if (key === undefined) {
			return [...this.current().roots];
		}
		return (this.node(key)?.children ?? []).map((child) => child.key);
	}

	private current(): PolicyDrawing {
		this.drawing ??= this.draw();
		return this.drawing;
	}

	private draw(): PolicyDrawing {
		const coverage = this.readCoverage && presentCoverage(this.readCoverage());
		return drawingOf([...presentPolicies(this.read()), ...(coverage ? [coverage] : [])]);
	}

	dispose(): void {
		this.onDidChangeTreeDataEmitter.dispose();
	}
}
