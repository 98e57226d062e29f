import { describe, expect, it } from 'vitest';

import { createBudgetProvider } from '../../../examples/budgetProvider';
import { createSessionContextProvider } from '../../../examples/sessionContextProvider';
import {
	CompositeHooksProvider,
	DefaultHooksProvider,
	asSessionHooks,
} from '../../../src/sdk/index';

const base = { timestamp: new Date(), workingDirectory: '/work/app' };

describe('examples/budgetProvider', () => {
	const spend = new Map<string, number>([
		['cheap', 0.5],
		['spent', 2.5],
	]);
	const hooks = asSessionHooks(
		createBudgetProvider({ limitUsd: 2, spentUsd: (session) => spend.get(session ?? '') ?? 0 }),
	);
	const task = { toolName: 'task', toolArgs: { prompt: 'explore the repo' } };

	it('lets a session under budget spawn a subagent', async () => {
		expect(
			await hooks.onPreToolUse({ ...base, sessionId: 'cheap', ...task }, { sessionId: 'cheap' }),
		).toEqual({});
	});

	it('denies a subagent once the session spent its budget, saying how much', async () => {
		expect(
			await hooks.onPreToolUse({ ...base, sessionId: 'spent', ...task }, { sessionId: 'spent' }),
		).toEqual({
			permissionDecision: 'deny',
			permissionDecisionReason: expect.stringContaining('$2.50 of its $2.00 budget') as unknown,
		});
	});

	it('leaves every other tool alone, however much was spent', async () => {
		expect(
			await hooks.onPreToolUse(
				{ ...base, sessionId: 'spent', toolName: 'bash', toolArgs: { command: 'ls' } },
				{ sessionId: 'spent' },
			),
		).toEqual({});
	});
});

describe('examples/sessionContextProvider', () => {
	it('adds the looked-up context at session start, next to the policy context', async () => {
		const chain = new CompositeHooksProvider([
			new DefaultHooksProvider({
				settings: { 'hookwarden.context.sessionStart': 'Never commit to main.' },
				workspaceFolder: '/work/app',
			}),
			createSessionContextProvider({
				contextFor: (start) =>
					start.source === 'resume' ? undefined : `Ticket for ${start.sessionId}`,
			}),
		]);
		const hooks = asSessionHooks(chain);
		expect(
			await hooks.onSessionStart({ ...base, sessionId: 's1', source: 'new' }, { sessionId: 's1' }),
		).toEqual({ additionalContext: 'Never commit to main.\nTicket for s1' });
		expect(
			await hooks.onSessionStart(
				{ ...base, sessionId: 's1', source: 'resume' },
				{ sessionId: 's1' },
			),
		).toEqual({ additionalContext: 'Never commit to main.' });
	});
});
