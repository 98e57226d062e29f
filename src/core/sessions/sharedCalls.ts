import type { Clock } from '../util/clock';

/**
 * Shares one answer between identical hook calls: when the same hook is registered twice (say in `.github/hooks` and
 * `.claude/settings.json`), VS Code runs it twice for one tool call. Both calls with the same key get the first call's
 * answer, so a person sees one approval prompt and the log one event. Keys expire after `ttlMs`; at most `maxKeys` are kept.
 */
export class SharedCalls<T> {
	private readonly calls = new Map<string, { value: Promise<T>; expires: number }>();

	constructor(
		private readonly clock: Clock,
		private readonly ttlMs = 10 * 60_000,
		private readonly maxKeys = 5_000,
	) {}

	/** Runs `produce` for the first call with `key` (or no key) and hands later calls the same promise. */
	share(
		key: string | undefined,
		produce: () => Promise<T>,
	): { value: Promise<T>; duplicate: boolean } {
		if (key === undefined) {
			return { value: produce(), duplicate: false };
		}
		const now = this.clock.now();
		const existing = this.calls.get(key);
		if (existing && existing.expires > now) {
			return { value: existing.value, duplicate: true };
		}
		const value = produce();
		this.calls.set(key, { value, expires: now + this.ttlMs });
		if (this.calls.size > this.maxKeys) {
			for (const [oldKey, call] of this.calls) {
				if (call.expires <= now || this.calls.size > this.maxKeys) {
					this.calls.delete(oldKey);
				}
				if (this.calls.size <= this.maxKeys) {
					break;
				}
			}
		}
		return { value, duplicate: false };
	}
}
