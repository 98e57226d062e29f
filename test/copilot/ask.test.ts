/*
 * Scenario: a workspace rule says `ask` for `touch`. Headless (no VS Code window), Hookwarden hands an `ask` to the
 * agent's own confirmation (README, hookwarden.approval.mode; approvalGate.ts): the hook answers
 * `permissionDecision: "ask"` and records verdict `ask`. The CLI in `-p` mode has nobody to ask, so it refuses the call
 * ("unable to ask user for confirmation") even under --allow-all-tools, and the model receives the rule's reason
 * with what a snapshot could undo.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CopilotRun } from './support/copilotRun';
import { auditEvents, runCopilot, toolResults, waitFor } from './support/copilotRun';

let run: CopilotRun | undefined;
afterEach(() => run?.dispose());

const REASON = 'Creating files needs a person to agree.';
/** What a headless ask adds for the harness's own confirmation: `touch` of a new file puts nothing existing at risk. */
const ASKED = `${REASON} Restorable: no existing file is at risk.`;

describe("Copilot CLI: a rule's ask, headless", () => {
	it('goes to the CLI, which cannot ask in -p mode and refuses with the rule reason', async () => {
		run = await runCopilot({
			prompt: 'create asked.txt',
			workspaceSettings: {
				'hookwarden.rules': [{ id: 'ask-touch', command: 'touch', verdict: 'ask', reason: REASON }],
			},
			script: [
				{ tool: 'bash', args: { command: 'touch asked.txt', description: 'create a file' } },
				{ text: 'ok' },
			],
		});
		expect(run.timedOut, run.stderr).toBe(false);
		expect(run.exitCode, run.stderr).toBe(0);
		expect(existsSync(join(run.workspace, 'asked.txt'))).toBe(false);

		const current = run;
		const events = await waitFor(() => {
			const all = auditEvents(current.auditFile);
			return all.some((event) => event.event === 'SessionEnd') && all;
		}, 'SessionEnd in the audit log');
		const pre = events.find((event) => event.event === 'PreToolUse');
		expect(pre).toMatchObject({
			verdict: 'ask',
			reason: ASKED,
			decidedBy: { ruleId: 'ask-touch' },
		});

		const results = toolResults(run);
		expect(results).toEqual([
			`Denied by preToolUse hook (unable to ask user for confirmation): ${ASKED}`,
		]);
	});
});
