import { harnessOf } from '../events/harness';
import type { HookEvent } from '../events/hookEvent';
import type { HookEventName } from '../events/hookEventName';
import { parseHookEventName } from '../events/hookEventName';
import { describeHookInputError } from '../events/hookInputError';
import { parseHookEvent } from '../events/parseHookEvent';
import type { HookCall } from './hookCall';

/** A hook call read into an event, or why it cannot be trusted, with the event the hook command was registered for. */
export type ReadHookCall =
	| { readonly ok: true; readonly event: HookEvent }
	| { readonly ok: false; readonly problem: string; readonly eventName?: HookEventName };

/**
 * Reads a hook call's payload into an event. The hook command's event argument is authoritative: the installer wrote
 * it, while the payload is whatever the runner (or anything that can write to its stdin) sent, so a payload that names
 * another event is refused rather than believed (a `PreToolUse` call dressed as `Stop` would get no permission
 * decision and the tool would run). Without a usable argument the payload's own event name is read. The event is
 * stamped with its harness (the runner's hint, else its dialect's), a label that never changes a verdict.
 */
export function readHookCall(call: HookCall, now?: () => Date): ReadHookCall {
	const fromArg = call.eventArg === undefined ? undefined : parseHookEventName(call.eventArg);
	const parsed = parseHookEvent(call.payload, fromArg, now ? { now } : {});
	if (!parsed.ok) {
		return {
			ok: false,
			problem: `hook input rejected: ${describeHookInputError(parsed.error)}`,
			...(fromArg !== undefined && { eventName: fromArg }),
		};
	}
	const stated = statedEventName(call.payload);
	if (fromArg !== undefined && stated !== undefined && parseHookEventName(stated) !== fromArg) {
		return {
			ok: false,
			problem: `hook input rejected: the payload names the event "${stated.slice(0, 64)}", but the hook command runs for ${fromArg}.`,
			eventName: fromArg,
		};
	}
	return {
		ok: true,
		event: { ...parsed.event, harness: harnessOf(parsed.event.dialect, call.runner) },
	};
}

/** The event name a payload states for itself (`hook_event_name`, or the older `hookEventName`), if any. */
function statedEventName(payload: unknown): string | undefined {
	const record = payload as Readonly<Record<string, unknown>>;
	const stated = record.hook_event_name ?? record.hookEventName;
	return typeof stated === 'string' && stated !== '' ? stated : undefined;
}
