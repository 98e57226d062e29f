import { readdirSync, rmSync } from 'node:fs';
import { join, normalize } from 'node:path';

import type { SnapshotOutcome, SnapshotTaken } from '../../core/snapshots/snapshotFacts';
import type {
	ComparedCall,
	HoldRequest,
	ObserveRequest,
	SnapshotPort,
} from '../../core/snapshots/snapshotPort';
import type { SnapshotSettings } from '../../core/settings/snapshotSettings';
import { withFileLock } from '../fileLock';
import type { CaptureLimits } from './captureTree';
import { captureTarget, captureWorkspace } from './captureRoots';
import type { WorkspaceCapture } from './captureRoots';
import { compareRoots, TreeReader } from './compareTrees';
import { priorityOf, targetsOf, withOwnFiles } from './holdScope';
import { StoreWriteError } from './objectStore';
import { addUsage, pruneStore, storeUsage } from './pruneStore';
import type { PendingCall, SnapshotRecord, SnapshotRoot } from './snapshotRecord';
import { newRecordId } from './snapshotRecord';
import { pendingName, slashed, unslashed } from './snapshotPaths';
import type { RestoreItem, RestoreResult } from './restoreSnapshot';
import { heldBytes, restoreItems, restorePaths } from './restoreSnapshot';
import type { OpenedStore } from './snapshotStore';
import { SnapshotStore } from './snapshotStore';
import type { StatIndex } from './statIndex';
import { takenOf } from './snapshotTaken';
import { WorkspaceWatch } from './workspaceWatch';
import type { WatchedChanges } from './workspaceWatch';

/** A workspace's watch with what it saw change. */
interface Watched {
	readonly watch: WorkspaceWatch;
	readonly changes: WatchedChanges;
}

/** How a {@link FileSnapshots} is set up. */
export interface FileSnapshotsOptions {
	/** The store folder (`<global storage>/snapshots`); without one nothing is held and every call says why. */
	readonly storeRoot: string | undefined;
	readonly now?: () => number;
	/** How long holding or comparing one call may take, in milliseconds (default 3 s, well inside a hook's timeout). */
	readonly budgetMs?: number;
	/**
	 * Watch each workspace between calls, so a capture lists only the folders that changed: for a process that lives
	 * across calls (the window, the snapshot keeper). A one-shot bridge walks instead.
	 */
	readonly watch?: boolean;
}

const DEFAULT_BUDGET_MS = 3_000;
/** A lock older than this belongs to a process that died holding it. */
const LOCK_STALE_MS = 30_000;

/**
 * The snapshot store on disk as the decider's {@link SnapshotPort}: the window and every bridge process use the same
 * store, so a call held by one is compared by another. Per workspace, holds and comparisons take turns under a lock;
 * each stays within its time budget, and whatever goes wrong (no store, a full disk, too many files) is said in its
 * result, never thrown.
 */
export class FileSnapshots implements SnapshotPort {
	private opened: OpenedStore | undefined;
	/** Each workspace's watch; `null` where watching failed for good (too many folders, no watch here). */
	private readonly watches = new Map<string, WorkspaceWatch | null>();
	/** The index of this process's last capture of each watched workspace: what its watch's changes are relative to. */
	private readonly remembered = new Map<string, StatIndex>();
	private readonly now: () => number;
	private readonly budgetMs: number;

	constructor(private readonly options: FileSnapshotsOptions) {
		this.now = options.now ?? Date.now;
		this.budgetMs = options.budgetMs ?? DEFAULT_BUDGET_MS;
	}

	/** The store, opened on first use; `undefined` with why when it cannot be used. */
	store(): OpenedStore {
		// Checked on every use: a long-lived process must not go on writing into a store replaced under it.
		if (!this.opened?.ok || !this.opened.store.stillPrivate()) {
			this.opened =
				this.options.storeRoot === undefined
					? { ok: false, problem: 'no place to keep snapshots is known' }
					: SnapshotStore.open(this.options.storeRoot);
		}
		return this.opened;
	}

	async hold(request: HoldRequest): Promise<SnapshotOutcome> {
		return this.holdNow(request, await this.watched(request.workspaceFolder));
	}

	async observe(request: ObserveRequest): Promise<readonly ComparedCall[]> {
		return this.observeNow(request, await this.watched(request.workspaceFolder));
	}

	/**
	 * Captures a workspace once, without a record, so its watch starts and the next call finds it ready (a keeper does
	 * this when it starts for the workspace a bridge named).
	 */
	async warm(folder: string, settings: SnapshotSettings): Promise<void> {
		const watched = await this.watched(folder);
		const opened = this.store();
		if (!opened.ok) {
			return;
		}
		const workspace = normalize(folder);
		const now = this.now();
		const limits = this.limitsFor(opened.store, settings, now);
		try {
			this.underLock(opened.store, workspace, limits, () =>
				this.captureOf(
					opened.store,
					workspace,
					settings,
					{ priority: new Set(), arrivedAt: now, limits },
					watched,
				),
			);
		} catch {
			// The first call walks instead.
		}
	}

	/** Stops every watch. */
	dispose(): void {
		for (const watch of this.watches.values()) {
			watch?.close();
		}
		this.watches.clear();
	}

	/**
	 * The watch of a workspace and what it saw change since this process's last capture, every change made before now
	 * delivered; `undefined` where nothing is watched (a one-shot bridge, a platform without ordered watches).
	 */
	private async watched(folder: string | undefined): Promise<Watched | undefined> {
		const opened = this.options.watch && folder !== undefined ? this.store() : undefined;
		if (!opened?.ok || folder === undefined) {
			return undefined;
		}
		const workspace = normalize(folder);
		let watch = this.watches.get(workspace);
		if (watch === undefined) {
			const markers = join(opened.store.root, 'watch', `${process.pid}-${this.watches.size}`);
			watch = WorkspaceWatch.open(workspace, markers) ?? null;
			this.watches.set(workspace, watch);
		}
		if (watch === null) {
			return undefined;
		}
		await watch.flush();
		if (!watch.usable) {
			watch.close();
			this.watches.set(workspace, null);
			this.remembered.delete(workspace);
			return undefined;
		}
		return { watch, changes: watch.take() };
	}

	/** Captures a workspace, from what its watch saw change where there is one. */
	private captureOf(
		store: SnapshotStore,
		workspace: string,
		settings: SnapshotSettings,
		capture: {
			readonly priority: ReadonlySet<string>;
			readonly arrivedAt: number;
			readonly limits: CaptureLimits;
		},
		watched: Watched | undefined,
	): WorkspaceCapture {
		const remembered = watched ? this.remembered.get(workspace) : undefined;
		try {
			const captured = captureWorkspace(store, workspace, {
				exclude: settings.exclude,
				...capture,
				now: this.now,
				...(watched && { watch: watched }),
				...(remembered && { remembered }),
			});
			if (watched) {
				this.remembered.set(workspace, captured.index);
			}
			return captured;
		} catch (error) {
			// What the watch saw is spent: the next capture must walk to be sure.
			watched?.watch.distrust();
			throw error;
		}
	}

	/** Holds what a call may change, synchronously; see {@link SnapshotPort.hold}. */
	holdNow(request: HoldRequest, watched?: Watched): SnapshotOutcome {
		const { plan } = request;
		const settings = withOwnFiles(request.settings, request.workspaceFolder, request.ownFiles);
		const opened = this.store();
		if (!opened.ok) {
			return { missed: opened.problem, uncovered: plan.uncovered };
		}
		const store = opened.store;
		const startedAt = this.now();
		const limits = this.limitsFor(store, settings, startedAt);
		const workspace =
			request.workspaceFolder === undefined ? undefined : normalize(request.workspaceFolder);
		try {
			return this.underLock(store, workspace, limits, () => {
				const capture =
					workspace === undefined
						? undefined
						: this.captureOf(
								store,
								workspace,
								settings,
								{ priority: priorityOf(plan, workspace), arrivedAt: request.arrivedAt, limits },
								watched,
							);
				const targets = targetsOf(plan, workspace, settings.exclude, capture).map((path) =>
					captureTarget(store, path, limits, this.now),
				);
				const taken: SnapshotTaken = {
					...takenOf(newRecordId(startedAt), plan, workspace, capture, targets),
					limits: {
						maxFileBytes: settings.maxFileBytes,
						maxTotalBytes: settings.maxTotalBytes,
						maxFiles: settings.maxFiles,
					},
				};
				const record: SnapshotRecord = {
					v: 1,
					id: taken.id,
					takenAt: startedAt,
					...(workspace !== undefined && { workspace: slashed(workspace) }),
					call: {
						session: request.sessionId,
						tool: request.tool.name,
						summary: request.summary,
						...(request.tool.useId !== undefined && { useId: request.tool.useId }),
					},
					plan,
					exclude: settings.exclude,
					roots: [
						...(capture && workspace !== undefined
							? [{ path: slashed(workspace), kind: 'workspace' as const, entry: capture.entry }]
							: []),
						...targets.map((target) => ({
							path: slashed(target.path),
							kind: 'target' as const,
							entry: target.entry,
						})),
					],
					taken,
				};
				this.file(store, record, workspace, request);
				addUsage(
					store,
					(capture?.tally.added ?? 0) +
						targets.reduce((sum, target) => sum + target.tally.added, 0),
				);
				return taken;
			});
		} catch (error) {
			watched?.watch.distrust();
			return { missed: describeFailure(error), uncovered: plan.uncovered };
		}
	}

	/** Compares the calls a request closes with the disk, synchronously; see {@link SnapshotPort.observe}. */
	observeNow(request: ObserveRequest, watched?: Watched): ComparedCall[] {
		const opened = this.store();
		if (!opened.ok) {
			return [];
		}
		const store = opened.store;
		const workspace =
			request.workspaceFolder === undefined ? undefined : normalize(request.workspaceFolder);
		const arrivedAt = this.now();
		const waiting = this.waitingCalls(store, workspace, request);
		if (waiting.length === 0) {
			// Nothing to compare: what the watch saw is still owed to the next capture.
			watched?.watch.giveBack(watched.changes);
			return [];
		}
		const settings = withOwnFiles(request.settings, request.workspaceFolder, request.ownFiles);
		const limits = this.limitsFor(store, settings, arrivedAt);
		try {
			return this.underLock(store, workspace, limits, () => {
				const capture =
					workspace === undefined
						? undefined
						: this.captureOf(
								store,
								workspace,
								settings,
								{ priority: new Set(), arrivedAt, limits },
								watched,
							);
				const reader = new TreeReader(store.objects);
				return waiting.flatMap(({ file, record }) => {
					rmSync(file, { force: true });
					return record ? [this.compare(store, reader, record, capture, limits)] : [];
				});
			});
		} catch {
			watched?.watch.distrust();
			return [];
		}
	}

	/** Drops snapshots past their days and, when the store is over its size, the oldest; see pruneStore. */
	prune(settings: Pick<SnapshotSettings, 'retentionDays' | 'maxTotalBytes'>): void {
		const opened = this.store();
		if (opened.ok) {
			pruneStore(opened.store, settings, this.now());
		}
	}

	/**
	 * What restoring a snapshot would change now: every path that differs, compared with the disk as it is. The disk
	 * as it is is held first, as a snapshot of its own, so the restore can be undone; its id comes back as `undo`.
	 */
	planRestore(
		id: string,
		settings: SnapshotSettings,
		options: { readonly keepUndo?: boolean } = {},
	):
		| { readonly record: SnapshotRecord; readonly items: RestoreItem[]; readonly undo?: string }
		| { readonly problem: string } {
		const opened = this.store();
		if (!opened.ok) {
			return { problem: opened.problem };
		}
		const record = this.record(id);
		if (!record) {
			return {
				problem: `no snapshot ${id} in ${opened.store.root} (it may have passed its days, or never existed)`,
			};
		}
		const store = opened.store;
		const now = this.now();
		const limits = { ...this.limitsFor(store, settings, now), deadline: now + this.budgetMs * 10 };
		const workspace = record.workspace === undefined ? undefined : unslashed(record.workspace);
		try {
			return this.underLock(store, workspace, limits, () => {
				const capture =
					workspace === undefined
						? undefined
						: captureWorkspace(store, workspace, {
								exclude: record.exclude,
								limits,
								priority: new Set(),
								arrivedAt: now,
								now: this.now,
							});
				const current: SnapshotRoot[] = record.roots.map((root) => ({
					...root,
					entry:
						root.kind === 'workspace' && capture
							? capture.entry
							: captureTarget(store, unslashed(root.path), limits, this.now).entry,
				}));
				const items = restoreItems(store.objects, record, current);
				const undo =
					options.keepUndo === false ? undefined : this.fileUndo(store, record, current, now);
				return { record, items, ...(undo !== undefined && { undo }) };
			});
		} catch (error) {
			return { problem: describeFailure(error) };
		}
	}

	/** Restores the chosen items of a snapshot (see restorePaths), under the workspace's lock. */
	restore(record: SnapshotRecord, items: readonly RestoreItem[]): RestoreResult[] {
		const opened = this.store();
		if (!opened.ok) {
			return items.map((item) => ({ path: item.path, ok: false, problem: opened.problem }));
		}
		const workspace = record.workspace === undefined ? undefined : unslashed(record.workspace);
		const now = this.now();
		return this.underLock(
			opened.store,
			workspace,
			{ deadline: now + this.budgetMs, maxFileBytes: 0, maxEntries: 0, roomBytes: 0 },
			() => restorePaths(opened.store.objects, record, items),
		);
	}

	/** Files the disk as it was before a restore as a snapshot of its own; `undefined` when it could not be written. */
	private fileUndo(
		store: SnapshotStore,
		record: SnapshotRecord,
		current: SnapshotRoot[],
		now: number,
	): string | undefined {
		const id = newRecordId(now);
		const path = store.recordPath(id);
		if (path === undefined) {
			return undefined;
		}
		const { after: _after, ...before } = record;
		const undo: SnapshotRecord = {
			...before,
			id,
			takenAt: now,
			call: {
				session: record.call.session,
				tool: 'hookwarden.restore',
				summary: `before restoring ${record.id}`,
			},
			roots: current,
			taken: { ...record.taken, id },
		};
		try {
			store.writeDocument(path, undo);
			return id;
		} catch {
			return undefined;
		}
	}

	/** What a snapshot holds for one file, or `undefined` when it holds none (or the store cannot be read). */
	heldContent(id: string, path: string): Buffer | undefined {
		const opened = this.store();
		const record = this.record(id);
		return opened.ok && record ? heldBytes(opened.store.objects, record, path) : undefined;
	}

	/** A record by id, when the store holds one it signed. */
	record(id: string): SnapshotRecord | undefined {
		const opened = this.store();
		if (!opened.ok) {
			return undefined;
		}
		const path = opened.store.recordPath(id);
		return path === undefined ? undefined : opened.store.readDocument<SnapshotRecord>(path);
	}

	private compare(
		store: SnapshotStore,
		reader: TreeReader,
		record: SnapshotRecord,
		capture: WorkspaceCapture | undefined,
		limits: CaptureLimits,
	): ComparedCall {
		const after: SnapshotRoot[] = record.roots.map((root) => ({
			...root,
			entry:
				root.kind === 'workspace' && capture
					? capture.entry
					: captureTarget(store, unslashed(root.path), limits, this.now).entry,
		}));
		const changes = record.roots.flatMap((root, at) => {
			const now = after[at];
			return now ? compareRoots(reader, root.path, root.entry, now.entry).changes : [];
		});
		try {
			const path = store.recordPath(record.id);
			if (path !== undefined) {
				store.writeDocument(path, { ...record, after: { at: this.now(), roots: after } });
			}
		} catch {
			// The comparison still stands; only a later restore's "changed by this call" marks are lost.
		}
		const incomplete =
			capture?.stop === 'outOfTime'
				? 'time ran out before the whole workspace was compared'
				: capture?.stop === 'diskFull'
					? 'the disk refused a write'
					: undefined;
		return {
			snapshot: record.id,
			plan: record.plan,
			tool: record.call.tool,
			summary: record.call.summary,
			...(record.workspace !== undefined && { workspaceFolder: record.workspace }),
			changes: changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
			...(incomplete !== undefined && { incomplete }),
		};
	}

	/** The calls waiting for a comparison that a request closes, with their records. */
	private waitingCalls(
		store: SnapshotStore,
		workspace: string | undefined,
		request: ObserveRequest,
	): { readonly file: string; readonly record: SnapshotRecord | undefined }[] {
		const folder = join(store.workspaceFolder(slashed(workspace ?? '')), 'pending');
		const name = pendingName(request.sessionId, request.tool);
		let files: string[];
		try {
			files = request.tool
				? [`${name}.json`]
				: readdirSync(folder).filter((file) => file.startsWith(`${name}-`));
		} catch {
			return [];
		}
		return files.flatMap((file) => {
			const path = join(folder, file);
			const pending = store.readDocument<PendingCall>(path);
			if (!pending) {
				return [];
			}
			const recordPath = store.recordPath(pending.record);
			return [
				{
					file: path,
					record:
						recordPath === undefined ? undefined : store.readDocument<SnapshotRecord>(recordPath),
				},
			];
		});
	}

	/** Writes a snapshot's record and files its call as waiting for the comparison. */
	private file(
		store: SnapshotStore,
		record: SnapshotRecord,
		workspace: string | undefined,
		request: HoldRequest,
	): void {
		const path = store.recordPath(record.id);
		if (path === undefined) {
			return;
		}
		store.writeDocument(path, record);
		const pending: PendingCall = {
			v: 1,
			record: record.id,
			session: request.sessionId,
			at: record.takenAt,
		};
		store.writeDocument(
			join(
				store.workspaceFolder(slashed(workspace ?? '')),
				'pending',
				`${pendingName(request.sessionId, request.tool)}.json`,
			),
			pending,
		);
	}

	private limitsFor(store: SnapshotStore, settings: SnapshotSettings, now: number): CaptureLimits {
		let used = storeUsage(store);
		if (used > settings.maxTotalBytes) {
			used = pruneStore(store, settings, now).bytes;
		}
		return {
			deadline: now + this.budgetMs,
			maxFileBytes: settings.maxFileBytes,
			maxEntries: settings.maxFiles,
			roomBytes: Math.max(0, settings.maxTotalBytes - used),
		};
	}

	private underLock<T>(
		store: SnapshotStore,
		workspace: string | undefined,
		limits: CaptureLimits,
		run: () => T,
	): T {
		const folder = store.workspaceFolder(slashed(workspace ?? ''));
		store.ensureFolder(folder);
		return withFileLock(join(folder, 'lock'), run, {
			timeoutMs: Math.max(0, limits.deadline - this.now()),
			staleMs: LOCK_STALE_MS,
		});
	}
}

function describeFailure(error: unknown): string {
	if (error instanceof StoreWriteError) {
		return error.code === 'ENOSPC' || error.code === 'EDQUOT' || error.code === 'EFBIG'
			? 'the disk is full'
			: error.message;
	}
	const message = error instanceof Error ? error.message : String(error);
	return message.includes('is held by process')
		? 'another snapshot of this workspace was still being taken'
		: `the snapshot failed (${message})`;
}
