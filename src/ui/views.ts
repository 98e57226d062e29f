import * as vscode from 'vscode';

import type { ProviderState } from '../core/provider/compositeHooksProvider';
import type { SessionTracker } from '../core/sessions/sessionTracker';
import { COMMANDS, VIEWS } from '../host/commandIds';
import type { ContextKeySetter } from '../host/contextKeys';
import type { PauseState } from '../host/pauseState';
import type { PolicyConfig } from '../host/policyConfig';
import { createApprovalsView } from './approvals/approvalsTreeProvider';
import type { ApprovalService } from './approvals/approvalService';
import { EVENT_SCHEME, EventsTreeProvider } from './events/eventsTreeProvider';
import { readCoverageInput, readPoliciesInput } from './policies/policiesInput';
import { PoliciesTreeProvider } from './policies/policiesTreeProvider';

/** What the three views show: approvals, the recorded events, and the policies in force. */
export interface ViewSources {
	readonly approvals: ApprovalService;
	readonly sessions: SessionTracker;
	/** The hooks providers in the chain, with how their last call went. */
	readonly providers: () => readonly ProviderState[];
	readonly pause: PauseState;
	readonly config: PolicyConfig;
	readonly userSettingsFile: string;
	readonly contextKeys: ContextKeySetter;
}

/** The Approvals, Events and Policies views, live from their sources; the providers are returned for the commands. */
export function createViews(sources: ViewSources): {
	readonly events: EventsTreeProvider;
	readonly policies: PoliciesTreeProvider;
	readonly disposable: vscode.Disposable;
} {
	const { sessions, pause, config, contextKeys } = sources;
	const events = new EventsTreeProvider();
	for (const entry of sessions.events()) {
		events.add(entry);
	}
	const policies = new PoliciesTreeProvider(
		() => readPoliciesInput(config, sources.userSettingsFile, sources.providers),
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
	const disposable = vscode.Disposable.from(
		createApprovalsView(VIEWS.approvals, sources.approvals),
		events,
		vscode.window.createTreeView(VIEWS.events, { treeDataProvider: events }),
		vscode.workspace.registerTextDocumentContentProvider(EVENT_SCHEME, events),
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
		vscode.window.createTreeView(VIEWS.policies, { treeDataProvider: policies }),
		config.onDidChange(() => policies.refresh()),
	);
	return { events, policies, disposable };
}
