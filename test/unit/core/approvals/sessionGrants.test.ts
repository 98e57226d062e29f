import { describe, expect, it } from 'vitest';

import { SessionGrants } from '../../../../src/core/approvals/sessionGrants';
import { fileWrite, preToolUse, shellTool, stop } from '../../../support/hookEventBuilder';

describe('SessionGrants', () => {
	it('covers exactly the granted call, in its session only, until revoked', () => {
		const grants = new SessionGrants();
		const changes: number[] = [];
		grants.onDidChange(() => changes.push(grants.list().length));
		const push = preToolUse({ sessionId: 's1', tool: shellTool('git push') });
		expect(grants.grant(push, 1_000)).toBe(true);
		expect(grants.covers(push)).toBe(true);
		expect(grants.covers(preToolUse({ sessionId: 's2', tool: shellTool('git push') }))).toBe(false);
		expect(grants.covers(preToolUse({ sessionId: 's1', tool: shellTool('git push -f') }))).toBe(
			false,
		);
		expect(grants.list()).toEqual([
			{ id: 'g1', sessionId: 's1', tool: 'run_in_terminal', subject: 'git push', grantedAt: 1_000 },
		]);
		expect(grants.revoke('g1')).toBe(true);
		expect(grants.revoke('g1')).toBe(false);
		expect(grants.covers(push)).toBe(false);
		expect(changes).toEqual([1, 0]);
	});

	it('names a file call by its paths, and grants nothing it cannot pin down', () => {
		const grants = new SessionGrants();
		grants.grant(preToolUse({ sessionId: 's1', tool: fileWrite('/ws/a.txt') }), 0);
		expect(grants.list()[0]?.subject).toBe('/ws/a.txt');
		expect(grants.grant(stop({ sessionId: 's1' }), 0)).toBe(false);
		expect(grants.grant(preToolUse({ sessionId: undefined, tool: shellTool('ls') }), 0)).toBe(
			false,
		);
		expect(grants.list()).toHaveLength(1);
	});
});
