import { describe, expect, it } from 'vitest';

import type { HookEvent } from '../../../src/core/events/hookEvent';
import type { HooksProvider } from '../../../src/core/provider/hooksProvider';
import { HANDLER_NAME } from '../../../src/core/provider/hooksProvider';
import { HOOK_EVENT_NAMES } from '../../../src/core/events/hookEventName';
import type { CopilotPermissionRequest } from '../../../src/sdk/copilotSdkTypes';
import { DefaultHooksProvider } from '../../../src/sdk/defaultProvider';
import { asPermissionHandler, asSessionHooks } from '../../../src/sdk/sessionHooks';
import { oneOfEach } from '../../support/hookEventBuilder';

const base = {
	sessionId: 's1',
	timestamp: new Date('2026-11-25T10:00:00.000Z'),
	workingDirectory: '/work/app',
};
const invocation = { sessionId: 's1' };
const shell: CopilotPermissionRequest = {
	kind: 'shell',
	fullCommandText: 'git push',
	intention: 'push',
};
const asking: HooksProvider = {
	id: 'asker',
	onPreToolUse: () => ({ verdict: 'ask', reason: 'sure?', provenance: { providerId: 'asker' } }),
};

describe('asPermissionHandler approves only on an explicit yes', () => {
	it.each<[string, unknown]>([
		['false', false],
		['"no"', 'no'],
		['"yes"', 'yes'],
		['1', 1],
		['an object', {}],
		['undefined', undefined],
	])('%s rejects', async (_, answer) => {
		const handler = asPermissionHandler(asking, { ask: () => answer as boolean });
		expect(await handler(shell, invocation)).toEqual({
			kind: 'reject',
			feedback: 'The user declined this request.',
		});
	});

	it('true approves once', async () => {
		const handler = asPermissionHandler(asking, { ask: () => Promise.resolve(true) });
		expect(await handler(shell, invocation)).toEqual({
			kind: 'approve-once',
			approvedInteractively: true,
		});
	});

	it('a rewrite cannot run through a permission handler: the user is asked, told who rewrote it', async () => {
		const rewriter: HooksProvider = {
			id: 'acme.rtk',
			onPreToolUse: () => ({
				verdict: 'allow',
				updatedInput: { command: 'rtk git push' },
				provenance: { providerId: 'acme.rtk' },
			}),
		};
		const reasons: (string | undefined)[] = [];
		const handler = asPermissionHandler(rewriter, {
			ask: (_request, question) => {
				reasons.push(question.reason);
				return false;
			},
		});
		expect(await handler(shell, invocation)).toMatchObject({ kind: 'reject' });
		expect(reasons).toEqual([
			"'acme.rtk' rewrote this call, but the Copilot CLI cannot run a rewritten call here, so the original needs approval.",
		]);
	});
});

describe('asSessionHooks: rewrites and replaced results', () => {
	it('sends the whole rewritten input as modifiedArgs', async () => {
		const hooks = asSessionHooks({
			id: 'rtk',
			onPreToolUse: () => ({
				updatedInput: { command: 'rtk git status' },
				provenance: { providerId: 'rtk' },
			}),
		});
		expect(
			await hooks.onPreToolUse(
				{ ...base, toolName: 'bash', toolArgs: { command: 'git status', description: 'x' } },
				invocation,
			),
		).toEqual({ modifiedArgs: { command: 'rtk git status', description: 'x' } });
	});

	it('masks a credential in a tool result with modifiedResult, and tells the model', async () => {
		const token = `ghp_${'b'.repeat(36)}`;
		const hooks = asSessionHooks(
			new DefaultHooksProvider({ settings: {}, workspaceFolder: '/work/app' }),
		);
		const output = await hooks.onPostToolUse(
			{
				...base,
				toolName: 'bash',
				toolArgs: { command: 'cat .env' },
				toolResult: { resultType: 'success', textResultForLlm: `GH=${token}` },
			},
			invocation,
		);
		expect(output).toEqual({
			modifiedResult: { resultType: 'success', textResultForLlm: 'GH=ghp_…[masked]…bb' },
			additionalContext: expect.stringContaining('Do not repeat it') as unknown,
		});
	});
});

describe('the SDK policy provider answers every event the extension decides', () => {
	it.each(HOOK_EVENT_NAMES)('%s', async (name) => {
		const provider = new DefaultHooksProvider({
			settings: {
				'hookwarden.rules': [
					{ id: `on-${name}`, event: name, verdict: 'deny', context: 'ctx', reason: 'r' },
				],
			},
			workspaceFolder: '/ws',
		});
		const handler = provider[HANDLER_NAME[name]] as
			((event: HookEvent, context: { signal: AbortSignal }) => unknown) | undefined;
		expect(handler, name).toBeTypeOf('function');
		const event = (oneOfEach() as Record<string, HookEvent>)[name]!;
		const answer = (await handler?.call(provider, event, {
			signal: new AbortController().signal,
		})) as { provenance?: { ruleId?: string } } | undefined;
		expect(answer?.provenance?.ruleId).toBe(`on-${name}`);
	});
});
