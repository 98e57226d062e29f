/*
 * Scenarios: Hookwarden changes a call instead of refusing it, and the real Copilot CLI honours the change.
 * - A workspace rule with the verdict `rewrite` turns the model's command into another one: the CLI runs the
 *   rewritten command (its `modifiedArgs`), not the one the model sent, and the audit log keeps both.
 * - A tool result carrying a credential reaches the model masked (the CLI reads `modifiedResult` from command hooks).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CopilotRun } from './support/copilotRun';
import { auditEvents, runCopilot, toolResults, waitFor } from './support/copilotRun';

let run: CopilotRun | undefined;
afterEach(() => run?.dispose());

const TOKEN = `ghp_${'Zq7'.repeat(12)}`;
// Each scenario is one CLI session; on a busy machine the default 90 s deadline is too short.
const DEADLINE_MS = 240_000;

async function loggedEvents(current: CopilotRun) {
	return waitFor(() => {
		const all = auditEvents(current.auditFile);
		return all.some((event) => event.event === 'SessionEnd') && all;
	}, 'SessionEnd in the audit log');
}

describe('Copilot CLI: rewrite and redact', () => {
	it(
		'runs the command a rewrite rule made of the model’s command, and logs both',
		async () => {
			run = await runCopilot({
				prompt: 'make the marker file',
				workspaceSettings: {
					'hookwarden.rules': [
						{
							id: 'marker-rename',
							command: 'touch original.txt',
							verdict: 'rewrite',
							rewrite: 'touch rewritten.txt',
						},
					],
				},
				script: [
					{ tool: 'bash', args: { command: 'touch original.txt', description: 'make a marker' } },
					{ text: 'Made it.' },
				],
				timeoutMs: DEADLINE_MS,
			});
			expect(run.timedOut, run.stderr).toBe(false);
			expect(run.exitCode, run.stderr).toBe(0);

			expect(existsSync(join(run.workspace, 'rewritten.txt'))).toBe(true);
			expect(existsSync(join(run.workspace, 'original.txt'))).toBe(false);

			const events = await loggedEvents(run);
			const pre = events.find((event) => event.event === 'PreToolUse');
			expect(pre?.summary).toContain('touch original.txt');
			expect(pre?.rewrite).toMatchObject({
				commandLine: 'touch rewritten.txt',
				rewrittenBy: [{ providerId: 'hookwarden.policy', ruleId: 'marker-rename' }],
			});
			// The CLI reports the call it ran: the rewritten one.
			const post = events.find((event) => event.event === 'PostToolUse');
			expect(post?.summary).toContain('touch rewritten.txt');
		},
		DEADLINE_MS + 30_000,
	);

	it(
		'masks a credential in a tool result before the model reads it',
		async () => {
			run = await runCopilot({
				prompt: 'show me the config',
				files: { 'config.txt': `registry token: ${TOKEN}\n` },
				script: [
					{ tool: 'bash', args: { command: 'cat config.txt', description: 'read the config' } },
					{ text: 'Here it is.' },
				],
				timeoutMs: DEADLINE_MS,
			});
			expect(run.timedOut, run.stderr).toBe(false);
			expect(run.exitCode, run.stderr).toBe(0);

			const results = toolResults(run);
			expect(results).toHaveLength(1);
			expect(results[0]).toContain('registry token: ghp_…[masked]…');
			expect(JSON.stringify(run.requests)).not.toContain(TOKEN);

			const events = await loggedEvents(run);
			const post = events.find((event) => event.event === 'PostToolUse');
			expect(post?.resultReplaced).toEqual({
				by: 'rule secrets.redactResult (built-in pack secrets)',
				replacedBy: expect.objectContaining({ ruleId: 'secrets.redactResult' }) as unknown,
				shown: true,
			});
		},
		DEADLINE_MS + 30_000,
	);
});
