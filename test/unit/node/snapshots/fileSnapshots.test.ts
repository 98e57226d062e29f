import {
	chmodSync,
	existsSync,
	lstatSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	readdirSync,
	rmSync,
	statSync,
	symlinkSync,
	truncateSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { ToolCall } from '../../../../src/core/events/hookEvent';
import type { SnapshotPlan } from '../../../../src/core/snapshots/snapshotPlan';
import { NOTHING_TO_HOLD } from '../../../../src/core/snapshots/snapshotPlan';
import type { SnapshotTaken } from '../../../../src/core/snapshots/snapshotFacts';
import { isSnapshotTaken } from '../../../../src/core/snapshots/snapshotFacts';
import type { SnapshotSettings } from '../../../../src/core/settings/snapshotSettings';
import { DEFAULT_SNAPSHOT_SETTINGS } from '../../../../src/core/settings/snapshotSettings';
import { FileSnapshots } from '../../../../src/node/snapshots/fileSnapshots';

let dir: string;
let workspace: string;
let storeRoot: string;
let clock: number;

beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'hookwarden-snapshots-'));
	workspace = join(dir, 'ws');
	storeRoot = join(dir, 'storage', 'snapshots');
	mkdirSync(join(dir, 'storage'), { mode: 0o700 });
	mkdirSync(join(workspace, 'src', 'deep'), { recursive: true });
	writeFileSync(join(workspace, 'README.md'), '# project\n');
	writeFileSync(join(workspace, 'src', 'a.ts'), 'export const a = 1;\n');
	writeFileSync(join(workspace, 'src', 'b.ts'), 'export const b = 2;\n');
	writeFileSync(join(workspace, 'src', 'deep', 'c.ts'), 'export const c = 3;\n');
	writeFileSync(join(workspace, '.env'), 'TOKEN=abc123\n');
	mkdirSync(join(workspace, 'node_modules', 'dep'), { recursive: true });
	writeFileSync(join(workspace, 'node_modules', 'dep', 'index.js'), 'module.exports = 1;\n');
	// Files written in the same instant as a capture would be racy; the test clock runs ahead of the disk's.
	clock = Date.now() + 10_000;
});
const opened: FileSnapshots[] = [];
afterEach(() => {
	opened.splice(0).forEach((store) => store.dispose());
	rmSync(dir, { recursive: true, force: true });
});

/** Whether the stores of this run watch their workspaces (as the window does) or walk them (as a bridge does). */
let watching = false;

function snapshots(budgetMs?: number): FileSnapshots {
	const store = new FileSnapshots({
		storeRoot,
		now: () => (clock += 1),
		watch: watching,
		...(budgetMs !== undefined && { budgetMs }),
	});
	opened.push(store);
	return store;
}

function tool(command: string, useId = 'call-1'): ToolCall {
	return {
		name: 'run_in_terminal',
		kind: 'shell',
		input: { command },
		useId,
		commandLine: command,
		paths: [],
	};
}

function plan(parts: Partial<SnapshotPlan>): SnapshotPlan {
	return { ...NOTHING_TO_HOLD, ...parts };
}

function predicted(path: string, kind: 'delete' | 'write' = 'delete', tree = false) {
	return { path, tree, glob: false, kind };
}

async function hold(
	store: FileSnapshots,
	holding: SnapshotPlan,
	call = tool('rm src/a.ts'),
	settings: SnapshotSettings = DEFAULT_SNAPSHOT_SETTINGS,
): Promise<SnapshotTaken> {
	const outcome = await store.hold({
		sessionId: 's1',
		tool: call,
		summary: `run_in_terminal: ${call.commandLine ?? ''}`,
		workspaceFolder: workspace,
		plan: holding,
		settings,
		arrivedAt: clock,
	});
	if (!isSnapshotTaken(outcome)) {
		throw new Error(`no snapshot: ${JSON.stringify(outcome)}`);
	}
	return outcome;
}

describe.each([
	['walking the workspace, as a bridge does', false],
	['watching the workspace, as the window does', true],
])('FileSnapshots %s: holding before, comparing after, restoring', (_how, watch) => {
	beforeEach(() => {
		watching = watch;
	});

	it('holds tracked, untracked and ignored-but-small files, and skips what exclusions name, saying so', async () => {
		const store = snapshots();
		const taken = await hold(store, plan({ predicted: [predicted(`${workspace}/src/a.ts`)] }));
		expect(taken.atRisk).toEqual({ files: 1, bytes: 20 });
		expect(taken.held.files).toBe(5);
		expect(taken.excluded).toEqual(['node_modules']);
		expect(taken.notHeldCount).toBe(0);
		expect(taken.incomplete).toBeUndefined();
	});

	it('compares after the call: what was deleted, changed and created, and what no prediction covered', async () => {
		const store = snapshots();
		await hold(store, plan({ predicted: [predicted(`${workspace}/src/a.ts`)] }));
		rmSync(join(workspace, 'src', 'a.ts'));
		rmSync(join(workspace, '.env'));
		writeFileSync(join(workspace, 'src', 'b.ts'), 'export const b = 22;\n');
		writeFileSync(join(workspace, 'new.txt'), 'new\n');
		const [compared, ...more] = await store.observe({
			sessionId: 's1',
			tool: tool('rm src/a.ts'),
			workspaceFolder: workspace,
			settings: DEFAULT_SNAPSHOT_SETTINGS,
		});
		expect(more).toEqual([]);
		expect(compared?.changes).toEqual([
			{ path: `${workspace}/.env`, change: 'deleted' },
			{ path: `${workspace}/new.txt`, change: 'created' },
			{ path: `${workspace}/src/a.ts`, change: 'deleted' },
			{ path: `${workspace}/src/b.ts`, change: 'changed' },
		]);
		// The call is compared once: its waiting entry is gone.
		const again = await store.observe({
			sessionId: 's1',
			tool: tool('rm src/a.ts'),
			workspaceFolder: workspace,
			settings: DEFAULT_SNAPSHOT_SETTINGS,
		});
		expect(again).toEqual([]);
	});

	it('restores deleted and changed files byte for byte, and removes a created file only when chosen', async () => {
		const store = snapshots();
		const binary = Buffer.from([0, 1, 2, 255, 254, 10, 13, 0]);
		writeFileSync(join(workspace, 'src', 'blob.bin'), binary);
		chmodSync(join(workspace, 'src', 'a.ts'), 0o755);
		const taken = await hold(store, plan({ unread: true }));
		rmSync(join(workspace, 'src'), { recursive: true });
		writeFileSync(join(workspace, 'README.md'), 'overwritten');
		writeFileSync(join(workspace, 'later.txt'), 'made after');
		const planned = store.planRestore(taken.id, DEFAULT_SNAPSHOT_SETTINGS);
		if ('problem' in planned) {
			throw new Error(planned.problem);
		}
		expect(planned.items.map((item) => [item.path.slice(workspace.length), item.change])).toEqual([
			['/README.md', 'changed'],
			['/later.txt', 'created'],
			['/src/a.ts', 'deleted'],
			['/src/b.ts', 'deleted'],
			['/src/blob.bin', 'deleted'],
			['/src/deep/c.ts', 'deleted'],
		]);
		const chosen = planned.items.filter((item) => item.change !== 'created');
		const results = store.restore(planned.record, chosen);
		expect(results.every((result) => result.ok)).toBe(true);
		expect(readFileSync(join(workspace, 'README.md'), 'utf8')).toBe('# project\n');
		expect(readFileSync(join(workspace, 'src', 'blob.bin'))).toEqual(binary);
		expect(readFileSync(join(workspace, 'src', 'deep', 'c.ts'), 'utf8')).toBe(
			'export const c = 3;\n',
		);
		expect(statSync(join(workspace, 'src', 'a.ts')).mode & 0o777).toBe(0o755);
		expect(existsSync(join(workspace, 'later.txt'))).toBe(true);
		// The disk as it was before the restore is itself held, so the restore can be undone.
		expect(planned.undo).toMatch(/^[a-z0-9]+-[a-f0-9]{8}$/);
		const undo = store.planRestore(planned.undo ?? '', DEFAULT_SNAPSHOT_SETTINGS);
		expect('items' in undo && undo.items.map((item) => item.change)).toContain('changed');
	});

	it('does not follow a link planted where a folder was when restoring', async () => {
		const store = snapshots();
		const taken = await hold(store, plan({ unread: true }));
		const elsewhere = join(dir, 'elsewhere');
		mkdirSync(elsewhere);
		rmSync(join(workspace, 'src'), { recursive: true });
		symlinkSync(elsewhere, join(workspace, 'src'));
		const planned = store.planRestore(taken.id, DEFAULT_SNAPSHOT_SETTINGS);
		if ('problem' in planned) {
			throw new Error(planned.problem);
		}
		const results = store.restore(
			planned.record,
			planned.items.filter((item) => item.path.includes('/src/')),
		);
		expect(results.some((result) => !result.ok)).toBe(true);
		expect(readdirSync(elsewhere)).toEqual([]);
	});

	it('holds a changed file only: an unchanged workspace adds nothing to the store', async () => {
		const store = snapshots();
		await hold(store, plan({ unread: true }));
		const objects = () =>
			readdirSync(join(storeRoot, 'objects'), { recursive: true }).filter((name) =>
				/[0-9a-f]{62}$/.test(String(name)),
			).length;
		const before = objects();
		await hold(store, plan({ unread: true }), tool('x', 'call-2'));
		expect(objects()).toBe(before);
		writeFileSync(join(workspace, 'src', 'a.ts'), 'export const a = 100;\n');
		await hold(store, plan({ unread: true }), tool('x', 'call-3'));
		// The new content, and the trees on its path (src, the root).
		expect(objects()).toBe(before + 1 + 2);
	});

	it('notes a file over the size limit instead of holding it, and a sparse 5 GB file costs nothing to note', async () => {
		const store = snapshots();
		const huge = join(workspace, 'disk.img');
		writeFileSync(huge, '');
		truncateSync(huge, 5 * 1024 * 1024 * 1024);
		const taken = await hold(store, plan({ predicted: [predicted(huge)] }));
		expect(taken.notHeld).toEqual([{ path: huge, why: 'fileTooLarge' }]);
		expect(taken.atRisk.files).toBe(0);
	});

	it('holds what a call deletes outside the workspace, and brings it back', async () => {
		const outside = join(dir, 'notes');
		mkdirSync(outside);
		writeFileSync(join(outside, 'todo.md'), '- [ ] everything\n');
		const store = snapshots();
		const taken = await hold(
			store,
			plan({ outside: [predicted(outside, 'delete', true)] }),
			tool(`rm -rf ${outside}`),
		);
		expect(taken.atRisk).toEqual({ files: 1, bytes: 17 });
		rmSync(outside, { recursive: true });
		const planned = store.planRestore(taken.id, DEFAULT_SNAPSHOT_SETTINGS);
		if ('problem' in planned) {
			throw new Error(planned.problem);
		}
		expect(planned.items).toEqual([
			{ path: `${outside}/todo.md`, change: 'deleted', restorable: true, byThisCall: false },
		]);
		store.restore(planned.record, planned.items);
		expect(readFileSync(join(outside, 'todo.md'), 'utf8')).toBe('- [ ] everything\n');
	});

	it('notes a target outside the workspace over the store limit rather than half holding it', async () => {
		const outside = join(dir, 'big');
		mkdirSync(outside);
		writeFileSync(join(outside, 'a.bin'), Buffer.alloc(2 * 1024 * 1024));
		const settings = { ...DEFAULT_SNAPSHOT_SETTINGS, maxTotalBytes: 1024 * 1024 };
		const taken = await hold(
			snapshots(),
			plan({ outside: [predicted(outside, 'delete', true)] }),
			tool(`rm -rf ${outside}`),
			settings,
		);
		expect(taken.notHeld).toEqual([{ path: outside, why: 'storeFull' }]);
	});

	it('answers in time for a workspace too large to walk, and remembers it', async () => {
		for (let i = 0; i < 300; i++) {
			writeFileSync(join(workspace, `f${i}.txt`), `${i}`);
		}
		const settings = { ...DEFAULT_SNAPSHOT_SETTINGS, maxFiles: 100 };
		const store = snapshots();
		const first = await hold(store, plan({ unread: true }), tool('x'), settings);
		expect(first.incomplete).toMatch(/more than .* files and folders/);
		expect(first.notHeld[0]).toEqual({ path: workspace, why: 'tooManyFiles' });
		const second = await hold(
			store,
			plan({ predicted: [predicted(`${workspace}/f1.txt`)] }),
			tool('x', 'c2'),
			settings,
		);
		// Not walked again: the named file is held on its own.
		expect(second.atRisk).toEqual({ files: 1, bytes: 1 });
	});

	it('stops at its time budget and says so', async () => {
		const store = snapshots(0);
		const taken = await hold(store, plan({ unread: true }));
		expect(taken.incomplete).toMatch(/time ran out/);
	});

	it('refuses a record it did not sign, and one that does not exist', async () => {
		const store = snapshots();
		const taken = await hold(store, plan({ unread: true }));
		const file = join(storeRoot, 'records', `${taken.id}.json`);
		writeFileSync(file, readFileSync(file, 'utf8').replace('"s1"', '"s2"'));
		expect(store.planRestore(taken.id, DEFAULT_SNAPSHOT_SETTINGS)).toMatchObject({
			problem: expect.stringMatching(/no snapshot/) as unknown,
		});
		expect(store.planRestore('nothing-00000000', DEFAULT_SNAPSHOT_SETTINGS)).toMatchObject({
			problem: expect.stringMatching(/no snapshot nothing-00000000/) as unknown,
		});
		expect(store.planRestore('../../etc/passwd', DEFAULT_SNAPSHOT_SETTINGS)).toMatchObject({
			problem: expect.stringMatching(/no snapshot/) as unknown,
		});
	});

	it('refuses a store that is a link or open to other users', async () => {
		const real = join(dir, 'real');
		mkdirSync(real, { mode: 0o700 });
		symlinkSync(real, storeRoot);
		const outcome = await snapshots().hold({
			sessionId: 's1',
			tool: tool('x'),
			summary: 'x',
			workspaceFolder: workspace,
			plan: plan({ unread: true }),
			settings: DEFAULT_SNAPSHOT_SETTINGS,
			arrivedAt: clock,
		});
		expect(outcome).toMatchObject({
			missed: expect.stringMatching(/not a plain folder/) as unknown,
		});
		rmSync(storeRoot);
		mkdirSync(storeRoot, { mode: 0o777 });
		chmodSync(storeRoot, 0o777);
		const open = await snapshots().hold({
			sessionId: 's1',
			tool: tool('x'),
			summary: 'x',
			workspaceFolder: workspace,
			plan: plan({ unread: true }),
			settings: DEFAULT_SNAPSHOT_SETTINGS,
			arrivedAt: clock,
		});
		expect(open).toMatchObject({ missed: expect.stringMatching(/open to other users/) as unknown });
	});

	it('compares every waiting call of a session at the end of a turn', async () => {
		const store = snapshots();
		await hold(store, plan({ unread: true }), tool('one', 'u1'));
		await hold(store, plan({ unread: true }), tool('two', 'u2'));
		rmSync(join(workspace, 'README.md'));
		const compared = await store.observe({
			sessionId: 's1',
			workspaceFolder: workspace,
			settings: DEFAULT_SNAPSHOT_SETTINGS,
		});
		expect(compared).toHaveLength(2);
		expect(compared.every((call) => call.changes.some((c) => c.change === 'deleted'))).toBe(true);
		expect(lstatSync(join(storeRoot)).isDirectory()).toBe(true);
	});

	it('prunes snapshots past their days, and the objects only they held; the current state stays', async () => {
		const store = snapshots();
		writeFileSync(join(workspace, 'old.txt'), 'only in the first snapshot');
		const first = await hold(store, plan({ unread: true }), tool('one', 'u1'));
		rmSync(join(workspace, 'old.txt'));
		const second = await hold(store, plan({ unread: true }), tool('two', 'u2'));
		clock += 8 * 24 * 60 * 60 * 1000;
		const third = await hold(store, plan({ unread: true }), tool('three', 'u3'));
		store.prune({ retentionDays: 7, maxTotalBytes: DEFAULT_SNAPSHOT_SETTINGS.maxTotalBytes });
		expect(store.record(first.id)).toBeUndefined();
		expect(store.record(second.id)).toBeUndefined();
		expect(store.record(third.id)).toBeDefined();
		const planned = store.planRestore(third.id, DEFAULT_SNAPSHOT_SETTINGS, { keepUndo: false });
		expect('items' in planned && planned.items).toEqual([]);
		expect(store.heldContent(third.id, `${workspace}/README.md`)?.toString()).toBe('# project\n');
	});

	it('sees a folder replaced under the same name, and a change deep in an untouched folder', async () => {
		const store = snapshots();
		mkdirSync(join(workspace, 'lib', 'inner'), { recursive: true });
		writeFileSync(join(workspace, 'lib', 'inner', 'x.ts'), 'x');
		await hold(store, plan({ unread: true }), tool('one', 'u1'));
		rmSync(join(workspace, 'lib'), { recursive: true });
		mkdirSync(join(workspace, 'lib', 'inner'), { recursive: true });
		writeFileSync(join(workspace, 'lib', 'inner', 'y.ts'), 'y');
		writeFileSync(join(workspace, 'src', 'deep', 'c.ts'), 'changed');
		const [compared] = await store.observe({
			sessionId: 's1',
			tool: tool('one', 'u1'),
			workspaceFolder: workspace,
			settings: DEFAULT_SNAPSHOT_SETTINGS,
		});
		expect(compared?.changes).toEqual([
			{ path: `${workspace}/lib/inner/x.ts`, change: 'deleted' },
			{ path: `${workspace}/lib/inner/y.ts`, change: 'created' },
			{ path: `${workspace}/src/deep/c.ts`, change: 'changed' },
		]);
		// And a second round from there, the way calls follow each other.
		await hold(store, plan({ unread: true }), tool('two', 'u2'));
		writeFileSync(join(workspace, 'lib', 'inner', 'y.ts'), 'y2');
		const [again] = await store.observe({
			sessionId: 's1',
			tool: tool('two', 'u2'),
			workspaceFolder: workspace,
			settings: DEFAULT_SNAPSHOT_SETTINGS,
		});
		expect(again?.changes).toEqual([{ path: `${workspace}/lib/inner/y.ts`, change: 'changed' }]);
	});

	it('keeps what changed for the next call when an event closes nothing', async () => {
		const store = snapshots();
		await hold(store, plan({ unread: true }), tool('one', 'u1'));
		await store.observe({
			sessionId: 's1',
			tool: tool('one', 'u1'),
			workspaceFolder: workspace,
			settings: DEFAULT_SNAPSHOT_SETTINGS,
		});
		writeFileSync(join(workspace, 'new-notes.txt'), 'notes');
		// Another session's turn ends: nothing of it waits, so nothing is captured.
		expect(
			await store.observe({
				sessionId: 'other',
				workspaceFolder: workspace,
				settings: DEFAULT_SNAPSHOT_SETTINGS,
			}),
		).toEqual([]);
		const taken = await hold(store, plan({ unread: true }), tool('two', 'u2'));
		expect(taken.held.files).toBe(6);
		rmSync(join(workspace, 'new-notes.txt'));
		const [compared] = await store.observe({
			sessionId: 's1',
			tool: tool('two', 'u2'),
			workspaceFolder: workspace,
			settings: DEFAULT_SNAPSHOT_SETTINGS,
		});
		expect(compared?.changes).toEqual([{ path: `${workspace}/new-notes.txt`, change: 'deleted' }]);
	});

	it("never holds or compares Hookwarden's own files inside the workspace (an audit log kept there)", async () => {
		const store = snapshots();
		mkdirSync(join(workspace, 'logs'));
		const log = join(workspace, 'logs', 'audit.jsonl');
		writeFileSync(log, 'one line\n');
		const ownFiles = [log];
		const taken = await store.hold({
			sessionId: 's1',
			tool: tool('x', 'own'),
			summary: 'x',
			workspaceFolder: workspace,
			plan: plan({ unread: true }),
			settings: DEFAULT_SNAPSHOT_SETTINGS,
			ownFiles,
			arrivedAt: clock,
		});
		expect(isSnapshotTaken(taken) && taken.held.files).toBe(5);
		writeFileSync(log, 'one line\ntwo lines\n');
		writeFileSync(join(workspace, 'logs', 'audit.1.jsonl'), 'rotated\n');
		const [compared] = await store.observe({
			sessionId: 's1',
			tool: tool('x', 'own'),
			workspaceFolder: workspace,
			settings: DEFAULT_SNAPSHOT_SETTINGS,
			ownFiles,
		});
		expect(compared?.changes).toEqual([]);
	});
});
