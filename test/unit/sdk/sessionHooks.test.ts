import { describe, expect, it, vi } from 'vitest';

import type { HookEvent } from '../../../src/core/events/hookEvent';
import { CompositeHooksProvider } from '../../../src/core/provider/compositeHooksProvider';
import type { HookDecision } from '../../../src/core/terms/decision';
import type { HooksProvider } from '../../../src/core/provider/hooksProvider';
import type { CopilotPermissionRequest } from '../../../src/sdk/copilotSdkTypes';
import { asPermissionHandler, asSessionHooks } from '../../../src/sdk/sessionHooks';

const base = {
	sessionId: 'session-1',
	timestamp: new Date('2026-11-25T10:00:00.000Z'),
	workingDirectory: '/work/app',
};
const invocation = { sessionId: 'session-1' };
type Answer = Omit<HookDecision, 'provenance'> | undefined;

/** A provider that answers every event with `answer` and remembers what it was asked. */
function recording(answer: Answer | ((event: HookEvent) => Answer)) {
	const seen: HookEvent[] = [];
	const respond = (event: HookEvent) => {
		seen.push(event);
		const decision = typeof answer === 'function' ? answer(event) : answer;
		return decision && { ...decision, provenance: { providerId: 'test' } };
	};
	const provider: HooksProvider = {
		id: 'test',
		onSessionStart: respond,
		onUserPromptSubmit: respond,
		onPreToolUse: respond,
		onPostToolUse: respond,
		onPostToolUseFailure: respond,
		onStop: respond,
		onSessionEnd: respond,
		onErrorOccurred: respond,
	};
	return { provider, seen };
}

describe('asSessionHooks: onPreToolUse', () => {
	it('reads the SDK input into a PreToolUse with the tool normalised', async () => {
		const { provider, seen } = recording(undefined);
		await asSessionHooks(provider).onPreToolUse(
			{ ...base, toolName: 'bash', toolArgs: { command: 'npm test' } },
			invocation,
		);
		expect(seen[0]).toMatchObject({
			name: 'PreToolUse',
			dialect: 'copilotCli',
			sessionId: 'session-1',
			timestamp: '2026-11-25T10:00:00.000Z',
			cwd: '/work/app',
			tool: { name: 'bash', kind: 'shell', commandLine: 'npm test' },
		});
	});

	it('parses toolArgs sent as a JSON string', async () => {
		const { provider, seen } = recording(undefined);
		await asSessionHooks(provider).onPreToolUse(
			{ ...base, toolName: 'edit', toolArgs: '{"path":"src/a.ts"}' },
			invocation,
		);
		expect(seen[0]).toMatchObject({ tool: { kind: 'fileWrite', paths: ['src/a.ts'] } });
	});

	it.each<[string, Answer, object]>([
		['no opinion', undefined, {}],
		[
			'deny with its reason',
			{ verdict: 'deny', reason: 'no' },
			{ permissionDecision: 'deny', permissionDecisionReason: 'no' },
		],
		[
			'a deny without a reason still names Hookwarden',
			{ verdict: 'deny' },
			{ permissionDecision: 'deny', permissionDecisionReason: 'Denied by Hookwarden policy.' },
		],
		[
			'ask',
			{ verdict: 'ask', reason: 'sure?' },
			{ permissionDecision: 'ask', permissionDecisionReason: 'sure?' },
		],
		[
			'allow with rewritten arguments and context',
			{
				verdict: 'allow',
				updatedInput: { command: 'npm test -- --run' },
				additionalContext: 'ctx',
			},
			{
				permissionDecision: 'allow',
				modifiedArgs: { command: 'npm test -- --run' },
				additionalContext: 'ctx',
			},
		],
		[
			'a deny drops rewritten arguments',
			{ verdict: 'deny', reason: 'no', updatedInput: { command: 'x' } },
			{ permissionDecision: 'deny', permissionDecisionReason: 'no' },
		],
		[
			'a stop denies the call',
			{ stop: { reason: 'halt' } },
			{ permissionDecision: 'deny', permissionDecisionReason: 'halt' },
		],
	])('%s', async (_, answer, expected) => {
		const { provider } = recording(answer);
		const output = await asSessionHooks(provider).onPreToolUse(
			{ ...base, toolName: 'bash', toolArgs: { command: 'ls' } },
			invocation,
		);
		expect(output).toEqual(expected);
	});

	it('fails closed on a provider that throws when failMode is closed, open otherwise', async () => {
		const broken: HooksProvider = {
			id: 'broken',
			onPreToolUse: () => {
				throw new Error('boom');
			},
		};
		const input = { ...base, toolName: 'bash', toolArgs: { command: 'ls' } };
		expect(await asSessionHooks(broken).onPreToolUse(input, invocation)).toEqual({});
		const closed = await asSessionHooks(broken, { failMode: 'closed' }).onPreToolUse(
			input,
			invocation,
		);
		expect(closed).toMatchObject({ permissionDecision: 'deny' });
		expect((closed as { permissionDecisionReason: string }).permissionDecisionReason).toContain(
			'boom',
		);
	});

	it('uses a chain as it is and reports every decision to onDecision', async () => {
		const chain = new CompositeHooksProvider([
			recording({ verdict: 'allow' }).provider,
			{ provider: { ...recording({ verdict: 'deny', reason: 'second' }).provider, id: 'b' } },
		]);
		const onDecision = vi.fn();
		const output = await asSessionHooks(chain, { onDecision }).onPreToolUse(
			{ ...base, toolName: 'bash', toolArgs: {} },
			invocation,
		);
		expect(output).toEqual({ permissionDecision: 'deny', permissionDecisionReason: 'second' });
		expect(onDecision).toHaveBeenCalledWith(
			expect.objectContaining({ name: 'PreToolUse', harness: 'copilotSdk' }),
			expect.objectContaining({ verdict: 'deny', reason: 'second' }),
			{},
		);
	});

	it('proves a denied call honoured or not: a tool result for it names the SDK app as not honouring the deny', async () => {
		const onDecision = vi.fn();
		const hooks = asSessionHooks(
			recording((event) =>
				event.name === 'PreToolUse' && event.tool.commandLine === 'rm -rf build'
					? { verdict: 'deny', reason: 'no' }
					: undefined,
			).provider,
			{ onDecision },
		);
		const call = (command: string) => ({ ...base, toolName: 'bash', toolArgs: { command } });
		const result = { resultType: 'success', textResultForLlm: '' } as const;
		await hooks.onPreToolUse(call('rm -rf build'), invocation);
		await hooks.onPreToolUse(call('ls'), invocation);
		await hooks.onPostToolUse({ ...call('ls'), toolResult: result }, invocation);
		expect(onDecision.mock.lastCall?.[2]).toEqual({});
		await hooks.onPostToolUse({ ...call('rm -rf build'), toolResult: result }, invocation);
		expect(onDecision.mock.lastCall?.[2]).toEqual({
			notHonoured:
				'Not honoured by Copilot SDK app: bash ran although Hookwarden denied this call.',
		});
	});

	it('tells providers the configured workspace folder, else the working directory', async () => {
		const folders: (string | undefined)[] = [];
		const provider: HooksProvider = {
			id: 'where',
			onPreToolUse: (_event, context) => {
				folders.push(context.workspaceFolder);
				return undefined;
			},
		};
		const input = { ...base, toolName: 'bash', toolArgs: {} };
		await asSessionHooks(provider).onPreToolUse(input, invocation);
		await asSessionHooks(provider, { workspaceFolder: '/repo' }).onPreToolUse(input, invocation);
		expect(folders).toEqual(['/work/app', '/repo']);
	});
});

describe('asSessionHooks: the other hooks', () => {
	const toolResult = { textResultForLlm: 'ok', resultType: 'success' as const };

	it('onPostToolUse: the result reaches the provider; context and a block reason come back as context', async () => {
		const { provider, seen } = recording({
			verdict: 'deny',
			reason: 'leaked',
			additionalContext: 'c',
		});
		const output = await asSessionHooks(provider).onPostToolUse(
			{ ...base, toolName: 'bash', toolArgs: { command: 'env' }, toolResult },
			invocation,
		);
		expect(seen[0]).toMatchObject({ name: 'PostToolUse', toolResponse: 'ok' });
		expect(output).toEqual({ additionalContext: 'leaked\nc' });
	});

	it('onPostToolUseFailure: a PostToolUseFailure with the error; context comes back', async () => {
		const { provider, seen } = recording({ additionalContext: 'try again' });
		const output = await asSessionHooks(provider).onPostToolUseFailure(
			{ ...base, toolName: 'bash', toolArgs: {}, error: 'exit 1' },
			invocation,
		);
		expect(seen[0]).toMatchObject({ name: 'PostToolUseFailure', error: 'exit 1' });
		expect(output).toEqual({ additionalContext: 'try again' });
	});

	it.each<[string, Answer, object]>([
		['no opinion', undefined, {}],
		['context', { additionalContext: 'ctx' }, { additionalContext: 'ctx' }],
		[
			'a rewritten prompt',
			{ verdict: 'allow', updatedInput: { prompt: 'better' } },
			{ modifiedPrompt: 'better' },
		],
		[
			'a deny replaces the prompt with a note naming the reason',
			{ verdict: 'deny', reason: 'secret in prompt', additionalContext: 'dropped' },
			{
				modifiedPrompt:
					"[Hookwarden withheld the user's prompt: secret in prompt] Tell the user their prompt was blocked and why; do not act on it.",
			},
		],
	])('onUserPromptSubmitted: %s', async (_, answer, expected) => {
		const { provider, seen } = recording(answer);
		const output = await asSessionHooks(provider).onUserPromptSubmitted(
			{ ...base, prompt: 'hello' },
			invocation,
		);
		expect(seen[0]).toMatchObject({ name: 'UserPromptSubmit', prompt: 'hello' });
		expect(output).toEqual(expected);
	});

	it('onSessionStart: source and initial prompt reach the provider, context comes back', async () => {
		const { provider, seen } = recording({ additionalContext: 'house rules' });
		const output = await asSessionHooks(provider).onSessionStart(
			{ ...base, source: 'new', initialPrompt: 'fix it' },
			invocation,
		);
		expect(seen[0]).toMatchObject({ name: 'SessionStart', source: 'new', initialPrompt: 'fix it' });
		expect(output).toEqual({ additionalContext: 'house rules' });
	});

	it('onSessionEnd: the provider is told, the SDK gets nothing back', async () => {
		const { provider, seen } = recording({ verdict: 'deny', reason: 'x' });
		const output = await asSessionHooks(provider).onSessionEnd(
			{ ...base, reason: 'complete' },
			invocation,
		);
		expect(seen[0]).toMatchObject({ name: 'SessionEnd', reason: 'complete' });
		expect(output).toBeUndefined();
	});

	it.each<[string, Answer, object]>([
		['no opinion', undefined, {}],
		[
			'a deny aborts and tells the user',
			{ verdict: 'deny', reason: 'too many errors' },
			{ errorHandling: 'abort', userNotification: 'too many errors' },
		],
		[
			'a stop aborts',
			{ stop: { reason: 'halt' }, systemMessage: 'see logs' },
			{ errorHandling: 'abort', userNotification: 'halt\nsee logs' },
		],
		['a system message only notifies', { systemMessage: 'fyi' }, { userNotification: 'fyi' }],
	])('onErrorOccurred: %s', async (_, answer, expected) => {
		const { provider, seen } = recording(answer);
		const output = await asSessionHooks(provider).onErrorOccurred(
			{ ...base, error: 'rate limited', errorContext: 'model_call', recoverable: true },
			invocation,
		);
		expect(seen[0]).toMatchObject({
			name: 'ErrorOccurred',
			error: 'rate limited',
			errorContext: 'model_call',
			recoverable: true,
		});
		expect(output).toEqual(expected);
	});

	it("onErrorOccurred: reads the {message, name, stack} object runtime 1.0.85 sends as the error's message", async () => {
		const { provider, seen } = recording(undefined);
		const error = { message: 'scripted failure', name: 'Error', stack: 'Error: scripted failure' };
		await asSessionHooks(provider).onErrorOccurred(
			// The SDK types `error` as a string; the runtime sends an object.
			{ ...base, error: error as unknown as string, errorContext: 'model_call', recoverable: true },
			invocation,
		);
		expect(seen[0]).toMatchObject({ name: 'ErrorOccurred', error: 'scripted failure' });
	});

	it.each<[string, Answer, object]>([
		['no opinion lets the agent stop', undefined, {}],
		[
			'a deny keeps it working with the reason',
			{ verdict: 'deny', reason: 'tests fail' },
			{ decision: 'block', reason: 'tests fail' },
		],
		['an allow lets it stop', { verdict: 'allow' }, {}],
	])('onAgentStop: %s', async (_, answer, expected) => {
		const { provider, seen } = recording(answer);
		const output = await asSessionHooks(provider).onAgentStop(
			{ ...base, stopReason: 'end_turn', stopHookActive: true },
			invocation,
		);
		expect(seen[0]).toMatchObject({ name: 'Stop', stopReason: 'end_turn', stopHookActive: true });
		expect(output).toEqual(expected);
	});
});

describe('asPermissionHandler', () => {
	const shell: CopilotPermissionRequest = {
		kind: 'shell',
		fullCommandText: 'git push',
		intention: 'push',
		toolCallId: 'call-1',
	};

	it.each<[string, CopilotPermissionRequest, object]>([
		['shell', shell, { name: 'bash', kind: 'shell', commandLine: 'git push', useId: 'call-1' }],
		[
			'write',
			{ kind: 'write', fileName: 'src/a.ts', diff: '+x', intention: 'edit' },
			{ name: 'edit', kind: 'fileWrite', paths: ['src/a.ts'] },
		],
		[
			'read',
			{ kind: 'read', path: '/etc/passwd', intention: 'read' },
			{ name: 'view', kind: 'fileRead', paths: ['/etc/passwd'] },
		],
		[
			'url',
			{ kind: 'url', url: 'https://example.com', intention: 'fetch' },
			{ name: 'web_fetch', kind: 'web', input: { url: 'https://example.com' } },
		],
		[
			'mcp',
			{ kind: 'mcp', serverName: 'github', toolName: 'create_issue', args: { title: 't' } },
			{
				name: 'mcp__github__create_issue',
				kind: 'mcp',
				input: { title: 't' },
				mcpServer: { name: 'github' },
			},
		],
		[
			'custom tool',
			{ kind: 'custom-tool', toolName: 'deploy', args: { env: 'prod' } },
			{ name: 'deploy', kind: 'other', input: { env: 'prod' } },
		],
		['another kind', { kind: 'memory' }, { name: 'memory', kind: 'other', input: {} }],
	])('reads a %s request as a PreToolUse', async (_, request, tool) => {
		const { provider, seen } = recording({ verdict: 'allow' });
		await asPermissionHandler(provider, { ask: () => false })(request, invocation);
		expect(seen[0]).toMatchObject({ name: 'PreToolUse', sessionId: 'session-1', tool });
	});

	it('approves an allow once and rejects a deny with its reason as feedback', async () => {
		const ask = vi.fn(() => true);
		expect(
			await asPermissionHandler(recording({ verdict: 'allow' }).provider, { ask })(
				shell,
				invocation,
			),
		).toEqual({ kind: 'approve-once' });
		expect(
			await asPermissionHandler(recording({ verdict: 'deny', reason: 'no pushing' }).provider, {
				ask,
			})(shell, invocation),
		).toEqual({ kind: 'reject', feedback: 'no pushing' });
		expect(
			await asPermissionHandler(recording({ stop: { reason: 'halt' } }).provider, { ask })(
				shell,
				invocation,
			),
		).toEqual({ kind: 'reject', feedback: 'halt' });
		expect(ask).not.toHaveBeenCalled();
	});

	it("calls the app's ask on an ask verdict, with the reason, and follows its answer", async () => {
		const ask = vi.fn(() => Promise.resolve(true));
		const handler = asPermissionHandler(recording({ verdict: 'ask', reason: 'pushes' }).provider, {
			ask,
		});
		expect(await handler(shell, invocation)).toEqual({
			kind: 'approve-once',
			approvedInteractively: true,
		});
		expect(ask).toHaveBeenCalledWith(
			shell,
			expect.objectContaining({
				reason: 'pushes',
				event: expect.objectContaining({ name: 'PreToolUse' }) as unknown,
			}),
		);
		ask.mockResolvedValue(false);
		expect(await handler(shell, invocation)).toMatchObject({ kind: 'reject' });
	});

	it("asks the person about a hook's ask with the hook's reason, without asking the providers again", async () => {
		const { provider, seen } = recording({ verdict: 'allow' });
		const ask = vi.fn(
			(_request: CopilotPermissionRequest, _question: { reason?: string }) => false,
		);
		// What runtime 1.0.85 sends when a preToolUse hook answered `ask` (seen in the Copilot tier's SDK session).
		const request: CopilotPermissionRequest = {
			kind: 'hook',
			toolCallId: 'call_2',
			toolName: 'bash',
			toolArgs: { command: 'touch asked.txt', description: 'touch' },
			hookMessage: 'New files need a person.',
		};
		expect(await asPermissionHandler(provider, { ask })(request, invocation)).toEqual({
			kind: 'reject',
			feedback: 'The user declined this request.',
		});
		expect(seen).toEqual([]);
		expect(ask.mock.calls[0]?.[1]).toMatchObject({
			reason: 'New files need a person.',
			event: { tool: { name: 'bash', commandLine: 'touch asked.txt', useId: 'call_2' } },
		});
	});

	it('answers user-not-available when ask throws', async () => {
		const handler = asPermissionHandler(recording({ verdict: 'ask' }).provider, {
			ask: () => {
				throw new Error('no UI');
			},
		});
		expect(await handler(shell, invocation)).toEqual({ kind: 'user-not-available' });
	});

	it.each<['ask' | 'approve' | 'reject' | undefined, string, number]>([
		[undefined, 'approve-once', 1],
		['ask', 'approve-once', 1],
		['approve', 'approve-once', 0],
		['reject', 'reject', 0],
	])('no opinion under noOpinion=%s', async (noOpinion, kind, asked) => {
		const ask = vi.fn((_request: CopilotPermissionRequest, _question: { reason?: string }) => true);
		const handler = asPermissionHandler(recording(undefined).provider, {
			ask,
			...(noOpinion && { noOpinion }),
		});
		expect(await handler(shell, invocation)).toMatchObject({ kind });
		expect(ask).toHaveBeenCalledTimes(asked);
		if (asked > 0) {
			expect(ask.mock.calls[0]?.[1]).not.toHaveProperty('reason');
		}
	});
});
