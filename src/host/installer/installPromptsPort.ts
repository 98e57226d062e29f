import type { HookScope } from './hookFile';

/**
 * The questions the installer asks a person, answered by the ui layer (ui/prompts/installPrompts.ts); the installer
 * takes this port so it never imports the ui, and tests answer it directly.
 */
export interface InstallPrompts {
	/** Where to install: once after the first activation (`firstRun`) or from *Install Hooks*; `undefined` declines. */
	askInstallScope(options: {
		readonly firstRun: boolean;
		readonly hasWorkspace: boolean;
	}): Promise<HookScope | undefined>;
	/** The path of the workspace folder that gets the workspace hook file (asked in a multi-root window). */
	pickFolderForHooks(): Promise<string | undefined>;
	/** Whether to remove a hook file someone edited since Hookwarden wrote it. */
	confirmUninstall(file: string): Promise<boolean>;
	/** Whether to replace a hook file Hookwarden did not write (or cannot read). */
	confirmReplaceHookFile(file: string): Promise<boolean>;
}
