/** The protocol version both sides speak; the host refuses other versions with 426 so an old bridge falls back to headless. */
export const PROTOCOL_VERSION = 1;

/** The HTTP path a hook request is posted to; the event name follows (`/v1/hook/PreToolUse`). */
export const HOOK_PATH = `/v${PROTOCOL_VERSION}/hook/`;

/** The HTTP path of the liveness probe the installer and `Hookwarden: Show Status` use. */
export const PING_PATH = `/v${PROTOCOL_VERSION}/ping`;
