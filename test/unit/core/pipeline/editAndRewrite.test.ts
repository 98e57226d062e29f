import { describe, expect, it } from 'vitest';

import { ApprovalQueue } from '../../../../src/core/approvals/approvalQueue';
import { ApprovalGate } from '../../../../src/core/pipeline/approvalGate';
import type { HookAnswer } from '../../../../src/core/pipeline/hookCall';
import { HookDecider } from '../../../../src/core/pipeline/hookDecider';
import { compilePolicy } from '../../../../src/core/policy/compilePolicy';
import { CompositeHooksProvider } from '../../../../src/core/provider/compositeHooksProvider';
import type { HookDecision } from '../../../../src/core/terms/decision';
import type { HooksProvider } from '../../../../src/core/provider/hooksProvider';
import { readPolicySettings } from '../../../../src/core/settings/readPolicySettings';
import { SessionTracker } from '../../../../src/core/sessions/sessionTracker';
import { FakeClock } from '../../../support/fakeClock';

/** A policy that asks before `npm publish`, denies anything with `rm -rf`, and otherwise has no opinion. */
const guard: HooksProvider = {
	id: 'test.policy',
	onPreToolUse: (event): HookDecision | undefined => {
		const line = event.tool.commandLine ?? '';
		const provenance = { providerId: 'test.policy', ruleId: 'guard' };
		if (line.includes('rm -rf')) {
			return { verdict: 'deny', reason: 'no recursive deletes', provenance };
		}
		return line.startsWith('npm publish')
			? { verdict: 'ask', reason: 'publishing needs a person', provenance }
			: undefined;
	},
	onPermissionRequest: () => ({
		updatedInput: { command: 'rtk git status' },
		provenance: { providerId: 'acme.rtk' },
	}),
};

function setup(extra: HooksProvider[] = []) {
	const clock = new FakeClock();
	const approvals = new ApprovalQueue(clock);
	const sessions = new SessionTracker();
	const policy = compilePolicy(readPolicySettings([]).settings);
	const decider = new HookDecider({
		chain: new CompositeHooksProvider([guard, ...extra]),
		gate: new ApprovalGate(approvals, clock),
		sessions,
		clock,
		policy: () => policy,
		workspaceFolderFor: () => '/ws',
		origin: 'window',
	});
	return { approvals, sessions, decider };
}

const terminal = (command: string) => ({
	timestamp: '2026-11-22T03:00:00.000Z',
	hook_event_name: 'PreToolUse',
	session_id: 's1',
	cwd: '/ws',
	tool_name: 'run_in_terminal',
	tool_input: { command, explanation: 'x', goal: 'x', mode: 'sync', isBackground: false },
	tool_use_id: 'call_1',
});

async function nextApproval(approvals: ApprovalQueue) {
	for (let i = 0; i < 50 && approvals.pending().length === 0; i++) {
		await new Promise((resolve) => setTimeout(resolve, 0));
	}
	const [pending] = approvals.pending();
	if (!pending) {
		throw new Error('no approval opened');
	}
	return pending;
}

function output(answer: HookAnswer): Record<string, unknown> {
	if (answer.kind === 'unreadable') {
		throw new Error(answer.problem);
	}
	return answer.output;
}

describe('Allow with Changes: the edited call is what runs', () => {
	it('answers allow with the whole edited input, and records both versions', async () => {
		const { approvals, decider, sessions } = setup();
		const answer = decider.decide({ payload: terminal('npm publish') });
		const pending = await nextApproval(approvals);
		const edited = {
			...(pending.request.event.name === 'PreToolUse' ? pending.request.event.tool.input : {}),
			command: 'npm publish --dry-run',
		};
		approvals.resolve(pending.request.id, {
			kind: 'allowed',
			scope: 'once',
			updatedInput: edited,
		});
		expect(output(await answer)).toEqual({
			permissionDecision: 'allow',
			permissionDecisionReason: 'Approved in VS Code with changes made by the person.',
			modifiedArgs: edited,
			hookSpecificOutput: {
				hookEventName: 'PreToolUse',
				permissionDecision: 'allow',
				permissionDecisionReason: 'Approved in VS Code with changes made by the person.',
				updatedInput: edited,
			},
		});
		const [recorded] = sessions.events();
		expect(recorded?.event).toMatchObject({ tool: { commandLine: 'npm publish' } });
		expect(recorded?.decision).toMatchObject({
			updatedInput: { command: 'npm publish --dry-run' },
			rewrittenBy: [{ providerId: 'hookwarden.person', ruleId: 'approval.edited' }],
		});
	});

	it('an edit the policy denies is refused, whatever the approval', async () => {
		const { approvals, decider } = setup();
		const answer = decider.decide({ payload: terminal('npm publish') });
		const pending = await nextApproval(approvals);
		approvals.resolve(pending.request.id, {
			kind: 'allowed',
			scope: 'once',
			updatedInput: { command: 'rm -rf ~ && npm publish' },
		});
		expect(output(await answer)).toMatchObject({
			permissionDecision: 'deny',
			permissionDecisionReason: 'The call as edited in VS Code is refused: no recursive deletes',
		});
	});

	it('an edit that changes nothing is a plain allow', async () => {
		const { approvals, decider } = setup();
		const answer = decider.decide({ payload: terminal('npm publish') });
		const pending = await nextApproval(approvals);
		approvals.resolve(pending.request.id, {
			kind: 'allowed',
			scope: 'once',
			updatedInput: { command: 'npm publish' },
		});
		const out = output(await answer);
		expect(out).toMatchObject({ permissionDecision: 'allow' });
		expect(out.modifiedArgs).toBeUndefined();
	});
});

describe('HookDecider: rewrites', () => {
	it('a rewritten call that a rule asks about is shown rewritten, next to what the agent sent', async () => {
		const dryRun: HooksProvider = {
			id: 'acme.dry',
			onPreToolUse: (event) =>
				event.tool.commandLine === 'npm publish'
					? {
							updatedInput: { command: 'npm publish --dry-run' },
							provenance: { providerId: 'acme.dry' },
						}
					: undefined,
		};
		const { approvals, decider } = setup([dryRun]);
		const answer = decider.decide({ payload: terminal('npm publish') });
		const pending = await nextApproval(approvals);
		expect(pending.request.event).toMatchObject({ tool: { commandLine: 'npm publish --dry-run' } });
		expect(pending.request.original).toMatchObject({ tool: { commandLine: 'npm publish' } });
		approvals.resolve(pending.request.id, { kind: 'allowed', scope: 'once' });
		expect(output(await answer)).toMatchObject({
			permissionDecision: 'allow',
			modifiedArgs: { command: 'npm publish --dry-run' },
		});
	});

	it('a rewrite the harness cannot run (a permission request) is asked instead', async () => {
		const { approvals, decider } = setup();
		const answer = decider.decide({
			eventArg: 'PermissionRequest',
			payload: {
				sessionId: 's1',
				timestamp: 1795652783622,
				cwd: '/ws',
				toolName: 'bash',
				toolArgs: { command: 'git status' },
			},
		});
		const pending = await nextApproval(approvals);
		expect(pending.request.reason).toBe(
			"'acme.rtk' rewrote this call, but the Copilot CLI cannot run a rewritten call here, so the original needs approval.",
		);
		approvals.resolve(pending.request.id, { kind: 'allowed', scope: 'once' });
		expect(output(await answer)).toMatchObject({ behavior: 'allow' });
	});
});
