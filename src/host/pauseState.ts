import * as vscode from 'vscode';

/**
 * Whether Hookwarden's decisions are paused. While paused the pipeline gives every event no opinion (and still
 * records it); each pause and resume is logged and announced through {@link onDidChange}.
 */
export class PauseState implements vscode.Disposable {
	private value = false;
	private readonly onDidChangeEmitter = new vscode.EventEmitter<{ paused: boolean; at: number }>();
	/** Fires after each pause or resume, with when it happened. */
	readonly onDidChange = this.onDidChangeEmitter.event;

	constructor(private readonly log: vscode.LogOutputChannel) {}

	get paused(): boolean {
		return this.value;
	}

	/** Pauses or resumes; does nothing when already in that state. */
	set(paused: boolean): void {
		if (paused === this.value) {
			return;
		}
		this.value = paused;
		this.log.info(
			paused
				? 'Hookwarden paused: hook events get no opinion until resumed'
				: 'Hookwarden resumed: rules decide hook events again',
		);
		this.onDidChangeEmitter.fire({ paused, at: Date.now() });
	}

	dispose(): void {
		this.onDidChangeEmitter.dispose();
	}
}
