import { dirname, resolve } from 'node:path';

/**
 * `start` and the folders above it whose settings could be a workspace's, innermost first: up to the home folder (not
 * included), or up to the filesystem root (not included) outside home.
 */
export function foldersAbove(start: string, home: string): string[] {
	const folders: string[] = [];
	const top = resolve(home);
	for (let folder = resolve(start); folder !== top && dirname(folder) !== folder;) {
		folders.push(folder);
		folder = dirname(folder);
	}
	return folders;
}
