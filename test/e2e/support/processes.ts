import * as fs from 'node:fs';

/**
 * Ids of live processes whose environment holds `entry` exactly (`NAME=value`), read from /proc as a person's
 * `ps e` would. A process that exits meanwhile, or belongs to another user, is skipped.
 */
export function processesWithEnvironment(entry: string): number[] {
	return fs.readdirSync('/proc').flatMap((name) => {
		if (!/^\d+$/.test(name) || Number(name) === process.pid) {
			return [];
		}
		try {
			const environ = fs.readFileSync(`/proc/${name}/environ`, 'latin1').split('\0');
			return environ.includes(entry) ? [Number(name)] : [];
		} catch {
			return [];
		}
	});
}

/**
 * Removes a spec's temporary root after stopping every process still running with its HOME there: a program a
 * terminal started (the Copilot CLI) runs in a session of its own, outlives the server, and keeps writing into
 * that HOME, which made the removal fail with ENOTEMPTY.
 */
export function removeTestRoot(root: string, home: string): void {
	for (const pid of processesWithEnvironment(`HOME=${home}`)) {
		try {
			process.kill(pid, 'SIGKILL');
		} catch {
			// Already gone.
		}
	}
	fs.rmSync(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
}
