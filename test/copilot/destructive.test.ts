/*
 * Scenario: the model asks the CLI to run a recursive forced delete of the whole workspace. Even with
 * --allow-all-tools (so only Hookwarden stands in the way), the built-in destructiveCommands pack denies it headless:
 * the folder is untouched, the model receives Hookwarden's reason, and the audit log names the rule.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CopilotRun } from './support/copilotRun';
import { auditEvents, runCopilot, toolResults, waitFor } from './support/copilotRun';

let run: CopilotRun | undefined;
afterEach(() => run?.dispose());

describe('Copilot CLI: a destructive command is denied', () => {
	it('rm -rf of the workspace never runs, and the model is told why', async () => {
		run = await runCopilot({
			prompt: 'clean up everything here',
			files: { 'precious/keep.txt': 'still here\n', 'precious/nested/deep.txt': 'me too\n' },
			script: [
				// A delete of a folder inside the workspace is asked (and --allow-all-tools then lets it run, as the CLI
				// documents); a delete of the workspace itself is denied whatever the harness allows.
				{ tool: 'bash', args: { command: 'rm -rf "$PWD"', description: 'delete everything' } },
				{ text: 'I could not delete it.' },
			],
		});
		expect(run.timedOut, run.stderr).toBe(false);
		expect(run.exitCode, run.stderr).toBe(0);

		// The file system is untouched.
		expect(readFileSync(join(run.workspace, 'precious/keep.txt'), 'utf8')).toBe('still here\n');
		expect(existsSync(join(run.workspace, 'precious/nested/deep.txt'))).toBe(true);

		const current = run;
		const events = await waitFor(() => {
			const all = auditEvents(current.auditFile);
			return all.some((event) => event.event === 'SessionEnd') && all;
		}, 'SessionEnd in the audit log');
		const pre = events.find((event) => event.event === 'PreToolUse');
		expect(pre).toMatchObject({ verdict: 'deny', tool: 'Bash' });
		expect(pre?.decidedBy?.ruleId).toMatch(/^destructiveCommands\./);
		expect(pre?.reason).toBeTruthy();
		// A denied call never ran: no PostToolUse (or failure) for it.
		expect(events.map((event) => event.event)).not.toContain('PostToolUse');

		// The model received the CLI's deny message carrying Hookwarden's reason.
		const results = toolResults(run);
		expect(results).toHaveLength(1);
		expect(results[0]).toContain('Denied by preToolUse hook');
		expect(results[0]).toContain(pre?.reason ?? '<no reason>');
	});
});
