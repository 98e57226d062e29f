import { describe, expect, it } from 'vitest';

import type { AuditEventRecord, AuditRecord } from '../../../../src/core/audit/auditRecord';
import { renderAuditMarkdown } from '../../../../src/core/audit/renderAuditMarkdown';
import { preToolUse, shellTool } from '../../../support/hookEventBuilder';

const TIME = { clock: (ms: number) => `c${ms}`, dateTime: (ms: number) => `d${ms}` };

function line(at: number, overrides: Partial<AuditEventRecord>): AuditEventRecord {
	return {
		v: 1,
		kind: 'event',
		id: `e${at}`,
		at: new Date(at).toISOString(),
		session: 's1',
		event: 'PreToolUse',
		dialect: 'vscode',
		origin: 'window',
		tool: 'run_in_terminal',
		summary: 'ls',
		verdict: 'none',
		by: 'no opinion',
		latencyMs: 3,
		receivedAt: at,
		input: preToolUse({ tool: shellTool('ls') }),
		...overrides,
	};
}

describe('renderAuditMarkdown', () => {
	it('shows sessions newest first, named by their first prompt, with local times and escaped cells', () => {
		const records: AuditRecord[] = [
			line(1_000, { event: 'UserPromptSubmit', summary: 'Clean up', tool: undefined }),
			line(2_000, {
				summary: 'rm -rf ~ | tee x',
				verdict: 'deny',
				reason: 'Home is home.',
				by: 'rule r',
			}),
			line(5_000, { session: 's2', summary: 'echo hi' }),
		];
		const text = renderAuditMarkdown(records, { title: 'Audit log', files: ['/a.jsonl'] }, TIME);
		expect(text).toContain('- 3 events in 2 sessions');
		expect(text.indexOf('## Session · d5000')).toBeLessThan(text.indexOf('## Clean up · d1000'));
		// A list, command first, never a table that a narrow editor squeezes a character a line.
		expect(text).toContain(
			'- rm -rf \\~ \\| tee x — **deny**: Home is home.\n  c2000 · PreToolUse run\\_in\\_terminal · rule r · 3 ms',
		);
		expect(text).not.toMatch(/^\|/m);
		expect(text).not.toContain('1970-01-01T');
	});

	it('says when nothing was answered yet', () => {
		expect(renderAuditMarkdown([], { title: 'Audit log', files: [] }, TIME)).toContain(
			'No hook event has been answered yet.',
		);
	});
});
