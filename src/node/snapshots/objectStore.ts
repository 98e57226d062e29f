import { createHash } from 'node:crypto';
import {
	closeSync,
	existsSync,
	fstatSync,
	mkdirSync,
	openSync,
	readFileSync,
	readSync,
	renameSync,
	rmSync,
	writeFileSync,
	writeSync,
} from 'node:fs';
import { join } from 'node:path';

/** Thrown when the disk refuses a write (full, quota, read-only): the caller says the snapshot is partial. */
export class StoreWriteError extends Error {
	constructor(
		readonly code: string,
		message: string,
	) {
		super(message);
	}
}

/** What reading a file into the store gave: its content hash and size, or why it could not be read. */
export type Ingested =
	| { readonly ok: true; readonly hash: string; readonly size: number; readonly added: number }
	| { readonly ok: false; readonly why: 'unreadable' | 'vanished' | 'tooLarge' };

const CHUNK = 1024 * 1024;
/** Files up to this size are read whole; larger ones are copied in chunks so memory stays flat. */
const WHOLE_READ_LIMIT = 4 * 1024 * 1024;
const HASH = /^[0-9a-f]{64}$/;

/** The SHA-256 of some bytes, as hex: an object's name. */
export function contentHash(bytes: Uint8Array | string): string {
	return createHash('sha256').update(bytes).digest('hex');
}

/**
 * A content-addressed object store in a private folder: each object is a file named by the SHA-256 of its bytes, so
 * the same content is held once however many snapshots and workspaces hold it, and an object whose bytes no longer
 * match its name (damaged, or planted) is refused when read. Writes go to a temporary name first and are renamed into
 * place, so a reader never sees half an object and two writers of the same content cannot conflict.
 */
export class ObjectStore {
	private readonly known = new Set<string>();
	private readonly folders = new Set<string>();

	constructor(private readonly folder: string) {}

	/** Where an object lives. */
	pathOf(hash: string): string {
		return join(this.folder, hash.slice(0, 2), hash.slice(2));
	}

	/** Whether the store holds an object. */
	has(hash: string): boolean {
		if (this.known.has(hash)) {
			return true;
		}
		const found = existsSync(this.pathOf(hash));
		if (found) {
			this.known.add(hash);
		}
		return found;
	}

	/** Adds bytes (a tree, a link target, a small file already read); returns the hash and the bytes added to the disk. */
	put(bytes: Uint8Array | string): { readonly hash: string; readonly added: number } {
		const hash = contentHash(bytes);
		if (this.has(hash)) {
			return { hash, added: 0 };
		}
		const data = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
		this.writeNew(hash, (temporary) => writeFileSync(temporary, data, { mode: 0o600, flag: 'wx' }));
		return { hash, added: data.length };
	}

	/**
	 * Reads a file into the store: small files whole, large ones in chunks hashed as they are copied. `maxBytes` stops a
	 * file that grew past the limit while it was read.
	 */
	ingest(path: string, maxBytes: number): Ingested {
		let fd: number;
		try {
			fd = openSync(path, 'r');
		} catch (error) {
			return { ok: false, why: missing(error) ? 'vanished' : 'unreadable' };
		}
		try {
			const size = fstatSync(fd).size;
			if (size <= WHOLE_READ_LIMIT) {
				const bytes = readFileSync(fd);
				if (bytes.length > maxBytes) {
					return { ok: false, why: 'tooLarge' };
				}
				const { hash, added } = this.put(bytes);
				return { ok: true, hash, size: bytes.length, added };
			}
			return this.ingestLarge(fd, maxBytes);
		} catch (error) {
			if (error instanceof StoreWriteError) {
				throw error;
			}
			return { ok: false, why: missing(error) ? 'vanished' : 'unreadable' };
		} finally {
			closeSync(fd);
		}
	}

	/** The bytes of an object, checked against its name; `undefined` when it is missing or damaged. */
	read(hash: string): Buffer | undefined {
		if (!HASH.test(hash)) {
			return undefined;
		}
		let bytes: Buffer;
		try {
			bytes = readFileSync(this.pathOf(hash));
		} catch {
			return undefined;
		}
		return contentHash(bytes) === hash ? bytes : undefined;
	}

	private ingestLarge(fd: number, maxBytes: number): Ingested {
		const temporary = this.temporaryPath();
		const hasher = createHash('sha256');
		const buffer = Buffer.allocUnsafe(CHUNK);
		let size = 0;
		let complete = false;
		const out = this.openTemporary(temporary);
		try {
			for (;;) {
				const read = readSync(fd, buffer, 0, CHUNK, null);
				if (read === 0) {
					complete = true;
					break;
				}
				size += read;
				if (size > maxBytes) {
					break;
				}
				hasher.update(buffer.subarray(0, read));
				this.guardWrite(() => writeSync(out, buffer, 0, read));
			}
		} finally {
			closeSync(out);
			if (!complete) {
				rmSync(temporary, { force: true });
			}
		}
		if (!complete) {
			return { ok: false, why: 'tooLarge' };
		}
		const hash = hasher.digest('hex');
		if (this.has(hash)) {
			rmSync(temporary, { force: true });
			return { ok: true, hash, size, added: 0 };
		}
		this.place(temporary, hash);
		return { ok: true, hash, size, added: size };
	}

	private writeNew(hash: string, write: (temporary: string) => void): void {
		const temporary = this.temporaryPath();
		this.guardWrite(() => write(temporary));
		this.place(temporary, hash);
	}

	private place(temporary: string, hash: string): void {
		const target = this.pathOf(hash);
		const folder = join(this.folder, hash.slice(0, 2));
		if (!this.folders.has(folder)) {
			this.guardWrite(() => mkdirSync(folder, { recursive: true, mode: 0o700 }));
			this.folders.add(folder);
		}
		try {
			renameSync(temporary, target);
		} catch (error) {
			rmSync(temporary, { force: true });
			throw writeError(error);
		}
		this.known.add(hash);
	}

	private openTemporary(temporary: string): number {
		try {
			return openSync(temporary, 'wx', 0o600);
		} catch (error) {
			throw writeError(error);
		}
	}

	private temporaryPath(): string {
		if (!this.folders.has(this.folder)) {
			this.guardWrite(() => mkdirSync(this.folder, { recursive: true, mode: 0o700 }));
			this.folders.add(this.folder);
		}
		return join(this.folder, `.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`);
	}

	private guardWrite<T>(write: () => T): T {
		try {
			return write();
		} catch (error) {
			throw writeError(error);
		}
	}
}

function missing(error: unknown): boolean {
	const code = (error as NodeJS.ErrnoException).code;
	return code === 'ENOENT' || code === 'ENOTDIR';
}

function writeError(error: unknown): StoreWriteError {
	const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
	return new StoreWriteError(code, `the snapshot store could not write (${code})`);
}
