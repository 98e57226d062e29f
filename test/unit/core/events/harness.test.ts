import { describe, expect, it } from 'vitest';

import { harnessOf, runnerHintOf } from '../../../../src/core/events/harness';

describe('which harness sent an event', () => {
	it('reads the Copilot runtime and the Agent Host from the hook process environment', () => {
		// Measured: the runtime sets COPILOT_CLI=1 for every hook; VS Code's Agent Host adds AI_AGENT.
		expect(runnerHintOf({ COPILOT_CLI: '1', AI_AGENT: 'github_copilot_vscode_agent' })).toBe(
			'agentHost',
		);
		expect(runnerHintOf({ COPILOT_CLI: '1' })).toBe('copilotCli');
		// AI_AGENT alone is the Agent Host's Claude or Codex harness, which Hookwarden has not measured.
		expect(runnerHintOf({ AI_AGENT: 'github_copilot_vscode_agent' })).toBeUndefined();
		expect(runnerHintOf({})).toBeUndefined();
	});

	it("prefers the runner's hint over the payload's dialect, which the Copilot runtime does not keep", () => {
		expect(harnessOf('claude', 'agentHost')).toBe('agentHost');
		expect(harnessOf('vscode', 'copilotCli')).toBe('copilotCli');
		expect(harnessOf('vscode')).toBe('vscodeLocal');
		expect(harnessOf('copilotCli')).toBe('copilotCli');
		expect(harnessOf('claude')).toBe('claude');
	});
});
