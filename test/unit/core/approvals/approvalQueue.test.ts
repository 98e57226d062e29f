import { describe, expect, it } from 'vitest';

import type { ApprovalChange } from '../../../../src/core/approvals/approvalQueue';
import { ApprovalQueue } from '../../../../src/core/approvals/approvalQueue';
import type { ApprovalRequest } from '../../../../src/core/approvals/pendingApproval';
import { preToolUse, shellTool } from '../../../support/hookEventBuilder';
import { FakeClock } from '../../../support/fakeClock';

function request(clock: FakeClock, id: string, seconds = 60): ApprovalRequest {
	return {
		id,
		event: preToolUse({ tool: shellTool('git push') }),
		reason: 'pushing needs approval',
		createdAt: clock.now(),
		deadline: clock.now() + seconds * 1000,
	};
}

describe('ApprovalQueue', () => {
	it('resolves exactly once: the first answer wins and later ones are refused', async () => {
		const clock = new FakeClock();
		const queue = new ApprovalQueue(clock);
		const approval = queue.openApproval(request(clock, 'a1'), 'deny');
		expect(queue.pending().map((a) => a.request.id)).toEqual(['a1']);
		expect(queue.resolve('a1', { kind: 'allowed', scope: 'once' })).toBe(true);
		expect(queue.resolve('a1', { kind: 'denied' })).toBe(false);
		expect(approval.settle({ kind: 'gone' })).toBe(false);
		expect(await approval.answered).toEqual({ kind: 'allowed', scope: 'once' });
		expect(queue.pending()).toEqual([]);
		expect(clock.pendingTimers).toBe(0);
	});

	it.each(['deny', 'ask', 'allow'] as const)('times out into %s', async (outcome) => {
		const clock = new FakeClock();
		const queue = new ApprovalQueue(clock);
		const approval = queue.openApproval(request(clock, 'a1', 30), outcome);
		clock.advance(29_999);
		expect(approval.settled).toBeUndefined();
		clock.advance(1);
		expect(await approval.answered).toEqual({ kind: 'timedOut', outcome });
	});

	it('keeps several approvals independent and reports openings and resolutions', async () => {
		const clock = new FakeClock();
		const queue = new ApprovalQueue(clock);
		const changes: string[] = [];
		queue.onDidChange((change: ApprovalChange) =>
			changes.push(`${change.kind}:${change.approval.request.id}`),
		);
		const first = queue.openApproval(request(clock, 'a1', 10), 'deny');
		const second = queue.openApproval(request(clock, 'a2', 60), 'deny');
		clock.advance(10_000);
		await first.answered;
		expect(second.settled).toBeUndefined();
		queue.resolve('a2', { kind: 'denied', reason: 'not now' });
		await second.answered;
		await Promise.resolve();
		expect(changes).toEqual(['opened:a1', 'opened:a2', 'resolved:a1', 'resolved:a2']);
	});

	it('refuses an unknown id', () => {
		expect(new ApprovalQueue(new FakeClock()).resolve('nope', { kind: 'gone' })).toBe(false);
	});
});
