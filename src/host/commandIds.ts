/**
 * Every command Hookwarden contributes, by role. `package.json` declares each one under `contributes.commands`
 * (Title Case title, `category: "Hookwarden"`, a codicon); tree-only commands are hidden from the palette there.
 */
export const COMMANDS = {
	// ---------------------------------------------------------------- hooks
	installHooks: 'hookwarden.installHooks',
	uninstallHooks: 'hookwarden.uninstallHooks',
	showHookProblems: 'hookwarden.showHookProblems',

	// ---------------------------------------------------------------- approvals (palette)
	/** Picks a pending approval (or takes one id) and asks for any answer. */
	answerApproval: 'hookwarden.answerApproval',

	// ---------------------------------------------------------------- approvals (tree items and notification links)
	allowOnce: 'hookwarden.allowOnce',
	allowForSession: 'hookwarden.allowForSession',
	alwaysAllow: 'hookwarden.alwaysAllow',
	deny: 'hookwarden.deny',
	denyWithReason: 'hookwarden.denyWithReason',
	addException: 'hookwarden.addException',
	/** Offers every answer but *Allow Once* and *Deny* that can work for the approval. */
	moreAnswers: 'hookwarden.moreAnswers',

	// ---------------------------------------------------------------- pause
	pause: 'hookwarden.pause',
	resume: 'hookwarden.resume',

	// ---------------------------------------------------------------- events
	clearEvents: 'hookwarden.clearEvents',
	filterEvents: 'hookwarden.filterEvents',
	clearEventFilter: 'hookwarden.clearEventFilter',
	/** Shows one event's details, rendered; the tree passes the event's sequence number. */
	openEvent: 'hookwarden.openEvent',
	/** Previews and restores the files of a call as they were before it ran (a row, a snapshot id, or a pick). */
	restoreFiles: 'hookwarden.restoreFiles',

	// ---------------------------------------------------------------- policies
	refreshPolicies: 'hookwarden.refreshPolicies',
	revealRule: 'hookwarden.revealRule',
	openRulesSettings: 'hookwarden.openRulesSettings',
	/** Ends a session grant, or removes an *Always Allow* rule or an exception, from the Policies view. */
	revoke: 'hookwarden.revoke',

	// ---------------------------------------------------------------- reading
	/** Asks for a command line and shows what the policy reads in it, as `--explain` does. */
	explainCommand: 'hookwarden.explainCommand',
	/** The picture of the day: decisions over time, top rules and tools, asks, time waiting for people. */
	showActivity: 'hookwarden.showActivity',

	// ---------------------------------------------------------------- audit log
	openAuditLog: 'hookwarden.openAuditLog',
	/** The audit log's JSONL file in an editor, as stored. */
	openAuditLogSource: 'hookwarden.openAuditLogSource',
	exportAuditLog: 'hookwarden.exportAuditLog',
	replaySession: 'hookwarden.replaySession',
} as const;

/** One contributed command id. */
export type CommandId = (typeof COMMANDS)[keyof typeof COMMANDS];

/** The view ids declared under `contributes.views.hookwarden`. */
export const VIEWS = {
	approvals: 'hookwarden.approvals',
	events: 'hookwarden.events',
	policies: 'hookwarden.policies',
} as const;
