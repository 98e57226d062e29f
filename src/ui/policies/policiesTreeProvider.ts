import * as vscode from 'vscode';

import { treeItemOf } from '../treeItemOf';

import type { CoverageInput } from './groups/harnessesGroup';
import { presentCoverage } from './groups/harnessesGroup';
import type { PoliciesInput, PolicyNodeView } from './policyPresenter';
import { presentPolicies } from './policyPresenter';

/** The *Policies* view: effective rules and packs by where they come from; a rule click jumps to it. */
export class PoliciesTreeProvider
	implements vscode.TreeDataProvider<PolicyNodeView>, vscode.Disposable
{
	private readonly onDidChangeTreeDataEmitter = new vscode.EventEmitter<void>();
	private roots: PolicyNodeView[] | undefined;
	readonly onDidChangeTreeData = this.onDidChangeTreeDataEmitter.event;

	constructor(
		private readonly read: () => PoliciesInput,
		private readonly revealCommand: string,
		private readonly readCoverage?: () => CoverageInput,
	) {}

	/** Re-reads the settings and redraws. */
	refresh(): void {
		this.roots = undefined;
		this.onDidChangeTreeDataEmitter.fire();
	}

	getTreeItem(node: PolicyNodeView): vscode.TreeItem {
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

	getChildren(node?: PolicyNodeView): PolicyNodeView[] {
		if (node) {
			return [...(node.children ?? [])];
		}
		if (!this.roots) {
			const coverage = this.readCoverage && presentCoverage(this.readCoverage());
			this.roots = [...presentPolicies(this.read()), ...(coverage ? [coverage] : [])];
		}
		return this.roots;
	}

	dispose(): void {
		this.onDidChangeTreeDataEmitter.dispose();
	}
}
