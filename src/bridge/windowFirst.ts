/*
 * The bridge's first stage for a hook call from a process that names its window (`HOOKWARDEN_ENDPOINT`, which the
 * extension sets in its extension host and terminals): dist/bridge-window.js. It reads stdin, asks that window and
 * prints the answer, loading none of the policy engine, the schemas or the audit log: the main bundle (dist/bridge-main.js)
 * is loaded only when the window did not answer, and is handed what was read so nothing is lost.
 */
import { openRuntimeFolder } from '../node/runtime/runtimeFolder';
import { readSecret } from '../node/runtime/secret';
import type { WindowReply } from './postToWindow';
import { postToWindow } from './postToWindow';
import type { HookInput } from './readHookInput';
import { readHookInput } from './readHookInput';
import { writeOutput } from './writeOutput';

/** What the main bridge takes over when the named window did not answer: the input, and how asking ended. */
export interface Handover {
	readonly input: HookInput;
	readonly asked?: { readonly endpoint: string; readonly reply: WindowReply };
}

/**
 * Asks the window named by `endpoint` and prints its answer; returns `undefined` then. Returns the handover in every
 * other case (unreadable input, no secret, a refusal, no window listening); it never throws, because stdin is
 * already read and only the handover carries it on.
 */
export async function answerFromNamedWindow(
	hintArg: string | undefined,
	endpoint: string,
	env: NodeJS.ProcessEnv,
): Promise<Handover | undefined> {
	let input: HookInput;
	try {
		input = readHookInput(hintArg);
	} catch (error) {
		return {
			input: { kind: 'unreadable', cause: `cannot read stdin: ${(error as Error).message}` },
		};
	}
	let reply: WindowReply;
	try {
		const runtime = input.kind === 'read' ? openRuntimeFolder(env) : undefined;
		const secret = runtime?.ok ? readSecret(runtime.folder) : undefined;
		if (input.kind !== 'read' || !secret?.ok) {
			return { input };
		}
		reply = await postToWindow(endpoint, secret.token, input.request);
	} catch (error) {
		reply = { kind: 'unreachable', message: (error as Error).message };
	}
	if (reply.kind !== 'answer') {
		return { input, asked: { endpoint, reply } };
	}
	writeOutput(1, reply.body);
	return undefined;
}
