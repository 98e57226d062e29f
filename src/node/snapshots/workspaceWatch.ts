import type { FSWatcher } from 'node:fs';
import { mkdirSync, readdirSync, rmSync, watch, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';

import { joined } from './statIndex';

/** Past this many watched folders the workspace is walked instead: the system's watch limit is shared with the editor. */
const MAX_WATCHED = 2_000;
/** Past this many events between two captures, some may have been dropped by the kernel: the next capture walks. */
const MAX_EVENTS = 20_000;
/** How long a flush waits for its own marker to come back before it stops trusting the watch. */
const FLUSH_TIMEOUT_MS = 250;

/** What changed since the last capture, as far as the watch can tell. */
export interface WatchedChanges {
	/** Whether the watch saw every change since the last capture: only then may a capture skip unchanged folders. */
	readonly trusted: boolean;
	/** Relative folders in which something changed. */
	readonly folders: ReadonlySet<string>;
	/** Relative paths of the names that changed (a file, or a folder made, removed or replaced: all under it). */
	readonly names: ReadonlySet<string>;
}

/**
 * Watches a workspace's folders (Linux only, where every watch of a process shares one kernel queue) so a capture
 * lists only the folders something changed in, instead of `lstat`ing every file. Each folder is watched before it is
 * listed, so nothing that changes after a listing goes unseen; {@link flush} writes a marker into a watched folder of
 * its own and waits for its event, so every change made before the call asked has been delivered. Whatever it cannot
 * vouch for (too many folders, a watch that failed, too many events, a marker that did not come back) makes the next
 * capture walk everything, which is always correct.
 */
export class WorkspaceWatch {
	private readonly watchers = new Map<string, FSWatcher>();
	private folders = new Set<string>();
	private names = new Set<string>();
	private events = 0;
	private broken = false;
	private baseline = false;
	private marker = 0;
	private readonly waiting = new Map<string, () => void>();
	private readonly markerWatcher: FSWatcher;

	private constructor(
		private readonly root: string,
		private readonly markerFolder: string,
	) {
		this.markerWatcher = watch(markerFolder, { persistent: false }, (_type, name) => {
			const done = name === null ? undefined : this.waiting.get(String(name));
			done?.();
		});
		this.markerWatcher.on('error', () => this.breakWatch());
	}

	/** A watch of `root` using `markerFolder` (a private folder of its own) for flushes; `undefined` off Linux. */
	static open(root: string, markerFolder: string): WorkspaceWatch | undefined {
		if (process.platform !== 'linux') {
			return undefined;
		}
		try {
			mkdirSync(markerFolder, { recursive: true, mode: 0o700 });
			for (const name of readdirSync(markerFolder)) {
				rmSync(join(markerFolder, name), { force: true });
			}
			return new WorkspaceWatch(root, markerFolder);
		} catch {
			return undefined;
		}
	}

	/** Watches a folder about to be listed (again: a folder replaced under the same name is a new folder). */
	watchFolder(relative: string): void {
		if (this.broken) {
			return;
		}
		this.watchers.get(relative)?.close();
		if (this.watchers.size >= MAX_WATCHED) {
			this.breakWatch();
			return;
		}
		try {
			const watcher = watch(
				relative === '' ? this.root : this.root + sep + relative.split('/').join(sep),
				{ persistent: false },
				(_type, name) => this.changed(relative, name),
			);
			watcher.on('error', () => this.breakWatch());
			this.watchers.set(relative, watcher);
		} catch {
			this.breakWatch();
		}
	}

	/** Stops watching folders that no longer exist. */
	forget(present: (relative: string) => boolean): void {
		for (const [relative, watcher] of this.watchers) {
			if (!present(relative)) {
				watcher.close();
				this.watchers.delete(relative);
			}
		}
	}

	/** Waits until every change made before now has been delivered; false when the marker did not come back. */
	async flush(): Promise<boolean> {
		if (this.broken) {
			return false;
		}
		const name = `m${++this.marker}`;
		const delivered = new Promise<boolean>((resolve) => {
			const timer = setTimeout(() => resolve(false), FLUSH_TIMEOUT_MS);
			this.waiting.set(name, () => {
				clearTimeout(timer);
				resolve(true);
			});
		});
		try {
			writeFileSync(join(this.markerFolder, name), '');
		} catch {
			this.waiting.delete(name);
			return false;
		}
		const arrived = await delivered;
		this.waiting.delete(name);
		rmSync(join(this.markerFolder, name), { force: true });
		if (!arrived) {
			this.breakWatch();
		}
		return arrived;
	}

	/** What changed since the last call, and starts counting anew. */
	take(): WatchedChanges {
		const changes = {
			trusted: this.baseline && !this.broken && this.events <= MAX_EVENTS,
			folders: this.folders,
			names: this.names,
		};
		this.folders = new Set();
		this.names = new Set();
		this.events = 0;
		return changes;
	}

	/** Puts back what {@link take} gave when nothing was captured with it, so the next capture still lists it. */
	giveBack(changes: WatchedChanges): void {
		for (const folder of changes.folders) {
			this.folders.add(folder);
		}
		for (const name of changes.names) {
			this.names.add(name);
		}
	}

	/** Whether the watch still works (not past its folder limit, no failed watch, markers coming back). */
	get usable(): boolean {
		return !this.broken;
	}

	/** Says what it saw is lost (a capture failed after taking it): the next capture must walk. */
	distrust(): void {
		this.baseline = false;
	}

	/** Says a walk that listed every folder (each watched before it was listed) just finished. */
	walked(): void {
		this.baseline = !this.broken;
	}

	close(): void {
		for (const watcher of this.watchers.values()) {
			watcher.close();
		}
		this.watchers.clear();
		this.markerWatcher.close();
	}

	private changed(relative: string, name: string | Buffer | null): void {
		this.events++;
		this.folders.add(relative);
		// No name: the folder changed in a way the kernel did not say; everything under it is listed.
		this.names.add(name === null ? relative : joined(relative, String(name)));
	}

	private breakWatch(): void {
		this.broken = true;
		this.baseline = false;
	}
}

/**
 * Whether a capture of changes must list a folder: one a change was reported in or under, one on the way to such a
 * folder, or one under a path that changed (a folder replaced or created under the same name).
 */
export function mustListFor(changes: WatchedChanges): (relative: string) => boolean {
	const needed = new Set<string>(['']);
	for (const path of [...changes.folders, ...changes.names]) {
		const names = path.split('/');
		for (let at = 1; at <= names.length; at++) {
			needed.add(names.slice(0, at).join('/'));
		}
	}
	const replaced = [...changes.names].map((name) => (name === '' ? '' : `${name}/`));
	return (relative) =>
		needed.has(relative) || replaced.some((prefix) => relative.startsWith(prefix));
}
