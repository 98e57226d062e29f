/**
 * A read-only set whose members are worked out on its first use and kept. The bridge runs every module's top level
 * at each start, and most hook calls consult few of the name lists derived from the program vocabulary (a file tool
 * none): each is built when something first asks it, not when the module loads.
 */
export function setBuiltOnFirstUse<T>(build: () => Iterable<T>): ReadonlySet<T> {
	return new SetBuiltOnFirstUse(build);
}

class SetBuiltOnFirstUse<T> implements ReadonlySet<T> {
	#members: Set<T> | undefined;

	constructor(private readonly build: () => Iterable<T>) {}

	private get members(): Set<T> {
		return (this.#members ??= new Set(this.build()));
	}

	get size(): number {
		return this.members.size;
	}

	has(value: T): boolean {
		return this.members.has(value);
	}

	forEach(callback: (value: T, key: T, set: ReadonlySet<T>) => void, thisArg?: unknown): void {
		this.members.forEach((value) => callback.call(thisArg, value, value, this));
	}

	entries(): IterableIterator<[T, T]> {
		return this.members.entries();
	}

	keys(): IterableIterator<T> {
		return this.members.keys();
	}

	values(): IterableIterator<T> {
		return this.members.values();
	}

	[Symbol.iterator](): IterableIterator<T> {
		return this.members.values();
	}
}
