import { lstatSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute } from 'node:path';

import { newNonce } from './secretMac';
import type { EndpointHost } from '../../protocol/endpoint';
import {
	endpointHostOf,
	runtimeFolder,
	shortSocketFolder,
	windowEndpoint,
} from '../../protocol/endpoint';

/** The per-user runtime folder when it can be trusted, or one line saying why not and how to fix it. */
export type RuntimeFolder =
	{ readonly ok: true; readonly folder: string } | { readonly ok: false; readonly problem: string };

/** This machine and user as endpoint naming needs them; the window and every bridge compute the same. */
export function currentEndpointHost(env: NodeJS.ProcessEnv = process.env): EndpointHost {
	return endpointHostOf({
		platform: process.platform,
		tmpdir: tmpdir(),
		...(typeof process.getuid === 'function' && { uid: process.getuid() }),
		username: env.USERNAME ?? env.USER ?? 'user',
		...(env.XDG_RUNTIME_DIR && { xdgRuntimeDir: env.XDG_RUNTIME_DIR }),
	});
}

/**
 * The path of the per-user runtime folder: `HOOKWARDEN_RUNTIME_FOLDER` when it names an absolute folder (the installed
 * launcher pins it there, so a bridge it starts never follows an `XDG_RUNTIME_DIR` or `TMPDIR` from the environment it
 * inherited), else computed from this user and machine. The window strips the variable from what it passes here: it
 * is the launcher's word to the bridge, never the window's.
 */
export function runtimeFolderPath(env: NodeJS.ProcessEnv = process.env): string {
	const pinned = env.HOOKWARDEN_RUNTIME_FOLDER;
	return pinned && isAbsolute(pinned) ? pinned : runtimeFolder(currentEndpointHost(env));
}

/**
 * The per-user runtime folder (leases, the secret, sockets, caches), created owner-only when `create` and missing.
 * It is used only when it is a real folder owned by this user that nobody else may enter: in a shared temp folder
 * another user could otherwise plant a lease, a socket or a cached reading. A loose or foreign folder is refused, not
 * repaired: its contents may already be planted.
 */
export function openRuntimeFolder(
	env: NodeJS.ProcessEnv = process.env,
	options: { readonly create: boolean } = { create: true },
): RuntimeFolder {
	return openPrivateFolder(runtimeFolderPath(env), options.create);
}

/**
 * The folder of the short socket paths used when the runtime folder is too deep for a socket (see
 * protocol/endpoint.ts), checked exactly like the runtime folder.
 */
export function openShortSocketFolder(
	env: NodeJS.ProcessEnv = process.env,
	options: { readonly create: boolean } = { create: true },
): RuntimeFolder {
	return openPrivateFolder(shortSocketFolder(currentEndpointHost(env)), options.create);
}

/** Whether `endpoint` is a socket this user owns inside one of the two private folders; pipes on Windows by name. */
export function isOwnEndpoint(endpoint: string, env: NodeJS.ProcessEnv = process.env): boolean {
	const host = currentEndpointHost(env);
	if (process.platform === 'win32') {
		return endpoint.startsWith(
			`\\\\.\\pipe\\hookwarden-${host.user.replace(/[^A-Za-z0-9_.-]/g, '_')}-`,
		);
	}
	const folder = dirname(endpoint);
	const trusted =
		(folder === runtimeFolderPath(env) && openRuntimeFolder(env, { create: false }).ok) ||
		(folder === shortSocketFolder(host) && openShortSocketFolder(env, { create: false }).ok);
	if (!trusted) {
		return false;
	}
	try {
		const stat = lstatSync(endpoint);
		return stat.isSocket() && ownedByMe(stat.uid);
	} catch {
		return false;
	}
}

function openPrivateFolder(folder: string, create: boolean): RuntimeFolder {
	if (process.platform === 'win32') {
		// Windows has no mode bits; the folder lives in the per-user temp folder and the pipe names carry the user.
		if (create) {
			mkdirSync(folder, { recursive: true });
		}
		return { ok: true, folder };
	}
	try {
		if (create) {
			// Not recursive: the parent ($XDG_RUNTIME_DIR or the temp folder) must exist, and only the last part is ours.
			mkdirSync(folder, { mode: 0o700 });
		}
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
			return { ok: false, problem: `cannot create ${folder}: ${(error as Error).message}` };
		}
	}
	let stat;
	try {
		stat = lstatSync(folder);
	} catch (error) {
		return {
			ok: false,
			problem: `cannot use ${folder}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
		};
	}
	if (stat.isSymbolicLink() || !stat.isDirectory()) {
		return {
			ok: false,
			problem: `${folder} is not a plain folder (a link or a file); remove it so Hookwarden can create its own`,
		};
	}
	if (!ownedByMe(stat.uid)) {
		return {
			ok: false,
			problem: `${folder} belongs to another user (uid ${stat.uid}); remove it, or set XDG_RUNTIME_DIR to a folder of your own`,
		};
	}
	if ((stat.mode & 0o077) !== 0) {
		return {
			ok: false,
			problem: `${folder} is open to other users (mode ${(stat.mode & 0o777).toString(8)}); run: chmod 700 '${folder}'`,
		};
	}
	return { ok: true, folder };
}

/** Whether a file's owner is this process's user (always true where there are no uids). */
export function ownedByMe(uid: number): boolean {
	return typeof process.getuid !== 'function' || uid === process.getuid();
}

/**
 * A fresh endpoint path for this window, in a folder checked as strictly as the runtime folder (the short socket
 * folder in /tmp when the runtime folder is too deep for a socket path). Throws with the folder's problem.
 */
export function newWindowEndpoint(env: NodeJS.ProcessEnv = process.env): string {
	const host = currentEndpointHost(env);
	const endpoint = windowEndpoint(
		host,
		newNonce()
			.replace(/[^A-Za-z0-9]/g, '')
			.slice(0, 8),
	);
	if (host.platform === 'win32') {
		return endpoint;
	}
	const folder = dirname(endpoint);
	const opened =
		folder === shortSocketFolder(host) ? openShortSocketFolder(env) : openRuntimeFolder(env);
	if (!opened.ok) {
		throw new Error(opened.problem);
	}
	return endpoint;
}
