import type { HookEvent, ToolCall } from './hookEvent';

/** The events that carry a tool call, in the order a call meets them. */
export const TOOL_EVENT_NAMES = [
	'PreToolUse',
	'PermissionRequest',
	'PostToolUse',
	'PostToolUseFailure',
] as const;

/** One event that carries a tool call. */
export type ToolEvent = Extract<HookEvent, { readonly tool: ToolCall }>;

const TOOL_EVENTS: ReadonlySet<string> = new Set(TOOL_EVENT_NAMES);

/** Whether the event carries a tool call (PreToolUse, PermissionRequest, PostToolUse, PostToolUseFailure). */
export function isToolEvent(event: HookEvent): event is ToolEvent {
	return TOOL_EVENTS.has(event.name);
}

/** The tool call an event carries, or `undefined` for events about no tool. */
export function toolOfEvent(event: HookEvent): ToolCall | undefined {
	return isToolEvent(event) ? event.tool : undefined;
}
