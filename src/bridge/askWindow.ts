import { pickWindowLease } from '../protocol/windowLease';
import type { WindowReply, WindowRequest } from './postToWindow';
import { postToWindow } from './postToWindow';
import { readWindowToken } from '../node/runtime/windowToken';
import { readLiveLeases } from '../node/runtime/windowLeases';

/**
 * Asks the VS Code window that serves `cwd` to decide: the window named by `HOOKWARDEN_ENDPOINT` (which the extension
 * sets in its extension host, so hooks that window spawns reach it exactly), else the window whose workspace holds
 * `cwd`. `alreadyTried` is an endpoint that did not answer a moment ago (see windowFirst.ts). Returns `undefined`
 * when no window is listening (or there is no trusted runtime folder to find one in), so the caller decides headless.
 */
export async function askWindow(
	env: NodeJS.ProcessEnv,
	runtime: string | undefined,
	request: WindowRequest,
	alreadyTried?: string,
): Promise<WindowReply | undefined> {
	if (!runtime) {
		return undefined;
	}
	const token = readWindowToken(env, runtime);
	if (!token) {
		return undefined;
	}
	for (const endpoint of endpointsToTry(env, runtime, request.cwd)) {
		if (endpoint === alreadyTried) {
			continue;
		}
		const reply = await postToWindow(endpoint, token, request);
		if (reply.kind !== 'unreachable') {
			return reply;
		}
	}
	return undefined;
}

// Lazily, so the leases are read only when the named window did not answer.
function* endpointsToTry(env: NodeJS.ProcessEnv, runtime: string, cwd: string): Generator<string> {
	const named = env.HOOKWARDEN_ENDPOINT;
	if (named) {
		yield named;
	}
	const leased = pickWindowLease(readLiveLeases(runtime), cwd)?.endpoint;
	if (leased && leased !== named) {
		yield leased;
	}
}
