import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { AuditEventRecord } from '../../../../src/core/audit/auditRecord';
import {
	readExportSettings,
	resolveExportTarget,
} from '../../../../src/core/settings/exportSettings';
import type { ExportTarget } from '../../../../src/core/settings/exportSettings';
import { orphanAuditFile } from '../../../../src/core/audit/auditLocation';
import { appendAuditLine } from '../../../../src/node/audit/auditLogFile';
import { adoptOrphanLog } from '../../../../src/node/audit/auditLogLocation';
import {
	acquireShipLock,
	cursorFile,
	readCursor,
	releaseShipLock,
	shipLockFile,
	writeCursor,
} from '../../../../src/node/telemetry/exportCursor';
import { shipLog } from '../../../../src/node/telemetry/otlpExport';
import { attributesOf, OtlpReceiver } from '../../../support/otlpReceiver';
import { allowedWriteLine, deniedShellLine } from '../../core/telemetry/telemetryFixtures';

const PARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

let dir: string;
let log: string;
let receiver: OtlpReceiver;
beforeEach(async () => {
	dir = mkdtempSync(join(tmpdir(), 'hookwarden-ship-'));
	log = join(dir, 'audit.jsonl');
	receiver = await new OtlpReceiver().start();
});
afterEach(async () => {
	await receiver.stop();
	rmSync(dir, { recursive: true, force: true });
});

function targetFor(settings: Record<string, unknown> = {}): ExportTarget {
	const target = resolveExportTarget(
		readExportSettings([{ source: { kind: 'userSettings' }, values: settings }]),
		{
			OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
			OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20team-token',
			OTEL_RESOURCE_ATTRIBUTES: 'team=platform',
		},
	);
	if (!target) {
		throw new Error('export should be on');
	}
	return target;
}

function append(...records: AuditEventRecord[]): void {
	for (const record of records) {
		appendAuditLine(
			{ file: log, maxBytes: 10 * 1024 * 1024, retention: 3 },
			JSON.stringify(record),
		);
	}
}

const ids = () => receiver.spans().map((s) => attributesOf(s.attributes)['hookwarden.record.id']);
const logIds = () =>
	receiver.logRecords().map((l) => attributesOf(l.attributes)['hookwarden.record.id']);

describe('shipLog over OTLP/HTTP', () => {
	it('encodes each decision as a span and a log record, with the resource and headers', async () => {
		append(deniedShellLine('a1', { traceparent: PARENT }), allowedWriteLine('a2'));
		const result = await shipLog(log, targetFor(), { version: '9.9.9' });
		expect(result).toEqual({ kind: 'shipped', spans: 2, logs: 2 });

		const traces = receiver.requests.find((r) => r.path === '/v1/traces');
		expect(traces?.headers.authorization).toBe('Bearer team-token');
		expect(traces?.headers['content-type']).toBe('application/json');
		const resource = attributesOf(traces?.body.resourceSpans?.[0]?.resource.attributes ?? []);
		expect(resource).toMatchObject({
			'service.name': 'hookwarden',
			'service.version': '9.9.9',
			team: 'platform',
			'telemetry.sdk.language': 'nodejs',
		});
		expect(resource['host.name']).toEqual(expect.any(String));

		const [denied, allowed] = receiver.spans();
		expect(denied?.name).toBe('execute_hook PreToolUse');
		expect(denied?.traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
		expect(denied?.parentSpanId).toBe('00f067aa0ba902b7');
		expect(BigInt(denied?.endTimeUnixNano ?? 0) - BigInt(denied?.startTimeUnixNano ?? 0)).toBe(
			7_000_000n,
		);
		expect(attributesOf(denied?.attributes ?? [])).toMatchObject({
			'gen_ai.conversation.id': 'session-1',
			'gen_ai.tool.call.id': 'call_1__vscode-1',
			'gen_ai.tool.name': 'bash',
			'gen_ai.agent.name': 'vscode-copilot-chat',
			'hookwarden.verdict': 'deny',
			'hookwarden.rule.id': 'no-upload',
			'hookwarden.policy.source': 'workspaceSettings',
			'hookwarden.reason': 'No uploads.',
			'hookwarden.latency_ms': 7,
			'hookwarden.honoured': true,
		});
		expect(allowed?.parentSpanId ?? '').toBe('');

		const [deniedLog] = receiver.logRecords();
		expect(deniedLog?.eventName).toBe('hookwarden.decision');
		expect(deniedLog?.severityText).toBe('WARN');
		expect(deniedLog?.body?.stringValue).toBe('deny PreToolUse bash by rule no-upload');
		// The log record names its span, so a query can go from one to the other.
		expect([deniedLog?.traceId, deniedLog?.spanId]).toEqual([denied?.traceId, denied?.spanId]);
		expect(logIds()).toEqual(['a1', 'a2']);
	});

	it('sends no content without captureContent, and masked content with it', async () => {
		append(deniedShellLine('c1'), allowedWriteLine('c2'));
		await shipLog(log, targetFor());
		const plain = JSON.stringify(receiver.requests.map((r) => r.body));
		expect(plain).not.toContain('customers.csv');
		expect(plain).not.toContain('evil.example');

		const withContent = targetFor({ 'otel.captureContent': true });
		rmSync(cursorFile(log, withContent.key), { force: true });
		receiver.requests.length = 0;
		await shipLog(log, withContent);
		const content = JSON.stringify(receiver.requests.map((r) => r.body));
		expect(content).toContain('customers.csv');
		expect(content).toContain('evil.example');
	});

	it('sends in batches and only what came after the last acknowledged line', async () => {
		append(...['b1', 'b2', 'b3', 'b4', 'b5'].map((id) => deniedShellLine(id)));
		await shipLog(log, targetFor(), { batchSize: 2 });
		expect(receiver.requests.filter((r) => r.path === '/v1/traces')).toHaveLength(3);
		expect(ids()).toEqual(['b1', 'b2', 'b3', 'b4', 'b5']);

		append(deniedShellLine('b6'));
		expect(await shipLog(log, targetFor(), { batchSize: 2 })).toEqual({
			kind: 'shipped',
			spans: 1,
			logs: 1,
		});
		expect(await shipLog(log, targetFor())).toEqual({ kind: 'shipped', spans: 0, logs: 0 });
		expect(ids()).toEqual(['b1', 'b2', 'b3', 'b4', 'b5', 'b6']);
	});

	it('loses nothing and sends nothing twice while the receiver is down and back', async () => {
		const target = targetFor();
		append(deniedShellLine('d1'));
		await shipLog(log, target);
		await receiver.stop();
		append(deniedShellLine('d2'), deniedShellLine('d3'));
		// A collector that refuses connections fails the round within the exporter's timeout.
		const quick = { timeoutMs: 1_000 };
		const down = await shipLog(log, target, { ...quick, now: () => 1_000 });
		expect(down).toMatchObject({ kind: 'failed', retryAfter: 6_000 });
		expect(readCursor(cursorFile(log, target.key))).toMatchObject({
			failures: 1,
			retryAfter: 6_000,
		});
		// Bridges read when to try again; a second failure waits twice as long.
		expect(await shipLog(log, target, { now: () => 2_000 })).toEqual({
			kind: 'waiting',
			until: 6_000,
		});
		expect(await shipLog(log, target, { ...quick, now: () => 7_000 })).toMatchObject({
			retryAfter: 17_000,
		});

		await receiver.start();
		append(deniedShellLine('d4'));
		expect(await shipLog(log, target, { now: () => 20_000 })).toMatchObject({ spans: 3, logs: 3 });
		expect(ids()).toEqual(['d1', 'd2', 'd3', 'd4']);
		expect(logIds()).toEqual(['d1', 'd2', 'd3', 'd4']);
		expect(readCursor(cursorFile(log, target.key))).not.toHaveProperty('retryAfter');
	}, 30_000);

	it('moves each signal on its own: spans accepted and log records refused are not sent twice', async () => {
		const target = targetFor();
		append(deniedShellLine('e1'));
		receiver.statusFor = (path) => (path === '/v1/logs' ? 400 : 200);
		expect(await shipLog(log, target)).toMatchObject({ kind: 'failed' });
		receiver.statusFor = () => 200;
		expect(await shipLog(log, target, { ignoreBackoff: true })).toEqual({
			kind: 'shipped',
			spans: 0,
			logs: 1,
		});
		expect(ids()).toEqual(['e1']);
		expect(logIds()).toEqual(['e1']);
	});

	it('follows the log through rotation, and skips lines the window adopted after they were sent', async () => {
		const target = targetFor();
		append(deniedShellLine('r1'));
		await shipLog(log, target);
		append(deniedShellLine('r2'));
		renameSync(log, join(dir, 'audit.1.jsonl'));
		append(deniedShellLine('r3'), allowedWriteLine('adopted'), deniedShellLine('r4'));
		const cursor = readCursor(cursorFile(log, target.key));
		writeCursor(cursorFile(log, target.key), { ...cursor, v: 1, skip: ['adopted'] });
		await shipLog(log, target);
		expect(ids()).toEqual(['r1', 'r2', 'r3', 'r4']);
		expect(readCursor(cursorFile(log, target.key))).not.toHaveProperty('skip');
	});

	it('leaves a log another shipper holds alone, and takes over the lock of one that died', async () => {
		const target = targetFor();
		append(deniedShellLine('l1'));
		const lock = shipLockFile(log, target.key);
		expect(acquireShipLock(lock)).toBe(true);
		expect(await shipLog(log, target)).toEqual({ kind: 'busy' });
		releaseShipLock(lock);
		writeFileSync(lock, '999999999 0\n');
		expect(await shipLog(log, target)).toMatchObject({ kind: 'shipped', spans: 1 });
		expect(readFileSync(log, 'utf8')).toContain('"l1"');
	});
});

describe('adopting a headless orphan log', () => {
	it('sends the window nothing the orphan already sent, and the rest once', async () => {
		const storage = join(dir, 'global');
		const folder = join(dir, 'repo');
		const orphan = orphanAuditFile(storage, folder);
		const target = targetFor();
		const write = (file: string, record: AuditEventRecord) =>
			appendAuditLine({ file, maxBytes: 1 << 20, retention: 3 }, JSON.stringify(record));
		write(orphan, deniedShellLine('o1'));
		write(orphan, deniedShellLine('o2'));
		await shipLog(orphan, target);
		write(orphan, deniedShellLine('o3'));
		write(log, deniedShellLine('w1'));

		expect(adoptOrphanLog(storage, folder, { file: log, maxBytes: 1 << 20, retention: 3 })).toBe(3);
		await shipLog(log, target);
		expect(ids()).toEqual(['o1', 'o2', 'w1', 'o3']);
		expect(logIds()).toEqual(['o1', 'o2', 'w1', 'o3']);
	});
});
