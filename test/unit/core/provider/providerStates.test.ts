import { describe, expect, it } from 'vitest';

import { parseHookEvent } from '../../../../src/core/reading/tools/parseHookEvent';
import { CompositeHooksProvider } from '../../../../src/core/provider/compositeHooksProvider';
import { presentPolicies } from '../../../../src/ui/policies/policyPresenter';

const event = (() => {
	const parsed = parseHookEvent({
		hook_event_name: 'PreToolUse',
		session_id: 's',
		tool_name: 'run_in_terminal',
		tool_input: { command: 'ls' },
	});
	if (!parsed.ok) {
		throw new Error('bad payload');
	}
	return parsed.event;
})();

describe('provider states', () => {
	it('tracks calls, the last latency and the last error of each provider, in chain order', async () => {
		let fail = true;
		const chain = new CompositeHooksProvider([
			{
				provider: {
					id: 'acme.flaky',
					onPreToolUse: () => {
						if (fail) {
							throw new Error('database down');
						}
						return undefined;
					},
				},
				priority: 50,
				source: 'user settings (/home/me/settings.json)',
			},
			{ provider: { id: 'acme.quiet', onStop: () => undefined }, priority: 10 },
		]);
		await chain.decide(event);
		const [quiet, flaky] = chain.providerStates();
		expect(quiet).toMatchObject({ id: 'acme.quiet', calls: 0 });
		expect(quiet?.lastLatencyMs).toBeUndefined();
		expect(flaky).toMatchObject({
			id: 'acme.flaky',
			calls: 1,
			lastError: 'error: database down',
			source: 'user settings (/home/me/settings.json)',
		});
		fail = false;
		await chain.decide(event);
		expect(chain.providerStates()[1]).toMatchObject({ calls: 2 });
		expect(chain.providerStates()[1]?.lastError).toBeUndefined();
	});

	it('keep their counts when a provider is registered again, as settings providers are after every settings change', async () => {
		const chain = new CompositeHooksProvider();
		const provider = { id: 'acme.audit', onPreToolUse: () => undefined };
		let remove = chain.register({ provider, source: 'user settings' });
		await chain.decide(event);
		await chain.decide(event);
		remove();
		expect(chain.providerStates()).toEqual([]);
		remove = chain.register({ provider: { ...provider }, source: 'user settings' });
		expect(chain.providerStates()[0]).toMatchObject({ id: 'acme.audit', calls: 2 });
		expect(chain.providerStates()[0]?.lastLatencyMs).toBeGreaterThanOrEqual(0);
		await chain.decide(event);
		expect(chain.providerStates()[0]).toMatchObject({ calls: 3 });
		remove();
		remove();
		chain.register({ provider: { id: 'acme.other', onPreToolUse: () => undefined } });
		expect(chain.providerStates()[0]).toMatchObject({ id: 'acme.other', calls: 0 });
	});

	it('are listed in the Policies view, failing ones marked', () => {
		const [group] = presentPolicies({
			layers: [],
			problems: [],
			trusted: true,
			packs: [],
			defaultVerdict: 'none',
			providers: [
				{
					id: 'hookwarden.policy',
					priority: 0,
					timeoutMs: 5000,
					failAction: 'warn',
					calls: 3,
					lastLatencyMs: 1,
				},
				{
					id: 'acme.flaky',
					priority: 50,
					timeoutMs: 2000,
					failAction: 'block',
					calls: 1,
					lastError: 'timeout: no answer within 2000 ms',
				},
			],
		}).filter((node) => node.key === 'g:providers');
		expect(group?.description).toBe('2 · 1 failing');
		expect(group?.children?.map((c) => [c.label, c.description, c.iconId])).toEqual([
			['hookwarden.policy', '1 ms · priority 0', 'plug'],
			['acme.flaky', 'last call failed · priority 50', 'error'],
		]);
		expect(group?.children?.[1]?.tooltip).toContain(
			'Last error: timeout: no answer within 2000 ms',
		);
	});
});
