import * as vscode from 'vscode';

import type { ReadableDocument, ReadableDocumentPort } from '../../host/documentPort';
import { markdownHtml } from './markdownHtml';
import { webviewPage } from './webviewPage';

/** The webview panel type of Hookwarden's documents. */
export const DOCUMENT_VIEW_TYPE = 'hookwarden.document';

/**
 * Shows documents rendered in webview panels, one panel per document key: an event's details, a replay, the audit
 * log, an explanation. A webview is read-only and no text editor, so nothing here is ever attached to a Chat prompt as
 * the active file. The page runs no script; `command:` links run only the commands listed here.
 */
export class ReadableDocuments implements ReadableDocumentPort, vscode.Disposable {
	private readonly panels = new Map<string, vscode.WebviewPanel>();

	constructor(
		private readonly extensionUri: vscode.Uri,
		private readonly allowedCommands: readonly string[],
	) {}

	show(document: ReadableDocument): void {
		let panel = this.panels.get(document.key);
		if (panel) {
			panel.reveal(undefined, false);
		} else {
			panel = vscode.window.createWebviewPanel(
				DOCUMENT_VIEW_TYPE,
				document.title,
				{ viewColumn: vscode.ViewColumn.Active, preserveFocus: false },
				{
					enableScripts: false,
					enableCommandUris: [...this.allowedCommands],
					localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'media')],
					enableFindWidget: true,
				},
			);
			panel.iconPath = vscode.Uri.joinPath(this.extensionUri, 'media', 'hookwarden.svg');
			const key = document.key;
			panel.onDidDispose(() => this.panels.delete(key));
			this.panels.set(key, panel);
		}
		panel.title = document.title;
		panel.webview.html = webviewPage({
			title: document.title,
			body: `<main class="document">${markdownHtml(document.markdown)}</main>`,
			cspSource: panel.webview.cspSource,
			styles: [
				panel.webview
					.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'media', 'webview.css'))
					.toString(),
			],
		});
	}

	dispose(): void {
		for (const panel of this.panels.values()) {
			panel.dispose();
		}
		this.panels.clear();
	}
}
