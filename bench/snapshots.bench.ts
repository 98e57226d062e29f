// Snapshots in a process that lives across calls (the window, the keeper): what holding before a call and comparing
// after it add when a call changed at most 10 files of a 5,000-file, 100 MB workspace, and what 100 calls on small
// files add to the store. Bundled and run by bench/run.mjs; the headless rows (a bridge per call) are measured there.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { ToolCall } from '../src/core/events/hookEvent';
import type { SnapshotPlan } from '../src/core/snapshots/snapshotPlan';
import { NOTHING_TO_HOLD } from '../src/core/snapshots/snapshotPlan';
import { DEFAULT_SNAPSHOT_SETTINGS } from '../src/core/settings/snapshotSettings';
import { FileSnapshots } from '../src/node/snapshots/fileSnapshots';

/** 5,000 files in 250 folders three deep, 100 MB of random (so undeduplicable) content; the same as run.mjs builds. */
export function makeWorkspace(root: string): void {
	rmSync(root, { recursive: true, force: true });
	const total = 100 * 1024 * 1024;
	const perFile = Math.floor(total / 5000);
	for (let folder = 0; folder < 250; folder++) {
		const path = join(root, `pkg${folder % 10}`, `mod${folder}`);
		mkdirSync(path, { recursive: true });
		for (let file = 0; file < 20; file++) {
			writeFileSync(join(path, `file${file}.txt`), randomBytes(perFile));
		}
	}
}

/** Changes `count` files spread over as many folders, as a call that edits or deletes a few files does. */
export function changeFiles(root: string, round: number, count: number): void {
	for (let at = 0; at < count; at++) {
		const folder = (round * 7 + at * 13) % 250;
		writeFileSync(
			join(root, `pkg${folder % 10}`, `mod${folder}`, `file${at % 20}.txt`),
			`round ${round} ${at}`,
		);
	}
}

function call(id: string): ToolCall {
	return {
		name: 'run_in_terminal',
		kind: 'shell',
		input: { command: 'python3 tidy.py' },
		useId: id,
		commandLine: 'python3 tidy.py',
		paths: [],
	};
}

const UNREAD: SnapshotPlan = { ...NOTHING_TO_HOLD, unread: true };

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Bytes the store holds on disk. */
function storeBytes(root: string): number {
	let bytes = 0;
	const walk = (folder: string) => {
		for (const entry of readdirSync(folder, { withFileTypes: true })) {
			const path = join(folder, entry.name);
			if (entry.isDirectory()) {
				walk(path);
			} else {
				bytes += statSync(path).size;
			}
		}
	};
	walk(root);
	return bytes;
}

export async function run(
	dir: string,
	rounds: number,
): Promise<{
	holdMs: number;
	observeMs: number;
	unchangedHoldMs: number;
	growthBytes: number;
	firstHoldMs: number;
}> {
	const workspace = join(dir, 'ws');
	const storeRoot = join(dir, 'storage', 'snapshots');
	mkdirSync(join(dir, 'storage'), { recursive: true, mode: 0o700 });
	makeWorkspace(workspace);
	const snapshots = new FileSnapshots({ storeRoot, watch: true });
	const hold = async (id: string) => {
		const start = performance.now();
		await snapshots.hold({
			sessionId: 'bench',
			tool: call(id),
			summary: 'run_in_terminal: python3 tidy.py',
			workspaceFolder: workspace,
			plan: UNREAD,
			settings: DEFAULT_SNAPSHOT_SETTINGS,
			arrivedAt: Date.now(),
		});
		return performance.now() - start;
	};
	const observe = async (id: string) => {
		const start = performance.now();
		await snapshots.observe({
			sessionId: 'bench',
			tool: call(id),
			workspaceFolder: workspace,
			settings: DEFAULT_SNAPSHOT_SETTINGS,
		});
		return performance.now() - start;
	};
	const firstHoldMs = await hold('first');
	await observe('first');
	const holds: number[] = [];
	const observes: number[] = [];
	const unchanged: number[] = [];
	for (let round = 0; round < rounds; round++) {
		// The person (or the previous call) changed up to 10 files since: the hold finds and reads them.
		changeFiles(workspace, round, 10);
		holds.push(await hold(`r${round}`));
		// The call ran and changed up to 10 files: the comparison finds them.
		changeFiles(workspace, round + 1000, 10);
		observes.push(await observe(`r${round}`));
		unchanged.push(await hold(`u${round}`));
		await observe(`u${round}`);
	}
	const before = storeBytes(storeRoot);
	for (let at = 0; at < 100; at++) {
		writeFileSync(join(workspace, 'pkg1', 'mod1', `file${at % 20}.txt`), `small change ${at}`);
		await hold(`g${at}`);
		await observe(`g${at}`);
	}
	const growthBytes = storeBytes(storeRoot) - before;
	snapshots.dispose();
	return {
		holdMs: median(holds),
		observeMs: median(observes),
		unchangedHoldMs: median(unchanged),
		growthBytes,
		firstHoldMs,
	};
}
