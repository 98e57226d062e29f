import type { NotHeldReason } from '../../core/snapshots/snapshotFacts';

/** One name in a folder as a snapshot holds it. */
export type TreeEntry =
	/** A file held: its content object, size and permission bits. */
	| {
			readonly name: string;
			readonly type: 'file';
			readonly hash: string;
			readonly size: number;
			readonly mode: number;
	  }
	/** A symbolic link held: the object holding where it points. */
	| { readonly name: string; readonly type: 'link'; readonly hash: string }
	/** A folder: the tree object holding its names. */
	| { readonly name: string; readonly type: 'dir'; readonly hash: string }
	/** A file seen but not held, with enough of its state to tell later whether it changed. */
	| {
			readonly name: string;
			readonly type: 'noted';
			readonly size: number;
			readonly changedAt: number;
			readonly why: NotHeldReason;
	  }
	/** A name the snapshot ran out of time before it looked at: nothing is known of it. */
	| { readonly name: string; readonly type: 'unvisited' };

/** A folder's names, sorted, as one object. */
export interface Tree {
	readonly entries: readonly TreeEntry[];
}

const VERSION = 1;

type Encoded =
	| [string, 'f', string, number, number]
	| [string, 'l', string]
	| [string, 'd', string]
	| [string, 'x', number, number, NotHeldReason]
	| [string, 'u'];

/** A tree's bytes: the same names in the same state always give the same bytes, hence the same object. */
export function encodeTree(entries: readonly TreeEntry[]): string {
	const sorted = [...entries].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
	const encoded = sorted.map((entry): Encoded => {
		switch (entry.type) {
			case 'file':
				return [entry.name, 'f', entry.hash, entry.size, entry.mode];
			case 'link':
				return [entry.name, 'l', entry.hash];
			case 'dir':
				return [entry.name, 'd', entry.hash];
			case 'noted':
				return [entry.name, 'x', entry.size, entry.changedAt, entry.why];
			case 'unvisited':
				return [entry.name, 'u'];
		}
	});
	return JSON.stringify({ v: VERSION, e: encoded });
}

const REASONS: ReadonlySet<string> = new Set([
	'fileTooLarge',
	'storeFull',
	'unreadable',
	'excluded',
	'outOfTime',
	'diskFull',
	'special',
	'tooManyFiles',
]);

/** Reads a tree's bytes back; `undefined` for bytes that are not a tree of this version. */
export function decodeTree(bytes: Buffer | string): Tree | undefined {
	let value: unknown;
	try {
		value = JSON.parse(typeof bytes === 'string' ? bytes : bytes.toString('utf8'));
	} catch {
		return undefined;
	}
	const { v, e } = (value ?? {}) as { v?: unknown; e?: unknown };
	if (v !== VERSION || !Array.isArray(e)) {
		return undefined;
	}
	const entries: TreeEntry[] = [];
	for (const item of e as unknown[]) {
		const entry = decodeEntry(item);
		if (!entry) {
			return undefined;
		}
		entries.push(entry);
	}
	return { entries };
}

function decodeEntry(item: unknown): TreeEntry | undefined {
	if (!Array.isArray(item) || typeof item[0] !== 'string' || !safeName(item[0])) {
		return undefined;
	}
	const [name, type, a, b, c] = item as [string, unknown, unknown, unknown, unknown];
	switch (type) {
		case 'f':
			return typeof a === 'string' && typeof b === 'number' && typeof c === 'number'
				? { name, type: 'file', hash: a, size: b, mode: c }
				: undefined;
		case 'l':
			return typeof a === 'string' ? { name, type: 'link', hash: a } : undefined;
		case 'd':
			return typeof a === 'string' ? { name, type: 'dir', hash: a } : undefined;
		case 'x':
			return typeof a === 'number' &&
				typeof b === 'number' &&
				typeof c === 'string' &&
				REASONS.has(c)
				? { name, type: 'noted', size: a, changedAt: b, why: c as NotHeldReason }
				: undefined;
		case 'u':
			return { name, type: 'unvisited' };
		default:
			return undefined;
	}
}

// A backslash is a separator only on Windows; elsewhere it is a character a file name may hold.
const SEPARATOR = process.platform === 'win32' ? /[/\\\0]/ : /[/\0]/;

/** A name one folder level deep: never empty, `.`, `..` or holding a separator, so a restore cannot climb out. */
export function safeName(name: string): boolean {
	return name !== '' && name !== '.' && name !== '..' && !SEPARATOR.test(name);
}
