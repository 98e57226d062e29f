import { describe, expect, it } from 'vitest';

import type { MergedDecision } from '../../../../src/core/terms/decision';
import type { HookEvent } from '../../../../src/core/events/hookEvent';
import { compilePolicy } from '../../../../src/core/policy/compilePolicy';
import { readPolicySettings } from '../../../../src/core/settings/readPolicySettings';
import { inertUses, policyUses } from '../../../../src/core/sessions/harnessCoverage';
import type { RecordedEvent } from '../../../../src/core/sessions/recordedEvent';
import { presentCoverage, seenHarnesses } from '../../../../src/ui/policies/groups/harnessesGroup';
import { preToolUse, sessionStart, shellTool, stop } from '../../../support/hookEventBuilder';

const none: MergedDecision = { contributors: [], failures: [] };

function recorded(event: HookEvent): RecordedEvent {
	return {
		sequence: 1,
		event,
		sessionId: event.sessionId ?? 'no-session',
		decision: none,
		origin: 'window',
		receivedAt: 0,
		answeredAt: 0,
	};
}

function policyOf(values: Record<string, unknown>) {
	return compilePolicy(
		readPolicySettings([{ source: { kind: 'userSettings' }, values: values }]).settings,
	);
}

const STOP_GATE = {
	id: 'tests-before-stop',
	event: 'Stop',
	verdict: 'deny',
	reason: 'Run the tests.',
};

describe('harness coverage', () => {
	it('reads the parts of the policy that need a harness: gates, limits, context, tool rules', () => {
		const uses = policyUses(
			policyOf({
				rules: [
					STOP_GATE,
					{ id: 'ask-touch', command: 'touch', verdict: 'ask' },
					{ id: 'ok-ls', command: 'ls', verdict: 'allow' },
				],
				'subagents.maxPerSession': 1,
				'context.sessionStart': 'be careful',
			}),
		);
		expect(uses).toEqual([
			{ feature: 'stopGate', what: 'rule tests-before-stop' },
			{ feature: 'toolAsk', what: 'rule ask-touch' },
			{ feature: 'subagentLimit', what: 'hookwarden.subagents.maxPerSession' },
			{ feature: 'sessionContext', what: 'hookwarden.context.sessionStart' },
		]);
	});

	it('marks a gate inert where the harness never runs its event, and calls nothing inert in an unmeasured harness', () => {
		const uses = policyUses(
			policyOf({
				rules: [STOP_GATE, { id: 'sub-gate', event: 'SubagentStop', verdict: 'deny' }],
			}),
		);
		// An SDK app's adapter forwards agentStop (measured honoured), but the SDK has no subagent hooks.
		expect(inertUses('copilotSdk', uses)).toEqual([
			{
				use: { feature: 'subagentStopGate', what: 'rule sub-gate' },
				why: 'it never runs SubagentStop',
			},
		]);
		expect(inertUses('agentHost', uses)).toEqual([]);
		expect(inertUses('claude', uses)).toEqual([]);
	});

	it('groups the recorded events by harness, in the order a person meets them', () => {
		const seen = seenHarnesses([
			recorded({ ...preToolUse({ tool: shellTool('ls') }), harness: 'copilotCli' }),
			recorded({ ...sessionStart(), harness: 'agentHost' }),
			recorded({ ...stop(), harness: 'agentHost' }),
			// No harness stamped (an old audit line): its dialect says VS Code Local.
			recorded(sessionStart()),
		]);
		expect(seen.map((s) => [s.harness, [...s.events].sort()])).toEqual([
			['vscodeLocal', ['SessionStart']],
			['agentHost', ['SessionStart', 'Stop']],
			['copilotCli', ['PreToolUse']],
		]);
	});

	it('shows, per harness seen, what it runs and honours, and the rules in force that are inert there', () => {
		const uses = policyUses(
			policyOf({ rules: [{ id: 'sub-gate', event: 'SubagentStop', verdict: 'deny' }] }),
		);
		const group = presentCoverage({
			seen: seenHarnesses([
				recorded({ ...sessionStart(), harness: 'agentHost' }),
				recorded({ ...sessionStart(), harness: 'copilotSdk' }),
			]),
			uses,
		});
		expect(group).toMatchObject({ label: 'Harnesses Seen', description: '1 with inert rules' });
		const [agentHost, sdk] = group?.children ?? [];
		expect(agentHost).toMatchObject({
			label: 'VS Code Copilot harness (Agent Host)',
			description: 'runs 12 events · honours 6',
			iconId: 'vm',
		});
		const rows = agentHost?.children?.map((c) => `${c.label}: ${c.description}`) ?? [];
		expect(rows).toContain('Never runs: PreCompact');
		expect(rows.find((r) => r.startsWith('Honours:'))).toBe(
			'Honours: deny a tool call, ask before a tool call, session-start context, subagent limit, keep a subagent working, keep the agent working at Stop',
		);
		expect(rows.find((r) => r.startsWith('keep the agent working at Stop:'))).toMatch(
			/comes back as the next prompt/,
		);
		expect(rows).toContain('Not measured: prompt rules, subagent context');
		expect(sdk).toMatchObject({
			label: 'Copilot SDK app',
			description: '1 inert here',
			iconId: 'warning',
		});
		expect(sdk?.children?.[0]).toMatchObject({
			label: 'rule sub-gate',
			description: 'inert: it never runs SubagentStop',
		});
	});

	it('says a harness nobody measured is not measured, and shows nothing before any event', () => {
		const group = presentCoverage({
			seen: seenHarnesses([
				recorded({ ...preToolUse({ tool: shellTool('ls') }), harness: 'claude' }),
			]),
			uses: [],
		});
		expect(group?.children?.[0]).toMatchObject({
			label: 'Claude-format runner',
			description: 'not measured',
		});
		expect(presentCoverage({ seen: [], uses: [] })).toBeUndefined();
	});
});
