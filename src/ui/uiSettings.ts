import * as z from '../core/util/zod';

/**
 * Settings only the window's UI reads (no policy meaning, so they are not part of the zod policy schema that the
 * bridge shares). Keys are relative to the `hookwarden` section.
 */
export const UI_SETTINGS = {
	/** boolean, default false: ask in a modal dialog instead of a notification (declared under "Approvals"). */
	approvalModal: 'approval.modal',
	/** boolean, default true: a notice for each burst of denied calls (declared under "Notifications"). */
	denyNotices: 'notifications.denies',
} as const;

/** Each UI setting's schema and default, which package.json must declare alike (the manifest test checks). */
export const UI_SETTING_SPECS: Readonly<
	Record<keyof typeof UI_SETTINGS, { readonly schema: z.ZodMiniType; readonly default: unknown }>
> = {
	approvalModal: { schema: z.boolean(), default: false },
	denyNotices: { schema: z.boolean(), default: true },
};

/** The fully qualified keys, for the manifest test. */
export const UI_SETTING_KEYS: readonly string[] = Object.values(UI_SETTINGS).map(
	(key) => `hookwarden.${key}`,
);
