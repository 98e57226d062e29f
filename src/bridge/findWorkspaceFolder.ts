import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const MARKERS = ['.vscode', '.git', '.github'];

/**
 * The workspace folder for a hook call: the nearest folder at or above `start` that holds `.vscode`, `.git` or
 * `.github`, stopping at the home directory; `start` itself when none does. VS Code runs hooks with the workspace
 * as cwd, but the CLI may run them from a sub-folder.
 */
export function findWorkspaceFolder(start: string, home: string): string {
	let folder = resolve(start);
	for (;;) {
		if (MARKERS.some((marker) => existsSync(join(folder, marker)))) {
			return folder;
		}
		const parent = dirname(folder);
		if (parent === folder || folder === home) {
			return resolve(start);
		}
		folder = parent;
	}
}
