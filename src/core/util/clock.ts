/** Time as core code sees it: injected so tests can move it and nothing in core depends on the wall clock. */
export interface Clock {
	/** Milliseconds since the epoch. */
	now(): number;
	/** Runs `callback` after `ms`; the returned function cancels it. */
	setTimer(callback: () => void, ms: number): () => void;
}

/** The real clock. */
export const SYSTEM_CLOCK: Clock = {
	now: () => Date.now(),
	setTimer(callback, ms) {
		const handle = setTimeout(callback, ms);
		// A pending approval must not keep a process alive on its own.
		(handle as { unref?: () => void }).unref?.();
		return () => clearTimeout(handle);
	},
};
