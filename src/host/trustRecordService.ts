import * as vscode from 'vscode';

import { recordFolderTrust } from '../node/settings/trustRecord';

/**
 * Tells the headless bridge which folders a person trusts in VS Code, by keeping the signed trust record in global
 * storage (where the bridge looks, see bridgeGlobalStorage) in line with this window's workspace trust. Without it,
 * workspace settings only tighten the policy while VS Code is closed.
 */
export class TrustRecordService implements vscode.Disposable {
	private readonly subscriptions: vscode.Disposable[];

	constructor(
		private readonly globalStorage: string,
		private readonly secret: string,
		private readonly log: vscode.LogOutputChannel,
	) {
		this.subscriptions = [
			vscode.workspace.onDidGrantWorkspaceTrust(() => this.record()),
			vscode.workspace.onDidChangeWorkspaceFolders(() => this.record()),
		];
		this.record();
	}

	dispose(): void {
		vscode.Disposable.from(...this.subscriptions).dispose();
	}

	private record(): void {
		const folders = (vscode.workspace.workspaceFolders ?? [])
			.filter((folder) => folder.uri.scheme === 'file')
			.map((folder) => folder.uri.fsPath);
		if (folders.length === 0) {
			return;
		}
		const trusted = vscode.workspace.isTrusted;
		try {
			if (recordFolderTrust(this.globalStorage, this.secret, folders, trusted)) {
				this.log.info(
					`recorded ${folders.join(', ')} as ${trusted ? 'trusted' : 'not trusted'} for hooks decided while VS Code is closed`,
				);
			}
		} catch (error) {
			this.log.warn(
				`cannot record workspace trust for headless hooks: ${error instanceof Error ? error.message : String(error)}`,
			);
		}
	}
}
