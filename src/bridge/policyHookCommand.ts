import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import {
	installPolicyHook,
	policyHookPlan,
	uninstallPolicyHook,
} from '../node/installer/policyHook';
import { productionMachinePolicy } from '../node/settings/machinePolicy';

/** Where the command's lines go: stdout for what was done, stderr for why it was not. */
export interface CommandOutput {
	readonly out: (text: string) => void;
	readonly err: (line: string) => void;
}

// The version in the installed launcher's banner: the extension's package.json next to dist/, when it is there.
function bridgeVersion(): string {
	try {
		const manifest = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as {
			version?: unknown;
		};
		return typeof manifest.version === 'string' ? manifest.version : 'unknown';
	} catch {
		return 'unknown';
	}
}

/**
 * `--install-policy-hook` / `--uninstall-policy-hook`: writes (or removes) the Copilot policy hook that runs this
 * bridge for every user of the machine (see node/installer/policyHook.ts). Only an administrator can write the
 * folders involved, so a user gets exit 77 and one line saying so rather than a stack trace.
 */
export function policyHookCommand(uninstall: boolean, output: CommandOutput): number {
	if (process.platform !== 'win32' && process.getuid?.() !== 0) {
		output.err(
			`--${uninstall ? 'uninstall' : 'install'}-policy-hook writes system folders: run it as root (sudo ${process.execPath} ${join(__dirname, 'bridge.js')} ...)`,
		);
		return 77;
	}
	const plan = policyHookPlan(process.platform, process.execPath, bridgeVersion());
	try {
		if (uninstall) {
			uninstallPolicyHook(plan);
			output.out(`removed ${plan.hookFile} and ${plan.installFolder}\n`);
			return 0;
		}
		installPolicyHook(plan, __dirname);
	} catch (error) {
		output.err(`could not write the policy hook: ${(error as Error).message}`);
		return 73;
	}
	output.out(
		[
			`installed the bridge in ${plan.installFolder}`,
			`wrote the Copilot policy hook ${plan.hookFile}: every Copilot CLI and Agent Host session on this machine runs Hookwarden, and no user setting switches it off`,
			`lock the policy itself in ${productionMachinePolicy().file} (see docs/team.md)`,
			'',
		].join('\n'),
	);
	return 0;
}
