/*
 * Scenario: in a real Copilot CLI session (no VS Code), the model deletes a tracked and an untracked file and breaks a
 * third with one shell line. Hookwarden held the workspace before the line ran and compared it after; the person
 * then restores the call from a terminal with the launcher's --restore, and a file made afterwards stays.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CopilotRun } from './support/copilotRun';
import { auditEvents, runCopilot, waitFor } from './support/copilotRun';

let run: CopilotRun | undefined;
afterEach(() => run?.dispose());

describe('Copilot CLI: what a call changed is restored with --restore', () => {
	it('brings back a deleted tracked file, a deleted untracked file and an edited one', async () => {
		run = await runCopilot({
			prompt: 'tidy the workspace',
			files: {
				'tracked.txt': 'committed content\n',
				'scratch.txt': 'never committed\n',
				'config.json': '{ "port": 8080 }\n',
			},
			script: [
				{
					tool: 'bash',
					args: {
						command:
							'git init -q && git -c user.email=t@t -c user.name=t add tracked.txt && git -c user.email=t@t -c user.name=t commit -qm tracked',
						description: 'commit',
					},
				},
				{
					tool: 'bash',
					args: {
						command: 'rm tracked.txt scratch.txt && printf broken > config.json',
						description: 'tidy',
					},
				},
				{ text: 'Tidied.' },
			],
		});
		expect(run.timedOut, run.stderr).toBe(false);
		expect(existsSync(join(run.workspace, 'tracked.txt'))).toBe(false);
		const current = run;
		const post = await waitFor(
			() =>
				auditEvents(current.auditFile).find(
					(event) => event.event === 'PostToolUse' && event.summary.includes('rm tracked.txt'),
				),
			'the PostToolUse of the tidy line in the audit log',
		);
		expect(post.observed?.[0]?.counts).toMatchObject({ deleted: 2, changed: 1 });
		writeFileSync(join(run.workspace, 'later.txt'), 'made afterwards\n');

		const restored = spawnSync(run.launcher, ['--restore', post.id], {
			cwd: run.workspace,
			env: run.env,
			encoding: 'utf8',
		});
		expect(restored.status, restored.stderr).toBe(0);
		expect(restored.stdout).toMatch(/Restored: 3 files written back, 0 removed\./);
		expect(readFileSync(join(run.workspace, 'tracked.txt'), 'utf8')).toBe('committed content\n');
		expect(readFileSync(join(run.workspace, 'scratch.txt'), 'utf8')).toBe('never committed\n');
		expect(readFileSync(join(run.workspace, 'config.json'), 'utf8')).toBe('{ "port": 8080 }\n');
		expect(readFileSync(join(run.workspace, 'later.txt'), 'utf8')).toBe('made afterwards\n');
		// git sees the tree as it was committed.
		expect(
			execFileSync('git', ['-C', run.workspace, 'status', '--porcelain'], { encoding: 'utf8' }),
		).not.toMatch(/tracked\.txt/);
	});
});
