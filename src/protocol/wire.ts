/**
 * The protocol version both sides speak; the host refuses other versions with 426 so an old bridge falls back to
 * headless. Version 2 made the window prove it holds the per-install secret (see {@link answerMacInput}); version 3
 * let the `sh` fast path stream the hook input unread (see {@link STDIN_HOOK_PATH}).
 */
export const PROTOCOL_VERSION = 3;

/** The HTTP path a node bridge posts its signed request envelope to; the event name follows (`/v3/hook/PreToolUse`). */
export const HOOK_PATH = `/v${PROTOCOL_VERSION}/hook/`;

/**
 * The HTTP path the `sh` fast path streams the launcher's stdin to, byte for byte, over a TLS connection proven with
 * the window's identity; the event name follows. The window answers every such request with a verdict (one for
 * unreadable input too), because the launcher cannot replay input it has already sent.
 */
export const STDIN_HOOK_PATH = `/v${PROTOCOL_VERSION}/stdin/`;

/** Request header of the `sh` fast path naming the runtime that ran the hook, as the node bridge's `runner` field. */
export const RUNNER_HEADER = 'x-hookwarden-runner';

/**
 * How a window's unix socket name ends: the launcher takes the fast path only to a socket named for the protocol it
 * speaks, so a window of another version is asked by the node bridge, which falls back cleanly on its refusal.
 */
export const SOCKET_SUFFIX = `.v${PROTOCOL_VERSION}.sock`;

/** The HTTP path of the liveness probe the installer and `Hookwarden: Show Status` use. */
export const PING_PATH = `/v${PROTOCOL_VERSION}/ping`;

/** Request header with the client's fresh random nonce (base64url), which the window's proof must cover. */
export const NONCE_HEADER = 'x-hookwarden-nonce';

/** Response header with the window's proof: an HMAC of {@link answerMacInput} under the per-install secret. */
export const PROOF_HEADER = 'x-hookwarden-proof';

/** The `authorization` scheme of a client that signs its request instead of sending the secret. */
export const MAC_SCHEME = 'Hookwarden-HMAC';

/** What a node client's request MAC covers: its nonce and the exact body, so a captured MAC fits no other request. */
export function requestMacInput(nonce: string, body: string): string {
	return `hookwarden request v${PROTOCOL_VERSION}\n${nonce}\n${body}`;
}

/**
 * What the window's answer proof covers: the client's nonce and the exact answer body. Only a holder of the secret can
 * make it, so a socket that merely received a request (an agent's impostor at a lease's path) cannot answer.
 */
export function answerMacInput(nonce: string, body: string): string {
	return `hookwarden answer v${PROTOCOL_VERSION}\n${nonce}\n${body}`;
}
