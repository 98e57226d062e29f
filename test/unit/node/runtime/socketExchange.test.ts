import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server, Socket } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ExchangeFunction } from '../../../../src/node/runtime/socketExchange';
import {
	exchangeOverHandle,
	exchangeOverNet,
	libuvPipes,
} from '../../../../src/node/runtime/socketExchange';

let root: string;

beforeAll(() => {
	root = mkdtempSync(join(tmpdir(), 'hookwarden-exchange-'));
});

afterAll(() => {
	rmSync(root, { recursive: true, force: true });
});

/** A listener at a fresh path that answers each connection with `respond`, given what the client sent. */
async function listening(
	name: string,
	respond: (socket: Socket, received: () => string) => void,
): Promise<{ path: string; server: Server }> {
	const path = join(root, `${name}.sock`);
	const server = createServer({ allowHalfOpen: true }, (socket) => {
		let received = '';
		socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
		respond(socket, () => received);
	});
	await new Promise<void>((done) => server.listen(path, done));
	return { path, server };
}

const REQUEST = 'POST /v3/hook/Stop HTTP/1.0\r\nContent-Length: 2\r\n\r\n{}';

const pipes = libuvPipes();
const implementations: [string, ExchangeFunction][] = [
	['node:net', exchangeOverNet],
	[
		"libuv's pipe handle",
		(endpoint, request, timeout) => exchangeOverHandle(pipes!, endpoint, request, timeout),
	],
];

it("uses libuv's handle exactly on the runtimes it was tested on, this one included", () => {
	const major = Number(process.versions.node.split('.')[0]);
	const tested = process.platform !== 'win32' && major >= 20 && major <= 24;
	expect(pipes !== undefined).toBe(tested);
});

describe.each(implementations)('one exchange over a unix socket (%s)', (_, send) => {
	it('writes the request and returns every byte of the answer, up to the close', async () => {
		const big = 'x'.repeat(1024 * 1024);
		const { path, server } = await listening('answers', (socket, received) =>
			socket.once('data', () =>
				setImmediate(() => socket.end(`HTTP/1.0 200 OK\r\n\r\n${received()}${big}`)),
			),
		);
		try {
			const result = await send(path, REQUEST, 250);
			expect(result.ok).toBe(true);
			const text = result.ok ? result.bytes.toString('utf8') : '';
			expect(text).toBe(`HTTP/1.0 200 OK\r\n\r\n${REQUEST}${big}`);
		} finally {
			server.close();
		}
	});

	it('keeps its side open until the answer: a half-closed request is aborted by Node’s HTTP server', async () => {
		let endedFirst: boolean | undefined;
		const { path, server } = await listening('open', (socket) => {
			let ended = false;
			socket.once('end', () => (ended = true));
			socket.once('data', () =>
				setTimeout(() => {
					endedFirst = ended;
					socket.end('HTTP/1.0 200 OK\r\n\r\n{}');
				}, 30),
			);
		});
		try {
			expect(await send(path, REQUEST, 250)).toMatchObject({ ok: true });
			expect(endedFirst).toBe(false);
		} finally {
			server.close();
		}
	});

	it('returns no bytes from a listener that closes without answering', async () => {
		const { path, server } = await listening('silent', (socket) =>
			socket.once('data', () => socket.end()),
		);
		try {
			const result = await send(path, REQUEST, 250);
			expect(result.ok && result.bytes.length).toBe(0);
		} finally {
			server.close();
		}
	});

	it('says ECONNREFUSED for a socket its window left behind, and ENOENT for none', async () => {
		const stale = join(root, `stale-${send === exchangeOverNet ? 'net' : 'handle'}.sock`);
		// A listener killed outright leaves its socket file behind, refusing every connection.
		spawnSync(process.execPath, [
			'-e',
			'require("net").createServer().listen(process.argv[1], () => process.kill(process.pid, "SIGKILL"))',
			stale,
		]);
		expect(await send(stale, REQUEST, 250)).toEqual({ ok: false, code: 'ECONNREFUSED' });
		expect(await send(join(root, 'none.sock'), REQUEST, 250)).toEqual({
			ok: false,
			code: 'ENOENT',
		});
	});
});
