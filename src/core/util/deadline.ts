import type { Clock } from './clock';

/** Thrown when synchronous work runs past its deadline; the decider answers such a call with the fail mode. */
export class DeadlineExceeded extends Error {
	constructor(ms: number) {
		super(`no decision within ${ms} ms`);
		this.name = 'DeadlineExceeded';
	}
}

/**
 * A time budget that synchronous work checks as it goes: a timer cannot interrupt a busy loop, so a long evaluation
 * looks at the clock itself. Checks are cheap: the clock is read on every eighth call.
 */
export class Deadline {
	private readonly at: number;
	private calls = 0;

	constructor(
		private readonly clock: Clock,
		private readonly ms: number,
	) {
		this.at = clock.now() + ms;
	}

	/** Throws {@link DeadlineExceeded} once the budget is spent. */
	check(): void {
		if ((++this.calls & 7) === 0 && this.clock.now() > this.at) {
			throw new DeadlineExceeded(this.ms);
		}
	}
}
