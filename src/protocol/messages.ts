import { PROTOCOL_VERSION } from './wire';
import { RUNNER_HINTS } from '../core/events/harness';
import * as z from '../core/util/zod';

// The constants live apart from the schemas so the bridge can import them without building any schema.
export { HOOK_PATH, PING_PATH, PROTOCOL_VERSION } from './wire';

/** Header carrying the per-install secret, written `Bearer <secret>`. */
export const AUTHORIZATION_HEADER = 'authorization';

/** Header the host sets on every answer: which provider and rule decided, for the bridge's diagnostics. */
export const DECIDED_BY_HEADER = 'x-hookwarden-decided-by';

/**
 * Sent by the node bridge for one hook event, signed: the event it was registered for, the payload exactly as the hook
 * runner wrote it, and where the process runs. The host replies with the hook output. (The `sh` fast path sends no
 * envelope: it streams stdin to `STDIN_HOOK_PATH`.)
 */
export const hookRequestSchema = z.object({
	v: z.literal(PROTOCOL_VERSION),
	/** The event argument from the hook file, in any spelling; the payload's own event name wins when present. */
	event: z.optional(z.string().check(z.maxLength(64))),
	/** The hook payload as parsed JSON; validated by the host with the same core parser the headless bridge uses. */
	payload: z.unknown(),
	/** The hook process's working directory, used when the payload has no `cwd`. */
	cwd: z.optional(z.string().check(z.maxLength(4096))),
	/** The hook process's W3C `TRACEPARENT`, so the decision's exported span joins the caller's trace. */
	traceparent: z.optional(z.string().check(z.maxLength(256))),
	/** Which client sent it: only the node bridge sends an envelope since the `sh` fast path streams stdin. */
	client: z.optional(z.literal('node')),
	/** What the hook process's environment said about the runtime that ran it (a label: it never changes a verdict). */
	runner: z.optional(z.enum(RUNNER_HINTS)),
});

/** One hook request as the host reads it. */
export type HookRequest = z.infer<typeof hookRequestSchema>;

/**
 * Sent by the host as the HTTP 200 body: exactly the JSON document the bridge prints on stdout. It is an object
 * because every host reads one JSON object; the host has already encoded it for the event and dialect.
 */
export const hookResponseSchema = z.record(z.string(), z.unknown());

/** The hook output the bridge prints. */
export type HookResponse = z.infer<typeof hookResponseSchema>;

/**
 * Sent by the host with a non-200 status: why it did not answer, so the bridge can say so in one stderr line and fall
 * back to deciding headless. `unauthorized` and `unsupportedVersion` are never retried against the same host.
 */
export const hostErrorSchema = z.object({
	error: z.enum(['badRequest', 'unauthorized', 'unsupportedVersion', 'notServing', 'internal']),
	message: z.string(),
});

/** A host refusal as the bridge reads it. */
export type HostError = z.infer<typeof hostErrorSchema>;

/** The HTTP status for each host refusal, shared so both sides agree. */
export const HOST_ERROR_STATUS: Readonly<Record<HostError['error'], number>> = {
	badRequest: 400,
	unauthorized: 401,
	unsupportedVersion: 426,
	notServing: 503,
	internal: 500,
};
