import { describe, expect, it } from 'vitest';

import { decisionSignals } from '../../../../src/core/telemetry/decisionSignals';
import { parseTraceparent } from '../../../../src/core/telemetry/traceparent';
import {
	allowedWriteLine,
	deniedShellLine,
	SECRET_COMMAND,
	SECRET_PATH,
} from './telemetryFixtures';

const PARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

describe('decisionSignals', () => {
	it('describes a decision with the GenAI join keys and Hookwarden attributes', () => {
		const signals = decisionSignals(deniedShellLine('id-1'), { captureContent: false });
		expect(signals.spanName).toBe('execute_hook PreToolUse');
		expect(signals.endMs - signals.startMs).toBe(7);
		expect(signals.attributes).toEqual({
			'gen_ai.operation.name': 'execute_hook',
			'gen_ai.conversation.id': 'session-1',
			'gen_ai.agent.name': 'vscode-copilot-chat',
			'gen_ai.tool.name': 'bash',
			'gen_ai.tool.call.id': 'call_1__vscode-1',
			'hookwarden.record.id': 'id-1',
			'hookwarden.event': 'PreToolUse',
			'hookwarden.verdict': 'deny',
			'hookwarden.origin': 'headless',
			'hookwarden.latency_ms': 7,
			'hookwarden.honoured': true,
			'hookwarden.tool.kind': 'shell',
			'hookwarden.provider.id': 'hookwarden.policy',
			'hookwarden.rule.id': 'no-upload',
			'hookwarden.policy.source': 'workspaceSettings',
			'hookwarden.reason': 'No uploads.',
		});
		expect(signals.body).toBe('deny PreToolUse bash by rule no-upload');
		expect(signals.severityText).toBe('WARN');
		expect(signals.error).toBeUndefined();
	});

	it('marks a call whose comparison found changes nobody predicted, with counts but no paths', () => {
		const record = {
			...allowedWriteLine('id-3'),
			event: 'PostToolUse' as const,
			unforeseen: true as const,
			observed: [
				{
					snapshot: 'mx1abc-0123abcd',
					tool: 'bash',
					summary: 'bash: python3 tidy.py',
					counts: { created: 1, changed: 0, deleted: 2, emptied: 1, mode: 0 },
					changes: [],
					unforeseen: [{ path: '/ws/customers.csv', change: 'deleted' as const }],
					unforeseenCount: 3,
				},
			],
		};
		const { attributes } = decisionSignals(record, { captureContent: false });
		expect(attributes).toMatchObject({
			'hookwarden.unforeseen': true,
			'hookwarden.snapshot.id': 'mx1abc-0123abcd',
			'hookwarden.changes.created': 1,
			'hookwarden.changes.changed': 1,
			'hookwarden.changes.deleted': 2,
			'hookwarden.changes.unforeseen': 3,
		});
		expect(JSON.stringify(attributes)).not.toContain('customers.csv');
	});

	it('sends no command, path, folder or settings file without captureContent', () => {
		for (const record of [deniedShellLine('id-1'), allowedWriteLine('id-2')]) {
			const text = JSON.stringify(decisionSignals(record, { captureContent: false }));
			expect(text).not.toContain('customers.csv');
			expect(text).not.toContain('evil.example');
			expect(text).not.toContain('/ws');
		}
	});

	it('sends the masked content when captureContent is on', () => {
		const shell = decisionSignals(deniedShellLine('id-1'), { captureContent: true }).attributes;
		expect(shell['hookwarden.content.command']).toBe(SECRET_COMMAND);
		expect(shell['hookwarden.workspace.folder']).toBe('/ws');
		expect(shell['hookwarden.decided_by']).toContain('/ws/.vscode/settings.json');
		const write = decisionSignals(allowedWriteLine('id-2'), { captureContent: true }).attributes;
		expect(write['hookwarden.content.paths']).toEqual([SECRET_PATH]);

		const masked = decisionSignals(
			deniedShellLine(
				'id-3',
				{},
				'curl -H "Authorization: Bearer ghp_0123456789abcdefghijABCDEFGHIJ012345" x',
			),
			{ captureContent: true },
		);
		expect(JSON.stringify(masked)).not.toContain('ghp_0123456789abcdefghij');
	});

	it('derives stable ids from the audit id, so a resend is the same span', () => {
		const a = decisionSignals(deniedShellLine('id-1'), { captureContent: false });
		const again = decisionSignals(deniedShellLine('id-1'), { captureContent: true });
		const other = decisionSignals(deniedShellLine('id-2'), { captureContent: false });
		expect(a.traceId).toMatch(/^[0-9a-f]{32}$/);
		expect(a.spanId).toMatch(/^[0-9a-f]{16}$/);
		expect([again.traceId, again.spanId]).toEqual([a.traceId, a.spanId]);
		expect(other.spanId).not.toBe(a.spanId);
	});

	it('joins the caller trace a TRACEPARENT names', () => {
		const signals = decisionSignals(deniedShellLine('id-1', { traceparent: PARENT }), {
			captureContent: false,
		});
		expect(signals.parent).toEqual({
			traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
			spanId: '00f067aa0ba902b7',
			flags: 1,
		});
		expect(signals.traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
	});

	it('marks the fail mode and a harness that did not honour an earlier verdict', () => {
		const failed = decisionSignals(
			{ ...deniedShellLine('id-1'), problem: 'provider crashed', verdict: 'deny' },
			{ captureContent: false },
		);
		expect(failed.attributes['hookwarden.fail_mode']).toBe('closed');
		expect(failed.error).toContain('fail mode closed');
		expect(failed.severityText).toBe('ERROR');
		const ignored = decisionSignals(deniedShellLine('id-2', { notHonoured: 'ran after deny' }), {
			captureContent: false,
		});
		expect(ignored.attributes['hookwarden.honoured']).toBe(false);
	});
});

describe('parseTraceparent', () => {
	it('reads a W3C traceparent and refuses what the specification forbids', () => {
		expect(parseTraceparent(PARENT)?.spanId).toBe('00f067aa0ba902b7');
		expect(parseTraceparent(` ${PARENT.toUpperCase()} `)?.traceId).toBe(
			'4bf92f3577b34da6a3ce929d0e0e4736',
		);
		expect(
			parseTraceparent('00-00000000000000000000000000000000-00f067aa0ba902b7-01'),
		).toBeUndefined();
		expect(
			parseTraceparent('ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'),
		).toBeUndefined();
		expect(parseTraceparent(`${PARENT}-extra`)).toBeUndefined();
		expect(
			parseTraceparent('01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra'),
		).toBeDefined();
		expect(parseTraceparent('garbage')).toBeUndefined();
	});
});
