import { readFileSync } from 'node:fs';

import { secretFile } from '../../protocol/endpoint';

/**
 * The bearer token that lets this user's hooks talk to their windows: from `HOOKWARDEN_SECRET_FILE` (set with the
 * endpoint in the extension host), else the secret file in the runtime folder. `undefined` when there is none.
 */
export function readWindowToken(env: NodeJS.ProcessEnv, runtime: string): string | undefined {
	try {
		const header = readFileSync(env.HOOKWARDEN_SECRET_FILE ?? secretFile(runtime), 'utf8');
		return /^Authorization: Bearer (\S+)/.exec(header)?.[1];
	} catch {
		return undefined;
	}
}
