/**
 * Settings only the window's UI reads (no policy meaning, so they are not part of the zod policy schema that the
 * bridge shares). Keys are relative to the `hookwarden` section; package.json declares each under "Approvals".
 */
export const UI_SETTINGS = {
	/** boolean, default false: ask in a modal dialog instead of a notification. */
	approvalModal: 'approval.modal',
} as const;

/** The fully qualified keys, for the manifest test. */
export const UI_SETTING_KEYS: readonly string[] = Object.values(UI_SETTINGS).map(
	(key) => `hookwarden.${key}`,
);
