import { toolCallOf } from './toolCallOf';
import type * as z from '../../util/zod';
import { detectDialect } from '../../events/detectDialect';
import type { HookEvent } from '../../events/hookEvent';
import type { HookEventName } from '../../events/hookEventName';
import { parseHookEventName } from '../../events/hookEventName';
import type { HookInputError } from '../../events/hookInputError';
import type { PayloadFields } from '../../events/payloadSchemas';
import { CAMEL_CASE_SCHEMAS, SNAKE_CASE_SCHEMAS } from '../../events/payloadSchemas';
import { statedEventNames } from '../../events/statedEventNames';

/** The outcome of reading one hook stdin payload: the normalised event, or why it could not be read. */
export type HookEventParseResult =
	| { readonly ok: true; readonly event: HookEvent }
	| { readonly ok: false; readonly error: HookInputError };

/** Knobs for {@link parseHookEvent}; tests pin the clock, the bridge leaves it. */
export interface ParseHookEventOptions {
	/** The receipt time stamped on a payload that carries no timestamp. */
	readonly now?: () => Date;
}

/**
 * Reads one hook payload in any dialect (VS Code Local, Copilot CLI camelCase, Claude-format) into a
 * {@link HookEvent}. The payload's own `hook_event_name` wins when valid, because VS Code runs a custom
 * agent's Stop hook as SubagentStop; otherwise `eventHint` (the bridge's argument) names the event.
 * Unknown keys are ignored; a field the event uses with the wrong type is an `invalidField` error.
 */
export function parseHookEvent(
	raw: unknown,
	eventHint?: HookEventName,
	options: ParseHookEventOptions = {},
): HookEventParseResult {
	if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
		return failure({ kind: 'notAnObject' });
	}
	const payload = raw as Readonly<Record<string, unknown>>;

	const named = eventNameOf(payload, eventHint);
	if (!named.ok) {
		return named;
	}
	const name = named.name;

	const dialect = detectDialect(payload);
	const schemas = dialect === 'copilotCli' ? CAMEL_CASE_SCHEMAS : SNAKE_CASE_SCHEMAS;
	const common = schemas.common.safeParse(payload);
	if (!common.success) {
		return failure(invalidField(common.error));
	}
	const fields = (schemas[name] as z.ZodMiniType<PayloadFields<HookEventName>>).safeParse(payload);
	if (!fields.success) {
		return failure(invalidField(fields.error));
	}

	const { timestamp, ...rest } = common.data;
	const base = {
		name,
		dialect,
		timestamp: timestamp ?? (options.now ?? (() => new Date()))().toISOString(),
		...rest,
	};
	const specific = fields.data;
	const event =
		'tool' in specific
			? {
					...base,
					...specific,
					tool: toolCallOf(specific.tool.name, specific.tool.input, {
						...(specific.tool.useId !== undefined && { useId: specific.tool.useId }),
						...(rest.cwd !== undefined && { cwd: rest.cwd }),
					}),
				}
			: { ...base, ...specific };
	// The schemas name every optional field; dropping the absent ones keeps events and audit records lean.
	return { ok: true, event: withoutUndefined(event) as HookEvent };
}

type NameResult =
	| { readonly ok: true; readonly name: HookEventName }
	| { readonly ok: false; readonly error: HookInputError };

function eventNameOf(
	payload: Readonly<Record<string, unknown>>,
	eventHint: HookEventName | undefined,
): NameResult {
	// The first field present wins here; readHookCall refuses a payload whose fields disagree with the hook command.
	const first = statedEventNames(payload)[0];
	const field = first?.field ?? 'hook_event_name';
	const stated = first?.value;
	if (stated !== undefined && stated !== null && typeof stated !== 'string') {
		return failure(
			invalidFieldOf(
				field,
				`must be a string, got ${Array.isArray(stated) ? 'array' : typeof stated}`,
			),
		);
	}
	const fromPayload = stated ? parseHookEventName(stated) : undefined;
	const name = fromPayload ?? eventHint;
	if (name !== undefined) {
		return { ok: true, name };
	}
	return failure(stated ? { kind: 'unknownEvent', name: stated } : { kind: 'missingEvent' });
}

function invalidField(error: z.core.$ZodError): HookInputError {
	const issue = error.issues[0];
	const field = issue?.path.map(String).join('.') ?? '';
	return invalidFieldOf(field === '' ? '(payload)' : field, issue?.message ?? 'is invalid');
}

function invalidFieldOf(field: string, message: string): HookInputError {
	return { kind: 'invalidField', field, message };
}

function failure(error: HookInputError): { readonly ok: false; readonly error: HookInputError } {
	return { ok: false, error };
}

function withoutUndefined<T extends object>(value: T): T {
	return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}
