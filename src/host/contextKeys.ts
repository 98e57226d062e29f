import * as vscode from 'vscode';

/** Every context key Hookwarden sets, with its value type; `when` clauses in package.json use only these and `config.*`. */
export interface ContextKeys {
	/** Approvals waiting for a person. */
	'hookwarden.pendingApprovals': number;
	/** Decisions are paused: every event gets no opinion. */
	'hookwarden.paused': boolean;
	/** A hook file VS Code reads registers Hookwarden. */
	'hookwarden.hooksInstalled': boolean;
	/** Hookwarden is registered but a VS Code switch (`chat.useHooks`, managed hooks only) keeps it from running. */
	'hookwarden.hooksDisabled': boolean;
	/** That switch is `chat.hooks.allowManagedOnly`, whose fix is an administrator's, not the person's. */
	'hookwarden.hooksManagedOnly': boolean;
	/** The Events view has anything to show. */
	'hookwarden.hasEvents': boolean;
	/** A verdict or event-kind filter hides some events. */
	'hookwarden.eventsFiltered': boolean;
	/** The policy in force has rules of its own (the walkthrough ticks its step). */
	'hookwarden.hasRules': boolean;
	/** A person answered an approval in this window (the walkthrough ticks its step). */
	'hookwarden.answeredApproval': boolean;
	/** The walkthrough's copies of the keys its steps tick by (see {@link WALKTHROUGH_KEYS}). */
	'hookwarden.walkthrough.hooksInstalled': boolean;
	'hookwarden.walkthrough.hasRules': boolean;
	'hookwarden.walkthrough.answeredApproval': boolean;
	'hookwarden.walkthrough.hasEvents': boolean;
}

/**
 * The keys the walkthrough ticks its steps by, each copied under `hookwarden.walkthrough.*` only once the walkthrough
 * is known to be registered. VS Code's walkthrough service never ticks a step whose context key was already true when
 * it registered the walkthrough (it records the event as seen without progressing the step, and ignores it from then
 * on), and it registers extensions' walkthroughs only after its experiment service answers, which offline is a 5 s
 * timeout: a key Hookwarden set at activation could be true by then, and the step stayed unticked for the session.
 */
const WALKTHROUGH_KEYS = {
	'hookwarden.hooksInstalled': 'hookwarden.walkthrough.hooksInstalled',
	'hookwarden.hasRules': 'hookwarden.walkthrough.hasRules',
	'hookwarden.answeredApproval': 'hookwarden.walkthrough.answeredApproval',
	'hookwarden.hasEvents': 'hookwarden.walkthrough.hasEvents',
} as const satisfies Partial<Record<keyof ContextKeys, keyof ContextKeys>>;

/** Sets Hookwarden's context keys, skipping writes that would not change anything. */
export class ContextKeySetter {
	private readonly values = new Map<keyof ContextKeys, unknown>();
	private walkthroughArmed = false;

	set<K extends keyof ContextKeys>(key: K, value: ContextKeys[K]): void {
		if (this.values.has(key) && this.values.get(key) === value) {
			return;
		}
		this.values.set(key, value);
		void vscode.commands.executeCommand('setContext', key, value);
		const copy = (WALKTHROUGH_KEYS as Partial<Record<keyof ContextKeys, keyof ContextKeys>>)[key];
		if (copy && this.walkthroughArmed) {
			void vscode.commands.executeCommand('setContext', copy, value);
		}
	}

	/** From now on the walkthrough's keys follow theirs; called once the walkthrough is registered. */
	armWalkthrough(): void {
		if (this.walkthroughArmed) {
			return;
		}
		this.walkthroughArmed = true;
		for (const [key, copy] of Object.entries(WALKTHROUGH_KEYS)) {
			const value = this.values.get(key as keyof ContextKeys);
			if (value !== undefined) {
				void vscode.commands.executeCommand('setContext', copy, value);
			}
		}
	}
}
