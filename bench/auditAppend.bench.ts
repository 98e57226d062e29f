// The cost the audit log adds to every answered event: building the masked line and appending it (open, write,
// close, fstat), measured on a real file in the temp folder, for a typical shell call and a large file write.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

import { appendAuditLine, newAuditId } from '../src/node/audit/auditLogFile';
import { toAuditRecord } from '../src/core/audit/toAuditRecord';
import type { HookEvent } from '../src/core/events/hookEvent';
import { toolCallOf } from '../src/core/reading/tools/toolCallOf';

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function event(tool: string, input: Record<string, unknown>): HookEvent {
	return {
		name: 'PreToolUse',
		dialect: 'vscode',
		timestamp: new Date().toISOString(),
		sessionId: 'bench',
		cwd: '/ws',
		tool: toolCallOf(tool, input, { cwd: '/ws', useId: 'b1' }),
	};
}

export function run(): { shellUs: number; largeWriteUs: number; lineBytes: number } {
	const dir = mkdtempSync(join(tmpdir(), 'hookwarden-bench-audit-'));
	const target = { file: join(dir, 'audit.jsonl'), maxBytes: 10 * 1024 * 1024, retention: 5 };
	const measure = (subject: HookEvent, runs: number) => {
		const times: number[] = [];
		let bytes = 0;
		for (let i = 0; i < runs; i++) {
			const start = performance.now();
			const now = Date.now();
			const line = JSON.stringify(
				toAuditRecord(
					{
						recorded: {
							sequence: i,
							event: subject,
							sessionId: 'bench',
							decision: {
								verdict: 'deny',
								reason: 'no',
								decidedBy: { providerId: 'hookwarden.policy', ruleId: 'no-curl' },
								contributors: [],
								failures: [],
							},
							workspaceFolder: '/ws',
							origin: 'window',
							receivedAt: now,
							answeredAt: now,
						},
					},
					newAuditId(now),
				),
			);
			appendAuditLine(target, line);
			times.push((performance.now() - start) * 1000);
			bytes = line.length;
		}
		return { us: median(times.slice(50)), bytes };
	};
	const shell = measure(event('run_in_terminal', { command: 'npm test && git status' }), 2_000);
	const large = measure(
		event('create_file', { filePath: '/ws/big.ts', content: 'x'.repeat(200_000) }),
		300,
	);
	rmSync(dir, { recursive: true, force: true });
	return { shellUs: shell.us, largeWriteUs: large.us, lineBytes: shell.bytes };
}
