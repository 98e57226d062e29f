import { describe, expect, it } from 'vitest';

import type { AuditEventRecord } from '../../../../src/core/audit/auditRecord';
import { parseAuditLine, recordedEventOf } from '../../../../src/core/audit/parseAuditLine';
import { AUDIT_LIMITS, toAuditRecord } from '../../../../src/core/audit/toAuditRecord';
import type { HookEvent } from '../../../../src/core/events/hookEvent';
import type { MergedDecision } from '../../../../src/core/terms/decision';
import type { RecordedEvent } from '../../../../src/core/sessions/recordedEvent';
import {
	fileWrite,
	preToolUse,
	shellTool,
	stop,
	userPrompt,
} from '../../../support/hookEventBuilder';

const TOKEN = `ghp_${'a1B2'.repeat(9)}`;
const rule = {
	providerId: 'hookwarden.policy',
	ruleId: 'no-curl',
	source: { kind: 'workspaceSettings', file: '/ws/.vscode/settings.json' },
} as const;

function recorded(
	event: HookEvent,
	decision: Partial<MergedDecision> = {},
	extra: Partial<RecordedEvent> = {},
): RecordedEvent {
	return {
		sequence: 1,
		event,
		sessionId: event.sessionId ?? 'no-session',
		decision: { contributors: [], failures: [], ...decision },
		workspaceFolder: '/ws',
		origin: 'window',
		receivedAt: 1_000,
		answeredAt: 1_042,
		...extra,
	};
}

describe('toAuditRecord', () => {
	it('writes who decided, the verdict, the latency and a one-line summary, with `v` and `kind` first', () => {
		const record = toAuditRecord(
			{
				recorded: recorded(preToolUse({ tool: shellTool('curl x | sh') }), {
					verdict: 'deny',
					reason: 'no',
					decidedBy: rule,
				}),
			},
			'id1',
		);
		expect(JSON.stringify(record).startsWith('{"v":1,"kind":"event","id":"id1"')).toBe(true);
		expect(record).toMatchObject({
			event: 'PreToolUse',
			dialect: 'vscode',
			tool: 'run_in_terminal',
			summary: 'run_in_terminal: curl x | sh',
			verdict: 'deny',
			by: 'rule no-curl (workspace settings (/ws/.vscode/settings.json))',
			latencyMs: 42,
			at: new Date(1_042).toISOString(),
		});
		expect(record.masked).toBeUndefined();
		expect(record.truncated).toBeUndefined();
	});

	it.each([
		[{ kind: 'allowed', scope: 'once' } as const, 'person: allowed once'],
		[{ kind: 'allowed', scope: 'session' } as const, 'person: allowed for the session'],
		[{ kind: 'allowed', scope: 'always' } as const, 'person: allowed always'],
		[{ kind: 'allowed', scope: 'exception' } as const, 'person: added an exception'],
		[{ kind: 'denied' } as const, 'person: denied'],
		[{ kind: 'timedOut', outcome: 'deny' } as const, 'timeout: deny'],
	])('names the person and how they answered: %j', (approval, by) => {
		const record = toAuditRecord(
			{
				recorded: recorded(preToolUse(), { verdict: 'allow' }, { approval }),
				asked: { verdict: 'ask', decidedBy: rule },
			},
			'id',
		);
		expect(record.by).toBe(by);
		expect(record.asked).toEqual({ verdict: 'ask', decidedBy: rule });
	});

	it('names the fail mode when Hookwarden could not decide', () => {
		const record = toAuditRecord({ recorded: recorded(preToolUse()), problem: 'boom' }, 'id');
		expect(record.by).toBe('fail mode (Hookwarden could not decide)');
		expect(record.problem).toBe('boom');
	});

	it('masks credentials everywhere (prompt, tool input, reason) and says so', () => {
		const prompt = toAuditRecord(
			{
				recorded: recorded(userPrompt(`use ${TOKEN} please`), {
					verdict: 'ask',
					reason: `found ${TOKEN}`,
				}),
			},
			'id',
		);
		const line = JSON.stringify(prompt);
		expect(line).not.toContain(TOKEN);
		expect(line).toContain('ghp_…[masked]…');
		expect(prompt.masked).toBe(true);
		const write = toAuditRecord(
			{ recorded: recorded(preToolUse({ tool: fileWrite('/ws/.env', `TOKEN=${TOKEN}`) })) },
			'id',
		);
		expect(JSON.stringify(write)).not.toContain(TOKEN);
		expect(write.masked).toBe(true);
	});

	it('cuts a huge command line and names the field, keeping the line under the limit', () => {
		const huge = `echo ${'x'.repeat(100_000)}`;
		const record = toAuditRecord(
			{ recorded: recorded(preToolUse({ tool: shellTool(huge) })) },
			'id',
		);
		expect(JSON.stringify(record).length).toBeLessThanOrEqual(AUDIT_LIMITS.maxLine);
		expect(record.truncated).toContain('tool.commandLine');
		const input = record.input as Extract<HookEvent, { name: 'PreToolUse' }>;
		expect(input.tool.commandLine).toMatch(/…\[\+\d+ chars\]$/);
	});

	it('drops huge tool arguments first, keeping the paths a replay needs', () => {
		const content = 'y'.repeat(1_000);
		const files = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`k${i}`, content]));
		const record = toAuditRecord(
			{ recorded: recorded(preToolUse({ tool: { ...fileWrite('/ws/a.ts'), input: files } })) },
			'id',
		);
		expect(JSON.stringify(record).length).toBeLessThanOrEqual(AUDIT_LIMITS.maxLine);
		expect(record.truncated).toContain('tool.input');
		expect((record.input as Extract<HookEvent, { name: 'PreToolUse' }>).tool.paths).toEqual([
			'/ws/a.ts',
		]);
	});
});

describe('parseAuditLine', () => {
	const good = JSON.stringify(
		toAuditRecord(
			{ recorded: recorded(stop(), { verdict: 'deny', reason: 'keep going', decidedBy: rule }) },
			'good',
		),
	);

	it('reads a line written by toAuditRecord back into a RecordedEvent', () => {
		const parsed = parseAuditLine(good);
		expect(parsed.kind).toBe('record');
		const record = (parsed as { record: AuditEventRecord }).record;
		const entry = recordedEventOf(record, 7);
		expect(entry).toMatchObject({
			sequence: 7,
			sessionId: stop().sessionId,
			decision: { verdict: 'deny', reason: 'keep going', decidedBy: rule },
			origin: 'window',
			receivedAt: 1_000,
			answeredAt: 1_042,
		});
		expect(entry.event.name).toBe('Stop');
	});

	it.each([
		['half a line', good.slice(0, 40)],
		['not an object', '[1,2]'],
		['a future version', good.replace('"v":1', '"v":9')],
		['an unknown event', good.replace('"event":"Stop"', '"event":"Nope"')],
		['a bad verdict', good.replace('"verdict":"deny"', '"verdict":"maybe"')],
		['no time', good.replace(/"at":"[^"]+"/, '"at":"soon"')],
	])('reports %s as corrupt instead of throwing', (_label, line) => {
		expect(parseAuditLine(line).kind).toBe('corrupt');
	});

	it('skips blank lines quietly', () => {
		expect(parseAuditLine('   ').kind).toBe('blank');
	});

	it('recovers a complete line appended to a fragment a dead writer left', () => {
		const parsed = parseAuditLine(`${good.slice(0, 50)}${good}`);
		expect(parsed.kind).toBe('record');
	});
});
