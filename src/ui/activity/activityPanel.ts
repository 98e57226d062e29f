import * as vscode from 'vscode';

import type { AuditRecord } from '../../core/audit/auditRecord';
import { dayActivity, startOfDay } from '../../core/audit/dayActivity';
import type { PendingApproval } from '../../core/approvals/pendingApproval';
import { LOCAL_TIME } from '../../core/util/timeFormat';
import { approvalSubject } from '../approvals/approvalPresenter';
import { webviewPage } from '../webviews/webviewPage';
import { activityBody } from './activityHtml';

/** What the picture of the day is drawn from, and when to draw it again. */
export interface ActivitySources {
	readonly extensionUri: vscode.Uri;
	/** Every line of the audit log. */
	readonly records: () => readonly AuditRecord[];
	/** The approvals waiting now. */
	readonly pending: () => readonly PendingApproval[];
	/** Fires when something the picture shows may have changed (an event answered, an approval opened or closed). */
	readonly onDidChange: vscode.Event<unknown>;
}

const REDRAW_MS = 1_000;

/**
 * *Today's Activity*: one webview panel with the picture of the day (see {@link activityBody}), redrawn at most once a
 * second while it is open and something changes. The page runs no script.
 */
export class ActivityPanel implements vscode.Disposable {
	private panel: vscode.WebviewPanel | undefined;
	private timer: ReturnType<typeof setTimeout> | undefined;
	private readonly subscription: vscode.Disposable;

	constructor(private readonly sources: ActivitySources) {
		this.subscription = sources.onDidChange(() => this.redrawSoon());
	}

	/** Opens the panel (or brings it to the front) and draws it. */
	show(): void {
		if (!this.panel) {
			this.panel = vscode.window.createWebviewPanel(
				'hookwarden.activity',
				'Hookwarden: Today',
				vscode.ViewColumn.Active,
				{
					enableScripts: false,
					localResourceRoots: [vscode.Uri.joinPath(this.sources.extensionUri, 'media')],
				},
			);
			this.panel.iconPath = vscode.Uri.joinPath(
				this.sources.extensionUri,
				'media',
				'hookwarden.svg',
			);
			this.panel.onDidDispose(() => {
				this.panel = undefined;
				clearTimeout(this.timer);
				this.timer = undefined;
			});
		} else {
			this.panel.reveal();
		}
		this.draw();
	}

	dispose(): void {
		clearTimeout(this.timer);
		this.subscription.dispose();
		this.panel?.dispose();
	}

	private redrawSoon(): void {
		if (this.panel) {
			this.timer ??= setTimeout(() => {
				this.timer = undefined;
				this.draw();
			}, REDRAW_MS);
		}
	}

	private draw(): void {
		const panel = this.panel;
		if (!panel) {
			return;
		}
		const now = Date.now();
		const from = startOfDay(now);
		const activity = dayActivity(this.sources.records(), from, from + 24 * 60 * 60 * 1000);
		const waiting = this.sources.pending().map((approval) => {
			const what = approvalSubject(approval.request.event);
			return {
				label: `${what.tool}: ${what.text}`,
				waitingMs: now - approval.request.createdAt,
			};
		});
		panel.webview.html = webviewPage({
			title: 'Hookwarden: Today',
			body: `<main class="activity">${activityBody({
				activity,
				waiting,
				time: LOCAL_TIME,
				sliceLabel: (ms) => `${String(new Date(ms).getHours()).padStart(2, '0')}:00`,
			})}</main>`,
			cspSource: panel.webview.cspSource,
			styles: [
				panel.webview
					.asWebviewUri(vscode.Uri.joinPath(this.sources.extensionUri, 'media', 'webview.css'))
					.toString(),
			],
		});
	}
}
