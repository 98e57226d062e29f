import { readSecret } from '../node/runtime/secret';
import { readLiveLeases } from '../node/runtime/windowLeases';
import { pickWindowLease } from '../protocol/windowLease';
import type { WindowReply, WindowRequest } from './postToWindow';
import { postToWindow } from './postToWindow';

/**
 * Asks the VS Code window that serves `cwd` to decide: the window named by `HOOKWARDEN_ENDPOINT` (which the extension
 * sets in its extension host, so hooks that window spawns reach it exactly), else the window whose lease holds `cwd`.
 * `alreadyTried` is an endpoint that did not answer a moment ago (see windowFirst.ts). Returns `undefined` when no
 * window answered with proof (or there is no trusted runtime folder or secret), so the caller decides headless; every
 * lease or socket that was refused is reported through `warn`.
 */
export async function askWindow(
	env: NodeJS.ProcessEnv,
	runtime: string | undefined,
	request: WindowRequest,
	warn: (line: string) => void,
	alreadyTried?: string,
): Promise<WindowReply | undefined> {
	if (!runtime) {
		return undefined;
	}
	const secret = readSecret(runtime);
	if (!secret.ok) {
		return undefined;
	}
	for (const endpoint of endpointsToTry(env, runtime, request.cwd, warn)) {
		if (endpoint === alreadyTried) {
			continue;
		}
		const reply = await postToWindow(endpoint, secret.token, request);
		if (reply.kind === 'impostor') {
			warn(`the socket ${endpoint} ${reply.message}; ignoring it`);
			continue;
		}
		if (reply.kind !== 'unreachable') {
			return reply;
		}
	}
	return undefined;
}

// Lazily, so the leases are read only when the named window did not answer.
function* endpointsToTry(
	env: NodeJS.ProcessEnv,
	runtime: string,
	cwd: string,
	warn: (line: string) => void,
): Generator<string> {
	const named = env.HOOKWARDEN_ENDPOINT;
	if (named) {
		yield named;
	}
	const { leases, refused } = readLiveLeases(runtime, env);
	for (const line of refused) {
		warn(line);
	}
	const leased = pickWindowLease(leases, cwd)?.endpoint;
	if (leased && leased !== named) {
		yield leased;
	}
}
