import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { SnapshotOutcome } from '../../../../src/core/snapshots/snapshotFacts';
import { NOTHING_TO_HOLD } from '../../../../src/core/snapshots/snapshotPlan';
import type { HoldRequest, SnapshotPort } from '../../../../src/core/snapshots/snapshotPort';
import { DEFAULT_SNAPSHOT_SETTINGS } from '../../../../src/core/settings/snapshotSettings';
import { exchangeOverNet } from '../../../../src/node/runtime/socketExchange';
import { KeeperSnapshots } from '../../../../src/node/snapshots/keeperSnapshots';
import { keeperEndpoint, runSnapshotKeeper } from '../../../../src/node/snapshots/snapshotKeeper';

let dir: string;
let workspace: string;
let storeRoot: string;
let endpoint: string;
const SECRET = 'per-install-secret-for-tests';

beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'hookwarden-keeper-'));
	workspace = join(dir, 'ws');
	mkdirSync(workspace);
	writeFileSync(join(workspace, 'a.txt'), 'a');
	mkdirSync(join(dir, 'storage'), { mode: 0o700 });
	storeRoot = join(dir, 'storage', 'snapshots');
	mkdirSync(join(dir, 'run'), { mode: 0o700 });
	endpoint = keeperEndpoint(join(dir, 'run'), storeRoot);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const request = (): HoldRequest => ({
	sessionId: 's',
	tool: { name: 'run_in_terminal', kind: 'shell', input: { command: 'x' }, useId: 'u', paths: [] },
	summary: 'x',
	workspaceFolder: workspace,
	plan: { ...NOTHING_TO_HOLD, unread: true },
	settings: DEFAULT_SNAPSHOT_SETTINGS,
	arrivedAt: Date.now(),
});

/** A port that says who answered, standing for the bridge's own store. */
function localPort(): SnapshotPort & { calls: number } {
	const port = {
		calls: 0,
		hold: () => {
			port.calls++;
			return Promise.resolve<SnapshotOutcome>({ missed: 'held locally', uncovered: [] });
		},
		observe: () => {
			port.calls++;
			return Promise.resolve([]);
		},
	};
	return port;
}

describe('the snapshot keeper and its bridges', () => {
	it('holds for a bridge that proves the secret, and the bridge believes only its proven answer', async () => {
		const ended = runSnapshotKeeper({ secret: SECRET, endpoint, storeRoot, idleMs: 2_000 });
		const local = localPort();
		const starts: (string | undefined)[] = [];
		const bridge = new KeeperSnapshots(
			local,
			{ endpoint, secret: SECRET, start: (at) => starts.push(at) },
			exchangeOverNet,
		);
		let outcome: SnapshotOutcome | undefined;
		for (let attempt = 0; attempt < 100 && !(outcome && 'id' in outcome); attempt++) {
			outcome = await bridge.hold(request());
		}
		expect(outcome).toMatchObject({ held: { files: 1 } });

		// A bridge with another secret gets no answer and holds the files itself.
		const stranger = new KeeperSnapshots(
			localPort(),
			{ endpoint, secret: 'another secret', start: () => undefined },
			exchangeOverNet,
		);
		expect(await stranger.hold(request())).toEqual({ missed: 'held locally', uncovered: [] });
		await ended;
	});

	it('falls back to holding locally and starts a keeper once when none answers', async () => {
		const local = localPort();
		const starts: (string | undefined)[] = [];
		const bridge = new KeeperSnapshots(
			local,
			{ endpoint, secret: SECRET, start: (at) => starts.push(at) },
			exchangeOverNet,
		);
		await bridge.hold(request());
		await bridge.hold(request());
		expect(local.calls).toBe(2);
		expect(starts).toEqual([workspace]);
	});

	it('refuses an impostor that answers without the proof', async () => {
		const local = localPort();
		const bridge = new KeeperSnapshots(
			local,
			{ endpoint, secret: SECRET, start: () => undefined },
			() =>
				Promise.resolve({ ok: true, bytes: Buffer.from(`forged\t${JSON.stringify({ id: 'x' })}`) }),
		);
		expect(await bridge.hold(request())).toEqual({ missed: 'held locally', uncovered: [] });
		expect(local.calls).toBe(1);
	});
});
