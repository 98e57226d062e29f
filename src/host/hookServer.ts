import { constants as cryptoConstants, X509Certificate } from 'node:crypto';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as tls from 'node:tls';

import type { RunnerHint } from '../core/events/harness';
import { RUNNER_HINTS } from '../core/events/harness';
import type { HookInputText } from '../core/events/hookInputText';
import {
	decodeHookInput,
	MAX_HOOK_INPUT_BYTES,
	parseHookInput,
} from '../core/events/hookInputText';
import type { HookAnswer, HookCall } from '../core/pipeline/hookCall';
import { proveAnswer, verifyMac } from '../node/runtime/secretMac';
import type { TlsIdentity } from '../node/runtime/tlsIdentity';
import type { HostError } from '../protocol/messages';
import {
	DECIDED_BY_HEADER,
	HOOK_PATH,
	HOST_ERROR_STATUS,
	hookRequestSchema,
	PING_PATH,
	PROTOCOL_VERSION,
} from '../protocol/messages';
import {
	MAC_SCHEME,
	NONCE_HEADER,
	PROOF_HEADER,
	requestMacInput,
	RUNNER_HEADER,
	STDIN_HOOK_PATH,
} from '../protocol/wire';

/** The largest request body the server reads; the bridge refuses larger payloads before sending them. */
const MAX_BODY_BYTES = 9 * 1024 * 1024;

/** Who the server reports to: problems worth a log line and every refused connection. */
export interface HookServerLog {
	warn(message: string): void;
	info(message: string): void;
}

/** What a window proves itself with: the per-install secret (node clients) and the TLS identity (the `sh` fast path). */
export interface HookServerCredentials {
	readonly secret: string;
	readonly identity?: Pick<TlsIdentity, 'key' | 'cert'>;
}

// The first byte of a TLS ClientHello record: the connection speaks TLS, not plain HTTP.
const TLS_HANDSHAKE = 0x16;

/**
 * The window's private HTTP endpoint on a unix socket (or Windows pipe). It authenticates every request without the
 * secret ever crossing the socket: a node bridge signs its request with the per-install secret and gets an answer
 * proven over its nonce; the `sh` fast path speaks TLS on the same socket, where each end proves it holds the shared
 * TLS identity (the launcher pins its public key and presents it as its client certificate), and streams its stdin
 * as the request body. It validates the request and hands it to the decider. Requests are served concurrently, each
 * answered on its own connection; when a connection closes before its answer (the hook process died), the call's
 * signal aborts.
 */
export class HookServer {
	private readonly server: net.Server;
	private readonly http: http.Server;
	private readonly tls: tls.Server | undefined;
	/** TLS connections whose client presented this window's identity. */
	private readonly provenClients = new WeakSet<object>();
	private readonly sockets = new Set<net.Socket>();

	constructor(
		private readonly endpoint: string,
		private readonly credentials: HookServerCredentials,
		private readonly handle: (call: HookCall) => Promise<HookAnswer>,
		private readonly log: HookServerLog,
	) {
		this.http = http.createServer((request, response) => void this.serve(request, response));
		// Approvals hold requests open for minutes; Node's default request timeout would cut them off.
		this.http.requestTimeout = 0;
		this.http.headersTimeout = 10_000;
		this.http.keepAliveTimeout = 1_000;
		this.tls = credentials.identity && this.tlsServer(credentials.identity);
		this.server = net.createServer((socket) => this.route(socket));
	}

	/** Hands a connection to the TLS or the plain HTTP side, by its first byte. */
	private route(socket: net.Socket): void {
		this.sockets.add(socket);
		socket.once('close', () => this.sockets.delete(socket));
		socket.once('error', () => socket.destroy());
		socket.once('data', (first: Buffer) => {
			socket.pause();
			socket.unshift(first);
			if (first[0] === TLS_HANDSHAKE && this.tls) {
				// A TLS socket built on this one reads its handle directly, but first takes what is buffered (the
				// byte just put back), so the handshake runs in C++ instead of through a JavaScript stream.
				this.tls.emit('connection', socket);
				return;
			}
			this.http.emit('connection', socket);
			socket.resume();
		});
	}

	private tlsServer(identity: Pick<TlsIdentity, 'key' | 'cert'>): tls.Server {
		const own = new X509Certificate(identity.cert).publicKey;
		const server = tls.createServer({
			key: identity.key,
			cert: identity.cert,
			requestCert: true,
			// The client's certificate is checked below against this window's own key, not against a CA.
			rejectUnauthorized: false,
			minVersion: 'TLSv1.3',
			// Every launcher run is a new process that cannot resume a session; the tickets it would be sent cost
			// the window about half a millisecond per call.
			secureOptions: cryptoConstants.SSL_OP_NO_TICKET,
		});
		server.on('secureConnection', (socket) => {
			const peer = socket.getPeerX509Certificate();
			if (!peer?.publicKey.equals(own)) {
				this.log.warn('refused a TLS connection that did not present the Hookwarden identity');
				socket.destroy();
				return;
			}
			this.provenClients.add(socket);
			this.http.emit('connection', socket);
		});
		server.on('tlsClientError', (error) =>
			this.log.info(`a TLS handshake failed: ${error.message}`),
		);
		return server;
	}

	/** Starts listening; the socket file is made owner-only before any bridge can connect. */
	listen(): Promise<void> {
		return new Promise((resolve, reject) => {
			this.server.once('error', reject);
			this.server.listen(this.endpoint, () => {
				this.server.off('error', reject);
				if (process.platform !== 'win32') {
					fs.chmodSync(this.endpoint, 0o600);
				}
				resolve();
			});
		});
	}

	/** Stops listening, ends open requests and removes the socket file. */
	close(): Promise<void> {
		return new Promise((resolve) => {
			this.http.closeAllConnections();
			this.server.close(() => resolve());
			for (const socket of this.sockets) {
				socket.destroy();
			}
			if (process.platform !== 'win32') {
				fs.rmSync(this.endpoint, { force: true });
			}
		});
	}

	private async serve(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
		if (
			this.provenClients.has(request.socket) &&
			request.method === 'POST' &&
			request.url?.startsWith(STDIN_HOOK_PATH)
		) {
			return this.serveStdin(request, response, request.url.slice(STDIN_HOOK_PATH.length));
		}
		// The body is read before the check because a signed request's MAC covers it; its size is capped either way.
		const body = await readBody(request);
		const nonce = headerOf(request, NONCE_HEADER);
		if (!this.authentic(request, nonce, body ?? '')) {
			this.log.warn(
				`refused a connection without the Hookwarden secret (${request.method ?? '?'} ${request.url ?? '?'})`,
			);
			return this.refuse(response, 'unauthorized', 'missing or wrong secret');
		}
		const answerWith = (status: number, headers: http.OutgoingHttpHeaders, text: string) =>
			response
				.writeHead(status, {
					...headers,
					...(nonce !== undefined && {
						[PROOF_HEADER]: proveAnswer(this.credentials.secret, nonce, text),
					}),
				})
				.end(text);
		if (request.url === PING_PATH) {
			return void answerWith(
				200,
				{ 'content-type': 'application/json' },
				JSON.stringify({ v: PROTOCOL_VERSION, pid: process.pid }),
			);
		}
		if (request.method !== 'POST' || !request.url?.startsWith(HOOK_PATH)) {
			const versioned = /^\/v(\d+)\//.exec(request.url ?? '');
			return versioned && Number(versioned[1]) !== PROTOCOL_VERSION
				? this.refuse(
						response,
						'unsupportedVersion',
						`this window speaks protocol v${PROTOCOL_VERSION}`,
					)
				: this.refuse(response, 'badRequest', `unknown path ${request.url ?? ''}`);
		}
		if (body === undefined) {
			return this.refuse(response, 'badRequest', `request body over ${MAX_BODY_BYTES} bytes`);
		}
		const call = readCall(body, request.url, headerOf(request, 'traceparent', TRACEPARENT_HEADER));
		if (typeof call === 'string') {
			return this.refuse(response, 'badRequest', call);
		}
		const answer = await this.decide(call, response);
		if (answer?.problem) {
			this.log.warn(answer.problem);
		}
		if (answer?.kind === 'unreadable') {
			// The node bridge then decides it headless, where the same reader reports why with the fail verdict.
			return this.refuse(response, 'badRequest', answer.problem);
		}
		if (answer) {
			answerWith(200, answerHeaders(answer), `${JSON.stringify(answer.output)}\n`);
		}
	}

	/**
	 * A hook from the `sh` fast path: the launcher's stdin, read exactly as the headless bridge reads its own. It is
	 * always answered with a verdict, an unreadable one included, because the launcher cannot replay what it sent.
	 */
	private async serveStdin(
		request: http.IncomingMessage,
		response: http.ServerResponse,
		event: string,
	): Promise<void> {
		const input = parseHookInput(await readHookInputBody(request));
		const runner = headerOf(request, RUNNER_HEADER, /^[A-Za-z]{1,32}$/);
		const traceparent = headerOf(request, 'traceparent', TRACEPARENT_HEADER);
		const answer = await this.decide(
			{
				...(/^[A-Za-z]{1,64}$/.test(event) && { eventArg: event }),
				payload: input.ok ? input.payload : undefined,
				...(isRunnerHint(runner) && { runner }),
				...(traceparent !== undefined && { traceparent }),
			},
			response,
		);
		// One line on why, in the words the headless bridge would use for the same stdin.
		const problem = input.ok ? answer?.problem : `the sh launcher's hook input: ${input.cause}`;
		if (problem) {
			this.log.warn(problem);
		}
		if (answer) {
			response.writeHead(200, answerHeaders(answer)).end(`${JSON.stringify(answer.output)}\n`);
		}
	}

	/**
	 * Hands one call to the decider with a signal that fires when its connection closes first (the hook process died);
	 * `undefined` when nobody is left to answer.
	 */
	private async decide(
		call: Omit<HookCall, 'signal'>,
		response: http.ServerResponse,
	): Promise<HookAnswer | undefined> {
		const gone = new AbortController();
		response.on('close', () => {
			if (!response.writableFinished) {
				gone.abort(new Error('hook process went away'));
			}
		});
		const answer = await this.handle({ ...call, signal: gone.signal });
		return gone.signal.aborted ? undefined : answer;
	}

	private authentic(
		request: http.IncomingMessage,
		nonce: string | undefined,
		body: string,
	): boolean {
		if (this.provenClients.has(request.socket)) {
			return true;
		}
		const authorization = request.headers.authorization ?? '';
		if (!authorization.startsWith(`${MAC_SCHEME} `) || nonce === undefined) {
			return false;
		}
		const mac = authorization.slice(MAC_SCHEME.length + 1);
		return verifyMac(this.credentials.secret, requestMacInput(nonce, body), mac);
	}

	private refuse(response: http.ServerResponse, error: HostError['error'], message: string): void {
		const body: HostError = { error, message };
		response
			.writeHead(HOST_ERROR_STATUS[error], { 'content-type': 'application/json' })
			.end(JSON.stringify(body));
	}
}

/** The hook call in a request body, or why the body is not one. */
function readCall(
	body: string,
	url: string,
	traceparentHeader: string | undefined,
): Omit<HookCall, 'signal'> | string {
	let json: unknown;
	try {
		json = JSON.parse(body);
	} catch (error) {
		return `request is not JSON: ${(error as Error).message}`;
	}
	const parsed = hookRequestSchema.safeParse(json);
	if (!parsed.success) {
		return `request does not match protocol v${PROTOCOL_VERSION}: ${parsed.error.issues[0]?.message ?? ''}`;
	}
	const eventArg = parsed.data.event ?? decodeURIComponent(url.slice(HOOK_PATH.length));
	return {
		...(eventArg !== '' && { eventArg }),
		payload: parsed.data.payload,
		...(parsed.data.cwd !== undefined && { cwd: parsed.data.cwd }),
		...(parsed.data.runner !== undefined && { runner: parsed.data.runner }),
		...((parsed.data.traceparent ?? traceparentHeader) !== undefined && {
			traceparent: parsed.data.traceparent ?? traceparentHeader,
		}),
	};
}

/** The answer's headers: its type, and which provider and rule decided when one did. */
function answerHeaders(answer: HookAnswer): http.OutgoingHttpHeaders {
	const decidedBy = answer.kind === 'answered' ? answer.recorded.decision.decidedBy : undefined;
	return {
		'content-type': 'application/json',
		...(decidedBy && {
			[DECIDED_BY_HEADER]: `${decidedBy.providerId}${decidedBy.ruleId ? `/${decidedBy.ruleId}` : ''}`,
		}),
	};
}

function isRunnerHint(value: string | undefined): value is RunnerHint {
	return (RUNNER_HINTS as readonly (string | undefined)[]).includes(value);
}

// A W3C traceparent header value, as the sh fast path forwards TRACEPARENT.
const TRACEPARENT_HEADER = /^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;

function headerOf(
	request: http.IncomingMessage,
	name: string,
	shape = /^[A-Za-z0-9_-]{16,128}$/,
): string | undefined {
	const value = request.headers[name];
	return typeof value === 'string' && shape.test(value) ? value : undefined;
}

/**
 * The body of a fast-path request as hook input. Past the limit it keeps draining without keeping anything, so the
 * launcher finishes sending and reads the verdict for input that is too large instead of a broken connection.
 */
function readHookInputBody(request: http.IncomingMessage): Promise<HookInputText> {
	return new Promise((resolve) => {
		const chunks: Buffer[] = [];
		let size = 0;
		request.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size <= MAX_HOOK_INPUT_BYTES) {
				chunks.push(chunk);
			}
		});
		request.on('end', () =>
			resolve(
				size > MAX_HOOK_INPUT_BYTES
					? { kind: 'tooLarge', limit: MAX_HOOK_INPUT_BYTES }
					: decodeHookInput(Buffer.concat(chunks, size)),
			),
		);
		// A connection that breaks mid-body has no one to answer; what arrived is not a whole payload.
		request.on('error', () => resolve({ kind: 'notText' }));
	});
}

function readBody(request: http.IncomingMessage): Promise<string | undefined> {
	return new Promise((resolve) => {
		const chunks: Buffer[] = [];
		let size = 0;
		request.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size > MAX_BODY_BYTES) {
				request.destroy();
				resolve(undefined);
				return;
			}
			chunks.push(chunk);
		});
		request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
		request.on('error', () => resolve(undefined));
	});
}
