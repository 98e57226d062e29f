/*
 * Scenario: `hookwarden.context.sessionStart` reaches the model. The CLI sends a PascalCase key's SessionStart payload
 * in snake_case with `initial_prompt` (read as the Claude dialect) and reads only a top-level `additionalContext`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { CopilotRun } from './support/copilotRun';
import { auditEvents, runCopilot } from './support/copilotRun';

let run: CopilotRun | undefined;
afterEach(() => run?.dispose());

const CONTEXT = 'House rule 7: always use pnpm in this repository.';

describe('Copilot CLI: session start context', () => {
	it("Hookwarden's session context is in the model's first request", async () => {
		run = await runCopilot({
			prompt: 'hello',
			workspaceSettings: { 'hookwarden.context.sessionStart': CONTEXT },
			script: [{ text: 'hi' }],
		});
		expect(run.timedOut, run.stderr).toBe(false);
		expect(run.exitCode, run.stderr).toBe(0);
		expect(JSON.stringify(run.requests[0])).toContain(CONTEXT);
		expect(auditEvents(run.auditFile)[0]).toMatchObject({
			event: 'SessionStart',
			dialect: 'claude',
		});
	});
});
