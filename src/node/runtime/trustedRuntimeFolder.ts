import { lstatSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';

import { endpointHostOf, runtimeFolder } from '../../protocol/endpoint';

/**
 * The per-user runtime folder (the one every window uses, see protocol/endpoint.ts), created owner-only when missing.
 * Returns `undefined` when it belongs to someone else or others may write to it: in a shared temp folder another user
 * could otherwise plant a lease that routes hooks to their socket, or a cached reading that hides a command.
 */
export function trustedRuntimeFolder(env: NodeJS.ProcessEnv): string | undefined {
	const folder = runtimeFolder(
		endpointHostOf({
			platform: process.platform,
			tmpdir: tmpdir(),
			...(typeof process.getuid === 'function' && { uid: process.getuid() }),
			username: env.USERNAME ?? env.USER ?? 'user',
			...(env.XDG_RUNTIME_DIR && { xdgRuntimeDir: env.XDG_RUNTIME_DIR }),
		}),
	);
	try {
		mkdirSync(folder, { recursive: true, mode: 0o700 });
		if (process.platform === 'win32') {
			return folder;
		}
		const stat = lstatSync(folder);
		const owned = typeof process.getuid !== 'function' || stat.uid === process.getuid();
		return stat.isDirectory() && owned && (stat.mode & 0o022) === 0 ? folder : undefined;
	} catch {
		return undefined;
	}
}
