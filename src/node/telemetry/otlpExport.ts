/*
 * The OTLP exporter of decisions: the entry point of dist/otel-export.js, the one bundle that holds OpenTelemetry.
 * Nothing loads it unless export is on: the window `require`s it when a destination is configured, and a headless
 * bridge starts it as a separate, detached process (`node otel-export.js --ship <audit.jsonl>`, the destination on
 * stdin) after it has answered its hook call. So a hook call never waits for a collector, and a collector that is down
 * costs no hook anything: the decisions wait in the audit log, behind the export cursor (see exportCursor.ts).
 *
 * The OpenTelemetry SDK builds the spans and log records (so their encoding, ids and resource are the SDK's) and the
 * OTLP/HTTP exporters send them; Hookwarden only chooses the ids (from the audit line's id, so a resend is the same
 * span) and sends one batch at a time, moving the cursor when the collector acknowledged it.
 */
import { hostname } from 'node:os';

import type { Context, SpanContext } from '@opentelemetry/api';
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { ExportResult } from '@opentelemetry/core';
import { ExportResultCode } from '@opentelemetry/core';
import { OTLPLogExporter } from '@opentelemetry/exporter-logs-otlp-http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import type { LogRecordProcessor, SdkLogRecord } from '@opentelemetry/sdk-logs';
import { LoggerProvider } from '@opentelemetry/sdk-logs';
import type { IdGenerator, ReadableSpan, SpanProcessor } from '@opentelemetry/sdk-trace';
import { AlwaysOnSampler, TracerProvider } from '@opentelemetry/sdk-trace';

import type { AuditEventRecord } from '../../core/audit/auditRecord';
import type { DecisionSignals } from '../../core/telemetry/decisionSignals';
import { DECISION_EVENT_NAME, decisionSignals } from '../../core/telemetry/decisionSignals';
import type { ExportTarget } from '../../core/settings/exportSettings';
import type { ExportCursor, LogPosition } from './exportCursor';
import {
	acquireShipLock,
	cursorFile,
	isBefore,
	readCursor,
	readPending,
	releaseShipLock,
	shipLockFile,
	writeCursor,
} from './exportCursor';

/** How one shipping round went. */
export type ShipResult =
	| { readonly kind: 'shipped'; readonly spans: number; readonly logs: number }
	| { readonly kind: 'busy' }
	| { readonly kind: 'waiting'; readonly until: number }
	| { readonly kind: 'failed'; readonly error: string; readonly retryAfter: number };

/** What shipping needs besides the log and the destination. */
export interface ShipOptions {
	/** Lines per request; the OpenTelemetry batch processors' default. */
	readonly batchSize?: number;
	/** Milliseconds an export request may take. */
	readonly timeoutMs?: number;
	/** Ship even if the last failure asked to wait (the window retries on its own schedule). */
	readonly ignoreBackoff?: boolean;
	readonly now?: () => number;
	readonly version?: string;
}

const DEFAULT_BATCH = 512;
const FIRST_RETRY_MS = 5_000;
const LONGEST_RETRY_MS = 10 * 60_000;

/**
 * Sends every decision of `log` the destination has not acknowledged, batch by batch, each signal's cursor moved
 * after its own 2xx. Returns at the first failure with when to try again (exponential, 5 s to 10 min), which the
 * cursor keeps for bridges to read. `busy` when another shipper holds the log.
 */
export async function shipLog(
	log: string,
	target: ExportTarget,
	options: ShipOptions = {},
): Promise<ShipResult> {
	const now = options.now ?? Date.now;
	const lock = shipLockFile(log, target.key);
	const file = cursorFile(log, target.key);
	const waiting = readCursor(file)?.retryAfter;
	if (!options.ignoreBackoff && waiting !== undefined && waiting > now()) {
		return { kind: 'waiting', until: waiting };
	}
	if (!acquireShipLock(lock)) {
		return { kind: 'busy' };
	}
	const sender = new SignalSender(target, options);
	let spans = 0;
	let logs = 0;
	try {
		for (;;) {
			const cursor: ExportCursor = readCursor(file) ?? { v: 1 };
			const { traces, logs: logsAt } = cursor;
			// Read from the signal that is further behind; a signal never acknowledged reads from the start.
			const from =
				traces === undefined || logsAt === undefined
					? undefined
					: isBefore(log, logsAt, traces)
						? logsAt
						: traces;
			const pending = readPending(log, from, options.batchSize ?? DEFAULT_BATCH);
			if (pending.end === undefined) {
				return { kind: 'shipped', spans, logs };
			}
			const skip = new Set(cursor.skip ?? []);
			const due = (at: LogPosition | undefined) =>
				pending.records.filter((p) => isBefore(log, at, p.end) && !skip.has(p.record.id));
			const spanBatch = due(traces).map((p) => p.record);
			const logBatch = due(logsAt).map((p) => p.record);
			const spanError = spanBatch.length > 0 ? await sender.sendSpans(spanBatch) : undefined;
			// A collector that refused the spans is not asked again for the records in the same round: the round
			// would only take the exporter's timeout twice.
			const logError =
				spanError ?? (logBatch.length > 0 ? await sender.sendLogs(logBatch) : undefined);
			const error = spanError ?? logError;
			const tracesNext = spanError === undefined ? pending.end : traces;
			const logsNext = logError === undefined ? pending.end : logsAt;
			const passed = new Set(pending.records.map((p) => p.record.id));
			// A skipped id is dropped once both signals are past it.
			const stillSkipped =
				error === undefined ? [...skip].filter((id) => !passed.has(id)) : [...skip];
			const next: ExportCursor = {
				v: 1,
				...(tracesNext && { traces: tracesNext }),
				...(logsNext && { logs: logsNext }),
				...(stillSkipped.length > 0 && { skip: stillSkipped }),
			};
			if (error !== undefined) {
				const failures = (cursor.failures ?? 0) + 1;
				const retryAfter =
					now() + Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(failures - 1, 16));
				writeCursor(file, { ...next, retryAfter, failures });
				return { kind: 'failed', error, retryAfter };
			}
			writeCursor(file, next);
			spans += spanBatch.length;
			logs += logBatch.length;
		}
	} finally {
		releaseShipLock(lock);
		await sender.shutdown();
	}
}

/** Builds spans and log records with the SDK and sends them with the OTLP/HTTP exporters. */
class SignalSender {
	private readonly spans: ReadableSpan[] = [];
	private readonly records: SdkLogRecord[] = [];
	private nextIds = { traceId: '', spanId: '' };
	private readonly tracerProvider: TracerProvider;
	private readonly loggerProvider: LoggerProvider;
	private readonly traceExporter: OTLPTraceExporter;
	private readonly logExporter: OTLPLogExporter;

	constructor(
		private readonly target: ExportTarget,
		options: ShipOptions,
	) {
		const resource = defaultResource().merge(
			resourceFromAttributes({
				'host.name': hostname(),
				...(options.version !== undefined && { 'service.version': options.version }),
				...target.resourceAttributes,
			}),
		);
		const collectSpans: SpanProcessor = {
			onStart: () => undefined,
			onEnd: (span) => this.spans.push(span),
			forceFlush: () => Promise.resolve(),
			shutdown: () => Promise.resolve(),
		};
		// The ids of the span being built, set just before it starts: the SDK asks for them as it starts the span.
		const idGenerator: IdGenerator = {
			generateTraceId: () => this.nextIds.traceId,
			generateSpanId: () => this.nextIds.spanId,
		};
		this.tracerProvider = new TracerProvider({
			resource,
			idGenerator,
			// Every decision is exported, whatever the caller's trace sampled.
			sampler: new AlwaysOnSampler(),
			spanProcessors: [collectSpans],
		});
		const collectLogs: LogRecordProcessor = {
			onEmit: (record) => this.records.push(record),
			forceFlush: () => Promise.resolve(),
			shutdown: () => Promise.resolve(),
		};
		this.loggerProvider = new LoggerProvider({ resource, processors: [collectLogs] });
		const timeoutMillis = options.timeoutMs ?? 10_000;
		this.traceExporter = new OTLPTraceExporter({
			url: target.tracesUrl,
			headers: { ...target.tracesHeaders },
			timeoutMillis,
			keepAlive: false,
		});
		this.logExporter = new OTLPLogExporter({
			url: target.logsUrl,
			headers: { ...target.logsHeaders },
			timeoutMillis,
			keepAlive: false,
		});
	}

	/** Sends the spans of these decisions; the error, or `undefined` when the collector acknowledged them. */
	sendSpans(batch: readonly AuditEventRecord[]): Promise<string | undefined> {
		this.spans.length = 0;
		const tracer = this.tracerProvider.getTracer('hookwarden');
		for (const signals of this.signalsOf(batch)) {
			this.nextIds = { traceId: signals.traceId, spanId: signals.spanId };
			const span = tracer.startSpan(
				signals.spanName,
				{ kind: SpanKind.INTERNAL, startTime: signals.startMs, attributes: signals.attributes },
				parentContext(signals),
			);
			if (signals.error !== undefined) {
				span.setStatus({ code: SpanStatusCode.ERROR, message: signals.error });
			}
			span.end(signals.endMs);
		}
		return send((done) => this.traceExporter.export(this.spans, done));
	}

	/** Sends the log records of these decisions, each tied to its span. */
	sendLogs(batch: readonly AuditEventRecord[]): Promise<string | undefined> {
		this.records.length = 0;
		const logger = this.loggerProvider.getLogger('hookwarden');
		for (const signals of this.signalsOf(batch)) {
			const own: SpanContext = {
				traceId: signals.traceId,
				spanId: signals.spanId,
				traceFlags: 1,
				isRemote: false,
			};
			logger.emit({
				eventName: DECISION_EVENT_NAME,
				timestamp: signals.endMs,
				observedTimestamp: signals.endMs,
				severityNumber: signals.severityNumber,
				severityText: signals.severityText,
				body: signals.body,
				attributes: { ...signals.attributes, 'event.name': DECISION_EVENT_NAME },
				context: trace.setSpanContext(ROOT_CONTEXT, own),
			});
		}
		return send((done) => this.logExporter.export(this.records, done));
	}

	async shutdown(): Promise<void> {
		await Promise.allSettled([
			this.traceExporter.shutdown(),
			this.logExporter.shutdown(),
			this.tracerProvider.shutdown(),
			this.loggerProvider.shutdown(),
		]);
	}

	private signalsOf(batch: readonly AuditEventRecord[]): DecisionSignals[] {
		return batch.map((record) =>
			decisionSignals(record, { captureContent: this.target.captureContent }),
		);
	}
}

function parentContext(signals: DecisionSignals): Context {
	return signals.parent
		? trace.setSpanContext(ROOT_CONTEXT, {
				traceId: signals.parent.traceId,
				spanId: signals.parent.spanId,
				traceFlags: signals.parent.flags,
				isRemote: true,
			})
		: ROOT_CONTEXT;
}

function send(run: (done: (result: ExportResult) => void) => void): Promise<string | undefined> {
	return new Promise((resolve) => {
		try {
			run((result) =>
				resolve(
					result.code === ExportResultCode.SUCCESS
						? undefined
						: (result.error?.message ?? 'the collector did not accept the batch'),
				),
			);
		} catch (error) {
			resolve((error as Error).message);
		}
	});
}
