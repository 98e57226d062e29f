import type { NotHeldReason } from '../../core/snapshots/snapshotFacts';
import type { FileState } from './fileState';

/**
 * A file changed within this long before a capture began may change again within the same clock tick and keep its
 * size and times (file systems that keep seconds, or two seconds, as FAT does): it is read again next time.
 */
const RACY_MS = 2_000;
const VERSION = 3;
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
 * The files directly in one folder as a capture saw them, in columns (names, numbers, hashes) so a bridge process reads
 * thousands of files' state without making an object for each.
 */
export class FolderFiles {
	readonly names: string[] = [];
	readonly numbers: number[] = [];
	/** The object holding each file (a link's target for a link); `''` when it is not held. */
	readonly hashes: string[] = [];
	/** Why each file is not held; `''` when it is. */
	readonly whys: (NotHeldReason | '')[] = [];
	private positions: Map<string, number> | undefined;

	get size(): number {
		return this.names.length;
	}

	/** Where a file is, by name, or -1. */
	positionOf(name: string): number {
		this.positions ??= new Map(this.names.map((each, at) => [each, at]));
		return this.positions.get(name) ?? -1;
	}

	/** Whether the file at a position is in the state `state` shows, and was not racily clean when seen at `capturedAt`. */
	unchangedAt(position: number, state: FileState, capturedAt: number): boolean {
		const at = position * FIELDS;
		const n = this.numbers;
		const racy = capturedAt - RACY_MS;
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

	/** The size, change time, mode and link flag of the file at a position. */
	fileAt(position: number): { size: number; ctimeMs: number; mode: number; link: boolean } {
		const at = position * FIELDS;
		return {
			size: this.numbers[at]!,
			ctimeMs: this.numbers[at + 2]!,
			mode: this.numbers[at + 4]!,
			link: this.numbers[at + 5] === 1,
		};
	}

	/** Adds a file in the state it was seen in, with its object (or why it has none). */
	add(name: string, state: FileState, link: boolean, hash: string, why: NotHeldReason | ''): void {
		this.names.push(name);
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
	}

	/** Copies one file's entry from another folder's files. */
	copy(from: FolderFiles, position: number): void {
		const at = position * FIELDS;
		this.names.push(from.names[position]!);
		for (let field = 0; field < FIELDS; field++) {
			this.numbers.push(from.numbers[at + field]!);
		}
		this.hashes.push(from.hashes[position]!);
		this.whys.push(from.whys[position]!);
	}

	/** Files held (not links) and their bytes. */
	held(): { files: number; bytes: number } {
		let files = 0;
		let bytes = 0;
		for (let at = 0; at < this.names.length; at++) {
			if (this.hashes[at] !== '' && this.numbers[at * FIELDS + 5] !== 1) {
				files++;
				bytes += this.numbers[at * FIELDS]!;
			}
		}
		return { files, bytes };
	}
}

/** What the index remembers of one folder: its tree object, how many entries the tree has, its files, what it skipped. */
export interface IndexedFolder {
	readonly hash: string;
	readonly count: number;
	readonly files: FolderFiles;
	/** Names of entries the exclusions skipped here. */
	readonly excluded: readonly string[];
}

/**
 * The state of a workspace as the last capture saw it, folder by folder: what makes a capture incremental. A file whose
 * size, times, inode and mode are unchanged costs one `lstat`, and its object is reused; only a changed file is read;
 * a folder a watcher saw no change in is not even listed. It is kept in the store, signed with the store's key, and
 * refused whole when the signature does not hold: a planted index could otherwise make a changed file look unchanged.
 */
export class StatIndex {
	readonly folders = new Map<string, IndexedFolder>();

	constructor(
		/** Epoch milliseconds the capture that wrote this index began. */
		public capturedAt = 0,
		/** The settings the index was built under (limits and exclusions): another set starts it over. */
		public settingsKey = '',
		/** How many names the last whole walk visited, when it stopped because the workspace is too large. */
		public tooLarge?: number,
		/** Whether the capture that wrote it saw every name (nothing out of time or past the size of a walk). */
		public complete = false,
		/** Epoch milliseconds of the last capture that listed every folder (not only those a watcher saw change). */
		public walkedAt = 0,
	) {}

	/** Files held in all, and their bytes. */
	held(): { files: number; bytes: number } {
		let files = 0;
		let bytes = 0;
		for (const folder of this.folders.values()) {
			const counted = folder.files.held();
			files += counted.files;
			bytes += counted.bytes;
		}
		return { files, bytes };
	}

	/** Every file not held, as a relative path with why. */
	notHeld(): { path: string; why: NotHeldReason }[] {
		const found: { path: string; why: NotHeldReason }[] = [];
		for (const [relative, folder] of this.folders) {
			folder.files.whys.forEach((why, at) => {
				if (why !== '') {
					found.push({ path: joined(relative, folder.files.names[at]!), why });
				}
			});
		}
		return found;
	}

	/** The names of every entry the exclusions skipped. */
	excluded(): string[] {
		return [...new Set([...this.folders.values()].flatMap((folder) => folder.excluded))].sort();
	}

	/** Removes a folder and every folder under it (a folder that vanished). */
	removeTree(relative: string): void {
		const prefix = relative === '' ? '' : `${relative}/`;
		for (const key of [...this.folders.keys()]) {
			if (key === relative || key.startsWith(prefix)) {
				this.folders.delete(key);
			}
		}
	}

	/** An index starting as a copy of this one's folders, for a capture that revisits only what changed. */
	derive(capturedAt: number): StatIndex {
		const next = new StatIndex(capturedAt, this.settingsKey, undefined, false, this.walkedAt);
		for (const [relative, folder] of this.folders) {
			next.folders.set(relative, folder);
		}
		return next;
	}

	/** The index's bytes: a JSON header with folders, names and hashes, then the numbers as 64-bit floats. */
	encode(): Buffer {
		const folders: [string, string, number, number, string[]][] = [];
		const names: string[] = [];
		const hashes: string[] = [];
		const whys: number[] = [];
		const numbers: number[] = [];
		for (const [relative, folder] of this.folders) {
			folders.push([relative, folder.hash, folder.count, folder.files.size, [...folder.excluded]]);
			const { files } = folder;
			for (let at = 0; at < files.size; at++) {
				names.push(files.names[at]!);
				hashes.push(files.hashes[at]!);
				const why = files.whys[at]!;
				whys.push(why === '' ? 0 : REASONS.indexOf(why) + 1);
			}
			for (const number of files.numbers) {
				numbers.push(number);
			}
		}
		const header = Buffer.from(
			JSON.stringify({
				v: VERSION,
				at: this.capturedAt,
				settings: this.settingsKey,
				...(this.tooLarge !== undefined && { tooLarge: this.tooLarge }),
				complete: this.complete,
				walkedAt: this.walkedAt,
				folders,
				names,
				hashes: hashes.join(','),
				whys,
			}),
		);
		const padded = Math.ceil((4 + header.length) / 8) * 8;
		const body = Buffer.alloc(padded + numbers.length * 8);
		body.writeUInt32LE(header.length, 0);
		header.copy(body, 4);
		new Float64Array(body.buffer, body.byteOffset + padded, numbers.length).set(numbers);
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
		const value = JSON.parse(body.toString('utf8', 4, 4 + length)) as Partial<{
			v: unknown;
			at: unknown;
			settings: unknown;
			tooLarge: unknown;
			complete: unknown;
			walkedAt: unknown;
			folders: unknown;
			names: unknown;
			hashes: unknown;
			whys: unknown;
		}>;
		const { folders, names, hashes, whys } = value;
		if (
			value.v !== VERSION ||
			typeof value.at !== 'number' ||
			typeof value.settings !== 'string' ||
			!Array.isArray(folders) ||
			!Array.isArray(names) ||
			typeof hashes !== 'string' ||
			!Array.isArray(whys)
		) {
			return undefined;
		}
		const count = names.length;
		const hashList = hashes === '' ? [] : hashes.split(',');
		const padded = Math.ceil((4 + length) / 8) * 8;
		if (
			body.length !== padded + count * FIELDS * 8 ||
			hashList.length !== count ||
			whys.length !== count
		) {
			return undefined;
		}
		// Copied out: the buffer's own memory may not be 8-byte aligned.
		const numbers = new Float64Array(
			body.buffer.slice(body.byteOffset + padded, body.byteOffset + body.length),
		);
		const index = new StatIndex(
			value.at,
			value.settings,
			typeof value.tooLarge === 'number' ? value.tooLarge : undefined,
			value.complete === true,
			typeof value.walkedAt === 'number' ? value.walkedAt : 0,
		);
		let file = 0;
		for (const item of folders as unknown[]) {
			const [relative, hash, entries, fileCount, excluded] = (
				Array.isArray(item) ? item : []
			) as unknown[];
			if (
				typeof relative !== 'string' ||
				typeof hash !== 'string' ||
				typeof fileCount !== 'number'
			) {
				return undefined;
			}
			const files = new FolderFiles();
			for (let at = 0; at < fileCount; at++, file++) {
				files.names.push(String(names[file]));
				files.hashes.push(hashList[file] ?? '');
				const why = whys[file] as unknown;
				files.whys.push(
					typeof why === 'number' && why > 0 ? (REASONS[why - 1] ?? 'unreadable') : '',
				);
				for (let field = 0; field < FIELDS; field++) {
					files.numbers.push(numbers[file * FIELDS + field] ?? 0);
				}
			}
			index.folders.set(relative, {
				hash,
				count: Number(entries),
				files,
				excluded: Array.isArray(excluded) ? excluded.map(String) : [],
			});
		}
		return file === count ? index : undefined;
	}
}

/** A folder's relative path joined with a name. */
export function joined(relative: string, name: string): string {
	return relative === '' ? name : `${relative}/${name}`;
}
