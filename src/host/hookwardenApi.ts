import * as vscode from 'vscode';

import type { CompositeHooksProvider, ProviderRegistration } from '../core/provider/compositeHooksProvider';
import type { HooksProvider } from '../core/provider/hooksProvider';

/** The API Hookwarden exports to other extensions (`vscode.extensions.getExtension('hookwarden.hookwarden')?.exports`). */
export interface HookwardenApi {
	readonly apiVersion: 1;
	/**
	 * Adds a provider to the chain that decides every hook event. Lower `priority` merges first (Hookwarden's own
	 * policy is 0, the default 100); `timeoutMs` (default 5000) bounds each answer; `failAction` says what a crash or
	 * timeout means: `warn` (default), `block` (a real deny) or `ignore`.
	 */
	registerHooksProvider(provider: HooksProvider, options?: Omit<ProviderRegistration, 'provider'>): vscode.Disposable;
}

/** Builds the exported API over the window's provider chain; each registration is logged and undone on dispose. */
export function createHookwardenApi(chain: CompositeHooksProvider, log: vscode.LogOutputChannel): HookwardenApi {
	return {
		apiVersion: 1,
		registerHooksProvider(provider, options = {}) {
			const remove = chain.register({ ...options, provider });
			log.info(`hooks provider '${provider.id}' registered (priority ${options.priority ?? 100}, failAction ${options.failAction ?? 'warn'})`);
			return new vscode.Disposable(() => {
				remove();
				log.info(`hooks provider '${provider.id}' removed`);
			});
		},
	};
}
