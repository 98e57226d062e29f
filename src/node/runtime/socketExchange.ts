/*
 * One request and its whole answer over a unix socket: how a node bridge asks a window. `node:net` does it, but
 * loading it pulls in Node's stream machinery, about 5 ms of a hook call through a window on the bench machine (half
 * the bridge's budget over a bare `node`). libuv's pipe handle, which `node:net` itself wraps, does the same exchange
 * without it. That handle is reached through `process.binding`, an internal interface whose misuse aborts the
 * process instead of throwing, so it is used only where it was tested (Node 20 to 24 on Linux and macOS, not
 * Electron, not Windows) and only when it has the expected shape; everywhere else the exchange runs on `node:net`.
 */
import { createRequire } from 'node:module';
import type * as Net from 'node:net';
import type * as Util from 'node:util';

import { builtOnFirstUse } from '../../core/util/builtOnFirstUse';

/** Every byte the other end sent before it closed, or the error code that ended the exchange first. */
export type Exchange =
	{ readonly ok: true; readonly bytes: Buffer } | { readonly ok: false; readonly code: string };

/** Connects, writes `request`, and collects the answer until the other end closes (it is never half-closed first). */
export type ExchangeFunction = (
	endpoint: string,
	request: string,
	connectTimeoutMs: number,
) => Promise<Exchange>;

// Looked up once: a bridge may ask a window twice (the one it names, then the one its lease points to).
const pipesOfThisRuntime = builtOnFirstUse(libuvPipes);

/** The exchange this process uses: over libuv's handle where that was tested, else over `node:net`. */
export const exchange: ExchangeFunction = (endpoint, request, connectTimeoutMs) => {
	const pipes = pipesOfThisRuntime();
	return pipes
		? exchangeOverHandle(pipes, endpoint, request, connectTimeoutMs)
		: exchangeOverNet(endpoint, request, connectTimeoutMs);
};

// A plain dynamic import() would fail where the bundle runs inside vm.Script (see bootstrap.ts).
const lazyRequire = createRequire(__filename);

/** The exchange over `node:net`, for every runtime {@link libuvPipes} does not vouch for. */
export const exchangeOverNet: ExchangeFunction = (endpoint, request, connectTimeoutMs) => {
	const net = lazyRequire('node:net') as typeof Net;
	return new Promise((resolve) => {
		const socket = net.connect(endpoint);
		const chunks: Buffer[] = [];
		const finish = settleOnce(resolve, () => {
			clearTimeout(connectTimer);
			socket.destroy();
		});
		const connectTimer = setTimeout(
			() => finish({ ok: false, code: 'ETIMEDOUT' }),
			connectTimeoutMs,
		);
		socket.once('connect', () => {
			clearTimeout(connectTimer);
			// Not end(): Node's HTTP server aborts a request whose client half-closed before the answer.
			socket.write(request);
		});
		socket.on('data', (chunk: Buffer) => chunks.push(chunk));
		socket.once('error', (error: NodeJS.ErrnoException) =>
			finish({ ok: false, code: error.code ?? error.message }),
		);
		socket.once('end', () => finish({ ok: true, bytes: Buffer.concat(chunks) }));
	});
};

/** libuv's pipe handle and the request objects it takes, as `process.binding` exposes them. */
interface LibuvPipes {
	readonly Pipe: new (type: number) => PipeHandle;
	readonly PipeConnectWrap: new () => ConnectRequest;
	readonly WriteWrap: new () => WriteRequest;
	readonly socketType: number;
	/** Where the handle reports each read: the byte count (or an error) and the offset into the buffer it passes. */
	readonly readState: Int32Array;
	readonly bytesSlot: number;
	readonly offsetSlot: number;
}

interface PipeHandle {
	connect(request: ConnectRequest, address: string): unknown;
	readStart(): number;
	writeUtf8String(request: WriteRequest, text: string): number;
	close(): void;
	onread?: (buffer: ArrayBuffer | undefined) => void;
}

interface ConnectRequest {
	oncomplete?: (status: number) => void;
	address?: string;
}

interface WriteRequest {
	handle?: PipeHandle;
	oncomplete?: () => void;
	async?: boolean;
}

// libuv's end-of-stream code; any other negative count is an error.
const UV_EOF = -4095;

/** The handle, where this runtime is one it was tested on and exposes it as expected; else `undefined`. */
export function libuvPipes(): LibuvPipes | undefined {
	const major = Number(process.versions.node.split('.')[0]);
	if (
		process.platform === 'win32' ||
		process.versions.electron !== undefined ||
		!(major >= 20 && major <= 24)
	) {
		return undefined;
	}
	// `process.binding` warns under --pending-deprecation; this process's stderr is for the hook's diagnostics.
	const quiet = process.noDeprecation;
	process.noDeprecation = true;
	try {
		const internal = process as unknown as {
			binding(name: string): Record<string, unknown>;
		};
		const pipe = internal.binding('pipe_wrap');
		const stream = internal.binding('stream_wrap');
		const constants = pipe.constants as Record<string, unknown> | undefined;
		const { kReadBytesOrError, kArrayBufferOffset, streamBaseState } = stream;
		if (
			typeof pipe.Pipe !== 'function' ||
			typeof pipe.PipeConnectWrap !== 'function' ||
			typeof stream.WriteWrap !== 'function' ||
			typeof constants?.SOCKET !== 'number' ||
			typeof kReadBytesOrError !== 'number' ||
			typeof kArrayBufferOffset !== 'number' ||
			!(streamBaseState instanceof Int32Array)
		) {
			return undefined;
		}
		return {
			Pipe: pipe.Pipe as LibuvPipes['Pipe'],
			PipeConnectWrap: pipe.PipeConnectWrap as LibuvPipes['PipeConnectWrap'],
			WriteWrap: stream.WriteWrap as LibuvPipes['WriteWrap'],
			socketType: constants.SOCKET,
			readState: streamBaseState,
			bytesSlot: kReadBytesOrError,
			offsetSlot: kArrayBufferOffset,
		};
	} catch {
		return undefined;
	} finally {
		process.noDeprecation = quiet;
	}
}

/** The exchange over libuv's pipe handle, the calls `node:net` makes without the streams around them. */
export function exchangeOverHandle(
	pipes: LibuvPipes,
	endpoint: string,
	request: string,
	connectTimeoutMs: number,
): Promise<Exchange> {
	return new Promise((resolve) => {
		const handle = new pipes.Pipe(pipes.socketType);
		const chunks: Buffer[] = [];
		const finish = settleOnce(resolve, () => {
			clearTimeout(connectTimer);
			handle.close();
		});
		const connectTimer = setTimeout(
			() => finish({ ok: false, code: 'ETIMEDOUT' }),
			connectTimeoutMs,
		);
		/** Ends the exchange when a libuv call failed (a negative status); says whether it did. */
		const failed = (status: number): boolean => {
			if (status >= 0) {
				return false;
			}
			finish(errorOf(status));
			return true;
		};
		// Kept in this closure until the exchange ends: the handle refers to the request objects only from C++.
		const write = new pipes.WriteWrap();
		write.handle = handle;
		write.oncomplete = () => undefined;
		write.async = false;
		handle.onread = (buffer) => {
			const count = pipes.readState[pipes.bytesSlot] ?? UV_EOF;
			if (count > 0 && buffer) {
				chunks.push(Buffer.from(buffer, pipes.readState[pipes.offsetSlot] ?? 0, count));
			} else if (count === UV_EOF) {
				finish({ ok: true, bytes: Buffer.concat(chunks) });
			} else if (count < 0) {
				finish(errorOf(count));
			}
		};
		const connect = new pipes.PipeConnectWrap();
		connect.address = endpoint;
		connect.oncomplete = (status) => {
			clearTimeout(connectTimer);
			if (!failed(status) && !failed(handle.readStart())) {
				failed(handle.writeUtf8String(write, request));
			}
		};
		const started = handle.connect(connect, endpoint);
		if (typeof started === 'number') {
			failed(started);
		}
	});
}

function errorOf(status: number): Exchange {
	// Loaded only on this path: a successful exchange never needs it.
	const util = lazyRequire('node:util') as typeof Util;
	return { ok: false, code: util.getSystemErrorName(status) };
}

/** A resolver that resolves once and then cleans up; later calls are ignored. */
function settleOnce(
	resolve: (value: Exchange) => void,
	cleanUp: () => void,
): (value: Exchange) => void {
	let settled = false;
	return (value) => {
		if (!settled) {
			settled = true;
			cleanUp();
			resolve(value);
		}
	};
}
