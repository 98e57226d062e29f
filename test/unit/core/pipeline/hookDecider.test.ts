import { describe, expect, it } from 'vitest';

import { ApprovalQueue } from '../../../../src/core/approvals/approvalQueue';
import type { HookAnswer } from '../../../../src/core/pipeline/hookCall';
import { ApprovalGate } from '../../../../src/core/pipeline/approvalGate';
import { HookDecider } from '../../../../src/core/pipeline/hookDecider';
import { compilePolicy } from '../../../../src/core/policy/compilePolicy';
import { readPolicySettings } from '../../../../src/core/settings/readPolicySettings';
import { CompositeHooksProvider } from '../../../../src/core/provider/compositeHooksProvider';
import type { HookDecision } from '../../../../src/core/terms/decision';
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
	const gate = new ApprovalGate(approvals, clock);
	const pipeline = new HookDecider({
		chain,
		gate,
		digest: (text) => text,
		sessions,
		clock,
		policy: () => policy,
		workspaceFolderFor: () => '/ws',
		origin: 'window',
	});
	return { clock, approvals, sessions, pipeline, grants: gate.grants, calls: () => calls };
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
	if (answer.kind === 'unreadable') {
		throw new Error(answer.problem);
	}
	return answer.output;
}

describe('HookDecider', () => {
	it('hands providers the payload exactly as the harness sent it', async () => {
		const chain = new CompositeHooksProvider();
		const seen: unknown[] = [];
		chain.register({
			id: 'raw',
			onPreToolUse: (_event, context) => {
				seen.push(context.payload);
				return undefined;
			},
		});
		const sent = payload();
		await new HookDecider({
			chain,
			sessions: new SessionTracker(),
			clock: new FakeClock(),
			policy: () => compilePolicy(readPolicySettings([]).settings),
			workspaceFolderFor: () => '/ws',
			origin: 'headless',
		}).decide({ payload: sent });
		expect(seen).toEqual([sent]);
	});

	it('holds an ask until the person allows, then answers allow with the person as provenance', async () => {
		const { approvals, pipeline, sessions } = setup();
		const answer = pipeline.decide({ eventArg: 'PreToolUse', payload: payload() });
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
		const answer = pipeline.decide({ payload: payload() });
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
			const answer = pipeline.decide({ payload: payload() });
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
		const answer = pipeline.decide({ payload: payload(), signal: gone.signal });
		await nextApproval(approvals);
		gone.abort();
		await answer;
		expect(approvals.pending()).toEqual([]);
		expect(sessions.events()[0]?.approval).toEqual({ kind: 'gone' });
	});

	it('passes ask through untouched in native mode', async () => {
		const { approvals, pipeline } = setup({ 'approval.mode': 'native' });
		expect(output(await pipeline.decide({ payload: payload() })).permissionDecision).toBe('ask');
		expect(approvals.pending()).toEqual([]);
	});

	it('asks once when the same hook runs twice for one tool call, and records it once', async () => {
		const { approvals, pipeline, sessions, calls } = setup();
		const first = pipeline.decide({ payload: payload('call_9') });
		const second = pipeline.decide({ payload: payload('call_9') });
		const pending = await nextApproval(approvals);
		approvals.resolve(pending.request.id, { kind: 'allowed', scope: 'once' });
		expect(output(await first)).toEqual(output(await second));
		expect(calls()).toBe(1);
		expect(sessions.events()).toHaveLength(1);
	});

	it('remembers Allow for Session for the same command in the same session', async () => {
		const { approvals, pipeline } = setup();
		const first = pipeline.decide({ payload: payload('c1') });
		approvals.resolve((await nextApproval(approvals)).request.id, {
			kind: 'allowed',
			scope: 'session',
		});
		await first;
		expect(output(await pipeline.decide({ payload: payload('c2') })).permissionDecision).toBe(
			'allow',
		);
		const other = pipeline.decide({ payload: payload('c3', 'git push --tags') });
		expect((await nextApproval(approvals)).request.event).toMatchObject({
			tool: { commandLine: 'git push --tags' },
		});
		approvals.resolve(approvals.pending()[0]!.request.id, { kind: 'denied' });
		await other;
	});

	it('lists an Allow for Session grant, and asks again once it is revoked', async () => {
		const { approvals, pipeline, grants } = setup();
		const first = pipeline.decide({ payload: payload('c1') });
		approvals.resolve((await nextApproval(approvals)).request.id, {
			kind: 'allowed',
			scope: 'session',
		});
		await first;
		expect(grants.list()).toEqual([
			expect.objectContaining({ sessionId: 's1', tool: 'run_in_terminal', subject: 'git push' }),
		]);
		grants.revoke(grants.list()[0]!.id);
		expect(grants.list()).toEqual([]);
		const again = pipeline.decide({ payload: payload('c2') });
		approvals.resolve((await nextApproval(approvals)).request.id, { kind: 'denied' });
		expect(output(await again).permissionDecision).toBe('deny');
	});

	it('answers a payload it cannot read with the fail verdict and says why', async () => {
		const { pipeline } = setup({ failMode: 'closed' });
		const answer = await pipeline.decide({ eventArg: 'PreToolUse', payload: [1, 2] });
		expect(answer.kind).toBe('unreadable');
		expect(answer.kind === 'unreadable' && answer.problem).toMatch(/hook input rejected/);
		expect(JSON.stringify(answer.output)).toContain('"permissionDecision":"deny"');
	});

	it('believes the hook command over a payload that names another event', async () => {
		const { pipeline, calls } = setup({ failMode: 'closed' });
		const answer = await pipeline.decide({
			eventArg: 'PreToolUse',
			payload: { ...payload(), hook_event_name: 'Stop' },
		});
		expect(answer.kind).toBe('unreadable');
		expect(answer.kind === 'unreadable' && answer.problem).toMatch(/names the event "Stop"/);
		expect(JSON.stringify(answer.output)).toContain('"permissionDecision":"deny"');
		expect(calls()).toBe(0);
	});

	it('never hands one input the answer of another with the same tool call id', async () => {
		const { pipeline, calls } = setup({}, { verdict: 'allow' });
		await pipeline.decide({ eventArg: 'PreToolUse', payload: payload('same', 'ls') });
		await pipeline.decide({ eventArg: 'PreToolUse', payload: payload('same', 'rm -rf /') });
		expect(calls()).toBe(2);
	});
});

describe('HookDecider fail mode', () => {
	function failing(failMode: 'open' | 'closed', provider: () => never | Promise<never>) {
		const clock = new FakeClock();
		const chain = new CompositeHooksProvider([
			{ provider: { id: 'acme.guard', onPreToolUse: provider }, failAction: 'warn' },
		]);
		const policy = compilePolicy(
			readPolicySettings([{ source: workspace, values: { failMode: failMode } }]).settings,
		);
		const decider = new HookDecider({
			chain,
			sessions: new SessionTracker(),
			clock,
			policy: () => policy,
			workspaceFolderFor: () => '/ws',
			origin: 'headless',
			deadlineMs: 1_000,
		});
		return { decider, clock };
	}

	it('denies under closed when a provider throws, naming the provider and the failure', async () => {
		const { decider } = failing('closed', () => {
			throw new Error('database down');
		});
		const answer = await decider.decide({ eventArg: 'PreToolUse', payload: payload() });
		const text = JSON.stringify(answer.output);
		expect(text).toContain('"permissionDecision":"deny"');
		expect(text).toContain('acme.guard');
		expect(text).toContain('database down');
	});

	it('denies under closed when the providers miss the deadline', async () => {
		const { decider, clock } = failing('closed', () => new Promise<never>(() => undefined));
		const answer = decider.decide({ eventArg: 'PreToolUse', payload: payload() });
		for (let i = 0; i < 50 && clock.pendingTimers === 0; i++) {
			await new Promise((resolve) => setTimeout(resolve, 0));
		}
		clock.advance(1_000);
		const text = JSON.stringify((await answer).output);
		expect(text).toContain('"permissionDecision":"deny"');
		expect(text).toMatch(/no decision within 1000 ms/);
	});

	it('lets the call through under open when a provider throws', async () => {
		const { decider } = failing('open', () => {
			throw new Error('database down');
		});
		const answer = await decider.decide({ eventArg: 'PreToolUse', payload: payload() });
		expect(JSON.stringify(answer.output)).not.toContain('deny');
	});
});
