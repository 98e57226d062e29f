import { describe, expect, it } from 'vitest';

import { compilePolicy } from '../../../../src/core/policy/compilePolicy';
import { readPolicySettings } from '../../../../src/core/settings/readPolicySettings';
import { HookDecider } from '../../../../src/core/pipeline/hookDecider';
import { CompositeHooksProvider } from '../../../../src/core/provider/compositeHooksProvider';
import { SessionTracker } from '../../../../src/core/sessions/sessionTracker';
import { presentEvent } from '../../../../src/ui/events/eventPresenter';
import { presentStatus } from '../../../../src/ui/statusBar/statusPresenter';
import { FakeClock } from '../../../support/fakeClock';

/** A decider whose only provider denies `rm`, and a runner stand-in that ignores the deny and reports the run. */
function setup() {
	const sessions = new SessionTracker();
	const chain = new CompositeHooksProvider([
		{
			provider: {
				id: 'test.guard',
				onPreToolUse: (event) =>
					event.name === 'PreToolUse' && event.tool.commandLine?.startsWith('rm')
						? { verdict: 'deny', reason: 'no deletes', provenance: { providerId: 'test.guard' } }
						: undefined,
			},
		},
	]);
	const policy = compilePolicy(readPolicySettings([]).settings);
	const decider = new HookDecider({
		chain,
		sessions,
		clock: new FakeClock(),
		policy: () => policy,
		workspaceFolderFor: () => '/ws',
		origin: 'window',
	});
	const call = (name: string, command: string, id: string, dialect: 'vscode' | 'cli' = 'vscode') =>
		decider.decide({
			eventArg: name,
			...(dialect === 'cli' && { runner: 'copilotCli' as const }),
			payload:
				dialect === 'vscode'
					? {
							hook_event_name: name,
							session_id: 's1',
							cwd: '/ws',
							tool_name: 'run_in_terminal',
							tool_input: { command },
							tool_use_id: id,
							...(name === 'PostToolUse' && { tool_response: 'ok' }),
						}
					: {
							sessionId: 's1',
							cwd: '/ws',
							toolName: 'bash',
							toolArgs: JSON.stringify({ command }),
							// The Copilot CLI 1.0.x sends no tool call id: the same tool and input are the same call.
							...(name === 'PostToolUse' && { toolResult: { resultType: 'success' } }),
						},
		});
	return { sessions, call, decider };
}

describe('decisions proven honoured', () => {
	it('marks a PostToolUse for a denied call as not honoured, naming the harness', async () => {
		const { sessions, call } = setup();
		await call('PreToolUse', 'rm -rf build', 'c1');
		const after = await call('PostToolUse', 'rm -rf build', 'c1');
		expect(after.kind === 'answered' && after.recorded.notHonoured).toMatch(
			/^Not honoured by VS Code \(Local agent\): run_in_terminal ran although Hookwarden denied this call \(c1\)\.$/,
		);
		expect(sessions.notHonouredCount()).toBe(1);
		const row = presentEvent(sessions.events().at(-1)!);
		expect(row.description).toMatch(/^not honoured/);
		expect(row.iconId).toBe('warning');
	});

	it('leaves honoured calls alone: an allowed call that ran, and a denied call that never ran', async () => {
		const { sessions, call } = setup();
		await call('PreToolUse', 'ls', 'c1');
		const ran = await call('PostToolUse', 'ls', 'c1');
		await call('PreToolUse', 'rm -rf build', 'c2');
		expect(ran.kind === 'answered' && ran.recorded.notHonoured).toBeUndefined();
		expect(sessions.notHonouredCount()).toBe(0);
	});

	it('matches calls without an id by tool and input, and names the Copilot CLI', async () => {
		const { call } = setup();
		await call('PreToolUse', 'rm -rf build', '', 'cli');
		const other = await call('PostToolUse', 'ls', '', 'cli');
		const after = await call('PostToolUse', 'rm -rf build', '', 'cli');
		expect(other.kind === 'answered' && other.recorded.notHonoured).toBeUndefined();
		expect(after.kind === 'answered' && after.recorded.notHonoured).toMatch(
			/^Not honoured by Copilot CLI: bash ran although Hookwarden denied this call\.$/,
		);
	});

	it("names VS Code's Copilot harness for the payload its Agent Host sends for Hookwarden's installed file", async () => {
		const { decider } = setup();
		// Exactly what the Copilot runtime 1.0.85 in VS Code 1.139.1's Agent Host wrote for the PascalCase hook file
		// (snake_case, Claude tool names, no tool call id); only the environment says it was the Agent Host.
		const agentHost = (name: string, extra: Record<string, unknown>) =>
			decider.decide({
				eventArg: name,
				runner: 'agentHost',
				payload: {
					hook_event_name: name,
					session_id: 's2',
					timestamp: '2026-11-26T00:34:17.247Z',
					cwd: '/ws',
					tool_name: 'Bash',
					tool_input: { command: 'rm -rf build', description: 'clean' },
					...extra,
				},
			});
		await agentHost('PreToolUse', {});
		const after = await agentHost('PostToolUse', {
			tool_result: { result_type: 'success', text_result_for_llm: '' },
		});
		expect(after.kind === 'answered' && after.recorded.event.harness).toBe('agentHost');
		expect(after.kind === 'answered' && after.recorded.notHonoured).toMatch(
			/^Not honoured by VS Code Copilot harness \(Agent Host\): Bash ran although Hookwarden denied this call\.$/,
		);
	});

	it('shows the count in the status bar until the window reloads', () => {
		const view = presentStatus({ pending: 0, paused: false, hooksActive: true, notHonoured: 2 });
		expect(view.text).toBe('$(warning) Hookwarden: 2 not honoured');
		expect(view.backgroundColorId).toBe('statusBarItem.warningBackground');
	});
});
