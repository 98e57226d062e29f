import { homedir } from 'node:os';

import type { DefaultHooksProviderOptions } from '../sdk/defaultProvider';
import { DefaultHooksProvider as PolicyWithoutGrammar } from '../sdk/defaultProvider';
import { ownStateLocations } from '../node/ownStateLocations';
import { realPathOnDisk } from '../node/paths/realPathOnDisk';
import { createShellReader } from './shellReader';

/**
 * Hookwarden's settings-driven policy as the installed package provides it: the same provider as the pure SDK, but
 * reading shell lines with the bridge's tree-sitter grammar, guarding Hookwarden's own files on this machine and
 * following symbolic links already on disk, so it decides a call as the bridge does. `homeDir` defaults to this user's
 * home; `analyzeShell`, `ownState` and `realPath` may still be passed to read, guard or resolve otherwise.
 */
export class DefaultHooksProvider extends PolicyWithoutGrammar {
	constructor(options: DefaultHooksProviderOptions) {
		const homeDir = options.homeDir ?? homedir();
		super({
			...options,
			homeDir,
			analyzeShell: options.analyzeShell ?? createShellReader(),
			ownState: options.ownState ?? ownStateLocations(process.env, homeDir),
			realPath: options.realPath ?? realPathOnDisk,
		});
	}
}
