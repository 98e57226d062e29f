// @ts-check
// Finds and stops every process that carries a marker in its environment. `npm start` puts one into the VS Code
// server's environment; every process the server starts inherits it, including those that leave its process group
// (terminals run in sessions of their own through node-pty) and those orphaned when their parent exits first, which a
// process-group kill never reaches. Linux reads /proc; elsewhere only the process group is stopped.
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Ids of the live processes whose environment holds `name=value`.
 * @param {string} name
 * @param {string} value
 * @returns {number[]}
 */
export function markedProcesses(name, value) {
	let entries;
	try {
		entries = readdirSync('/proc');
	} catch {
		return [];
	}
	const wanted = `${name}=${value}`;
	const found = [];
	for (const entry of entries) {
		if (!/^\d+$/.test(entry) || Number(entry) === process.pid) {
			continue;
		}
		try {
			if (readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0').includes(wanted)) {
				found.push(Number(entry));
			}
		} catch {
			// Gone meanwhile, or not ours to read.
		}
	}
	return found;
}

/**
 * Stops the process group `group` and every marked process: SIGTERM, then SIGKILL to whatever is left after
 * `graceMs`. Resolves with the ids that had to be killed.
 * @param {{ group?: number, name: string, value: string, graceMs?: number }} options
 * @returns {Promise<number[]>}
 */
export async function stopMarkedProcesses({ group, name, value, graceMs = 3_000 }) {
	const signal = (/** @type {NodeJS.Signals} */ sig) => {
		if (group !== undefined) {
			try {
				process.kill(-group, sig);
			} catch {
				// The group is gone.
			}
		}
		for (const pid of markedProcesses(name, value)) {
			try {
				process.kill(pid, sig);
			} catch {
				// Gone meanwhile.
			}
		}
	};
	signal('SIGTERM');
	const deadline = Date.now() + graceMs;
	while (Date.now() < deadline && markedProcesses(name, value).length > 0) {
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	const left = markedProcesses(name, value);
	if (left.length > 0) {
		signal('SIGKILL');
	}
	return left;
}
