/*
 * A minimal OTLP/HTTP receiver on loopback for tests: it accepts what a collector's `otlp` receiver accepts on
 * `/v1/traces` and `/v1/logs` (JSON bodies, as the exporters send them), keeps every request, and can answer with an
 * error status, stop listening (a collector that is down) and listen again on the same port.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got. */
export interface OtlpRequest {
	readonly path: string;
	readonly headers: http.IncomingHttpHeaders;
	readonly body: OtlpBody;
}

/** The parts of an OTLP JSON export request the tests read. */
export interface OtlpBody {
	readonly resourceSpans?: readonly {
		readonly resource: { readonly attributes: readonly OtlpAttribute[] };
		readonly scopeSpans: readonly { readonly spans: readonly OtlpSpan[] }[];
	}[];
	readonly resourceLogs?: readonly {
		readonly resource: { readonly attributes: readonly OtlpAttribute[] };
		readonly scopeLogs: readonly { readonly logRecords: readonly OtlpLogRecord[] }[];
	}[];
}

export interface OtlpAttribute {
	readonly key: string;
	readonly value: {
		readonly stringValue?: string;
		readonly intValue?: number | string;
		readonly boolValue?: boolean;
		readonly doubleValue?: number;
		readonly arrayValue?: { readonly values: readonly { readonly stringValue?: string }[] };
	};
}

export interface OtlpSpan {
	readonly traceId: string;
	readonly spanId: string;
	readonly parentSpanId?: string;
	readonly name: string;
	readonly startTimeUnixNano: string | number;
	readonly endTimeUnixNano: string | number;
	readonly attributes: readonly OtlpAttribute[];
	readonly status?: { readonly code?: number; readonly message?: string };
}

export interface OtlpLogRecord {
	readonly timeUnixNano: string | number;
	readonly severityText?: string;
	readonly eventName?: string;
	readonly body?: { readonly stringValue?: string };
	readonly attributes: readonly OtlpAttribute[];
	readonly traceId?: string;
	readonly spanId?: string;
}

/** An attribute list as a plain object (arrays of strings as arrays, numbers as numbers). */
export function attributesOf(list: readonly OtlpAttribute[]): Record<string, unknown> {
	return Object.fromEntries(
		list.map(({ key, value }) => [
			key,
			value.stringValue ??
				(value.intValue !== undefined ? Number(value.intValue) : undefined) ??
				value.boolValue ??
				value.doubleValue ??
				value.arrayValue?.values.map((v) => v.stringValue),
		]),
	);
}

export class OtlpReceiver {
	readonly requests: OtlpRequest[] = [];
	/** The status a request to a path gets; 200 accepts (and keeps) it. */
	statusFor: (path: string) => number = () => 200;
	private server: http.Server | undefined;
	private port = 0;

	/** The base URL (`http://127.0.0.1:<port>`), as `OTEL_EXPORTER_OTLP_ENDPOINT` takes it. */
	get endpoint(): string {
		return `http://127.0.0.1:${this.port}`;
	}

	/** Listens on a free port the first time, on the same port after {@link stop}. */
	async start(): Promise<this> {
		const server = http.createServer((request, response) => {
			const chunks: Buffer[] = [];
			request.on('data', (chunk: Buffer) => chunks.push(chunk));
			request.on('end', () => {
				const status = this.statusFor(request.url ?? '');
				if (status === 200) {
					this.requests.push({
						path: request.url ?? '',
						headers: request.headers,
						body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpBody,
					});
				}
				response.writeHead(status, { 'content-type': 'application/json' }).end('{}');
			});
		});
		await new Promise<void>((resolve, reject) => {
			server.once('error', reject);
			server.listen(this.port, '127.0.0.1', () => resolve());
		});
		this.port = (server.address() as AddressInfo).port;
		this.server = server;
		return this;
	}

	/** Stops listening: connections are refused, as from a collector that is down. */
	async stop(): Promise<void> {
		const server = this.server;
		this.server = undefined;
		if (server) {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		}
	}

	/** Every span received, in order. */
	spans(): OtlpSpan[] {
		return this.requests.flatMap((r) =>
			(r.body.resourceSpans ?? []).flatMap((rs) => rs.scopeSpans.flatMap((ss) => ss.spans)),
		);
	}

	/** Every log record received, in order. */
	logRecords(): OtlpLogRecord[] {
		return this.requests.flatMap((r) =>
			(r.body.resourceLogs ?? []).flatMap((rl) => rl.scopeLogs.flatMap((sl) => sl.logRecords)),
		);
	}
}
