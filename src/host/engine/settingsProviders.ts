import * as vscode from 'vscode';

import { describeSettingProblem } from '../../core/settings/readPolicySettings';
import type { CompositeHooksProvider } from '../../core/provider/compositeHooksProvider';
import { readProviderSettings } from '../../core/settings/providerSettings';
import { registerExternalProviders } from '../../node/providers/externalProviders';
import type { PolicyConfig } from '../policyConfig';

/**
 * Keeps the window's chain holding exactly the `hookwarden.providers` of the window's settings (user and workspace):
 * re-registered whenever a setting, the folders or the workspace trust change. Command providers from workspace
 * settings join only once the workspace is trusted.
 */
export function watchSettingsProviders(
	chain: CompositeHooksProvider,
	config: PolicyConfig,
	log: vscode.LogOutputChannel,
): vscode.Disposable {
	let remove: () => void = () => undefined;
	const reported = new Set<string>();
	const apply = () => {
		remove();
		const { providers, problems } = readProviderSettings(config.layers(undefined), {
			workspaceTrusted: () => vscode.workspace.isTrusted,
		});
		for (const problem of problems) {
			const line = describeSettingProblem(problem);
			if (!reported.has(line)) {
				reported.add(line);
				log.warn(line);
			}
		}
		remove = registerExternalProviders(chain, providers, (line) => log.warn(line));
		if (providers.length > 0) {
			log.info(`hooks providers from settings: ${providers.map((p) => p.id).join(', ')}`);
		}
	};
	apply();
	const subscription = config.onDidChange(apply);
	return new vscode.Disposable(() => {
		subscription.dispose();
		remove();
	});
}
