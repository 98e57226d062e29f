import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import {
	appendAuditLine,
	auditLogFiles,
	newAuditId,
	rotateAuditLog,
} from '../../../../src/node/audit/auditLogFile';
import {
	adoptOrphanLog,
	bridgeGlobalStorage,
	resolveBridgeAuditFile,
	writeAuditPointer,
} from '../../../../src/node/audit/auditLogLocation';
import {
	describeSkipped,
	readAuditLog,
	readAuditTail,
} from '../../../../src/node/audit/auditLogReader';
import { orphanAuditFile } from '../../../../src/core/audit/auditLocation';
import { toAuditRecord } from '../../../../src/core/audit/toAuditRecord';
import { preToolUse } from '../../../support/hookEventBuilder';

let dir: string;
beforeEach(() => {
	dir = fs.mkdtempSync(join(tmpdir(), 'hookwarden-audit-'));
});
afterEach(() => {
	fs.rmSync(dir, { recursive: true, force: true });
});

function line(n: number, pad = 0): string {
	const record = toAuditRecord(
		{
			recorded: {
				sequence: n,
				event: preToolUse(),
				sessionId: 's1',
				decision: { contributors: [], failures: [], ...(pad > 0 && { reason: 'r'.repeat(pad) }) },
				origin: 'headless',
				receivedAt: n,
				answeredAt: n + 1,
			},
		},
		`id${n}`,
	);
	return JSON.stringify(record);
}

describe('appendAuditLine', () => {
	it('creates the folder and an owner-only file, one line per append', () => {
		const file = join(dir, 'deep', 'er', 'audit.jsonl');
		appendAuditLine({ file, maxBytes: 1e9, retention: 3 }, line(1));
		appendAuditLine({ file, maxBytes: 1e9, retention: 3 }, line(2));
		const { records, corrupt } = readAuditLog(file);
		expect(records.map((r) => r.id)).toEqual(['id1', 'id2']);
		expect(corrupt).toBe(0);
		if (process.platform !== 'win32') {
			expect(fs.statSync(file).mode & 0o777).toBe(0o600);
		}
	});

	it('rotates past the size limit and keeps only `retention` old files, losing no line inside them', () => {
		const file = join(dir, 'audit.jsonl');
		const target = { file, maxBytes: 2_000, retention: 3 };
		for (let n = 1; n <= 40; n++) {
			appendAuditLine(target, line(n, 300));
		}
		const files = auditLogFiles(file).map((f) => f.slice(dir.length + 1));
		// The current file may itself have just rotated away; there is never a fourth old file.
		expect(files.slice(0, 3)).toEqual(['audit.3.jsonl', 'audit.2.jsonl', 'audit.1.jsonl']);
		expect(files.filter((f) => f !== 'audit.jsonl')).toHaveLength(3);
		const ids = readAuditLog(file).records.map((r) => Number(r.id.slice(2)));
		// Oldest files were dropped by retention; what is kept is contiguous and ends with the newest line.
		expect(ids.at(-1)).toBe(40);
		expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => (ids[0] ?? 0) + i));
	});

	it('takes over a lock left by a dead process, and leaves a live one alone', () => {
		const file = join(dir, 'audit.jsonl');
		const target = { file, maxBytes: 10, retention: 2 };
		fs.writeFileSync(file, `${line(1)}\n`);
		fs.writeFileSync(`${file}.lock`, `${process.pid} ${Date.now()}\n`);
		expect(rotateAuditLog(target)).toBe(false);
		fs.writeFileSync(`${file}.lock`, `999999999 ${Date.now()}\n`);
		expect(rotateAuditLog(target)).toBe(true);
		expect(fs.existsSync(`${file}.lock`)).toBe(false);
		expect(readAuditLog(file).records).toHaveLength(1);
	});

	it.skipIf(process.platform === 'win32')(
		'refuses to follow a symlink planted at the log path',
		() => {
			const victim = join(dir, 'profile');
			fs.writeFileSync(victim, 'keep\n');
			const file = join(dir, 'audit.jsonl');
			fs.symlinkSync(victim, file);
			expect(() => appendAuditLine({ file, maxBytes: 1e9, retention: 1 }, line(1))).toThrow();
			expect(fs.readFileSync(victim, 'utf8')).toBe('keep\n');
		},
	);

	it('makes ids that sort by time and do not repeat', () => {
		const ids = new Set(Array.from({ length: 1000 }, () => newAuditId(1_700_000_000_000)));
		expect(ids.size).toBe(1000);
		expect(newAuditId(1) < newAuditId(2 ** 40)).toBe(true);
	});
});

describe('reading the log', () => {
	it('skips corrupt lines with a warning instead of failing', () => {
		const file = join(dir, 'audit.jsonl');
		fs.writeFileSync(file, `${line(1)}\n{"v":1,"kind":"ev\nnot json at all\n\n${line(2)}\n`);
		const result = readAuditLog(file);
		expect(result.records.map((r) => r.id)).toEqual(['id1', 'id2']);
		expect(result.corrupt).toBe(2);
		expect(describeSkipped(result)).toMatch(
			/skipped 2 unreadable lines \(first .*audit\.jsonl:2: not JSON/,
		);
	});

	it('reads the newest records from the end, across rotated files, within a byte budget', () => {
		const file = join(dir, 'audit.jsonl');
		const target = { file, maxBytes: 3_000, retention: 5 };
		for (let n = 1; n <= 30; n++) {
			appendAuditLine(target, line(n, 200));
		}
		const tail = readAuditTail(file, { maxRecords: 12, maxBytes: 1e6 });
		expect(tail.records.map((r) => r.id)).toEqual(
			Array.from({ length: 12 }, (_, i) => `id${19 + i}`),
		);
		expect(tail.corrupt).toBe(0);
		const small = readAuditTail(file, { maxRecords: 100, maxBytes: 1_500 });
		expect(small.records.length).toBeGreaterThan(0);
		expect(small.records.at(-1)?.id).toBe('id30');
		expect(small.corrupt).toBe(0);
	});

	it('reads a missing log as empty', () => {
		expect(readAuditLog(join(dir, 'none.jsonl')).records).toEqual([]);
	});
});

describe('where the bridge logs', () => {
	const base = (env: NodeJS.ProcessEnv, settingPath = '') => {
		const warnings: string[] = [];
		const location = resolveBridgeAuditFile({
			env: { HOOKWARDEN_USER_SETTINGS: join(dir, 'User', 'settings.json'), ...env },
			home: dir,
			workspaceFolder: join(dir, 'ws'),
			settingPath,
			warn: (w) => warnings.push(w),
		});
		return { location, warnings };
	};

	it('honours HOOKWARDEN_AUDIT_FILE, and `off`', () => {
		expect(base({ HOOKWARDEN_AUDIT_FILE: join(dir, 'x.jsonl') }).location).toEqual({
			file: join(dir, 'x.jsonl'),
			via: 'env',
		});
		expect(base({ HOOKWARDEN_AUDIT_FILE: 'off' }).location).toBeUndefined();
	});

	it('uses hookwarden.audit.path only inside the workspace and only for .jsonl files', () => {
		expect(base({}, 'logs/audit.jsonl').location).toEqual({
			file: join(dir, 'ws', 'logs', 'audit.jsonl'),
			via: 'setting',
		});
		for (const bad of ['../../.bashrc', '/etc/passwd.jsonl', 'package.json']) {
			const { location, warnings } = base({}, bad);
			expect(location?.via).toBe('orphan');
			expect(warnings[0]).toMatch(/hookwarden\.audit\.path must/);
		}
	});

	it('follows the pointer the window wrote, else logs to the orphan file the window adopts', () => {
		const storage = bridgeGlobalStorage(
			{ HOOKWARDEN_USER_SETTINGS: join(dir, 'User', 'settings.json') },
			dir,
		);
		expect(storage).toBe(join(dir, 'User', 'globalStorage', 'hookwarden.hookwarden'));
		const orphan = base({}).location;
		expect(orphan).toEqual({
			file: join(orphanAuditFile(storage ?? '', join(dir, 'ws'))),
			via: 'orphan',
		});
		appendAuditLine({ file: orphan?.file ?? '', maxBytes: 1e9, retention: 1 }, line(1));
		appendAuditLine({ file: orphan?.file ?? '', maxBytes: 1e9, retention: 1 }, line(2));

		const windowLog = join(dir, 'workspaceStorage', 'abc', 'audit.jsonl');
		writeAuditPointer(storage ?? '', join(dir, 'ws'), windowLog);
		expect(base({}).location).toEqual({ file: windowLog, via: 'pointer' });
		appendAuditLine({ file: windowLog, maxBytes: 1e9, retention: 1 }, line(3));
		const moved = adoptOrphanLog(storage ?? '', join(dir, 'ws'), {
			file: windowLog,
			maxBytes: 1e9,
			retention: 1,
		});
		expect(moved).toBe(2);
		expect(readAuditLog(windowLog).records.map((r) => r.id)).toEqual(['id3', 'id1', 'id2']);
		expect(fs.existsSync(orphan?.file ?? '')).toBe(false);
	});
});
