/*
 * Scenario: the CLI's own permission prompt, answered by Hookwarden. Without --allow-all-tools, `copilot -p` refuses a
 * writing command because nobody can approve it. A rule on PermissionRequest answers for the person: Hookwarden's
 * top-level `behavior` is what the CLI reads, so `allow` lets the call run and `deny` passes the rule's message on.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CopilotRun } from './support/copilotRun';
import { auditEvents, runCopilot, toolResults, waitFor } from './support/copilotRun';

let run: CopilotRun | undefined;
afterEach(() => run?.dispose());

async function recorded(current: CopilotRun) {
	return waitFor(() => {
		const all = auditEvents(current.auditFile);
		return all.some((event) => event.event === 'SessionEnd') && all;
	}, 'SessionEnd in the audit log');
}

describe('Copilot CLI: PermissionRequest answered by a rule', () => {
	it('allow: the CLI runs the call it would otherwise have refused', async () => {
		run = await runCopilot({
			prompt: 'create made.txt',
			allowAllTools: false,
			workspaceSettings: {
				'hookwarden.rules': [
					{ id: 'approve-for-ci', event: 'PermissionRequest', verdict: 'allow' },
				],
			},
			script: [
				{ tool: 'bash', args: { command: 'touch made.txt', description: 'create a file' } },
				{ text: 'ok' },
			],
		});
		expect(run.timedOut, run.stderr).toBe(false);
		expect(existsSync(join(run.workspace, 'made.txt'))).toBe(true);
		const events = await recorded(run);
		expect(events.find((event) => event.event === 'PermissionRequest')).toMatchObject({
			verdict: 'allow',
			decidedBy: { ruleId: 'approve-for-ci' },
		});
		expect(events.map((event) => event.event)).toContain('PostToolUse');
	});

	it('deny: the call does not run and the model reads the rule message', async () => {
		const reason = 'Nobody approves commands in CI.';
		run = await runCopilot({
			prompt: 'create made.txt',
			allowAllTools: false,
			workspaceSettings: {
				'hookwarden.rules': [
					{ id: 'no-prompts', event: 'PermissionRequest', verdict: 'deny', reason },
				],
			},
			script: [
				{ tool: 'bash', args: { command: 'touch made.txt', description: 'create a file' } },
				{ text: 'ok' },
			],
		});
		expect(run.timedOut, run.stderr).toBe(false);
		expect(existsSync(join(run.workspace, 'made.txt'))).toBe(false);
		const events = await recorded(run);
		expect(events.find((event) => event.event === 'PermissionRequest')).toMatchObject({
			verdict: 'deny',
			reason,
		});
		expect(toolResults(run).join('\n')).toContain(reason);
	});
});
