import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

import { foldersAbove } from '../node/settings/foldersAbove';

const MARKERS = ['.vscode', '.git', '.github'];
const SETTINGS = join('.vscode', 'settings.json');

/**
 * The workspace folder for a hook call: the OUTERMOST folder at or above `start` (below the home folder) that holds
 * `.vscode/settings.json`, as VS Code reads only the opened folder's settings, so a nested repository (a submodule, or
 * an agent's `git init sub`) never hides the outer workspace's rules. Without settings anywhere, the nearest folder
 * that holds `.vscode`, `.git` or `.github`, stopping at the home folder; `start` itself when none does.
 */
export function findWorkspaceFolder(start: string, home: string): string {
	const from = resolve(start);
	const withSettings = foldersAbove(from, home)
		.reverse()
		.find((folder) => existsSync(join(folder, SETTINGS)));
	if (withSettings !== undefined) {
		return withSettings;
	}
	for (let folder = from; ; folder = dirname(folder)) {
		if (MARKERS.some((marker) => existsSync(join(folder, marker)))) {
			return folder;
		}
		if (dirname(folder) === folder || folder === home) {
			return from;
		}
	}
}
