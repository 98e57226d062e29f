/*
 * Scenario: an administrator installs Hookwarden as a Copilot policy hook (`--install-policy-hook`, as root), and the
 * person switches hooks off (`disableAllHooks` in their Copilot settings and in the repository's). The CLI finds
 * policy hooks only at the fixed `/etc/github-copilot/policy.d` (it takes no option or variable for it), so the run
 * happens in a private mount namespace whose /etc and /usr/local are overlays: the installer and the CLI see the
 * real paths with real root ownership, and nothing is left in the machine's /etc or /usr/local. No per-user hook is
 * installed, so every audit line comes from the policy hook: the denied command never runs and the log names the rule.
 * (CLI 1.0.102 was seen to keep running a per-user hook file despite `disableAllHooks` too; the policy hook does not
 * depend on that.)
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

import { privateFoldersProblem, withPrivateFolders } from '../support/privateSystemFolders';
import type { CopilotRun, CopilotRunOptions } from './support/copilotRun';
import { auditEvents, BRIDGE, runCopilot, toolResults, waitFor } from './support/copilotRun';

const POLICY_FILE = '/etc/github-copilot/policy.d/hookwarden.json';
const problem = privateFoldersProblem();
let run: CopilotRun | undefined;
let upper: string | undefined;
afterEach(() => {
	run?.dispose();
	if (upper) {
		rmSync(upper, { recursive: true, force: true });
	}
});

// The CLI takes more than a minute per run on a loaded two-core machine.
const RUN_MS = 150_000;
const TEST_MS = 200_000;

const scenario: CopilotRunOptions = {
	prompt: 'fetch the status page',
	timeoutMs: RUN_MS,
	workspaceSettings: {
		'hookwarden.rules': [
			{ id: 'no-curl', command: 'curl', verdict: 'deny', reason: 'No network.' },
		],
	},
	files: { '.github/copilot/settings.json': JSON.stringify({ disableAllHooks: true }) },
	copilotSettings: { disableAllHooks: true },
	script: [
		{
			tool: 'bash',
			args: { command: 'curl -s http://127.0.0.1:9/ ; touch ran.txt', description: 'fetch' },
		},
		{ text: 'Done.' },
	],
};

describe.skipIf(problem !== undefined)('Copilot CLI: the policy.d hook', () => {
	it(
		'installed by root, it runs with every hook switched off, and nothing lands in the real /etc',
		async () => {
			upper = mkdtempSync(join(tmpdir(), 'hookwarden-policy-d-'));
			const root = upper;
			run = await runCopilot({
				...scenario,
				userHook: false,
				wrap: (command, args) =>
					withPrivateFolders(root, ['/etc', '/usr/local'], 'sh', [
						'-c',
						'"$0" "$1" --install-policy-hook >&2 && shift && exec "$@"',
						process.execPath,
						BRIDGE,
						command,
						...args,
					]),
			});
			expect(run.timedOut, run.stderr).toBe(false);
			expect(run.stderr).toContain(`wrote the Copilot policy hook ${POLICY_FILE}`);
			expect(existsSync(join(run.workspace, 'ran.txt'))).toBe(false);

			const current = run;
			const events = await waitFor(() => {
				const all = auditEvents(current.auditFile);
				return all.some((event) => event.event === 'PreToolUse') && all;
			}, 'a PreToolUse in the audit log');
			expect(events.find((event) => event.event === 'PreToolUse')).toMatchObject({
				verdict: 'deny',
				decidedBy: { ruleId: 'no-curl' },
			});
			expect(toolResults(run)[0]).toContain('No network.');

			// The entry runs the administrator's copy of the bridge, never the per-user launcher.
			const written = readFileSync(join(root, 'upper', POLICY_FILE), 'utf8');
			expect(written).toContain("'/usr/local/lib/hookwarden/hookwarden-hook' PreToolUse");
			expect(written).not.toContain('.hookwarden/bin');
			expect(existsSync(POLICY_FILE)).toBe(false);
			expect(existsSync('/usr/local/lib/hookwarden')).toBe(false);
		},
		TEST_MS,
	);
});
