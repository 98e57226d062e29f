import * as vscode from 'vscode';

import type {
	CompositeHooksProvider,
	ProviderRegistration,
} from '../core/provider/compositeHooksProvider';
import type { HooksProvider } from '../core/provider/hooksProvider';
import type { RecordedEvent } from '../core/sessions/recordedEvent';
import type { SessionState, SessionTracker } from '../core/sessions/sessionTracker';

/** The API Hookwarden exports to other extensions (`vscode.extensions.getExtension('hookwarden.hookwarden')?.exports`). */
export interface HookwardenApi {
	readonly apiVersion: 1;
	/**
	 * Adds a provider to the chain that decides every hook event. Lower `priority` merges first (Hookwarden's own
	 * policy is 0, the default 100); `timeoutMs` (default 5000) bounds each answer; `failAction` says what a crash or
	 * timeout means: `warn` (default), `block` (a real deny) or `ignore`.
	 */
	registerHooksProvider(
		provider: HooksProvider,
		options?: Omit<ProviderRegistration, 'provider'>,
	): vscode.Disposable;
	/** Fires for every hook event this window answered, with its decision and provenance. */
	readonly onDidRecordEvent: vscode.Event<RecordedEvent>;
	/** The events this window answered, oldest first (bounded; the newest are kept). */
	recentEvents(): readonly RecordedEvent[];
	/** Per-session counts (tool calls, denials, asks, files touched, subagents), most recently active first. */
	sessions(): readonly SessionState[];
}

/** Builds the exported API over the window's provider chain; each registration is logged and undone on dispose. */
export function createHookwardenApi(
	chain: CompositeHooksProvider,
	sessions: SessionTracker,
	log: vscode.LogOutputChannel,
): { api: HookwardenApi; disposable: vscode.Disposable } {
	const recorded = new vscode.EventEmitter<RecordedEvent>();
	const unsubscribe = sessions.onDidRecord((event) => recorded.fire(event));
	const api: HookwardenApi = {
		apiVersion: 1,
		onDidRecordEvent: recorded.event,
		recentEvents: () => sessions.events(),
		sessions: () => sessions.sessions(),
		registerHooksProvider(provider, options = {}) {
			const remove = chain.register({ ...options, provider });
			log.info(
				`hooks provider '${provider.id}' registered (priority ${options.priority ?? 100}, failAction ${options.failAction ?? 'warn'})`,
			);
			return new vscode.Disposable(() => {
				remove();
				log.info(`hooks provider '${provider.id}' removed`);
			});
		},
	};
	return { api, disposable: vscode.Disposable.from(recorded, new vscode.Disposable(unsubscribe)) };
}
