/**
 * Every payload field a dialect names its event with: VS Code Local and Claude (`hook_event_name`), VS Code's older
 * spelling and the Copilot CLI's Notification (`hookEventName`), and the Copilot CLI's permissionRequest (`hookName`).
 * One list, so the reader that picks the event and the check that compares it with the hook command cannot drift.
 */
export const EVENT_NAME_FIELDS = ['hook_event_name', 'hookEventName', 'hookName'] as const;

/** One field of {@link EVENT_NAME_FIELDS} a payload carries, with the value it holds there (any type). */
export interface StatedEventName {
	readonly field: (typeof EVENT_NAME_FIELDS)[number];
	readonly value: unknown;
}

/** The event-name fields a payload carries, in {@link EVENT_NAME_FIELDS} order; empty for a payload that is not an object. */
export function statedEventNames(payload: unknown): StatedEventName[] {
	if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
		return [];
	}
	const record = payload as Readonly<Record<string, unknown>>;
	return EVENT_NAME_FIELDS.filter((field) => field in record).map((field) => ({
		field,
		value: record[field],
	}));
}
