/** A minimal event source for core objects, which cannot use `vscode.EventEmitter`; listeners run synchronously in order. */
export class Listeners<T> {
	private readonly listeners = new Set<(value: T) => void>();

	/** Adds a listener; the returned function removes it. */
	add(listener: (value: T) => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	/** Calls every listener with `value`; one listener throwing does not stop the others. */
	fire(value: T): void {
		for (const listener of [...this.listeners]) {
			try {
				listener(value);
			} catch {
				// A broken listener (say, a disposed view) must not stop the hook answer from being delivered.
			}
		}
	}
}
