import { describe, expect, it } from 'vitest';

import { dayActivity } from '../../../../src/core/audit/dayActivity';
import type { AuditEventRecord } from '../../../../src/core/audit/auditRecord';
import { activityBody, niceMax } from '../../../../src/ui/activity/activityHtml';
import { preToolUse, shellTool } from '../../../support/hookEventBuilder';

const DAY = Date.UTC(2026, 10, 27);
const TIME = { clock: (ms: number) => `c${ms}`, dateTime: (ms: number) => `d${ms}` };

function denied(at: number, ruleId: string): AuditEventRecord {
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
		summary: 'rm',
		verdict: 'deny',
		by: 'x',
		decidedBy: { providerId: 'hookwarden.policy', ruleId },
		latencyMs: 1,
		receivedAt: at,
		input: preToolUse({ tool: shellTool('rm') }),
	};
}

describe('activityBody', () => {
	const picture = (records: AuditEventRecord[]) =>
		activityBody({
			activity: dayActivity(records, DAY, DAY + 86_400_000),
			waiting: [{ label: 'run_in_terminal: npm publish <now>', waitingMs: 12_000 }],
			time: TIME,
			sliceLabel: (ms) => `h${(ms - DAY) / 3_600_000}`,
		});

	it('draws the day as SVG bars colored by verdict class, each with a tooltip, and escapes every name', () => {
		const html = picture([denied(DAY + 3_600_000, 'rule<x>')]);
		expect(html).toContain(
			'<svg role="img" aria-label="Hook events per hour of the day, stacked by verdict"',
		);
		expect(html).toContain('class="verdict-deny"');
		expect(html).toContain('<title>h1–h2: 1 denied</title>');
		expect(html).toContain('rule&lt;x&gt;');
		expect(html).not.toContain('rule<x>');
		expect(html).toContain('run_in_terminal: npm publish &lt;now&gt;, waiting 12 s');
		expect(html).not.toMatch(/<script|style="/i);
	});

	it('says so when nothing happened yet', () => {
		expect(picture([])).toContain('No hook event was answered today yet.');
	});

	it('rounds the axis to 1, 2 or 5 times a power of ten', () => {
		expect([1, 3, 7, 12, 51, 100].map(niceMax)).toEqual([1, 5, 10, 20, 100, 100]);
	});
});
