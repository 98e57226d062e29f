/*
 * Which other hook files answer before Hookwarden's in the Copilot runtime (the Copilot CLI, VS Code's Copilot harness,
 * an SDK app running hook files). Measured on runtime 1.0.85 and CLI 1.0.102 (docs/decisions/agent-host.md): user hooks
 * (`~/.copilot/hooks`) run before the repository's (`.github/hooks`), the files of one folder in reverse name order,
 * and the first preToolUse hook that answers deny or ask ends the chain, so no later hook is asked. Pure: the caller
 * reads the folders.
 */
import type { HookRegistration, HookScope } from './hookFile';

/** A hook file in one of the Copilot runtime's hook folders. */
export interface RuntimeHookFile {
	readonly path: string;
	/** `user`: `~/.copilot/hooks`; `workspace`: the repository's `.github/hooks`. */
	readonly scope: HookScope;
	readonly registrations: readonly HookRegistration[];
}

/** The event whose first deny or ask ends the chain in the Copilot runtime. */
export const FIRST_ANSWER_EVENT = 'PreToolUse';

/** The files in the order the Copilot runtime runs them: user scope first, then each folder's files Z to A by name. */
export function runtimeOrder(files: readonly RuntimeHookFile[]): RuntimeHookFile[] {
	const name = (path: string) => path.split(/[\\/]/).pop() ?? path;
	return [...files].sort((a, b) =>
		a.scope !== b.scope
			? a.scope === 'user'
				? -1
				: 1
			: name(a.path) < name(b.path)
				? 1
				: name(a.path) > name(b.path)
					? -1
					: 0,
	);
}

/**
 * The other files whose preToolUse hooks the Copilot runtime runs before Hookwarden's first one: a deny or ask from any
 * of them answers first, and Hookwarden never sees that call. Empty when Hookwarden is not registered for PreToolUse.
 */
export function filesAnsweringFirst(files: readonly RuntimeHookFile[]): RuntimeHookFile[] {
	const ordered = runtimeOrder(files);
	const registers = (file: RuntimeHookFile, ours: boolean) =>
		file.registrations.some((r) => r.event === FIRST_ANSWER_EVENT && r.ours === ours);
	const first = ordered.findIndex((file) => registers(file, true));
	if (first < 0) {
		return [];
	}
	return ordered.slice(0, first).filter((file) => registers(file, false));
}
