import type { Clock } from '../../src/core/util/clock';

/** A clock tests move by hand: timers fire only inside `advance`, in deadline order. */
export class FakeClock implements Clock {
	private time = Date.UTC(2026, 10, 22, 3, 0, 0);
	private timers: { at: number; callback: () => void; cancelled: boolean }[] = [];

	now(): number {
		return this.time;
	}

	setTimer(callback: () => void, ms: number): () => void {
		const timer = { at: this.time + ms, callback, cancelled: false };
		this.timers.push(timer);
		return () => (timer.cancelled = true);
	}

	/** Moves time forward, firing every timer that falls due. */
	advance(ms: number): void {
		const until = this.time + ms;
		for (;;) {
			const next = this.timers
				.filter((t) => !t.cancelled && t.at <= until)
				.sort((a, b) => a.at - b.at)[0];
			if (!next) {
				break;
			}
			this.time = next.at;
			next.cancelled = true;
			next.callback();
		}
		this.time = until;
	}

	/** Timers still waiting. */
	get pendingTimers(): number {
		return this.timers.filter((t) => !t.cancelled).length;
	}
}
