import { harnessOf } from '../events/harness';
import type { HookEvent } from '../events/hookEvent';
import type { HookEventName } from '../events/hookEventName';
import { parseHookEventName } from '../events/hookEventName';
import { describeHookInputError } from '../events/hookInputError';
import { parseHookEvent } from '../reading/tools/parseHookEvent';
import type { StatedEventName } from '../events/statedEventNames';
import { statedEventNames } from '../events/statedEventNames';
import type { HookCall } from './hookCall';

/**
 * A hook call read into an event, or why it cannot be trusted: `unreadable` (the payload is not a hook payload Hookwarden
 * can read) or `eventMismatch` (it names another event than the hook command runs for), with the event the call is
 * for when that is known.
 */
export type ReadHookCall =
	| { readonly ok: true; readonly event: HookEvent }
	| {
			readonly ok: false;
			readonly why: 'unreadable' | 'eventMismatch';
			readonly problem: string;
			readonly eventName?: HookEventName;
	  };

/**
 * Reads a hook call's payload into an event. The hook command's event argument is authoritative: the installer wrote
 * it, while the payload is whatever the runner (or anything that can write to its stdin) sent. Every field a dialect
 * names its event with is compared with it, and one that names another event makes the call an `eventMismatch` (a
 * `PreToolUse` call dressed as `Stop` through any of them would get no permission decision and the tool would run).
 * Without a usable argument the payload's own event name is read, and fields that disagree with each other are a
 * mismatch too.
 * The event is stamped with its harness (the runner's hint, else its dialect's), a label that never changes a verdict.
 */
export function readHookCall(call: HookCall, now?: () => Date): ReadHookCall {
	const fromArg = call.eventArg === undefined ? undefined : parseHookEventName(call.eventArg);
	const stated = statedEventNames(call.payload).filter(
		({ value }) => value !== undefined && value !== null && value !== '',
	);
	const mismatch = disagreement(stated, fromArg);
	if (mismatch) {
		return { ok: false, why: 'eventMismatch', ...mismatch };
	}
	const parsed = parseHookEvent(call.payload, fromArg, now ? { now } : {});
	if (!parsed.ok) {
		const named = fromArg ?? namedEvent(stated[0]);
		return {
			ok: false,
			why: 'unreadable',
			problem: `hook input rejected: ${describeHookInputError(parsed.error)}`,
			...(named !== undefined && { eventName: named }),
		};
	}
	return {
		ok: true,
		event: { ...parsed.event, harness: harnessOf(parsed.event.dialect, call.runner) },
	};
}

function namedEvent(stated: StatedEventName | undefined): HookEventName | undefined {
	return typeof stated?.value === 'string' ? parseHookEventName(stated.value) : undefined;
}

// VS Code has run a custom agent's Stop hook with a SubagentStop payload: the same kind of event, never a tool call.
function sameEvent(stated: HookEventName | undefined, expected: HookEventName): boolean {
	return stated === expected || (expected === 'Stop' && stated === 'SubagentStop');
}

function disagreement(
	stated: readonly StatedEventName[],
	fromArg: HookEventName | undefined,
): { readonly problem: string; readonly eventName?: HookEventName } | undefined {
	const expected = fromArg ?? stated.map(namedEvent).find((name) => name !== undefined);
	if (expected === undefined) {
		return undefined;
	}
	const other = stated.find((s) => !sameEvent(namedEvent(s), expected));
	if (!other) {
		return undefined;
	}
	const names = stated.map(namedEvent);
	// Without the hook command's word, a tool call named by any field is judged as one: the stricter reading.
	const eventName = fromArg ?? (names.includes('PreToolUse') ? 'PreToolUse' : expected);
	const value =
		typeof other.value === 'string' ? `"${other.value.slice(0, 64)}"` : typeof other.value;
	const against = fromArg
		? `but the hook command runs for ${fromArg}`
		: 'while another of its fields names a different one';
	return {
		problem: `hook input rejected: the payload names the event ${value} in ${other.field}, ${against}.`,
		eventName,
	};
}
