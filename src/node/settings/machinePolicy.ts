import type { Stats } from 'node:fs';
import { realpathSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

import { hookwardenValues } from '../../core/settings/readPolicySettings';
import type { SettingsLayer } from '../../core/settings/settingsLayer';
import { readSettingsFile } from './readSettingsFile';
import { childProcess } from '../childProcess';

/**
 * Where the machine policy lives on each platform: a place only the administrator can write. The path is a constant
 * of the build, never read from the environment or a setting, so neither the person nor an agent running as them
 * can point Hookwarden at a policy of their own (see docs/team.md).
 */
export const MACHINE_POLICY_FILES = {
	linux: '/etc/hookwarden/policy.json',
	darwin: '/Library/Application Support/Hookwarden/policy.json',
	// %ProgramData% on every Windows install that did not move it; the variable itself is not read (it is the
	// caller's environment).
	win32: 'C:\\ProgramData\\Hookwarden\\policy.json',
} as const;

/** What a file's owner and mode must be for its content to count as the administrator's. */
export type OwnerCheck = (file: string) => string | undefined;

/** Where to read a machine policy and how to tell the administrator wrote it; production has exactly one. */
export interface MachinePolicyLocation {
	readonly file: string;
	/** Returns why the file (or its folder) could have been written by someone else, or `undefined` when it cannot. */
	readonly checkOwner: OwnerCheck;
}

/** What reading the machine policy found. */
export type MachinePolicyReading =
	| { readonly kind: 'absent'; readonly file: string }
	| { readonly kind: 'ignored'; readonly file: string; readonly problem: string }
	| {
			readonly kind: 'read';
			readonly file: string;
			readonly layer: SettingsLayer;
			/** Syntax errors and ignored keys, one line each; what could be read still applies. */
			readonly problems: readonly string[];
	  };

/** The machine policy location of this platform, with the owner check of this platform. */
export function productionMachinePolicy(
	platform: NodeJS.Platform = process.platform,
): MachinePolicyLocation {
	if (platform === 'win32') {
		return { file: MACHINE_POLICY_FILES.win32, checkOwner: windowsOwnerCheck };
	}
	// On macOS the `admin` group (80) administers the machine; elsewhere only root's group (0) may write.
	const groups = platform === 'darwin' ? [0, 80] : [0];
	return {
		file: platform === 'darwin' ? MACHINE_POLICY_FILES.darwin : MACHINE_POLICY_FILES.linux,
		checkOwner: posixOwnerCheck(0, groups),
	};
}

/**
 * Reads the machine policy: the same flat `hookwarden.*` keys as a settings.json, as a layer that locks what it sets
 * (see readPolicySettings). A file that someone other than the administrator could have written is ignored whole,
 * with the reason: its content might be anyone's. A missing file is the normal case and costs one failed `stat`.
 */
export function readMachinePolicy(location: MachinePolicyLocation): MachinePolicyReading {
	const { file } = location;
	try {
		statSync(file);
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === 'ENOENT' || code === 'ENOTDIR') {
			return { kind: 'absent', file };
		}
		return { kind: 'ignored', file, problem: `cannot be read (${code ?? String(error)})` };
	}
	const wrongOwner = location.checkOwner(file);
	if (wrongOwner !== undefined) {
		return { kind: 'ignored', file, problem: wrongOwner };
	}
	const reading = readSettingsFile(file);
	if (reading.kind === 'missing') {
		return { kind: 'absent', file };
	}
	if (reading.kind === 'unreadable') {
		return { kind: 'ignored', file, problem: reading.message };
	}
	return {
		kind: 'read',
		file,
		layer: {
			source: { kind: 'machinePolicy', file },
			values: hookwardenValues(reading.value),
			locks: true,
		},
		problems: reading.problems,
	};
}

/** One line for a person: why the machine policy is not applied, or undefined when it is (or there is none). */
export function describeMachinePolicyProblem(reading: MachinePolicyReading): string | undefined {
	return reading.kind === 'ignored'
		? `the machine policy ${reading.file} is ignored: ${reading.problem}`
		: undefined;
}

/**
 * The POSIX check: the file and the folders it is reached through belong to `owner` and nobody else can write them
 * (group write only for `adminGroups`). A folder matters as much as the file: whoever can write the folder can
 * replace the file.
 */
export function posixOwnerCheck(owner: number, adminGroups: readonly number[]): OwnerCheck {
	const why = (path: string, stats: Stats, what: string): string | undefined => {
		if (stats.uid !== owner) {
			return `${what} ${path} belongs to uid ${stats.uid}, not ${owner === 0 ? 'root' : `uid ${owner}`}`;
		}
		if (stats.mode & 0o002) {
			return `${what} ${path} can be written by every user (mode ${modeOf(stats)})`;
		}
		if (stats.mode & 0o020 && !adminGroups.includes(stats.gid)) {
			return `${what} ${path} can be written by group ${stats.gid} (mode ${modeOf(stats)})`;
		}
		return undefined;
	};
	return (file) => {
		try {
			const real = realpathSync.native(file);
			const checked = new Set<string>();
			for (const [path, what] of [
				[real, 'the file'],
				[dirname(real), 'its folder'],
				[dirname(file), 'its folder'],
			] as const) {
				if (checked.has(path)) {
					continue;
				}
				checked.add(path);
				const problem = why(path, statSync(path), what);
				if (problem !== undefined) {
					return problem;
				}
			}
			return undefined;
		} catch (error) {
			return `its owner cannot be checked (${(error as Error).message})`;
		}
	};
}

function modeOf(stats: Stats): string {
	return (stats.mode & 0o777).toString(8).padStart(3, '0');
}

/** SIDs that administer a Windows machine: SYSTEM, Administrators, TrustedInstaller. */
const WINDOWS_ADMIN_SIDS = new Set([
	'S-1-5-18',
	'S-1-5-32-544',
	'S-1-5-80-956008885-3418522649-1831038044-1853292631-2271478464',
]);
// CREATOR OWNER's entry applies to the owner, who is checked to be an administrator.
const WINDOWS_CREATOR_OWNER = 'S-1-3-0';

// Prints the owner SID, then the SID of every identity an Allow entry grants a right that changes the file
// (write data, append, write attributes, delete, change permissions, take ownership), for the file and its folder.
const WINDOWS_ACL_SCRIPT = `$ErrorActionPreference = 'Stop'
foreach ($p in @($env:HOOKWARDEN_POLICY_FILE, (Split-Path -Parent $env:HOOKWARDEN_POLICY_FILE))) {
  $acl = Get-Acl -LiteralPath $p
  'owner ' + $acl.GetOwner([System.Security.Principal.SecurityIdentifier]).Value
  foreach ($rule in $acl.Access) {
    if ($rule.AccessControlType -eq 'Allow' -and (([int]$rule.FileSystemRights) -band 0xD0116)) {
      'writer ' + $rule.IdentityReference.Translate([System.Security.Principal.SecurityIdentifier]).Value
    }
  }
}`;

/**
 * The Windows check, through `Get-Acl`: Node has no API for owners and ACLs. It runs only when the file exists (a
 * machine with a policy), and costs one PowerShell start there.
 */
export function windowsOwnerCheck(file: string): string | undefined {
	const result = childProcess().spawnSync(
		'powershell.exe',
		['-NoProfile', '-NonInteractive', '-Command', WINDOWS_ACL_SCRIPT],
		{
			encoding: 'utf8',
			windowsHide: true,
			timeout: 10_000,
			env: { ...process.env, HOOKWARDEN_POLICY_FILE: file },
		},
	);
	if (result.status !== 0) {
		const why = result.stderr.trim() || (result.error?.message ?? 'PowerShell failed');
		return `its owner cannot be checked (${why})`;
	}
	return judgeWindowsAcl(result.stdout);
}

/** Reads the lines WINDOWS_ACL_SCRIPT prints and says who other than an administrator could change the file. */
export function judgeWindowsAcl(output: string): string | undefined {
	const lines = output
		.split(/\r?\n/)
		.map((line) => line.trim())
		.filter(Boolean);
	if (!lines.some((line) => line.startsWith('owner '))) {
		return 'its owner cannot be checked (no owner reported)';
	}
	for (const line of lines) {
		const [kind, sid = ''] = line.split(' ');
		if (kind === 'owner' && !WINDOWS_ADMIN_SIDS.has(sid)) {
			return `it or its folder is owned by ${sid}, not an administrator`;
		}
		if (kind === 'writer' && !WINDOWS_ADMIN_SIDS.has(sid) && sid !== WINDOWS_CREATOR_OWNER) {
			return `it or its folder can be changed by ${sid}, who is not an administrator`;
		}
	}
	return undefined;
}
