import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { leaseFolder } from '../../protocol/endpoint';
import type { WindowLease } from '../../protocol/windowLease';
import { windowLeaseSchema } from '../../protocol/windowLease';
import { isProcessAlive } from '../isProcessAlive';

/**
 * Reads every window lease in the runtime folder, deleting those whose process is gone (a crashed window) together
 * with their sockets, so a stale endpoint is never tried twice.
 */
export function readLiveLeases(runtime: string): WindowLease[] {
	const folder = leaseFolder(runtime);
	let names: string[];
	try {
		names = readdirSync(folder);
	} catch {
		return [];
	}
	const leases: WindowLease[] = [];
	for (const name of names) {
		if (!name.endsWith('.json')) {
			continue;
		}
		const file = join(folder, name);
		let lease: WindowLease | undefined;
		try {
			const parsed = windowLeaseSchema().safeParse(JSON.parse(readFileSync(file, 'utf8')));
			lease = parsed.success ? parsed.data : undefined;
		} catch {
			lease = undefined;
		}
		if (lease && isProcessAlive(lease.pid)) {
			leases.push(lease);
			continue;
		}
		rmSync(file, { force: true });
		if (lease && process.platform !== 'win32') {
			rmSync(lease.endpoint, { force: true });
		}
	}
	return leases;
}
