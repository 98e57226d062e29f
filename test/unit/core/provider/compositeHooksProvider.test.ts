import { describe, expect, it } from 'vitest';

import type { HookEvent } from '../../../../src/core/events/hookEvent';
import { CompositeHooksProvider } from '../../../../src/core/provider/compositeHooksProvider';
import type { HookDecision, Verdict } from '../../../../src/core/terms/decision';
import type { HooksProvider } from '../../../../src/core/provider/hooksProvider';
import { toolCallOf } from '../../../../src/core/reading/tools/toolCallOf';

const preToolUse: HookEvent = {
	name: 'PreToolUse',
	dialect: 'vscode',
	timestamp: '2026-11-22T00:00:00.000Z',
	tool: toolCallOf('run_in_terminal', { command: 'ls' }),
};
const stop: HookEvent = {
	name: 'Stop',
	dialect: 'vscode',
	timestamp: '2026-11-22T00:00:00.000Z',
	stopHookActive: false,
};

function says(id: string, decision: Omit<HookDecision, 'provenance'> | undefined): HooksProvider {
	const answer = () =>
		decision && { ...decision, provenance: { providerId: id, ruleId: `${id}.rule` } };
	return { id, onPreToolUse: answer, onStop: answer };
}

describe('CompositeHooksProvider merge', () => {
	it.each<[string, (Verdict | undefined)[], Verdict | undefined, string | undefined]>([
		['deny beats ask and allow', ['allow', 'deny', 'ask'], 'deny', 'b'],
		['ask beats allow', ['allow', 'ask'], 'ask', 'b'],
		['allow alone', ['allow'], 'allow', 'a'],
		['the first provider at the winning level keeps its reason', ['deny', 'deny'], 'deny', 'a'],
		['no opinion from everyone', [undefined, undefined], undefined, undefined],
	])('%s', async (_, verdicts, expected, winnerId) => {
		const chain = new CompositeHooksProvider(
			verdicts.map((verdict, i) => ({
				provider: says('abc'[i] ?? 'z', verdict && { verdict, reason: `reason ${'abc'[i]}` }),
			})),
		);
		const merged = await chain.decide(preToolUse);
		expect(merged.verdict).toBe(expected);
		expect(merged.decidedBy?.providerId).toBe(winnerId);
		expect(merged.reason).toBe(winnerId && `reason ${winnerId}`);
	});

	it('merges in priority order, not registration order', async () => {
		const chain = new CompositeHooksProvider([
			{ provider: says('late', { verdict: 'deny', reason: 'late' }), priority: 200 },
			{ provider: says('early', { verdict: 'deny', reason: 'early' }), priority: 10 },
		]);
		expect(chain.providerIds).toEqual(['early', 'late']);
		expect((await chain.decide(preToolUse)).reason).toBe('early');
	});

	it('joins additionalContext and merges updatedInput per key, later provider winning', async () => {
		const chain = new CompositeHooksProvider([
			{
				provider: says('a', {
					additionalContext: 'one',
					updatedInput: { command: 'ls -a', keep: 1 },
				}),
			},
			{ provider: says('b', { additionalContext: 'two', updatedInput: { command: 'ls -l' } }) },
		]);
		const merged = await chain.decide(preToolUse);
		expect(merged.additionalContext).toBe('one\ntwo');
		expect(merged.updatedInput).toEqual({ command: 'ls -l', keep: 1 });
		expect(merged.contributors.map((c) => c.providerId)).toEqual(['a', 'b']);
	});

	it('de-duplicates Stop block reasons', async () => {
		const chain = new CompositeHooksProvider([
			{ provider: says('a', { verdict: 'deny', reason: 'run the tests' }) },
			{ provider: says('b', { verdict: 'deny', reason: 'run the tests' }) },
			{ provider: says('c', { verdict: 'deny', reason: 'update the changelog' }) },
		]);
		expect((await chain.decide(stop)).blockReasons).toEqual([
			'run the tests',
			'update the changelog',
		]);
	});

	it('lets continue:false win over an allow', async () => {
		const chain = new CompositeHooksProvider([
			{ provider: says('a', { verdict: 'allow' }) },
			{ provider: says('b', { stop: { reason: 'budget exhausted' } }) },
		]);
		const merged = await chain.decide(preToolUse);
		expect(merged.stop).toEqual({ reason: 'budget exhausted' });
		expect(merged.decidedBy?.providerId).toBe('b');
	});
});

describe('CompositeHooksProvider failures', () => {
	const throwing: HooksProvider = {
		id: 'broken',
		onPreToolUse: () => {
			throw new Error('boom');
		},
	};
	const hanging: HooksProvider = { id: 'slow', onPreToolUse: () => new Promise(() => undefined) };

	it('turns a failure under block into a real deny with the cause', async () => {
		const merged = await new CompositeHooksProvider([
			{ provider: throwing, failAction: 'block' },
		]).decide(preToolUse);
		expect(merged.verdict).toBe('deny');
		expect(merged.reason).toContain('boom');
		expect(merged.decidedBy?.source).toEqual({ kind: 'failMode' });
		expect(merged.failures).toEqual([
			{ providerId: 'broken', kind: 'error', message: 'boom', failAction: 'block' },
		]);
	});

	it.each(['warn', 'ignore'] as const)(
		'records a failure under %s without a verdict',
		async (failAction) => {
			const chain = new CompositeHooksProvider([
				{ provider: throwing, failAction },
				{ provider: says('ok', { verdict: 'ask', reason: 'fine' }) },
			]);
			const merged = await chain.decide(preToolUse);
			expect(merged.verdict).toBe('ask');
			expect(merged.failures[0]?.failAction).toBe(failAction);
		},
	);

	it('times out a provider that never answers and aborts its signal', async () => {
		let aborted = false;
		const watcher: HooksProvider = {
			id: 'watcher',
			onPreToolUse: (_event, context) =>
				new Promise((resolve) =>
					context.signal.addEventListener('abort', () => ((aborted = true), resolve(undefined))),
				),
		};
		const merged = await new CompositeHooksProvider([
			{ provider: hanging, timeoutMs: 20, failAction: 'block' },
			{ provider: watcher, timeoutMs: 20 },
		]).decide(preToolUse);
		expect(merged.verdict).toBe('deny');
		expect(merged.failures.map((f) => [f.providerId, f.kind])).toEqual([
			['slow', 'timeout'],
			['watcher', 'timeout'],
		]);
		expect(aborted).toBe(true);
	});

	it('refuses two providers with the same id, and unregisters', async () => {
		const chain = new CompositeHooksProvider();
		const remove = chain.register({ provider: says('x', { verdict: 'deny' }) });
		expect(() => chain.register({ provider: says('x', undefined) })).toThrow(/already registered/);
		remove();
		expect((await chain.decide(preToolUse)).verdict).toBeUndefined();
	});

	it('takes bare providers and registrations in one array, bare ones at the default priority', async () => {
		const chain = new CompositeHooksProvider([
			says('bare', { verdict: 'ask', reason: 'bare' }),
			{ provider: says('first', { verdict: 'ask', reason: 'first' }), priority: 50 },
		]);
		expect(chain.providerIds).toEqual(['first', 'bare']);
		expect((await chain.decide(preToolUse)).reason).toBe('first');
		const removeLate = chain.register(says('late', { verdict: 'deny', reason: 'late' }));
		expect((await chain.decide(preToolUse)).decidedBy?.providerId).toBe('late');
		removeLate();
		expect(chain.providerIds).toEqual(['first', 'bare']);
	});
});
