/** How times read for people: on a clock (`14:03:07`) or with the date (`11/27/2026, 14:03:07`). */
export interface TimeFormat {
	readonly clock: (epochMs: number) => string;
	readonly dateTime: (epochMs: number) => string;
}

/**
 * The local time of the machine showing it, as every Hookwarden surface for people shows times (logs and exports for
 * machines keep ISO-8601 UTC).
 */
export const LOCAL_TIME: TimeFormat = {
	clock: (ms) => new Date(ms).toLocaleTimeString(),
	dateTime: (ms) => new Date(ms).toLocaleString(),
};
