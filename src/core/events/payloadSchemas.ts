import * as z from '../util/zod';
import { exceedsDepth, MAX_NESTING_DEPTH } from './exceedsDepth';
import type { HookEventCommon, HookEventOf } from './hookEvent';
import type { HookEventName } from './hookEventName';

/** A tool call as the payload states it, before its kind, command line and paths are worked out. */
export interface RawToolCall {
	readonly name: string;
	/** Already an object: a JSON-string argument has been parsed. */
	readonly input: Readonly<Record<string, unknown>>;
	readonly useId?: string;
}

/** The common fields one payload schema yields, in Hookwarden's names; the timestamp is ISO when present. */
export type PayloadCommon = Omit<HookEventCommon, 'dialect' | 'timestamp'> & {
	readonly timestamp?: string;
};

/** The events that carry a tool call. */
export type ToolEventName =
	'PreToolUse' | 'PostToolUse' | 'PostToolUseFailure' | 'PermissionRequest';

/** The event-specific fields one payload schema yields for event `N`, in Hookwarden's names. */
export type PayloadFields<N extends HookEventName> = N extends ToolEventName
	? Omit<HookEventOf<N>, keyof HookEventCommon | 'name' | 'tool'> & { readonly tool: RawToolCall }
	: Omit<HookEventOf<N>, keyof HookEventCommon | 'name'>;

/**
 * The schemas of one payload family: its common fields and each event's own fields, both renamed to Hookwarden's.
 * Each is built when first read: an event needs two of them, and building all would slow every bridge start.
 */
export type PayloadSchemas = { readonly common: z.ZodMiniType<PayloadCommon> } & {
	readonly [N in HookEventName]: z.ZodMiniType<PayloadFields<N>>;
};

// An object whose properties `builders` make when first read; each is then kept.
function builtOnFirstRead<T extends object>(builders: { readonly [K in keyof T]: () => T[K] }): T {
	const built = {} as T;
	for (const key of Object.keys(builders) as (keyof T)[]) {
		Object.defineProperty(built, key, {
			configurable: true,
			enumerable: true,
			get: () => {
				const value = builders[key]();
				Object.defineProperty(built, key, { enumerable: true, value });
				return value;
			},
		});
	}
	return built;
}

function typeName(value: unknown): string {
	if (value === null) {
		return 'null';
	}
	return Array.isArray(value) ? 'array' : typeof value;
}

// Messages read as the end of "Hook input field "x" …", so a person sees what was expected and what came.
function mustBe(expected: string) {
	return (issue: { readonly input?: unknown }): string =>
		issue.input === undefined ? 'is required' : `must be ${expected}, got ${typeName(issue.input)}`;
}

// Where a transform reports a problem: the parse payload, whose `issues` the transform may push to.
type IssueSink = z.core.ParsePayload;

// `schema`, then `fn` on what it yields: classic zod's `schema.transform(fn)`.
function transformed<T extends z.ZodMiniType, O>(
	schema: T,
	fn: (value: z.output<T>, ctx: IssueSink) => O,
) {
	return z.pipe(schema, z.transform(fn));
}

// JSON writers (Python's None, Go's nil pointers) spell "absent" as null: an optional field treats both alike.
function opt<T extends z.ZodMiniType>(schema: T) {
	return transformed(z.nullish(schema), (value) => value ?? undefined);
}

const text = () => z.string({ error: mustBe('a string') });
const flag = () => z.boolean({ error: mustBe('a boolean') });
const jsonObject = () =>
	z.record(z.string(), z.unknown(), { error: mustBe('an object') }) as z.ZodMiniType<
		Record<string, unknown>
	>;

// The CLI sends epoch milliseconds; a digits-only string is the same number quoted.
function isoTimestamp(value: string | number | undefined, ctx: IssueSink): string | undefined {
	if (value === undefined) {
		return undefined;
	}
	const date = new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);
	if (Number.isNaN(date.getTime())) {
		ctx.issues.push({
			code: 'custom',
			input: value,
			message: `is not a date: ${JSON.stringify(value).slice(0, 40)}`,
		});
		return z.NEVER;
	}
	return date.toISOString();
}

const timestamp = () =>
	transformed(
		opt(
			z.union([z.string(), z.number()], {
				error: mustBe('an ISO-8601 string or epoch milliseconds'),
			}),
		),
		isoTimestamp,
	);

// The CLI documents `toolArgs` as unknown and has sent it as a JSON string; the Copilot harness parses
// `tool_input` "when possible". Both shapes are accepted here and a string is parsed once the tool is known.
const toolArguments = () =>
	opt(z.union([jsonObject(), z.string()], { error: mustBe('an object or a JSON string') }));

// apply_patch is a free-form tool: where a harness passes its arguments raw, the string is the patch itself.
const RAW_TEXT_TOOLS = new Set(['apply_patch']);

// Turns tool arguments into an object, reporting an issue on `field` when a string is not a JSON object
// or anything nests too deep to pass on.
function toolInputOf(
	toolName: string,
	value: Record<string, unknown> | string | undefined,
	field: string,
	ctx: IssueSink,
): Record<string, unknown> | undefined {
	if (value === undefined) {
		return {};
	}
	if (typeof value !== 'string') {
		return checkDepth(value, field, ctx);
	}
	let parsed: unknown;
	try {
		parsed = JSON.parse(value);
	} catch (error) {
		if (RAW_TEXT_TOOLS.has(toolName.toLowerCase())) {
			return { input: value };
		}
		// V8 quotes the input in its message: keep the line readable when the input is megabytes.
		const why = (error instanceof Error ? error.message : String(error)).slice(0, 160);
		ctx.issues.push({
			code: 'custom',
			input: value,
			path: [field],
			message: `is not valid JSON (${why})`,
		});
		return undefined;
	}
	if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
		ctx.issues.push({
			code: 'custom',
			input: value,
			path: [field],
			message: `must hold a JSON object, got ${typeName(parsed)}`,
		});
		return undefined;
	}
	return checkDepth(parsed as Record<string, unknown>, field, ctx);
}

// Events travel on as JSON (IPC, audit log): a value too deep to serialise must fail here, as bad input.
function checkDepth<T>(value: T, field: string, ctx: IssueSink): T | undefined {
	if (!exceedsDepth(value, MAX_NESTING_DEPTH)) {
		return value;
	}
	ctx.issues.push({
		code: 'custom',
		input: value,
		path: [field],
		message: `nests deeper than ${MAX_NESTING_DEPTH} levels`,
	});
	return undefined;
}

// Claude's `tool_response` is an object; VS Code's is text. Policies see text either way.
function responseText(value: unknown, ctx: IssueSink): string | undefined {
	if (value === undefined || value === null) {
		return undefined;
	}
	if (typeof value === 'string') {
		return value;
	}
	return checkDepth(value, 'tool_response', ctx) === undefined ? undefined : JSON.stringify(value);
}

const errorValue = () =>
	transformed(
		opt(
			z.union(
				[z.string(), z.object({ message: opt(text()), name: opt(text()), stack: opt(text()) })],
				{ error: mustBe('a string or an {message, name, stack} object') },
			),
		),
		(value) => (typeof value === 'object' ? (value.message ?? value.name) : value),
	);

const toolName = () => text().check(z.minLength(1, { error: 'must not be empty' }));

/** VS Code Local and Claude-format payloads: snake_case, with VS Code's older `sessionId`/`hookEventName` spelling. */
export const SNAKE_CASE_SCHEMAS = builtOnFirstRead<PayloadSchemas>({
	common: () =>
		transformed(
			z.object({
				timestamp: timestamp(),
				session_id: opt(text()),
				sessionId: opt(text()),
				transcript_path: opt(text()),
				cwd: opt(text()),
				model: opt(text()),
				permission_mode: opt(text()),
			}),
			(p) => ({
				timestamp: p.timestamp,
				sessionId: p.session_id ?? p.sessionId,
				transcriptPath: p.transcript_path,
				cwd: p.cwd,
				model: p.model,
				permissionMode: p.permission_mode,
			}),
		),
	SessionStart: () =>
		transformed(z.object({ source: opt(text()), initial_prompt: opt(text()) }), (p) => ({
			source: p.source,
			initialPrompt: p.initial_prompt,
		})),
	UserPromptSubmit: () => z.object({ prompt: text() }),
	PreToolUse: () =>
		transformed(
			z.object({ tool_name: toolName(), tool_input: toolArguments(), tool_use_id: opt(text()) }),
			(p, ctx) => ({
				tool: {
					name: p.tool_name,
					input: toolInputOf(p.tool_name, p.tool_input, 'tool_input', ctx) ?? {},
					useId: p.tool_use_id,
				},
			}),
		),
	PostToolUse: () =>
		transformed(
			z.object({
				tool_name: toolName(),
				tool_input: toolArguments(),
				tool_use_id: opt(text()),
				tool_response: z.optional(z.unknown()),
				tool_result: opt(
					z.object(
						{ result_type: opt(text()), text_result_for_llm: opt(text()) },
						{ error: mustBe('an object') },
					),
				),
			}),
			(p, ctx) => ({
				tool: {
					name: p.tool_name,
					input: toolInputOf(p.tool_name, p.tool_input, 'tool_input', ctx) ?? {},
					useId: p.tool_use_id,
				},
				toolResponse: responseText(p.tool_response, ctx) ?? p.tool_result?.text_result_for_llm,
			}),
		),
	PreCompact: () =>
		transformed(z.object({ trigger: opt(text()), custom_instructions: opt(text()) }), (p) => ({
			trigger: p.trigger,
			customInstructions: p.custom_instructions,
		})),
	SubagentStart: () =>
		transformed(
			z.object({ agent_id: opt(text()), agent_type: opt(text()), agent_name: opt(text()) }),
			(p) => ({ agentId: p.agent_id, agentType: p.agent_type, agentName: p.agent_name }),
		),
	SubagentStop: () =>
		transformed(
			z.object({
				agent_id: opt(text()),
				agent_type: opt(text()),
				agent_name: opt(text()),
				stop_hook_active: opt(flag()),
				stop_reason: opt(text()),
			}),
			(p) => ({
				agentId: p.agent_id,
				agentType: p.agent_type,
				agentName: p.agent_name,
				stopHookActive: p.stop_hook_active ?? false,
				stopReason: p.stop_reason,
			}),
		),
	Stop: () =>
		transformed(z.object({ stop_hook_active: opt(flag()), stop_reason: opt(text()) }), (p) => ({
			stopHookActive: p.stop_hook_active ?? false,
			stopReason: p.stop_reason,
		})),
	SessionEnd: () => z.object({ reason: opt(text()) }),
	ErrorOccurred: () =>
		transformed(
			z.object({ error: errorValue(), error_context: opt(text()), recoverable: opt(flag()) }),
			(p) => ({ error: p.error, errorContext: p.error_context, recoverable: p.recoverable }),
		),
	PostToolUseFailure: () =>
		transformed(
			z.object({
				tool_name: toolName(),
				tool_input: toolArguments(),
				tool_use_id: opt(text()),
				error: errorValue(),
			}),
			(p, ctx) => ({
				tool: {
					name: p.tool_name,
					input: toolInputOf(p.tool_name, p.tool_input, 'tool_input', ctx) ?? {},
					useId: p.tool_use_id,
				},
				error: p.error,
			}),
		),
	// Claude Code sends snake_case here; Copilot CLI 1.0.102 sends camelCase (`toolInput`) even for a PascalCase key.
	PermissionRequest: () =>
		transformed(
			z.object({
				tool_name: opt(toolName()),
				toolName: opt(toolName()),
				tool_input: toolArguments(),
				toolInput: toolArguments(),
				tool_use_id: opt(text()),
			}),
			(p, ctx) => {
				const name = p.tool_name ?? p.toolName ?? '';
				const field = p.tool_input !== undefined ? 'tool_input' : 'toolInput';
				return {
					tool: {
						name,
						input: toolInputOf(name, p.tool_input ?? p.toolInput, field, ctx) ?? {},
						useId: p.tool_use_id,
					},
				};
			},
		),
	Notification: () =>
		transformed(
			z.object({ message: opt(text()), title: opt(text()), notification_type: opt(text()) }),
			(p) => ({ message: p.message, title: p.title, notificationType: p.notification_type }),
		),
});

/** Copilot CLI payloads from a camelCase config: camelCase keys, epoch-millisecond timestamps, no event name. */
export const CAMEL_CASE_SCHEMAS = builtOnFirstRead<PayloadSchemas>({
	common: () =>
		transformed(
			z.object({
				timestamp: timestamp(),
				sessionId: opt(text()),
				cwd: opt(text()),
				// The Copilot SDK's hook input (what VS Code's Agent Host pipes to hook commands) says `workingDirectory`.
				workingDirectory: opt(text()),
				transcriptPath: opt(text()),
				model: opt(text()),
			}),
			(p) => ({
				timestamp: p.timestamp,
				sessionId: p.sessionId,
				transcriptPath: p.transcriptPath,
				cwd: p.cwd ?? p.workingDirectory,
				model: p.model,
			}),
		),
	SessionStart: () => z.object({ source: opt(text()), initialPrompt: opt(text()) }),
	UserPromptSubmit: () => z.object({ prompt: text() }),
	PreToolUse: () =>
		transformed(
			z.object({ toolName: toolName(), toolArgs: toolArguments(), toolCallId: opt(text()) }),
			(p, ctx) => ({
				tool: {
					name: p.toolName,
					input: toolInputOf(p.toolName, p.toolArgs, 'toolArgs', ctx) ?? {},
					useId: p.toolCallId,
				},
			}),
		),
	PostToolUse: () =>
		transformed(
			z.object({
				toolName: toolName(),
				toolArgs: toolArguments(),
				toolCallId: opt(text()),
				toolResult: opt(
					z.object(
						{ resultType: opt(text()), textResultForLlm: opt(text()) },
						{ error: mustBe('an object') },
					),
				),
			}),
			(p, ctx) => ({
				tool: {
					name: p.toolName,
					input: toolInputOf(p.toolName, p.toolArgs, 'toolArgs', ctx) ?? {},
					useId: p.toolCallId,
				},
				toolResponse: p.toolResult?.textResultForLlm,
			}),
		),
	PreCompact: () => z.object({ trigger: opt(text()), customInstructions: opt(text()) }),
	SubagentStart: () =>
		z.object({
			agentId: opt(text()),
			agentType: opt(text()),
			agentName: opt(text()),
		}),
	SubagentStop: () =>
		transformed(
			z.object({
				agentId: opt(text()),
				agentType: opt(text()),
				agentName: opt(text()),
				// The CLI documents snake_case `stop_hook_active` even in camelCase payloads; the SDK says `stopHookActive`.
				stop_hook_active: opt(flag()),
				stopHookActive: opt(flag()),
				stopReason: opt(text()),
			}),
			({ stop_hook_active, stopHookActive, ...rest }) => ({
				...rest,
				stopHookActive: stop_hook_active ?? stopHookActive ?? false,
			}),
		),
	Stop: () =>
		transformed(
			z.object({
				stop_hook_active: opt(flag()),
				stopHookActive: opt(flag()),
				stopReason: opt(text()),
			}),
			(p) => ({
				stopHookActive: p.stop_hook_active ?? p.stopHookActive ?? false,
				stopReason: p.stopReason,
			}),
		),
	SessionEnd: () => z.object({ reason: opt(text()) }),
	ErrorOccurred: () =>
		z.object({
			error: errorValue(),
			errorContext: opt(text()),
			recoverable: opt(flag()),
		}),
	PostToolUseFailure: () =>
		transformed(
			z.object({
				toolName: toolName(),
				toolArgs: toolArguments(),
				toolCallId: opt(text()),
				error: errorValue(),
			}),
			(p, ctx) => ({
				tool: {
					name: p.toolName,
					input: toolInputOf(p.toolName, p.toolArgs, 'toolArgs', ctx) ?? {},
					useId: p.toolCallId,
				},
				error: p.error,
			}),
		),
	// CLI 1.0.102 names the arguments `toolInput` here (a subset: `{command}` for bash), not `toolArgs`.
	PermissionRequest: () =>
		transformed(
			z.object({
				toolName: toolName(),
				toolInput: toolArguments(),
				toolArgs: toolArguments(),
				toolCallId: opt(text()),
			}),
			(p, ctx) => {
				const field = p.toolInput !== undefined ? 'toolInput' : 'toolArgs';
				return {
					tool: {
						name: p.toolName,
						input: toolInputOf(p.toolName, p.toolInput ?? p.toolArgs, field, ctx) ?? {},
						useId: p.toolCallId,
					},
				};
			},
		),
	// The CLI sends `notification_type` snake_case in camelCase payloads too; `notificationType` is accepted as well.
	Notification: () =>
		transformed(
			z.object({
				message: opt(text()),
				title: opt(text()),
				notification_type: opt(text()),
				notificationType: opt(text()),
			}),
			(p) => ({
				message: p.message,
				title: p.title,
				notificationType: p.notification_type ?? p.notificationType,
			}),
		),
});
