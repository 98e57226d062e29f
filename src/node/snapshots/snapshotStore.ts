import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
	linkSync,
	lstatSync,
	mkdirSync,
	readdirSync,
	readFileSync,
	renameSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

import { bridgeGlobalStorage } from '../audit/auditLogLocation';
import { ownedByMe } from '../runtime/runtimeFolder';
import { ObjectStore, StoreWriteError } from './objectStore';
import { StatIndex } from './statIndex';
import { workspaceFolderIn } from './snapshotPaths';

/** The folder of snapshots inside the extension's global storage (guarded as Hookwarden's own state). */
export const SNAPSHOT_FOLDER = 'snapshots';

/**
 * Where a bridge process keeps snapshots: in the extension's global storage, which the window computes the same way,
 * so both use one store. `undefined` when no storage folder can be worked out.
 */
export function snapshotStoreRoot(env: NodeJS.ProcessEnv, home: string): string | undefined {
	const storage = bridgeGlobalStorage(env, home);
	return storage === undefined ? undefined : join(storage, SNAPSHOT_FOLDER);
}

/** The store, or why it cannot be used. */
export type OpenedStore =
	| { readonly ok: true; readonly store: SnapshotStore }
	| { readonly ok: false; readonly problem: string };

/**
 * Hookwarden's snapshot store: a private folder (owner only, a real folder, never a link) holding content objects,
 * one record per snapshot, and per workspace the index of its last capture and the calls waiting to be compared.
 * Records, indexes and pending entries are signed with a key kept in the store, so one written by anything but
 * Hookwarden (an agent that reached the folder by a route no guard read) is refused rather than believed.
 *
 * Layout: `key`, `objects/ab/cdef…`, `records/<id>.json`, `workspaces/<folder key>/{index,lock,pending/}`.
 */
export class SnapshotStore {
	readonly objects: ObjectStore;
	private constructor(
		readonly root: string,
		private readonly key: Buffer,
	) {
		this.objects = new ObjectStore(join(root, 'objects'));
	}

	/** Opens (creating when missing) the store at `root`; refuses a folder another user, or anyone, could have planted. */
	static open(root: string): OpenedStore {
		const checked = privateFolder(root);
		if (checked !== undefined) {
			return { ok: false, problem: checked };
		}
		try {
			return { ok: true, store: new SnapshotStore(root, storeKey(root)) };
		} catch (error) {
			return {
				ok: false,
				problem: `the snapshot store ${root} has no usable key (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
			};
		}
	}

	/** Whether the store's folder is still the private folder it was opened as (not replaced by a link, not opened up). */
	stillPrivate(): boolean {
		return privateFolder(this.root) === undefined;
	}

	/** The folder of one workspace's index, lock and pending calls. */
	workspaceFolder(workspace: string): string {
		return workspaceFolderIn(this.root, workspace);
	}

	/** The index of a workspace's last capture; an empty one when there is none or its signature does not hold. */
	readIndex(workspace: string): StatIndex {
		return this.readIndexAt(this.workspaceFolder(workspace));
	}

	/** The index kept in one workspace's folder of the store. */
	readIndexAt(folder: string): StatIndex {
		const body = this.readSigned(join(folder, 'index'));
		return body === undefined ? new StatIndex() : StatIndex.decode(body);
	}

	/** Creates a folder of the store (owner only) when it is missing. */
	ensureFolder(folder: string): void {
		try {
			mkdirSync(folder, { recursive: true, mode: 0o700 });
		} catch (error) {
			const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
			throw new StoreWriteError(code, `the snapshot store could not write (${code})`);
		}
	}

	writeIndex(workspace: string, index: StatIndex): void {
		this.writeSigned(join(this.workspaceFolder(workspace), 'index'), index.encode());
	}

	/** A signed JSON document of the store (a record, a pending call); `undefined` when missing or not signed by it. */
	readDocument<T>(path: string): T | undefined {
		const body = this.readSigned(path);
		if (body === undefined) {
			return undefined;
		}
		try {
			return JSON.parse(body.toString('utf8')) as T;
		} catch {
			return undefined;
		}
	}

	writeDocument(path: string, value: unknown): void {
		this.writeSigned(path, Buffer.from(JSON.stringify(value)));
	}

	/** Where a snapshot's record lives; ids are checked so none can name a path outside `records`. */
	recordPath(id: string): string | undefined {
		return /^[a-z0-9]{6,16}-[a-f0-9]{8}$/.test(id)
			? join(this.root, 'records', `${id}.json`)
			: undefined;
	}

	/** Every record id, oldest first (ids begin with their time). */
	recordIds(): string[] {
		try {
			return readdirSync(join(this.root, 'records'))
				.filter((name) => name.endsWith('.json'))
				.map((name) => name.slice(0, -'.json'.length))
				.sort();
		} catch {
			return [];
		}
	}

	/** A signed file's body: 64 hex digits of HMAC-SHA256 over the body, a newline, the body. */
	private readSigned(path: string): Buffer | undefined {
		let bytes: Buffer;
		try {
			bytes = readFileSync(path);
		} catch {
			return undefined;
		}
		if (bytes.length < 65 || bytes[64] !== 0x0a) {
			return undefined;
		}
		const body = bytes.subarray(65);
		const expected = Buffer.from(this.mac(body), 'hex');
		const given = Buffer.from(bytes.toString('latin1', 0, 64), 'hex');
		return given.length === expected.length && timingSafeEqual(given, expected) ? body : undefined;
	}

	private writeSigned(path: string, body: Buffer): void {
		const folder = path.slice(0, Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')));
		const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
		try {
			mkdirSync(folder, { recursive: true, mode: 0o700 });
			writeFileSync(temporary, Buffer.concat([Buffer.from(`${this.mac(body)}\n`), body]), {
				mode: 0o600,
			});
			renameSync(temporary, path);
		} catch (error) {
			rmSync(temporary, { force: true });
			const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
			throw new StoreWriteError(code, `the snapshot store could not write (${code})`);
		}
	}

	private mac(body: Uint8Array): string {
		return createHmac('sha256', this.key).update(body).digest('hex');
	}
}

/** Why a store folder cannot be trusted, or `undefined` when it is a private folder of this user. */
function privateFolder(root: string): string | undefined {
	try {
		mkdirSync(root, { recursive: true, mode: 0o700 });
	} catch (error) {
		return `cannot create the snapshot store ${root} (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
	}
	let stat;
	try {
		stat = lstatSync(root);
	} catch (error) {
		return `cannot use the snapshot store ${root} (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
	}
	if (stat.isSymbolicLink() || !stat.isDirectory()) {
		return `the snapshot store ${root} is not a plain folder (a link or a file); remove it so Hookwarden can create its own`;
	}
	if (process.platform !== 'win32') {
		if (!ownedByMe(stat.uid)) {
			return `the snapshot store ${root} belongs to another user (uid ${stat.uid})`;
		}
		if ((stat.mode & 0o077) !== 0) {
			return `the snapshot store ${root} is open to other users (mode ${(stat.mode & 0o777).toString(8)}); run: chmod 700 '${root}'`;
		}
	}
	return undefined;
}

/** The store's signing key, made on first use: 32 random bytes only this user can read. */
function storeKey(root: string): Buffer {
	const file = join(root, 'key');
	try {
		const text = readFileSync(file, 'utf8').trim();
		if (/^[0-9a-f]{64}$/.test(text)) {
			return Buffer.from(text, 'hex');
		}
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
			throw error;
		}
	}
	const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
	writeFileSync(temporary, randomBytes(32).toString('hex'), { mode: 0o600 });
	try {
		// A link never replaces a key already there: of two processes making one at once, the first wins for both.
		linkSync(temporary, file);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
			throw error;
		}
	} finally {
		rmSync(temporary, { force: true });
	}
	const text = readFileSync(file, 'utf8').trim();
	if (!/^[0-9a-f]{64}$/.test(text)) {
		throw new Error('the key file is damaged');
	}
	return Buffer.from(text, 'hex');
}
