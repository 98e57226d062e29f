import { randomBytes, randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import type { EndpointHost } from '../../protocol/endpoint';
import {
	endpointHostOf,
	leaseFolder,
	runtimeFolder,
	secretFile,
	windowEndpoint,
} from '../../protocol/endpoint';
import type { WindowLease } from '../../protocol/windowLease';
import { PROTOCOL_VERSION } from '../../protocol/messages';

/** This machine and user as endpoint naming needs them. */
export function currentEndpointHost(env: NodeJS.ProcessEnv = process.env): EndpointHost {
	return endpointHostOf({
		platform: process.platform,
		tmpdir: os.tmpdir(),
		...(typeof process.getuid === 'function' && { uid: process.getuid() }),
		username: os.userInfo().username,
		...(env.XDG_RUNTIME_DIR && { xdgRuntimeDir: env.XDG_RUNTIME_DIR }),
	});
}

/**
 * The per-user runtime folder shared by every window and the bridge: created owner-only, refused when someone else
 * owns it or others can enter it (another user could then impersonate a window or read the secret).
 */
export function ensureRuntimeFolder(host: EndpointHost): string {
	const folder = runtimeFolder(host);
	fs.mkdirSync(leaseFolder(folder), { recursive: true, mode: 0o700 });
	if (process.platform !== 'win32') {
		const stat = fs.statSync(folder);
		if (typeof process.getuid === 'function' && stat.uid !== process.getuid()) {
			throw new Error(`${folder} belongs to another user; refusing to use it`);
		}
		if ((stat.mode & 0o077) !== 0) {
			fs.chmodSync(folder, 0o700);
		}
	}
	return folder;
}

/**
 * The per-install secret every bridge presents, stored as the header line curl reads with `-H @file`. Created once
 * (atomically, so two windows starting together agree) and kept owner-readable only.
 */
export function ensureSecret(folder: string): { file: string; token: string } {
	const file = secretFile(folder);
	const read = () =>
		/^Authorization: Bearer ([A-Za-z0-9_-]{32,})\s*$/.exec(fs.readFileSync(file, 'utf8'))?.[1];
	try {
		const token = read();
		if (token) {
			return { file, token };
		}
	} catch {
		// Not there yet: create it below.
	}
	const token = randomBytes(32).toString('base64url');
	const temporary = `${file}.${process.pid}.${randomUUID()}`;
	fs.writeFileSync(temporary, `Authorization: Bearer ${token}\n`, { mode: 0o600 });
	try {
		fs.linkSync(temporary, file);
	} catch {
		// Another window won the race; use its secret.
	} finally {
		fs.rmSync(temporary, { force: true });
	}
	const winner = read();
	if (!winner) {
		throw new Error(`${file} does not hold a Hookwarden secret`);
	}
	return { file, token: winner };
}

/** A fresh endpoint path for this window; any stale socket file at that path is removed first. */
export function newWindowEndpoint(host: EndpointHost): string {
	const endpoint = windowEndpoint(host, randomUUID().slice(0, 8));
	if (host.platform !== 'win32') {
		fs.mkdirSync(path.dirname(endpoint), { recursive: true, mode: 0o700 });
		fs.rmSync(endpoint, { force: true });
	}
	return endpoint;
}

/** Writes this window's lease (atomically), so bridges without the endpoint variable can still find it. */
export function writeLease(folder: string, lease: Omit<WindowLease, 'v'>): string {
	const file = path.join(
		leaseFolder(folder),
		`${lease.pid}-${path.basename(lease.endpoint).replace(/\W/g, '')}.json`,
	);
	const temporary = `${file}.tmp`;
	fs.writeFileSync(temporary, JSON.stringify({ v: PROTOCOL_VERSION, ...lease }), { mode: 0o600 });
	fs.renameSync(temporary, file);
	return file;
}

/** Removes this window's lease when it stops listening. */
export function removeLease(file: string): void {
	fs.rmSync(file, { force: true });
}
