/*
 * Runs a process with private copies of system folders (`/etc`, `/usr/local`): a new mount namespace in which each
 * folder is an overlay whose writes land in a temporary folder. The process sees and writes the real fixed locations
 * (the machine policy in /etc/hookwarden, Copilot's /etc/github-copilot/policy.d) with real root ownership, and nothing
 * it writes reaches the real folders. This is how tests exercise locations that production code never lets anyone
 * move: no override exists to test instead. It needs root (CI runs as root) and overlayfs; `privateFoldersProblem()`
 * says why not when they are missing, and the tests that need it are skipped with that reason.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The shell text that mounts an overlay on each folder (writes go under `upperRoot`), then runs `"$@"`. */
export function overlayPrelude(upperRoot: string, folders: readonly string[]): string {
	const mounts = folders.map((folder) => {
		const upper = join(upperRoot, 'upper', folder);
		const work = join(upperRoot, 'work', folder);
		return `mkdir -p '${upper}' '${work}' && mount -t overlay overlay -o 'lowerdir=${folder},upperdir=${upper},workdir=${work}' '${folder}'`;
	});
	return `set -e; ${mounts.join(' && ')}; exec "$@"`;
}

/** `command args…` wrapped to run with private copies of `folders` whose writes go under `upperRoot`. */
export function withPrivateFolders(
	upperRoot: string,
	folders: readonly string[],
	command: string,
	args: readonly string[],
): { command: string; args: string[] } {
	return {
		command: 'unshare',
		args: [
			'--mount',
			'--propagation',
			'private',
			'sh',
			'-c',
			overlayPrelude(upperRoot, folders),
			'sh',
			command,
			...args,
		],
	};
}

let checked: string | undefined | null = null;

/** Why private system folders cannot be made here (not root, no unshare, no overlayfs), or `undefined` when they can. */
export function privateFoldersProblem(): string | undefined {
	if (checked !== null) {
		return checked;
	}
	if (process.platform !== 'linux') {
		checked = 'private system folders need Linux mount namespaces';
	} else if (process.getuid?.() !== 0) {
		checked = 'private system folders need root (mount namespaces with overlayfs); CI runs as root';
	} else {
		const scratch = mkdtempSync(join(tmpdir(), 'hookwarden-overlay-check-'));
		const { command, args } = withPrivateFolders(scratch, ['/etc'], 'sh', [
			'-c',
			'mkdir -p /etc/hookwarden-overlay-check && test -d /etc/hookwarden-overlay-check',
		]);
		const result = spawnSync(command, args, { encoding: 'utf8', timeout: 10_000 });
		rmSync(scratch, { recursive: true, force: true });
		const why = result.stderr.trim() || (result.error?.message ?? `exit ${result.status}`);
		checked =
			result.status === 0
				? undefined
				: `cannot mount an overlay on /etc in a private namespace (${why})`;
	}
	return checked;
}
