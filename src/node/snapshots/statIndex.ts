import type { NotHeldReason } from '../../core/snapshots/snapshotFacts';
import type { FileState } from './fileState';

/** What the last capture held in all, so a capture shared by a later call can say it without walking again. */
export interface CaptureSummary {
	readonly files: number;
	readonly bytes: number;
	readonly notHeld: readonly { readonly path: string; readonly why: NotHeldReason }[];
	readonly notHeldCount: number;
	readonly excluded: readonly string[];
}

/** What the index remembers of one folder: the tree object its entries made, and how many entries it had. */
export interface IndexedFolder {
	readonly hash: string;
	readonly count: number;
}

/**
 * A file changed within this long before a capture began may change again within the same clock tick and keep its
 * size and times (file systems that keep seconds, or two seconds, as FAT does): it is read again next time.
 */
const RACY_MS = 2_000;
const VERSION = 2;
/** Numbers kept per file: size, mtime, ctime, inode, mode, and whether it is a link. */
const FIELDS = 6;

const REASONS: readonly NotHeldReason[] = [
	'fileTooLarge',
	'storeFull',
	'unreadable',
	'excluded',
	'outOfTime',
	'diskFull',
	'special',
	'tooManyFiles',
];

/**
 * The state of a workspace as the last capture saw it, file by file: what makes a capture incremental. A file whose
 * size, times, inode and mode are unchanged costs one `lstat`, and its object is reused; only a changed file is read.
 * Kept in columns (names, numbers, hashes) so a bridge process reads thousands of files' state without making an
 * object for each. It is kept in the store, signed with the store's key, and refused whole when the signature does
 * not hold: a planted index could otherwise make a changed file look unchanged.
 */
export class StatIndex {
	readonly names: string[] = [];
	readonly numbers: number[] = [];
	/** The object holding each file (a link's target for a link); `''` when it is not held. */
	readonly hashes: string[] = [];
	/** Why each file is not held; `''` when it is. */
	readonly whys: (NotHeldReason | '')[] = [];
	readonly folders = new Map<string, IndexedFolder>();
	private positions: Map<string, number> | undefined;

	constructor(
		/** Epoch milliseconds the capture that wrote this index began. */
		public capturedAt = 0,
		/** The settings the index was built under (limits and exclusions): another set starts it over. */
		public settingsKey = '',
		/** How many names the last whole walk visited, when it stopped because the workspace is too large. */
		public tooLarge?: number,
		/** Whether the capture that wrote it saw every name (nothing out of time or past the size of a walk). */
		public complete = false,
		public summary?: CaptureSummary,
	) {}

	get size(): number {
		return this.names.length;
	}

	/** Where a file is in the index, or -1. */
	positionOf(path: string): number {
		if (!this.positions) {
			this.positions = new Map();
			for (let at = 0; at < this.names.length; at++) {
				this.positions.set(this.names[at]!, at);
			}
		}
		return this.positions.get(path) ?? -1;
	}

	/** Whether the file at a position is in the state `state` shows, and was not racily clean when it was seen. */
	unchangedAt(position: number, state: FileState): boolean {
		const at = position * FIELDS;
		const n = this.numbers;
		const racy = this.capturedAt - RACY_MS;
		return (
			n[at] === state.size &&
			n[at + 1] === state.mtimeMs &&
			n[at + 2] === state.ctimeMs &&
			n[at + 3] === state.ino &&
			n[at + 4] === state.mode &&
			n[at + 1]! < racy &&
			n[at + 2]! < racy
		);
	}

	/** The size, mode and link flag of the file at a position. */
	fileAt(position: number): { size: number; mode: number; link: boolean; ctimeMs: number } {
		const at = position * FIELDS;
		return {
			size: this.numbers[at]!,
			ctimeMs: this.numbers[at + 2]!,
			mode: this.numbers[at + 4]!,
			link: this.numbers[at + 5] === 1,
		};
	}

	/** Adds a file in the state it was seen in, with its object (or why it has none). */
	add(path: string, state: FileState, link: boolean, hash: string, why: NotHeldReason | ''): void {
		this.names.push(path);
		this.numbers.push(
			state.size,
			state.mtimeMs,
			state.ctimeMs,
			state.ino,
			state.mode,
			link ? 1 : 0,
		);
		this.hashes.push(hash);
		this.whys.push(why);
		this.positions?.set(path, this.names.length - 1);
	}

	/** Copies one file's entry from another index. */
	copy(from: StatIndex, position: number): void {
		const at = position * FIELDS;
		this.names.push(from.names[position]!);
		for (let field = 0; field < FIELDS; field++) {
			this.numbers.push(from.numbers[at + field]!);
		}
		this.hashes.push(from.hashes[position]!);
		this.whys.push(from.whys[position]!);
		this.positions?.set(from.names[position]!, this.names.length - 1);
	}

	/** The index's bytes: a JSON header with names and hashes, then the numbers as 64-bit floats. */
	encode(): Buffer {
		const header = Buffer.from(
			JSON.stringify({
				v: VERSION,
				at: this.capturedAt,
				settings: this.settingsKey,
				...(this.tooLarge !== undefined && { tooLarge: this.tooLarge }),
				complete: this.complete,
				...(this.summary && { summary: this.summary }),
				names: this.names,
				hashes: this.hashes.join(','),
				whys: this.whys.map((why) => (why === '' ? 0 : REASONS.indexOf(why) + 1)),
				folders: [...this.folders].map(([path, folder]) => [path, folder.hash, folder.count]),
			}),
		);
		const padded = Math.ceil((4 + header.length) / 8) * 8;
		const body = Buffer.alloc(padded + this.numbers.length * 8);
		body.writeUInt32LE(header.length, 0);
		header.copy(body, 4);
		const numbers = new Float64Array(body.buffer, body.byteOffset + padded, this.numbers.length);
		numbers.set(this.numbers);
		return body;
	}

	/** Reads an index's bytes; an empty index for anything that is not one. */
	static decode(body: Buffer): StatIndex {
		try {
			return StatIndex.read(body) ?? new StatIndex();
		} catch {
			return new StatIndex();
		}
	}

	private static read(body: Buffer): StatIndex | undefined {
		const length = body.readUInt32LE(0);
		const value = JSON.parse(body.toString('utf8', 4, 4 + length)) as {
			v?: unknown;
			at?: unknown;
			settings?: unknown;
			tooLarge?: unknown;
			complete?: unknown;
			summary?: unknown;
			names?: unknown;
			hashes?: unknown;
			whys?: unknown;
			folders?: unknown;
		};
		const { names, hashes, whys, folders } = value;
		if (
			value.v !== VERSION ||
			typeof value.at !== 'number' ||
			typeof value.settings !== 'string' ||
			!isStrings(names) ||
			typeof hashes !== 'string' ||
			!Array.isArray(whys) ||
			!Array.isArray(folders)
		) {
			return undefined;
		}
		const padded = Math.ceil((4 + length) / 8) * 8;
		const count = names.length;
		const hashList = hashes === '' ? [] : hashes.split(',');
		if (
			body.length !== padded + count * FIELDS * 8 ||
			hashList.length !== count ||
			whys.length !== count
		) {
			return undefined;
		}
		const index = new StatIndex(
			value.at,
			value.settings,
			typeof value.tooLarge === 'number' ? value.tooLarge : undefined,
			value.complete === true,
			isSummary(value.summary) ? value.summary : undefined,
		);
		// Copied out: the buffer's own memory may not be 8-byte aligned.
		const numbers = new Float64Array(
			body.buffer.slice(body.byteOffset + padded, body.byteOffset + body.length),
		);
		for (let at = 0; at < count; at++) {
			index.names.push(names[at]!);
			index.hashes.push(hashList[at]!);
		}
		for (const number of numbers) {
			index.numbers.push(number);
		}
		for (const why of whys) {
			index.whys.push(typeof why === 'number' && why > 0 ? (REASONS[why - 1] ?? 'unreadable') : '');
		}
		for (const item of folders as unknown[]) {
			if (!Array.isArray(item) || typeof item[0] !== 'string' || typeof item[1] !== 'string') {
				return undefined;
			}
			index.folders.set(item[0], { hash: item[1], count: Number(item[2]) });
		}
		return index;
	}
}

function isStrings(value: unknown): value is string[] {
	return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function isSummary(value: unknown): value is CaptureSummary {
	const summary = value as Partial<CaptureSummary> | undefined;
	return (
		typeof summary === 'object' &&
		summary !== null &&
		typeof summary.files === 'number' &&
		typeof summary.bytes === 'number' &&
		Array.isArray(summary.notHeld) &&
		typeof summary.notHeldCount === 'number' &&
		Array.isArray(summary.excluded)
	);
}
