import { describe, expect, it } from 'vitest';

import { ApprovalQueue } from '../../../../src/core/approvals/approvalQueue';
import type { HookAnswer } from '../../../../src/core/pipeline/hookPipeline';
import { HookPipeline } from '../../../../src/core/pipeline/hookPipeline';
import { compilePolicy } from '../../../../src/core/policy/compilePolicy';
import { readPolicySettings } from '../../../../src/core/policy/readPolicySettings';
import { CompositeHooksProvider } from '../../../../src/core/provider/compositeHooksProvider';
import type { HookDecision } from '../../../../src/core/provider/decision';
import { SessionTracker } from '../../../../src/core/sessions/sessionTracker';
import { FakeClock } from '../../../support/fakeClock';

const workspace = { kind: 'workspaceSettings', file: '/ws/.vscode/settings.json' } as const;

function setup(
	values: Record<string, unknown> = {},
	decision: Omit<HookDecision, 'provenance'> = { verdict: 'ask', reason: 'pushing needs a person' },
) {
	const clock = new FakeClock();
	const approvals = new ApprovalQueue(clock);
	const sessions = new SessionTracker();
	const chain = new CompositeHooksProvider();
	let calls = 0;
	chain.register({
		provider: {
			id: 'test.policy',
			onPreToolUse: () => {
				calls++;
				return { ...decision, provenance: { providerId: 'test.policy', ruleId: 'ask-push' } };
			},
		},
	});
	const policy = compilePolicy(readPolicySettings([{ source: workspace, values }]).settings);
	const pipeline = new HookPipeline({
		chain,
		approvals,
		sessions,
		clock,
		policy: () => policy,
		workspaceFolderFor: () => '/ws',
	});
	return { clock, approvals, sessions, pipeline, calls: () => calls };
}

const payload = (useId = 'call_1', command = 'git push') => ({
	timestamp: '2026-11-22T03:00:00.000Z',
	hook_event_name: 'PreToolUse',
	session_id: 's1',
	cwd: '/ws',
	tool_name: 'run_in_terminal',
	tool_input: { command },
	tool_use_id: useId,
});

/** Waits until the pipeline has opened its approval (the chain answers asynchronously). */
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
	if ('rejected' in answer) {
		throw new Error(answer.rejected);
	}
	return answer.output;
}

describe('HookPipeline', () => {
	it('holds an ask until the person allows, then answers allow with the person as provenance', async () => {
		const { approvals, pipeline, sessions } = setup();
		const answer = pipeline.handle({ eventHint: 'PreToolUse', payload: payload() });
		const pending = await nextApproval(approvals);
		expect(pending.request).toMatchObject({
			reason: 'pushing needs a person',
			askedBy: { ruleId: 'ask-push' },
		});
		approvals.resolve(pending.request.id, { kind: 'allowed', scope: 'once' });
		expect(output(await answer)).toMatchObject({
			permissionDecision: 'allow',
			hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' },
		});
		expect(sessions.events()[0]).toMatchObject({
			approval: { kind: 'allowed', scope: 'once' },
			decision: { decidedBy: { providerId: 'hookwarden.person' } },
		});
	});

	it('sends the person’s deny reason to the model', async () => {
		const { approvals, pipeline } = setup();
		const answer = pipeline.handle({ payload: payload() });
		approvals.resolve((await nextApproval(approvals)).request.id, {
			kind: 'denied',
			reason: 'Push to a branch, not main.',
		});
		expect(output(await answer)).toMatchObject({
			permissionDecision: 'deny',
			permissionDecisionReason: 'Push to a branch, not main.',
		});
	});

	it.each([
		['deny', 'deny'],
		['allow', 'allow'],
		['ask', 'ask'],
	] as const)(
		'resolves a timeout as hookwarden.approval.onTimeout = %s',
		async (onTimeout, verdict) => {
			const { approvals, pipeline, clock } = setup({
				'approval.onTimeout': onTimeout,
				'approval.timeoutSeconds': 30,
			});
			const answer = pipeline.handle({ payload: payload() });
			await nextApproval(approvals);
			clock.advance(30_000);
			const out = output(await answer);
			expect(out.permissionDecision).toBe(verdict);
			expect(String(out.permissionDecisionReason)).toMatch(/No answer within 30 s/);
		},
	);

	it('resolves the approval as gone when the hook process goes away', async () => {
		const { approvals, pipeline, sessions } = setup();
		const gone = new AbortController();
		const answer = pipeline.handle({ payload: payload(), signal: gone.signal });
		await nextApproval(approvals);
		gone.abort();
		await answer;
		expect(approvals.pending()).toEqual([]);
		expect(sessions.events()[0]?.approval).toEqual({ kind: 'gone' });
	});

	it('passes ask through untouched in native mode', async () => {
		const { approvals, pipeline } = setup({ 'approval.mode': 'native' });
		expect(output(await pipeline.handle({ payload: payload() })).permissionDecision).toBe('ask');
		expect(approvals.pending()).toEqual([]);
	});

	it('asks once when the same hook runs twice for one tool call, and records it once', async () => {
		const { approvals, pipeline, sessions, calls } = setup();
		const first = pipeline.handle({ payload: payload('call_9') });
		const second = pipeline.handle({ payload: payload('call_9') });
		const pending = await nextApproval(approvals);
		approvals.resolve(pending.request.id, { kind: 'allowed', scope: 'once' });
		expect(output(await first)).toEqual(output(await second));
		expect(calls()).toBe(1);
		expect(sessions.events()).toHaveLength(1);
	});

	it('remembers Allow for Session for the same command in the same session', async () => {
		const { approvals, pipeline } = setup();
		const first = pipeline.handle({ payload: payload('c1') });
		approvals.resolve((await nextApproval(approvals)).request.id, {
			kind: 'allowed',
			scope: 'session',
		});
		await first;
		expect(output(await pipeline.handle({ payload: payload('c2') })).permissionDecision).toBe(
			'allow',
		);
		const other = pipeline.handle({ payload: payload('c3', 'git push --tags') });
		expect((await nextApproval(approvals)).request.event).toMatchObject({
			tool: { commandLine: 'git push --tags' },
		});
		approvals.resolve(approvals.pending()[0]!.request.id, { kind: 'denied' });
		await other;
	});

	it('rejects a payload it cannot read, so the bridge applies the fail mode and reports it', async () => {
		const { pipeline } = setup();
		expect(await pipeline.handle({ eventHint: 'PreToolUse', payload: [1, 2] })).toEqual({
			rejected: expect.stringMatching(/hook input rejected/) as unknown,
		});
	});
});
