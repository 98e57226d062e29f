import { readdirSync, readFileSync } from 'node:fs';

/** The processes (snapshot keepers a test's bridges started) whose command line names `folder`. */
export function processesNaming(folder: string): number[] {
	return readdirSync('/proc')
		.filter((name) => /^\d+$/.test(name))
		.filter((pid) => {
			try {
				return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(folder);
			} catch {
				return false;
			}
		})
		.map(Number)
		.filter((pid) => pid !== process.pid);
}

/**
 * Ends the snapshot keepers started for `folder` and waits until they are gone, so nothing writes into a folder the
 * test removes next (a keeper still writing made the removal fail with ENOTEMPTY).
 */
export async function endKeepersNaming(folder: string): Promise<void> {
	for (const pid of processesNaming(folder)) {
		try {
			process.kill(pid);
		} catch {
			// Ended meanwhile.
		}
	}
	for (let i = 0; i < 200 && processesNaming(folder).length > 0; i++) {
		await new Promise((next) => setTimeout(next, 20));
	}
}
