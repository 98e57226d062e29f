import type { RunnerHint } from '../core/events/harness';
import { newNonce, signRequest, verifyMac } from '../node/runtime/secretMac';
import { exchange } from '../node/runtime/socketExchange';
import {
	answerMacInput,
	HOOK_PATH,
	MAC_SCHEME,
	NONCE_HEADER,
	PROOF_HEADER,
	PROTOCOL_VERSION,
} from '../protocol/wire';

/**
 * How asking a window ended: its proven answer (one line ending in a newline, ready to print), a refusal with its
 * status and message, an answer that did not prove it came from a Hookwarden window, or no window listening.
 */
export type WindowReply =
	| { readonly kind: 'answer'; readonly body: string }
	| { readonly kind: 'refused'; readonly status: number; readonly message: string }
	| { readonly kind: 'impostor'; readonly message: string }
	| { readonly kind: 'unreachable'; readonly message: string };

/** What a window is asked: the payload as the runner sent it, the event argument, and the folder to decide for. */
export interface WindowRequest {
	readonly event?: string;
	readonly payload: unknown;
	readonly cwd: string;
	/** Who ran the hook, from the process's environment (see harness.ts). */
	readonly runner?: RunnerHint;
	/** The hook process's `TRACEPARENT`, passed on so the decision's span joins the caller's trace. */
	readonly traceparent?: string;
}

/** How long to wait for a window to accept the connection; once connected, the answer may take as long as an approval. */
export const CONNECT_TIMEOUT_MS = 250;

/**
 * Posts one hook request to a window over its socket with a hand-written HTTP/1.0 exchange (Node's `http` module costs
 * more start-up time than this whole file; socketExchange.ts says why not `node:net` either), and returns the window's
 * reply. The secret never goes on the wire: the request is signed with it, and an answer counts only when it carries
 * the window's proof over this request's fresh nonce, so a socket that is not a Hookwarden window (an agent's, at a
 * lease's path) cannot answer for one.
 */
export function postToWindow(
	endpoint: string,
	secret: string,
	request: WindowRequest,
): Promise<WindowReply> {
	const body = JSON.stringify({ v: PROTOCOL_VERSION, client: 'node', ...request });
	const nonce = newNonce();
	const head =
		`POST ${HOOK_PATH}${encodeURIComponent(request.event ?? '')} HTTP/1.0\r\n` +
		`Host: hookwarden\r\nAuthorization: ${MAC_SCHEME} ${signRequest(secret, nonce, body)}\r\n` +
		`${NONCE_HEADER}: ${nonce}\r\nContent-Type: application/json\r\n` +
		`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
	return exchange(endpoint, head + body, CONNECT_TIMEOUT_MS).then((result) =>
		result.ok
			? parseReply(result.bytes.toString('utf8'), secret, nonce)
			: {
					kind: 'unreachable',
					message: result.code === 'ETIMEDOUT' ? 'connect timed out' : result.code,
				},
	);
}

function parseReply(raw: string, secret: string, nonce: string): WindowReply {
	const split = raw.indexOf('\r\n\r\n');
	const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(raw)?.[1]);
	if (split < 0 || !Number.isInteger(status)) {
		return { kind: 'unreachable', message: 'the window closed the connection without an answer' };
	}
	const body = raw.slice(split + 4);
	if (status !== 200) {
		return { kind: 'refused', status, message: refusalMessage(body) };
	}
	const proof = new RegExp(`^${PROOF_HEADER}: *(\\S+)`, 'im').exec(raw.slice(0, split))?.[1];
	if (!proof || !verifyMac(secret, answerMacInput(nonce, body), proof)) {
		return {
			kind: 'impostor',
			message: 'answered without proving it is a Hookwarden window (wrong or missing proof)',
		};
	}
	return { kind: 'answer', body: body.endsWith('\n') ? body : `${body}\n` };
}

function refusalMessage(body: string): string {
	try {
		const { message } = JSON.parse(body) as { message?: unknown };
		return typeof message === 'string' ? message : body;
	} catch {
		return body;
	}
}
