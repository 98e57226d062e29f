import { describe, expect, it } from 'vitest';

import { createBudgetProvider } from '../../../examples/budgetProvider';
import { createCompositeChain } from '../../../examples/compositeChain';
import { createErrorRecoveryProvider } from '../../../examples/errorRecoveryProvider';
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

describe('examples/errorRecoveryProvider', () => {
	const hooks = asSessionHooks(
		createErrorRecoveryProvider({
			hints: [{ when: /ENOENT/, advice: 'List the folder before opening files in it.' }],
		}),
	);

	it('gives the model the advice for a failure it knows', async () => {
		expect(
			await hooks.onPostToolUseFailure(
				{ ...base, sessionId: 's1', toolName: 'view', toolArgs: { path: 'x' }, error: 'ENOENT: x' },
				{ sessionId: 's1' },
			),
		).toEqual({ additionalContext: 'List the folder before opening files in it.' });
		expect(
			await hooks.onPostToolUseFailure(
				{ ...base, sessionId: 's1', toolName: 'bash', toolArgs: {}, error: 'exit 1' },
				{ sessionId: 's1' },
			),
		).toEqual({});
	});

	it('aborts the session on an error that cannot be recovered, telling the person why', async () => {
		const error = {
			...base,
			sessionId: 's1',
			error: 'quota exhausted',
			errorContext: 'model_call',
		} as const;
		expect(
			await hooks.onErrorOccurred({ ...error, recoverable: false }, { sessionId: 's1' }),
		).toEqual({
			errorHandling: 'abort',
			userNotification:
				'The session stopped after an error it cannot recover from (model_call): quota exhausted',
		});
		expect(
			await hooks.onErrorOccurred({ ...error, recoverable: true }, { sessionId: 's1' }),
		).toEqual({});
	});
});

describe('examples/compositeChain', () => {
	const spend = new Map([['poor', 9]]);
	const asked: (string | undefined)[] = [];
	const { hooks, onPermissionRequest } = createCompositeChain({
		settings: {
			'hookwarden.rules': [
				{ id: 'ask-deploy', command: './deploy', verdict: 'ask', reason: 'Deploys need a person.' },
			],
			'hookwarden.context.sessionStart': 'Never commit to main.',
		},
		workspaceFolder: '/work/app',
		limitUsd: 5,
		spentUsd: (session) => spend.get(session ?? '') ?? 0,
		briefing: (start) => `Ticket for ${start.sessionId}`,
		ask: (_request, reason) => {
			asked.push(reason);
			return Promise.resolve(false);
		},
	});

	it('joins the policy’s and the briefing’s context at session start', async () => {
		expect(
			await hooks.onSessionStart({ ...base, sessionId: 's1', source: 'new' }, { sessionId: 's1' }),
		).toEqual({ additionalContext: 'Never commit to main.\nTicket for s1' });
	});

	it('the budget denies a subagent once spent; the policy’s own ask reaches the user, who must say yes', async () => {
		const task = { toolName: 'task', toolArgs: { prompt: 'explore' } };
		expect(
			await hooks.onPreToolUse({ ...base, sessionId: 'poor', ...task }, { sessionId: 'poor' }),
		).toMatchObject({ permissionDecision: 'deny' });
		expect(
			await onPermissionRequest(
				{ kind: 'shell', fullCommandText: './deploy', intention: 'ship it' },
				{ sessionId: 's1' },
			),
		).toEqual({ kind: 'reject', feedback: 'The user declined this request.' });
		expect(asked).toEqual(['Deploys need a person.']);
	});
});
