import { describe, expect, it } from 'vitest';

import type { HookEvent } from '../../../../src/core/events/hookEvent';
import type { MergedDecision, Provenance } from '../../../../src/core/terms/decision';
import type { RecordedEvent } from '../../../../src/core/sessions/recordedEvent';
import type { DeniedCall, DenyNotice } from '../../../../src/ui/denies/denyNotices';
import { deniedCallOf, DenyNotices, denyNoticeOf } from '../../../../src/ui/denies/denyNotices';
import { FakeClock } from '../../../support/fakeClock';
import { fileWrite, preToolUse, shellTool, userPrompt } from '../../../support/hookEventBuilder';

const RULE: Provenance = {
	providerId: 'hookwarden.policy',
	ruleId: 'no-echo',
	source: { kind: 'workspaceSettings', file: '/ws/.vscode/settings.json' },
};

let sequence = 0;
function recorded(
	event: HookEvent,
	decision: Partial<MergedDecision>,
	more: Partial<RecordedEvent> = {},
): RecordedEvent {
	sequence++;
	return {
		sequence,
		event,
		sessionId: 's1',
		decision: { contributors: [], failures: [], ...decision },
		origin: 'window',
		receivedAt: 1,
		answeredAt: 2,
		...more,
	};
}

function denied(command: string): RecordedEvent {
	return recorded(preToolUse({ tool: shellTool(command) }), {
		verdict: 'deny',
		decidedBy: RULE,
		contributors: [RULE],
	});
}

function call(command: string): DeniedCall {
	const found = deniedCallOf(denied(command));
	if (!found) {
		throw new Error('a deny by a rule is a denied call');
	}
	return found;
}

describe('deniedCallOf: which events a person hears of', () => {
	it('names the tool, the command and the rule of a call a rule denied', () => {
		const found = deniedCallOf(denied('echo hello'));
		expect(found).toMatchObject({
			tool: 'run_in_terminal',
			subject: 'echo hello',
			rule: 'no-echo',
			ruleInFull: "rule 'no-echo' in workspace settings",
		});
		expect(found?.snapshot).toBeUndefined();
	});

	it('names the path of a denied write', () => {
		const entry = recorded(preToolUse({ tool: fileWrite('/ws/.env') }), {
			verdict: 'deny',
			decidedBy: RULE,
		});
		expect(deniedCallOf(entry)?.subject).toBe('/ws/.env');
	});

	it('stays quiet for allows, for no opinion, for a prompt, and for a deny the person gave', () => {
		expect(
			deniedCallOf(recorded(preToolUse({ tool: shellTool('ls') }), { verdict: 'allow' })),
		).toBeUndefined();
		expect(deniedCallOf(recorded(preToolUse({ tool: shellTool('ls') }), {}))).toBeUndefined();
		expect(deniedCallOf(recorded(userPrompt('rm it all'), { verdict: 'deny' }))).toBeUndefined();
		const byPerson = recorded(
			preToolUse({ tool: shellTool('rm x') }),
			{ verdict: 'deny', decidedBy: { providerId: 'hookwarden.person' } },
			{ approval: { kind: 'denied' } },
		);
		expect(deniedCallOf(byPerson)).toBeUndefined();
	});

	it('names the rule that asked when an approval timed out into a deny', () => {
		const timedOut = recorded(
			preToolUse({ tool: shellTool('npm publish') }),
			{
				verdict: 'deny',
				decidedBy: { providerId: 'hookwarden.person', ruleId: 'approval.timeout' },
				contributors: [{ ...RULE, ruleId: 'ask-publish' }, { providerId: 'hookwarden.person' }],
			},
			{ approval: { kind: 'timedOut', outcome: 'deny' } },
		);
		expect(deniedCallOf(timedOut)?.rule).toBe('ask-publish');
	});

	it('masks secrets in the command', () => {
		const found = deniedCallOf(
			denied('curl -H "Authorization: Bearer ghp_abcdefghijklmnopqrstuvwxyz0123456789" x'),
		);
		expect(found?.subject).not.toContain('ghp_abcdefghijklmnopqrstuvwxyz0123456789');
	});

	it('offers the snapshot the call has', () => {
		const entry = recorded(
			preToolUse({ tool: shellTool('rm -rf build') }),
			{ verdict: 'deny', decidedBy: RULE },
			{
				snapshot: {
					id: 'snap-1',
					atRisk: { files: 1, bytes: 1 },
					held: { files: 1, bytes: 1 },
					notHeld: [],
					notHeldCount: 0,
					excluded: [],
					uncovered: [],
					wholeWorkspace: false,
				},
			},
		);
		const notice = denyNoticeOf([deniedCallOf(entry)!]);
		expect(notice.restoreSnapshot).toBe('snap-1');
	});
});

describe('denyNoticeOf: what a notice says', () => {
	it('one call: the tool, the quoted command and the rule in plain text', () => {
		const notice = denyNoticeOf([call('echo hello')]);
		expect(notice.text).toBe(
			"Hookwarden denied run_in_terminal “echo hello”: rule 'no-echo' in workspace settings. The agent was told why.",
		);
		expect(notice.text).not.toContain('`');
		expect(notice.showLabel).toBe('Show Event');
		expect(notice.restoreSnapshot).toBeUndefined();
	});

	it('a burst: the count, the first two calls with their rules, and how many more', () => {
		const notice = denyNoticeOf([call('echo a'), call('echo b'), call('echo c')]);
		expect(notice.text).toBe(
			'Hookwarden: 3 calls denied: “echo a” (no-echo), “echo b” (no-echo), and 1 more.',
		);
		expect(notice.showLabel).toBe('Show Events');
		expect(notice.calls).toHaveLength(3);
	});

	it('a call with nothing to quote (a subagent) is named by its tool alone', () => {
		const subagent = { ...call('echo a'), tool: 'runSubagent', subject: '' };
		expect(denyNoticeOf([subagent]).text).toBe(
			"Hookwarden denied runSubagent: rule 'no-echo' in workspace settings. The agent was told why.",
		);
		expect(denyNoticeOf([subagent, call('echo b')]).text).toBe(
			'Hookwarden: 2 calls denied: runSubagent (no-echo), “echo b” (no-echo).',
		);
	});
});

describe('DenyNotices: a burst is one notice', () => {
	function gather(): { clock: FakeClock; shown: DenyNotice[]; notices: DenyNotices } {
		const clock = new FakeClock();
		const shown: DenyNotice[] = [];
		const notices = new DenyNotices(clock, (notice) => shown.push(notice), {
			gatherMs: 1_000,
			quietMs: 10_000,
		});
		return { clock, shown, notices };
	}

	it('shows one deny once its gathering time has passed', () => {
		const { clock, shown, notices } = gather();
		notices.add(call('echo a'));
		clock.advance(999);
		expect(shown).toHaveLength(0);
		clock.advance(1);
		expect(shown.map((n) => n.calls.length)).toEqual([1]);
	});

	it('gathers three denies in quick succession into one notice', () => {
		const { clock, shown, notices } = gather();
		notices.add(call('echo a'));
		clock.advance(300);
		notices.add(call('echo b'));
		clock.advance(300);
		notices.add(call('echo c'));
		clock.advance(5_000);
		expect(shown).toHaveLength(1);
		expect(shown[0]?.text).toMatch(/^Hookwarden: 3 calls denied/);
	});

	it('holds denies that follow a notice until the quiet time has passed, then shows them as one', () => {
		const { clock, shown, notices } = gather();
		notices.add(call('echo a'));
		clock.advance(1_000);
		notices.add(call('echo b'));
		clock.advance(2_000);
		notices.add(call('echo c'));
		clock.advance(7_999);
		expect(shown).toHaveLength(1);
		clock.advance(1);
		expect(shown.map((n) => n.calls.map((c) => c.subject))).toEqual([
			['echo a'],
			['echo b', 'echo c'],
		]);
	});

	it('a deny long after the last notice waits only its gathering time', () => {
		const { clock, shown, notices } = gather();
		notices.add(call('echo a'));
		clock.advance(60_000);
		notices.add(call('echo b'));
		clock.advance(1_000);
		expect(shown).toHaveLength(2);
	});

	it('shows nothing after dispose', () => {
		const { clock, shown, notices } = gather();
		notices.add(call('echo a'));
		notices.dispose();
		clock.advance(20_000);
		expect(shown).toHaveLength(0);
		expect(clock.pendingTimers).toBe(0);
	});
});
