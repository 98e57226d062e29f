import { homedir } from 'node:os';

import type { DefaultHooksProviderOptions } from '../sdk/defaultProvider';
import { DefaultHooksProvider as PolicyWithoutGrammar } from '../sdk/defaultProvider';
import { ownStateLocations } from '../node/ownStateLocations';
import { createShellReader } from './shellReader';

/**
 * Hookwarden's settings-driven policy as the installed package provides it: the same provider as the pure SDK, but
 * reading shell lines with the bridge's tree-sitter grammar and guarding Hookwarden's own files on this machine, so
 * it decides a call as the bridge does. `homeDir` defaults to this user's home; `analyzeShell` and `ownState` may
 * still be passed to read or guard otherwise.
 */
export class DefaultHooksProvider extends PolicyWithoutGrammar {
	constructor(options: DefaultHooksProviderOptions) {
		const homeDir = options.homeDir ?? homedir();
		super({
			...options,
			homeDir,
			analyzeShell: options.analyzeShell ?? createShellReader(),
			ownState: options.ownState ?? ownStateLocations(process.env, homeDir),
		});
	}
}
