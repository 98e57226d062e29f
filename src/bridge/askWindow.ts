import * as fs from 'node:fs';

import { secretFile } from '../protocol/endpoint';
import { pickWindowLease } from '../protocol/windowLease';
import { trustedRuntimeFolder } from './bridgeRuntimeFolder';
import type { WindowReply } from './postToWindow';
import { postToWindow } from './postToWindow';
import { readLiveLeases } from './windowLeases';

/**
 * Asks the VS Code window that serves `cwd` to decide: the window named by `HOOKWARDEN_ENDPOINT` (which the extension
 * sets in its extension host, so hooks that window spawns reach it exactly), else the window whose workspace holds
 * `cwd`. Returns `undefined` when no window is listening, so the caller decides headless.
 */
export async function askWindow(
	env: NodeJS.ProcessEnv,
	request: { readonly event?: string; readonly payload: unknown; readonly cwd: string },
): Promise<WindowReply | undefined> {
	const runtime = trustedRuntimeFolder(env);
	if (!runtime) {
		return undefined;
	}
	const token = readToken(env.HOOKWARDEN_SECRET_FILE ?? secretFile(runtime));
	if (!token) {
		return undefined;
	}
	const candidates = [
		env.HOOKWARDEN_ENDPOINT,
		pickWindowLease(readLiveLeases(runtime), request.cwd)?.endpoint,
	];
	for (const endpoint of new Set(candidates.filter((e): e is string => Boolean(e)))) {
		const reply = await postToWindow(endpoint, token, request);
		if (reply.kind !== 'unreachable') {
			return reply;
		}
	}
	return undefined;
}

function readToken(file: string): string | undefined {
	try {
		return /^Authorization: Bearer (\S+)/.exec(fs.readFileSync(file, 'utf8'))?.[1];
	} catch {
		return undefined;
	}
}
