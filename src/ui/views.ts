import * as vscode from 'vscode';

import type { SessionGrants } from '../core/approvals/sessionGrants';
import type { ProviderState } from '../core/provider/compositeHooksProvider';
import type { SessionTracker } from '../core/sessions/sessionTracker';
import { COMMANDS, VIEWS } from '../host/commandIds';
import type { ContextKeySetter } from '../host/contextKeys';
import type { PauseState } from '../host/pauseState';
import type { HookDiagnostics } from '../host/installer/hookDiagnostics';
import type { PolicyConfig } from '../host/policyConfig';
import { createApprovalsView } from './approvals/approvalsTreeProvider';
import type { ApprovalService } from './approvals/approvalService';
import { isEveryEvent } from './events/eventQuery';
import { EventsTreeProvider } from './events/eventsTreeProvider';
import { primaryFolder, readCoverageInput, readPoliciesInput } from './policies/policiesInput';
import { PoliciesTreeProvider } from './policies/policiesTreeProvider';

/** What the three views show: approvals, the recorded events, and the policies in force. */
export interface ViewSources {
	readonly approvals: ApprovalService;
	readonly sessions: SessionTracker;
	/** The hooks providers in the chain, with how their last call went. */
	readonly providers: () => readonly ProviderState[];
	/** The session grants in force, listed under *Grants*. */
	readonly grants: SessionGrants;
	readonly pause: PauseState;
	readonly config: PolicyConfig;
	readonly userSettingsFile: string;
	readonly contextKeys: ContextKeySetter;
	/** The installer's diagnostics: what keeps the hosts from running Hookwarden's hook file. */
	readonly diagnostics?: HookDiagnostics;
}

// The diagnostics that mean a host runs no hook file of Hookwarden's, listed first in the Policies view.
const HOST_SWITCHES: ReadonlySet<string> = new Set([
	'hooksDisabled',
	'copilotHooksDisabled',
	'silentSession',
]);

/** The Approvals, Events and Policies views, live from their sources; the providers are returned for the commands. */
export function createViews(sources: ViewSources): {
	readonly events: EventsTreeProvider;
	readonly policies: PoliciesTreeProvider;
	readonly disposable: vscode.Disposable;
} {
	const { sessions, pause, config, contextKeys } = sources;
	const events = new EventsTreeProvider(COMMANDS.openEvent);
	for (const entry of sessions.events()) {
		events.add(entry);
	}
	const eventsView = vscode.window.createTreeView(VIEWS.events, { treeDataProvider: events });
	const policies = new PoliciesTreeProvider(
		() =>
			readPoliciesInput(config, sources.userSettingsFile, {
				providers: sources.providers,
				grants: () => sources.grants.list(),
				switchedOff: () =>
					(sources.diagnostics?.problems ?? []).filter((p) => HOST_SWITCHES.has(p.id)),
			}),
		COMMANDS.revealRule,
		() => readCoverageInput(config, sessions.events()),
	);
	let refreshTimer: ReturnType<typeof setTimeout> | undefined;
	const refreshPoliciesSoon = () => {
		refreshTimer ??= setTimeout(() => {
			refreshTimer = undefined;
			policies.refresh();
		}, 1_000);
	};
	contextKeys.set('hookwarden.paused', pause.paused);
	contextKeys.set('hookwarden.hasEvents', sessions.events().length > 0);
	contextKeys.set('hookwarden.eventsFiltered', false);
	const hasRules = () =>
		contextKeys.set('hookwarden.hasRules', config.policyFor(primaryFolder()).rules.length > 0);
	hasRules();
	const disposable = vscode.Disposable.from(
		createApprovalsView(VIEWS.approvals, sources.approvals),
		events,
		eventsView,
		// A filtered view says so, and how much it hides, where a person looks: above the rows.
		events.onDidRedraw(() => {
			const { shown, total } = events.counts();
			eventsView.message = isEveryEvent(events.filter)
				? undefined
				: `${shown} of ${total} events match “${events.filter.text}”.`;
		}),
		events.onDidChangeEmpty((empty) => contextKeys.set('hookwarden.hasEvents', !empty)),
		new vscode.Disposable(sessions.onDidRecord((entry) => events.add(entry))),
		// Provider latencies and errors change with every event; the view is redrawn at most once a second for them.
		new vscode.Disposable(sessions.onDidRecord(() => refreshPoliciesSoon())),
		new vscode.Disposable(() => clearTimeout(refreshTimer)),
		pause.onDidChange(({ paused, at }) => {
			events.addNote({ kind: paused ? 'paused' : 'resumed', at });
			contextKeys.set('hookwarden.paused', paused);
		}),
		policies,
		policies.createView(VIEWS.policies),
		config.onDidChange(() => {
			policies.refresh();
			hasRules();
		}),
		new vscode.Disposable(sources.grants.onDidChange(() => policies.refresh())),
		...(sources.diagnostics
			? [sources.diagnostics.onDidChangeProblems(() => policies.refresh())]
			: []),
	);
	return { events, policies, disposable };
}
