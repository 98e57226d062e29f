import * as vscode from 'vscode';

/** What every Hookwarden tree row shows, as its pure presenter describes it. */
export interface TreeRowView {
	readonly id: string;
	readonly label: string;
	readonly description?: string;
	readonly tooltip?: string | vscode.MarkdownString;
	readonly iconId: string;
	readonly iconColorId?: string;
	readonly contextValue?: string;
}

/** The one place a presenter's row becomes a `TreeItem`, so the three views cannot drift in how rows look. */
export function treeItemOf(
	view: TreeRowView,
	collapsible: vscode.TreeItemCollapsibleState,
	command?: vscode.Command,
): vscode.TreeItem {
	const item = new vscode.TreeItem(view.label, collapsible);
	item.id = view.id;
	item.description = view.description;
	item.tooltip = view.tooltip;
	item.iconPath = new vscode.ThemeIcon(
		view.iconId,
		view.iconColorId ? new vscode.ThemeColor(view.iconColorId) : undefined,
	);
	item.contextValue = view.contextValue;
	if (command) {
		item.command = command;
	}
	return item;
}
