import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Net from 'node:net';
import type { Server, Socket } from 'node:net';
import { join } from 'node:path';

import type { SnapshotSettings } from '../../core/settings/snapshotSettings';
import type { KeeperOperation } from '../../protocol/snapshotKeeper';
import {
	decodeKeeperRequest,
	encodeKeeperAnswer,
	keeperAnswerMacInput,
	keeperRequestMacInput,
	keeperSocketName,
} from '../../protocol/snapshotKeeper';
import { macOf, verifyMac } from '../runtime/secretMac';
import { FileSnapshots } from './fileSnapshots';

// Loaded only by a keeper: a bridge that loads this bundle to hold files never serves, and node:net costs it 5 ms.
const lazyRequire = createRequire(__filename);
const net = (): typeof Net => lazyRequire('node:net') as typeof Net;

/** A keeper with no request for this long ends: it lives only while an agent is at work. */
export const KEEPER_IDLE_MS = 10 * 60 * 1000;
/** A request line longer than this is not a keeper request (a call's input travels in it, so it may be large). */
const MAX_REQUEST_BYTES = 16 * 1024 * 1024;

/** Where the keeper of a snapshot store listens, in the runtime folder. */
export function keeperEndpoint(runtimeFolder: string, storeRoot: string): string {
	return join(
		runtimeFolder,
		keeperSocketName(createHash('sha256').update(storeRoot).digest('hex')),
	);
}

/** What a keeper needs: the per-install secret its requests and answers are signed with, and where to listen. */
export interface KeeperOptions {
	readonly secret: string;
	readonly endpoint: string;
	readonly storeRoot: string;
	readonly idleMs?: number;
	/** A workspace (and its snapshot settings) to hold at once, so the next call finds its watch ready. */
	readonly warm?: { readonly workspace: string; readonly settings: SnapshotSettings };
	readonly log?: (line: string) => void;
}

/**
 * The snapshot keeper: a process that lives across a headless agent's calls (there is no window to keep state), so its
 * watches see what changed between calls and each hold or comparison lists only the folders that did. Bridges ask it
 * over a socket in the private runtime folder; every request must carry an HMAC under the per-install secret and every
 * answer proves the keeper holds it too, so no other process can use it or stand in for it. It ends after
 * {@link KEEPER_IDLE_MS} without a request, or when another keeper already listens. Resolves when it ends.
 */
export async function runSnapshotKeeper(options: KeeperOptions): Promise<void> {
	const snapshots = new FileSnapshots({ storeRoot: options.storeRoot, watch: true });
	const server = await listen(options.endpoint);
	if (!server) {
		options.log?.(`another snapshot keeper listens at ${options.endpoint}`);
		return;
	}
	let idle: ReturnType<typeof setTimeout> | undefined;
	const ended = new Promise<void>((resolve) => {
		const stop = () => {
			server.close();
			snapshots.dispose();
			rmSync(options.endpoint, { force: true });
			resolve();
		};
		const rearm = () => {
			clearTimeout(idle);
			idle = setTimeout(stop, options.idleMs ?? KEEPER_IDLE_MS);
		};
		rearm();
		server.on('connection', (socket) => {
			rearm();
			serve(socket, snapshots, options.secret);
		});
	});
	if (options.warm !== undefined) {
		await snapshots.warm(options.warm.workspace, options.warm.settings);
	}
	return ended;
}

/** Listens at the endpoint; `undefined` when a live keeper already does (a dead one's socket is replaced). */
async function listen(endpoint: string): Promise<Server | undefined> {
	const tryListen = () =>
		new Promise<Server | undefined>((resolve) => {
			const server = net().createServer();
			server.once('error', () => resolve(undefined));
			server.listen(endpoint, () => resolve(server));
		});
	const server = await tryListen();
	if (server || (await answers(endpoint))) {
		return server;
	}
	rmSync(endpoint, { force: true });
	return tryListen();
}

function answers(endpoint: string): Promise<boolean> {
	return new Promise((resolve) => {
		const probe = net().connect(endpoint);
		probe.once('connect', () => {
			probe.destroy();
			resolve(true);
		});
		probe.once('error', () => resolve(false));
	});
}

/** Reads one request line, checks its MAC, runs it and answers with a proof; anything else is closed unanswered. */
function serve(socket: Socket, snapshots: FileSnapshots, secret: string): void {
	const chunks: Buffer[] = [];
	let size = 0;
	socket.on('error', () => socket.destroy());
	socket.on('data', (chunk: Buffer) => {
		size += chunk.length;
		if (size > MAX_REQUEST_BYTES) {
			socket.destroy();
			return;
		}
		chunks.push(chunk);
		if (!chunk.includes(0x0a)) {
			return;
		}
		socket.removeAllListeners('data');
		void answer(Buffer.concat(chunks).toString('utf8'), snapshots, secret).then(
			(text) => (text === undefined ? socket.destroy() : socket.end(text)),
			() => socket.destroy(),
		);
	});
}

async function answer(
	line: string,
	snapshots: FileSnapshots,
	secret: string,
): Promise<string | undefined> {
	const request = decodeKeeperRequest(line);
	if (
		!request ||
		!verifyMac(secret, keeperRequestMacInput(request.nonce, request.body), request.mac)
	) {
		return undefined;
	}
	const operation = JSON.parse(request.body) as KeeperOperation;
	const result =
		operation.op === 'hold'
			? await snapshots.hold(operation.request)
			: await snapshots.observe(operation.request);
	const body = JSON.stringify(result);
	return encodeKeeperAnswer(macOf(secret, keeperAnswerMacInput(request.nonce, body)), body);
}
