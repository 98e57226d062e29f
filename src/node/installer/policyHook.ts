/*
 * The Copilot policy hook: what `hookwarden --install-policy-hook` (run by an administrator) writes so the Copilot
 * runtime runs Hookwarden on every hook event, for every user, with no way for a user to switch it off.
 *
 * The Copilot CLI (1.0.102) reads policy hooks from the fixed folder `/etc/github-copilot/policy.d/*.json`
 * (`C:\ProgramData\GitHub\Copilot\policy.d` on Windows): observed with strace, it opens exactly that path whatever its
 * environment says, and `disableAllHooks` does not switch these hooks off. A policy hook is only as strong as what it
 * runs, so the entry does not point at the per-user launcher in `~/.hookwarden/bin` (the user, or an agent running as
 * the user, could rewrite it): the bridge bundles are copied into an administrator-owned folder with a launcher that
 * names its node runtime by absolute path and reads nothing from the environment to find it. A missing launcher makes
 * the command fail, which the CLI treats as a deny for `preToolUse`: a policy hook fails closed.
 */
import { bridgeFiles } from './bridgeFiles';
import { chmodSync, copyFileSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, win32 } from 'node:path';

import { HOOK_EVENT_NAMES } from '../../core/events/hookEventName';

/** Where the policy hook's parts go on one platform. */
export interface PolicyHookPlan {
	/** The administrator-owned folder holding the bridge bundles and the launcher. */
	readonly installFolder: string;
	readonly launcher: string;
	readonly launcherText: string;
	/** The Copilot policy hook file (`policy.d/hookwarden.json`). */
	readonly hookFile: string;
	readonly hookFileText: string;
}

/** The fixed folders of Copilot's policy hooks and of the installed bridge, per platform. */
export const POLICY_HOOK_FOLDERS = {
	posix: { policyD: '/etc/github-copilot/policy.d', install: '/usr/local/lib/hookwarden' },
	win32: {
		policyD: 'C:\\ProgramData\\GitHub\\Copilot\\policy.d',
		install: 'C:\\Program Files\\Hookwarden',
	},
} as const;

/**
 * The policy hook waits at most as long as the longest approval a setting allows (3600 s) plus the margin the
 * per-user hook file keeps, so the runner never kills a hook that waits for a person (a timeout fails open).
 */
const POLICY_HOOK_TIMEOUT_SECONDS = 3600 + 30;

/** Quotes one POSIX shell word. */
function sh(value: string): string {
	return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** Quotes one PowerShell literal. */
function ps(value: string): string {
	return `'${value.replace(/'/g, "''")}'`;
}

/** What to write for `platform`, running the bridge with the node runtime at `nodePath`. */
export function policyHookPlan(
	platform: NodeJS.Platform,
	nodePath: string,
	version: string,
): PolicyHookPlan {
	const windows = platform === 'win32';
	const folders = windows ? POLICY_HOOK_FOLDERS.win32 : POLICY_HOOK_FOLDERS.posix;
	const path = windows ? win32 : posix;
	const bridge = path.join(folders.install, 'bridge.js');
	const launcher = path.join(folders.install, windows ? 'hookwarden-hook.ps1' : 'hookwarden-hook');
	const launcherText = windows
		? `# Hookwarden policy hook launcher ${version}, installed by an administrator with --install-policy-hook. Do not edit.\r\n$input | & ${ps(nodePath)} ${ps(bridge)} @args\r\nexit $LASTEXITCODE\r\n`
		: `#!/bin/sh\n# Hookwarden policy hook launcher ${version}, installed by an administrator with --install-policy-hook. Do not edit.\nexec ${sh(nodePath)} ${sh(bridge)} "$@"\n`;
	const hooks = Object.fromEntries(
		HOOK_EVENT_NAMES.map((event) => [
			event,
			[
				{
					type: 'command',
					bash: `${sh(launcher)} ${event}`,
					powershell: `& ${ps(launcher)} ${event}`,
					timeoutSec: POLICY_HOOK_TIMEOUT_SECONDS,
				},
			],
		]),
	);
	return {
		installFolder: folders.install,
		launcher,
		launcherText,
		hookFile: path.join(folders.policyD, 'hookwarden.json'),
		// Policy documents must say `version: 1` (CLI 1.0.102 skips one without it: "version: Required"); PascalCase
		// event names make the runtime send VS Code-format payloads, as the per-user hook file does.
		hookFileText: `${JSON.stringify({ version: 1, hooks }, null, '\t')}\n`,
	};
}

/**
 * Installs the policy hook: copies the bridge files from `distFolder`, writes the launcher, then the policy hook file
 * (last, so Copilot never runs an entry whose launcher is not there yet). Every file is written to a temporary name
 * and renamed, readable by everyone and writable only by the administrator running this.
 */
export function installPolicyHook(plan: PolicyHookPlan, distFolder: string): string[] {
	mkdirSync(plan.installFolder, { recursive: true, mode: 0o755 });
	chmodSync(plan.installFolder, 0o755);
	const written: string[] = [];
	const place = (target: string, write: (temporary: string) => void, mode: number) => {
		const temporary = `${target}.${process.pid}.tmp`;
		write(temporary);
		chmodSync(temporary, mode);
		renameSync(temporary, target);
		written.push(target);
	};
	for (const name of bridgeFiles(distFolder)) {
		place(join(plan.installFolder, name), (t) => copyFileSync(join(distFolder, name), t), 0o644);
	}
	place(plan.launcher, (t) => writeFileSync(t, plan.launcherText), 0o755);
	mkdirSync(dirname(plan.hookFile), { recursive: true, mode: 0o755 });
	place(plan.hookFile, (t) => writeFileSync(t, plan.hookFileText), 0o644);
	return written;
}

/** Removes the policy hook file first (so Copilot stops running it), then the installed bridge. */
export function uninstallPolicyHook(plan: PolicyHookPlan): void {
	rmSync(plan.hookFile, { force: true });
	rmSync(plan.installFolder, { recursive: true, force: true });
}
