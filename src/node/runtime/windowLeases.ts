import {
	lstatSync,
	mkdirSync,
	readFileSync,
	readdirSync,
	renameSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';

import { leaseFolder } from '../../protocol/endpoint';
import type { WindowLease } from '../../protocol/windowLease';
import { windowLeaseSchema } from '../../protocol/windowLease';
import { PROTOCOL_VERSION } from '../../protocol/wire';
import { isProcessAlive } from '../isProcessAlive';
import { isOwnEndpoint, ownedByMe } from './runtimeFolder';

/** The leases a bridge may follow, and one line for each lease it refused to. */
export interface LeaseReading {
	readonly leases: readonly WindowLease[];
	readonly refused: readonly string[];
}

/**
 * Reads the window leases in the runtime folder. A lease is followed only when its endpoint is a socket of this user
 * inside the private runtime folder: a lease is just a file, and one naming an agent's socket would otherwise receive
 * the hook request (the window must still prove itself, see secretMac.ts). A lease whose process is gone is removed,
 * with its socket, but only a socket inside the private folders: a lease can name any path.
 */
export function readLiveLeases(
	runtime: string,
	env: NodeJS.ProcessEnv = process.env,
): LeaseReading {
	const folder = leaseFolder(runtime);
	let names: string[];
	try {
		names = readdirSync(folder);
	} catch {
		return { leases: [], refused: [] };
	}
	const leases: WindowLease[] = [];
	const refused: string[] = [];
	for (const name of names) {
		if (!name.endsWith('.json')) {
			continue;
		}
		const file = join(folder, name);
		const lease = readLease(file);
		if (!lease) {
			refused.push(`ignored the lease ${file}: not a lease file of this user`);
			continue;
		}
		const own = isOwnEndpoint(lease.endpoint, env);
		if (!isProcessAlive(lease.pid)) {
			rmSync(file, { force: true });
			if (own && process.platform !== 'win32') {
				rmSync(lease.endpoint, { force: true });
			}
			continue;
		}
		if (!own) {
			refused.push(
				`ignored the lease ${file}: its endpoint ${lease.endpoint} is not a socket of yours in Hookwarden's runtime folder`,
			);
			continue;
		}
		leases.push(lease);
	}
	return { leases, refused };
}

function readLease(file: string): WindowLease | undefined {
	try {
		const stat = lstatSync(file);
		if (!stat.isFile() || !ownedByMe(stat.uid)) {
			return undefined;
		}
		const parsed = windowLeaseSchema().safeParse(JSON.parse(readFileSync(file, 'utf8')));
		return parsed.success ? parsed.data : undefined;
	} catch {
		return undefined;
	}
}

/** Writes this window's lease (atomically), so bridges without the endpoint variable can still find it. */
export function writeLease(runtime: string, lease: Omit<WindowLease, 'v'>): string {
	const file = join(
		leaseFolder(runtime),
		`${lease.pid}-${basename(lease.endpoint).replace(/\W/g, '')}.json`,
	);
	mkdirSync(leaseFolder(runtime), { recursive: true, mode: 0o700 });
	const temporary = `${file}.tmp`;
	writeFileSync(temporary, JSON.stringify({ v: PROTOCOL_VERSION, ...lease }), { mode: 0o600 });
	renameSync(temporary, file);
	return file;
}

/** Removes this window's lease when it stops listening. */
export function removeLease(file: string): void {
	rmSync(file, { force: true });
}
