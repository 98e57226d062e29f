/**
 * A map that keeps at most `limit` entries, forgetting the one used least recently when a new key would pass the
 * limit: for caches in long-lived processes, where what an agent repeats is what is asked for again.
 */
export class RecentMap<K, V> {
	private readonly entries = new Map<K, V>();

	constructor(private readonly limit: number) {}

	/** The value kept for `key`, which becomes the most recently used; `undefined` when none is kept. */
	get(key: K): V | undefined {
		const value = this.entries.get(key);
		if (value !== undefined) {
			// A Map iterates in insertion order, so re-inserting moves the key to the recent end.
			this.entries.delete(key);
			this.entries.set(key, value);
		}
		return value;
	}

	/** Keeps `value` for `key` as the most recently used, forgetting the least recently used past the limit. */
	set(key: K, value: V): void {
		this.entries.delete(key);
		this.entries.set(key, value);
		if (this.entries.size > this.limit) {
			const oldest = this.entries.keys().next();
			if (!oldest.done) {
				this.entries.delete(oldest.value);
			}
		}
	}

	/** How many entries are kept. */
	get size(): number {
		return this.entries.size;
	}
}
