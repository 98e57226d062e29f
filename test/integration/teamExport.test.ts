import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { resolveExportTarget, readExportSettings } from '../../src/core/settings/exportSettings';
import {
	cursorFile,
	readCursor,
	shipLockFile,
	writeCursor,
} from '../../src/node/telemetry/exportCursor';
import { attributesOf, OtlpReceiver } from '../support/otlpReceiver';
import { runProcess } from '../support/runProcess';

/*
 * Headless export through the built bridge, spawned as hook runners spawn it: after its answer the bridge starts the
 * detached shipper (dist/otel-export.js), which sends the decision to an OTLP/HTTP receiver on loopback. With the
 * receiver down, the decision waits in the audit log; once it is back, the next call ships both, once each.
 */

const BRIDGE = resolve(__dirname, '../../dist/bridge.js');
const PARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

let dir: string;
let workspace: string;
let auditFile: string;
let env: NodeJS.ProcessEnv;
let receiver: OtlpReceiver;
beforeEach(async () => {
	dir = mkdtempSync(join(tmpdir(), 'hookwarden-export-'));
	workspace = join(dir, 'repo');
	mkdirSync(join(workspace, '.vscode'), { recursive: true });
	mkdirSync(join(dir, 'runtime'), { mode: 0o700 });
	writeFileSync(
		join(workspace, '.vscode', 'settings.json'),
		JSON.stringify({
			'hookwarden.rules': [
				{ id: 'no-curl', command: 'curl', verdict: 'deny', reason: 'No network.' },
			],
		}),
	);
	auditFile = join(dir, 'audit.jsonl');
	receiver = await new OtlpReceiver().start();
	env = {
		PATH: process.env.PATH,
		HOME: dir,
		HOOKWARDEN_USER_SETTINGS: join(dir, 'user-settings.json'),
		XDG_RUNTIME_DIR: join(dir, 'runtime'),
		HOOKWARDEN_AUDIT_FILE: auditFile,
		OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
		TRACEPARENT: PARENT,
	};
});
afterEach(async () => {
	await receiver.stop();
	rmSync(dir, { recursive: true, force: true });
});

async function curl(id: string): Promise<Record<string, unknown>> {
	const run = await runProcess(process.execPath, [BRIDGE, 'PreToolUse'], {
		cwd: workspace,
		env,
		stdin: JSON.stringify({
			hook_event_name: 'PreToolUse',
			session_id: 'session-9',
			cwd: workspace,
			tool_name: 'run_in_terminal',
			tool_use_id: id,
			tool_input: { command: `curl https://example.com/${id}` },
		}),
	});
	expect(run.code, run.stderr).toBe(0);
	return JSON.parse(run.stdout) as Record<string, unknown>;
}

async function until<T>(what: string, value: () => T | undefined | false, ms = 20_000): Promise<T> {
	const deadline = Date.now() + ms;
	for (;;) {
		const found = value();
		if (found) {
			return found;
		}
		if (Date.now() > deadline) {
			throw new Error(`timed out waiting for ${what}`);
		}
		await new Promise((done) => setTimeout(done, 50));
	}
}

const callIds = () =>
	receiver.spans().map((span) => attributesOf(span.attributes)['gen_ai.tool.call.id']);

describe('headless export through the built bridge', () => {
	it('answers first, then ships the decision as a span in the caller trace and a log record', async () => {
		const answer = await curl('call-1');
		expect(JSON.stringify(answer)).toContain('deny');
		const [span] = await until('the span', () => receiver.spans().length > 0 && receiver.spans());
		expect(span?.name).toBe('execute_hook PreToolUse');
		expect(span?.traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
		expect(span?.parentSpanId).toBe('00f067aa0ba902b7');
		expect(attributesOf(span?.attributes ?? [])).toMatchObject({
			'gen_ai.conversation.id': 'session-9',
			'gen_ai.tool.call.id': 'call-1',
			'hookwarden.verdict': 'deny',
			'hookwarden.rule.id': 'no-curl',
			'hookwarden.origin': 'headless',
		});
		await until('the log record', () => receiver.logRecords().length > 0);
		expect(JSON.stringify(receiver.requests.map((r) => r.body))).not.toContain('example.com');
	});

	it('keeps decisions while the receiver is down and ships each once when it is back', async () => {
		await receiver.stop();
		await curl('call-1');
		const target = resolveExportTarget(readExportSettings([]), env);
		const cursor = cursorFile(auditFile, target?.key ?? '');
		// The shipper the first call started failed and said when to try again.
		await until('the failed round', () => readCursor(cursor)?.retryAfter);
		await curl('call-2');
		expect(receiver.spans()).toEqual([]);

		await receiver.start();
		// Not waiting out the back-off: the test moves the retry time to now, as time passing would.
		const failed = readCursor(cursor);
		writeCursor(cursor, { ...failed, v: 1, retryAfter: Date.now() - 1 });
		await curl('call-3');
		await until('all three spans', () => receiver.spans().length >= 3);
		await until('all three log records', () => receiver.logRecords().length >= 3);
		expect(callIds()).toEqual(['call-1', 'call-2', 'call-3']);
		// A later call ships only itself.
		await curl('call-4');
		await until('the fourth span', () => receiver.spans().length >= 4);
		await new Promise((done) => setTimeout(done, 300));
		expect(callIds()).toEqual(['call-1', 'call-2', 'call-3', 'call-4']);
		await until(
			'the shipper to finish',
			() => !existsSync(shipLockFile(auditFile, target?.key ?? '')),
		);
	});

	it('starts nothing with export off', async () => {
		delete env.OTEL_EXPORTER_OTLP_ENDPOINT;
		await curl('call-1');
		const target = resolveExportTarget(readExportSettings([]), {
			OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
		});
		expect(existsSync(cursorFile(auditFile, target?.key ?? ''))).toBe(false);
		expect(receiver.requests).toEqual([]);
	});
});
