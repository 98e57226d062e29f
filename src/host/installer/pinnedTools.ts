import { realpathSync, statSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join } from 'node:path';

import type { PinnedRuntime } from './launcherScripts';

/** What the launcher runs, found and checked once when it is written. */
export interface PinnedTools {
	readonly runtime: PinnedRuntime;
	/** `curl` for the `sh` fast path; absent where no trusted copy is found (the bridge then always runs). */
	readonly curl?: string;
}

/** The facts about this machine the search needs; `startInstaller` passes the extension host's. */
export interface ToolSearch {
	readonly path: string;
	readonly platform: NodeJS.Platform;
	/** The executable VS Code runs on, and whether it is Electron (which runs scripts only with ELECTRON_RUN_AS_NODE). */
	readonly editorRuntime: PinnedRuntime;
}

/**
 * Whether `file` can be pinned: a regular executable file whose real path, and every folder above it, is owned by
 * root and writable by nobody else. Only a system install qualifies: a `node` the agent put in `~/.local/bin`, or any
 * file this user could replace, does not. On Windows, where these checks do not exist, only `Program Files` does.
 */
export function systemExecutable(file: string, platform: NodeJS.Platform): string | undefined {
	try {
		const real = realpathSync(file);
		if (platform === 'win32') {
			return /^[a-z]:\\program files( \(x86\))?\\/i.test(real) ? real : undefined;
		}
		const stat = statSync(real);
		if (!stat.isFile() || (stat.mode & 0o111) === 0 || !rootOwned(stat)) {
			return undefined;
		}
		for (let folder = dirname(real); ; folder = dirname(folder)) {
			if (!rootOwned(statSync(folder))) {
				return undefined;
			}
			if (dirname(folder) === folder) {
				return real;
			}
		}
	} catch {
		return undefined;
	}
}

function rootOwned(stat: { readonly uid: number; readonly mode: number }): boolean {
	return stat.uid === 0 && (stat.mode & 0o022) === 0;
}

/** The first `name` on PATH (absolute entries only) that {@link systemExecutable} accepts. */
export function findSystemExecutable(name: string, search: ToolSearch): string | undefined {
	const file = search.platform === 'win32' ? `${name}.exe` : name;
	for (const folder of search.path.split(search.platform === 'win32' ? ';' : delimiter)) {
		if (isAbsolute(folder)) {
			const found = systemExecutable(join(folder, file), search.platform);
			if (found) {
				return found;
			}
		}
	}
	return undefined;
}

/**
 * The runtime and tools the launcher pins: a system `node` from PATH when there is one (it starts faster than VS Code's
 * Electron), else the runtime VS Code itself runs on; `curl` only from a system install.
 */
export function findPinnedTools(search: ToolSearch): PinnedTools {
	const node = findSystemExecutable('node', search);
	const curl = search.platform === 'win32' ? undefined : findSystemExecutable('curl', search);
	return {
		runtime: node ? { path: node, electron: false } : search.editorRuntime,
		...(curl && { curl }),
	};
}
