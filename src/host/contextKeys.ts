import * as vscode from 'vscode';

/** Every context key Hookwarden sets, with its value type; `when` clauses in package.json use only these and `config.*`. */
export interface ContextKeys {
	/** Approvals waiting for a person. */
	'hookwarden.pendingApprovals': number;
	/** Decisions are paused: every event gets no opinion. */
	'hookwarden.paused': boolean;
	/** A hook file VS Code reads registers Hookwarden. */
	'hookwarden.hooksInstalled': boolean;
	/** Hookwarden is registered but `chat.useHooks` is off. */
	'hookwarden.hooksDisabled': boolean;
	/** The Events view has anything to show. */
	'hookwarden.hasEvents': boolean;
	/** A verdict or event-kind filter hides some events. */
	'hookwarden.eventsFiltered': boolean;
	/** The policy in force has rules of its own (the walkthrough ticks its step). */
	'hookwarden.hasRules': boolean;
	/** A person answered an approval in this window (the walkthrough ticks its step). */
	'hookwarden.answeredApproval': boolean;
}

/** Sets Hookwarden's context keys, skipping writes that would not change anything. */
export class ContextKeySetter {
	private readonly values = new Map<keyof ContextKeys, unknown>();

	set<K extends keyof ContextKeys>(key: K, value: ContextKeys[K]): void {
		if (this.values.has(key) && this.values.get(key) === value) {
			return;
		}
		this.values.set(key, value);
		void vscode.commands.executeCommand('setContext', key, value);
	}
}
