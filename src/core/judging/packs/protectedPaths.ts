import picomatch from 'picomatch/posix';

import { pathInside } from '../../paths/pathMath';
import type { Verdict } from '../../provider/decision';
import { EDITOR_BUILDS } from '../ownState';
import type { Finding } from '../finding';
import { ownStateFindings } from '../ownStateGuard';
import type { Pack } from '../pack';
import type { PolicyInput } from '../policyInput';
import type { TouchedPath } from '../touchedPaths';
import { touchedPaths } from '../touchedPaths';

interface ProtectedGlob {
	readonly ruleId: string;
	readonly verdict: Verdict;
	readonly what: string;
	/** Matched against the absolute path (`anywhere`) or the path relative to the home directory (`home`). */
	readonly scope: 'anywhere' | 'home';
	readonly test: (path: string) => boolean;
}

const glob = (
	ruleId: string,
	verdict: Verdict,
	what: string,
	scope: ProtectedGlob['scope'],
	patterns: string[],
): ProtectedGlob => {
	// Compiled on the first write it checks: most bridge processes never see a write and should not pay for it.
	let matcher: ((path: string) => boolean) | undefined;
	return {
		ruleId: `protectedPaths.${ruleId}`,
		verdict,
		what,
		scope,
		test: (path) => (matcher ??= picomatch(patterns, { dot: true, nocase: true }))(path),
	};
};

// Where VS Code-family builds keep `User` folders, relative to home, on Linux, macOS and Windows.
const EDITOR_ROOTS = ['.config', 'Library/Application Support', 'AppData/Roaming'].join(',');
const EDITOR_BUILD_NAMES = EDITOR_BUILDS.join(',');

// Hook wiring and policy settings are denied outright: an agent that could edit them could loosen its own policy.
const PROTECTED: readonly ProtectedGlob[] = [
	glob('hookFiles', 'deny', 'agent hook configuration', 'anywhere', [
		'**/.github/hooks/**',
		'**/.github/copilot/settings*.json',
	]),
	glob('policySettings', 'deny', 'editor policy settings or tasks', 'anywhere', [
		'**/.vscode/settings.json',
		'**/.vscode/tasks.json',
		'**/*.code-workspace',
	]),
	glob('claudeSettings', 'deny', 'Claude hook and permission settings', 'anywhere', [
		'**/.claude/settings*.json',
	]),
	glob('userHookFiles', 'deny', 'user-level agent hooks and settings', 'home', [
		'.copilot/hooks/**',
		'.copilot/settings*.json',
		'.claude/settings*.json',
		`{${EDITOR_ROOTS}}/{${EDITOR_BUILD_NAMES}}/User/{settings,tasks}.json`,
		`{${EDITOR_ROOTS}}/{${EDITOR_BUILD_NAMES}}/User/profiles/*/{settings,tasks}.json`,
		'.local/share/code-server/User/{settings,tasks}.json',
		'.local/share/code-server/User/profiles/*/{settings,tasks}.json',
		'.{vscode,vscode-insiders,cursor,windsurf}-server*/data/{User,Machine}/{settings,tasks}.json',
		'.{vscode,vscode-insiders,cursor,windsurf}-server*/data/User/profiles/*/{settings,tasks}.json',
		'.hookwarden/**',
	]),
	glob('auditLogs', 'deny', "Hookwarden's audit log", 'anywhere', [
		'**/User/globalStorage/hookwarden.hookwarden/**',
		'**/User/workspaceStorage/*/hookwarden.hookwarden/**',
	]),
	glob('gitHooks', 'deny', 'git hooks, which git runs without a hook call', 'anywhere', [
		'**/.git/hooks/**',
		'**/.git/hooks',
	]),
	glob('envFiles', 'ask', 'an environment file that usually holds secrets', 'anywhere', [
		'**/.env',
		'**/.env.*',
		'**/.env*',
	]),
	glob('gitInternals', 'ask', "git's internal state", 'anywhere', ['**/.git/**', '**/.git']),
];

/**
 * Denies agent writes to hook files, policy settings, git hooks and Hookwarden's own state (so an agent cannot loosen
 * its own policy or switch Hookwarden off, whether by a file tool or by a shell command that writes there), denies
 * reading Hookwarden's secret, and asks before writes to `.env*` files and the rest of `.git/`.
 */
export const protectedPathsPack: Pack = {
	id: 'protectedPaths',
	evaluate(input: PolicyInput): readonly Finding[] {
		const { event } = input;
		if (event.name !== 'PreToolUse') {
			return [];
		}
		const writes = touchedPaths(input).filter((p) => p.viaShell || event.tool.kind === 'fileWrite');
		const findings: Finding[] = ownStateFindings(input);
		for (const rule of PROTECTED) {
			const hit = writes.find((path) => matches(rule, path, input.homeDir));
			if (hit) {
				findings.push({
					verdict: rule.verdict,
					ruleId: rule.ruleId,
					reason:
						rule.verdict === 'deny'
							? `'${hit.raw}' is ${rule.what}; agents may not change it. Ask the person to make this change themselves.`
							: `'${hit.raw}' is ${rule.what}; changing it needs a person's approval.`,
					source: { kind: 'builtin', pack: 'protectedPaths' },
					path: hit.raw,
				});
			}
		}
		return findings;
	},
};

function matches(rule: ProtectedGlob, path: TouchedPath, homeDir: string | undefined): boolean {
	if (rule.scope === 'anywhere') {
		return rule.test(path.absolute.replace(/^[a-zA-Z]:/, ''));
	}
	const relative = homeDir ? pathInside(path.absolute, homeDir) : undefined;
	return relative !== undefined && relative !== '' && rule.test(relative);
}
