import picomatch from 'picomatch/posix';

import { isAbsolutePath, normalizePath, resolvePath } from '../paths/pathMath';
import type { SimpleCommand } from '../reading/shell/commandLine';
import { powerShellCmdlet } from '../reading/shell/powershellCmdlets';
import { programName } from '../reading/shell/programName';
import { writtenPaths } from '../reading/shell/writtenPaths';
import { editorSwitchOff } from './editorSwitchOff';
import type { Finding } from './finding';
import type { OwnStateLocations } from './ownState';
import type { PolicyInput } from './policyInput';

/** One location of Hookwarden's own state, what it is, and why an agent may not change it. */
interface Guarded {
	readonly path: string;
	readonly what: string;
	readonly why: string;
}

/** How a command or tool uses a path: writes into it, moves or deletes it (so a parent counts), or links to it. */
type Use = 'write' | 'moveOrDelete' | 'link';

/** One path an event names, as written, with how it is used and where it may resolve to. */
interface Target {
	readonly raw: string;
	readonly use: Use;
	/** Absolute paths or absolute glob patterns it may stand for (every candidate cwd, every brace alternative). */
	readonly candidates: readonly string[];
	/** True when an unknown variable or cwd stood in the way, so a hit is only likely: `ask`, not `deny`. */
	readonly uncertain: boolean;
}

const SOURCE = { kind: 'builtin', pack: 'protectedPaths' } as const;
const WHY_HOOKS = 'it decides which hooks run, so changing it can switch Hookwarden off';
const WHY_POLICY = 'it holds the policy Hookwarden enforces, so changing it can loosen that policy';

/** Programs and cmdlets whose operands are moved or deleted, so naming a parent folder of own state removes it too. */
const MOVERS = new Set([
	'rm',
	'rmdir',
	'unlink',
	'shred',
	'mv',
	'remove-item',
	'move-item',
	'rename-item',
]);
/** Programs that read a whole folder when given one, so naming the runtime folder reads the secret. */
const FOLDER_READERS = new Set([
	'cp',
	'tar',
	'zip',
	'7z',
	'rsync',
	'scp',
	'grep',
	'egrep',
	'fgrep',
	'rg',
	'ag',
	'copy-item',
	'compress-archive',
	'select-string',
]);
// File-tool argument keys besides the usual path keys that name a path a rename, move or copy tool touches.
const MOVE_KEYS = [
	'source',
	'destination',
	'oldPath',
	'newPath',
	'old_path',
	'new_path',
	'sourcePath',
	'targetPath',
	'from',
	'to',
	'target',
];
const GLOB_CHARS = /[*?[]/;
const MAX_BRACE_EXPANSIONS = 64;
const SEGMENT = { dot: true, nocase: true } as const;

/** `normalizePath`, skipped for the common path that is already normal (no `\\`, `//`, `.` or `..` segment, no trailing `/`). */
function cleanPath(path: string): string {
	return /\\|\/\/|\/\.\.?(?:\/|$)|.\/$/.test(path) ? normalizePath(path) : path;
}

/** Whether normalised `path` is `folder` or inside it; caseless for Windows drive paths, as `pathInside` is. */
function within(path: string, folder: string): boolean {
	if (/^[a-zA-Z]:/.test(folder)) {
		[path, folder] = [path.toLowerCase(), folder.toLowerCase()];
	}
	return (
		path === folder ||
		(path.startsWith(folder) && path.charCodeAt(folder.length) === 0x2f) ||
		folder === '/'
	);
}

// Guarded locations depend only on the locations, home and workspace: worked out once per combination.
const guardedCache = new WeakMap<OwnStateLocations, Map<string, Guarded[]>>();

/** The guarded locations for this event: the node layer's own-state paths plus the workspace's and home's hook files. */
function guardedLocations(input: PolicyInput, own: OwnStateLocations): Guarded[] {
	const key = `${input.homeDir ?? ''}\0${input.workspaceFolder ?? ''}`;
	let byKey = guardedCache.get(own);
	if (!byKey) {
		byKey = new Map();
		guardedCache.set(own, byKey);
	}
	let guarded = byKey.get(key);
	if (!guarded) {
		guarded = computeGuarded(input, own);
		byKey.set(key, guarded);
	}
	return guarded;
}

function computeGuarded(input: PolicyInput, own: OwnStateLocations): Guarded[] {
	const guarded: Guarded[] = [];
	const add = (path: string | undefined, what: string, why: string) => {
		if (path) {
			guarded.push({ path: cleanPath(path), what, why });
		}
	};
	add(own.launcherFolder, "Hookwarden's hook launchers", WHY_HOOKS);
	add(
		own.runtimeFolder,
		"Hookwarden's runtime folder (window leases, the secret, sockets)",
		'it is how hook calls reach the window and prove their answers',
	);
	add(own.secretFile, "Hookwarden's secret", 'it signs the answers hook calls trust');
	for (const file of own.keyFiles ?? []) {
		add(file, "Hookwarden's secret", 'it signs the answers hook calls trust');
	}
	for (const file of own.outerSettingsFiles ?? []) {
		add(file, 'settings above the workspace', WHY_POLICY);
	}
	for (const path of own.editorExtensionRecords ?? []) {
		add(path, "the editor's extensions or the record of which are enabled", WHY_HOOKS);
	}
	for (const folder of own.otherFolders ?? []) {
		add(folder, "Hookwarden's socket folder", 'it is how hook calls reach the window');
	}
	for (const path of own.auditPaths) {
		add(path, "Hookwarden's audit log or its pointer files", 'it is the record of what agents did');
	}
	add(own.userSettingsFile, 'the user settings Hookwarden reads', WHY_POLICY);
	for (const folder of own.editorUserFolders ?? []) {
		add(`${folder}/settings.json`, 'editor user settings', WHY_POLICY);
		add(`${folder}/tasks.json`, 'editor user tasks', 'tasks can run commands without a hook call');
		add(`${folder}/profiles`, 'editor profile settings', WHY_POLICY);
		add(
			`${folder}/globalStorage/hookwarden.hookwarden`,
			"Hookwarden's audit storage",
			'it is the record of what agents did',
		);
	}
	const home = input.homeDir;
	if (home) {
		add(`${home}/.copilot/hooks`, 'user-level agent hooks', WHY_HOOKS);
		add(`${home}/.claude/settings.json`, 'user-level Claude hooks and permissions', WHY_HOOKS);
		add(
			`${home}/.claude/settings.local.json`,
			'user-level Claude hooks and permissions',
			WHY_HOOKS,
		);
	}
	const workspace = input.workspaceFolder;
	if (workspace) {
		add(`${workspace}/.github/hooks`, "the workspace's agent hooks", WHY_HOOKS);
		add(`${workspace}/.claude/settings.json`, "the workspace's Claude hooks", WHY_HOOKS);
		add(`${workspace}/.claude/settings.local.json`, "the workspace's Claude hooks", WHY_HOOKS);
		add(`${workspace}/.vscode/settings.json`, "the workspace's editor settings", WHY_POLICY);
		add(
			`${workspace}/.vscode/tasks.json`,
			"the workspace's tasks",
			'tasks can run commands without a hook call',
		);
		add(
			`${workspace}/.git/hooks`,
			"the repository's git hooks",
			'git runs them without a hook call',
		);
		add(
			`${workspace}/.git/config`,
			"the repository's git config",
			'its core.hooksPath chooses which git hooks run',
		);
	}
	return guarded;
}

/** Splits `a{b,c}d` into `abd`, `acd`, nested braces included, up to {@link MAX_BRACE_EXPANSIONS} results. */
function expandBraces(word: string): string[] {
	const open = word.indexOf('{');
	if (open < 0) {
		return [word];
	}
	let depth = 0;
	const commas: number[] = [];
	for (let index = open; index < word.length; index++) {
		const letter = word[index];
		if (letter === '{') {
			depth++;
		} else if (letter === '}') {
			depth--;
			if (depth === 0) {
				if (commas.length === 0) {
					return expandBraces(word.slice(index + 1)).map((rest) => word.slice(0, index + 1) + rest);
				}
				const parts: string[] = [];
				let start = open + 1;
				for (const comma of [...commas, index]) {
					parts.push(word.slice(start, comma));
					start = comma + 1;
				}
				const [head, tail] = [word.slice(0, open), word.slice(index + 1)];
				const results: string[] = [];
				for (const part of parts) {
					for (const expanded of expandBraces(head + part + tail)) {
						if (results.length >= MAX_BRACE_EXPANSIONS) {
							return results;
						}
						results.push(expanded);
					}
				}
				return results;
			}
		} else if (letter === ',' && depth === 1) {
			commas.push(index);
		}
	}
	return [word];
}

/** Replaces `$NAME`, `${NAME}` and `$env:NAME` with known values; an unknown one becomes `**` and makes the path uncertain. */
function expandVariables(
	word: string,
	variables: Readonly<Record<string, string>>,
): { readonly text: string; readonly unknown: boolean } {
	let unknown = false;
	const text = word.replace(
		/\$(?:env:)?(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/gi,
		(_whole, braced: string | undefined, bare: string | undefined) => {
			const name = braced ?? bare ?? '';
			const value = variables[name] ?? variables[name.toUpperCase()];
			if (value === undefined) {
				unknown = true;
				return '**';
			}
			return value;
		},
	);
	return { text, unknown };
}

/** The directories a command may run in: its own `cwd` when the reader knew it, else the line's and every earlier `cd`'s. */
function cwdsOf(
	commands: readonly SimpleCommand[],
	base: string | undefined,
	home: string | undefined,
): { readonly cwds: readonly (readonly string[])[]; readonly unknown: readonly boolean[] } {
	const seen: string[] = base ? [normalizePath(base)] : [];
	let lost = false;
	const cwds: string[][] = [];
	const unknown: boolean[] = [];
	for (const command of commands) {
		if (command.cwd !== undefined || command.cwdUnknown) {
			cwds.push(command.cwd !== undefined ? [resolvePath(command.cwd, base, home)] : []);
			unknown.push(command.cwdUnknown === true);
		} else {
			cwds.push([...seen]);
			unknown.push(lost);
		}
		const name = programName(command.argv[0] ?? '');
		if (name === 'cd' || name === 'pushd' || name === 'set-location' || name === 'sl') {
			const to = command.argv.slice(1).find((word) => !word.startsWith('-')) ?? '~';
			if (/[$`]/.test(to) || command.argv.includes('-')) {
				lost = true;
			} else {
				for (const from of seen.length > 0 ? [...seen] : [undefined]) {
					const next = resolvePath(to, from, home);
					if (!seen.includes(next)) {
						seen.push(next);
					}
				}
			}
		}
	}
	return { cwds, unknown };
}

/** A path word as the absolute paths (or absolute globs) it may stand for, under every candidate cwd. */
function targetOf(
	raw: string,
	use: Use,
	cwds: readonly string[],
	cwdUnknown: boolean,
	input: PolicyInput,
	own: OwnStateLocations,
): Target {
	const variables = { ...(input.homeDir && { HOME: input.homeDir }), ...own.variables };
	// `dd of=PATH`, `--file=PATH`, curl's `@PATH`: the path is the part after the option.
	const bare = raw.replace(/^(?:if=|of=|--?[A-Za-z][\w-]*=|@)/, '');
	const { text, unknown } = expandVariables(bare, variables);
	const candidates: string[] = [];
	let uncertain = unknown;
	for (const word of expandBraces(text)) {
		if (word.startsWith('**') || isAbsolutePath(word) || word === '~' || /^~[\\/]/.test(word)) {
			candidates.push(word.startsWith('**') ? word : resolvePath(word, undefined, input.homeDir));
		} else {
			if (cwdUnknown) {
				uncertain = true;
				candidates.push(`**/${word}`);
			}
			for (const cwd of cwds) {
				candidates.push(resolvePath(word, cwd, input.homeDir));
			}
		}
	}
	return { raw, use, candidates, uncertain };
}

// Compiled globs by pattern: one glob is tried against every guarded location, and a line may repeat it.
const matchers = new Map<string, (path: string) => boolean>();

function matcherOf(pattern: string): (path: string) => boolean {
	let matcher = matchers.get(pattern);
	if (!matcher) {
		if (matchers.size >= 256) {
			matchers.clear();
		}
		matcher = picomatch(pattern, SEGMENT);
		matchers.set(pattern, matcher);
	}
	return matcher;
}

/** Whether one candidate path or glob reaches a guarded location the way `use` reaches it. */
function reaches(candidate: string, use: Use, guarded: Guarded): boolean {
	if (!GLOB_CHARS.test(candidate)) {
		if (within(candidate, guarded.path)) {
			return true;
		}
		// Moving or deleting a parent folder takes the state with it.
		return use === 'moveOrDelete' && within(guarded.path, candidate);
	}
	const pattern = candidate.replace(/^[a-zA-Z]:/, '');
	const target = guarded.path.replace(/^[a-zA-Z]:/, '');
	// Cheap rejection first: a glob can only reach the location, a parent of it or a path inside it when its fixed
	// start and the location's path agree as far as the shorter goes.
	const fixed = pattern.slice(0, pattern.search(GLOB_CHARS)).toLowerCase();
	const lowerTarget = target.toLowerCase();
	if (!lowerTarget.startsWith(fixed) && !fixed.startsWith(lowerTarget)) {
		return false;
	}
	const matcher = matcherOf(pattern);
	if (matcher(target)) {
		return true;
	}
	// `**/.hookwarden/bin/x` (an unknown variable in front) names the location's own folder: try what follows it there.
	const segments = pattern.split('/');
	const name = target.slice(target.lastIndexOf('/') + 1).toLowerCase();
	const named = segments.findIndex((segment) => segment.toLowerCase() === name);
	if (named >= 0 && named < segments.length - 1) {
		const tail = segments.slice(named + 1).join('/');
		if (!GLOB_CHARS.test(tail) && matcher(`${target}/${tail}`)) {
			return true;
		}
	}
	// A glob that can match something inside the location (`…/hookwarden-*/*.sock`) writes there.
	if (!pattern.startsWith('**') && globReachesInside(pattern, target)) {
		return true;
	}
	if (use !== 'moveOrDelete') {
		return false;
	}
	for (let parent = target; parent.lastIndexOf('/') > 0;) {
		parent = parent.slice(0, parent.lastIndexOf('/'));
		if (matcher(parent)) {
			return true;
		}
	}
	return false;
}

/** Whether an absolute glob can match a path strictly inside `folder`: its leading segments match the folder's. */
function globReachesInside(pattern: string, folder: string): boolean {
	const globs = pattern.split('/');
	const names = folder.split('/');
	for (let index = 0; index < globs.length; index++) {
		const glob = globs[index] ?? '';
		if (glob === '**') {
			return true;
		}
		if (index >= names.length) {
			return true;
		}
		const name = names[index] ?? '';
		if (
			!(GLOB_CHARS.test(glob) ? matcherOf(glob)(name) : glob.toLowerCase() === name.toLowerCase())
		) {
			return false;
		}
	}
	return false;
}

/** The guarded location a target reaches, if any. */
function hitOf(target: Target, guarded: readonly Guarded[]): Guarded | undefined {
	for (const candidate of target.candidates) {
		// An uncertain glob with nothing fixed after its wildcard (`$OUT`, `**/x`) says too little to act on.
		if (candidate === '**' || candidate === '**/') {
			continue;
		}
		const hit = guarded.find((location) => reaches(candidate, target.use, location));
		if (hit) {
			return hit;
		}
	}
	return undefined;
}

/** Whether `git …` sets or unsets `core.hooksPath` (`git config [--global] core.hooksPath dir`, `--unset`). */
function setsHooksPath(command: SimpleCommand): boolean {
	if (programName(command.argv[0] ?? '') !== 'git') {
		return false;
	}
	const args = command.argv.slice(1);
	const at = args.indexOf('config');
	if (at < 0) {
		return false;
	}
	const rest = args.slice(at + 1);
	const key = rest.findIndex((word) => /^core\.hookspath$/i.test(word));
	if (key < 0) {
		return false;
	}
	const reading = rest.some((word) =>
		/^(?:--get|--get-all|--get-regexp|-l|--list|--show-origin)$/.test(word),
	);
	const unsetting = rest.some((word) => word.startsWith('--unset'));
	return unsetting || (!reading && rest.length > key + 1);
}

/** How a program uses the paths it writes. */
function useOf(command: SimpleCommand): Use {
	const name = programName(command.argv[0] ?? '');
	const cmdlet = command.dialect === 'powershell' ? powerShellCmdlet(name) : name;
	return MOVERS.has(name) || MOVERS.has(cmdlet) ? 'moveOrDelete' : 'write';
}

/** Whether a word may name the secret, or (for a folder reader) the runtime folder: cheap filter before resolving. */
function mayReadSecret(word: string, folderReader: boolean): boolean {
	return folderReader || /secret|[*?[{$]/i.test(word);
}

function finding(
	rule: 'ownState' | 'ownSecret',
	verdict: 'deny' | 'ask',
	raw: string,
	reason: string,
): Finding {
	return { verdict, ruleId: `protectedPaths.${rule}`, reason, source: SOURCE, path: raw };
}

function writeReason(target: Target, hit: Guarded): string {
	const likely = target.uncertain ? 'may be' : 'is';
	const how = target.use === 'link' ? 'a link into it lets later writes through; ' : '';
	return `'${target.raw}' ${likely} ${hit.what} (${hit.path}): ${how}${hit.why}. Agents may not change Hookwarden's own state; ask the person to make this change themselves.`;
}

/**
 * Findings for an event that writes, moves, deletes or links into Hookwarden's own state (launchers, runtime folder,
 * secret, audit logs, hook files, editor and workspace settings and tasks, git hooks) by a file tool or any shell
 * route (redirects, writers, `cd` then a relative path, globs, braces, `~`/`$HOME`/variables, a parent folder, `ln`),
 * or that sets `core.hooksPath`, or that disables or uninstalls Hookwarden through the editor's command line, or that
 * reads the secret: `deny` where the path is known, `ask` where an unknown
 * variable or `cd` leaves it only likely. Empty when the input carries no {@link OwnStateLocations}.
 */
export function ownStateFindings(input: PolicyInput): Finding[] {
	const { event, ownState } = input;
	if (event.name !== 'PreToolUse' || !ownState) {
		return [];
	}
	const guarded = guardedLocations(input, ownState);
	const secretPaths = [ownState.secretFile, ...(ownState.keyFiles ?? [])].map(
		(file) => file !== undefined && cleanPath(file),
	);
	const runtimePath =
		ownState.runtimeFolder !== undefined ? cleanPath(ownState.runtimeFolder) : undefined;
	const secrets = guarded.filter((g) => secretPaths.includes(g.path) || g.path === runtimePath);
	const secretOnly = secrets.filter((g) => g.path !== runtimePath);
	const runtimeSecret: Guarded[] = runtimePath
		? [
				...secretOnly,
				{
					path: `${runtimePath}/secret`,
					what: "Hookwarden's secret",
					why: 'it signs the answers hook calls trust',
				},
			]
		: secretOnly;
	const findings: Finding[] = [];
	const seen = new Set<string>();
	const report = (target: Target) => {
		const hit = hitOf(target, guarded);
		if (hit && !seen.has(`w\0${target.raw}`)) {
			seen.add(`w\0${target.raw}`);
			findings.push(
				finding(
					'ownState',
					target.uncertain ? 'ask' : 'deny',
					target.raw,
					writeReason(target, hit),
				),
			);
		}
	};
	const reportRead = (target: Target, folderReader: boolean) => {
		// A folder reader given the runtime folder reads the secret; given a parent of it, it may (`grep -r x /tmp`).
		const inside = hitOf({ ...target, use: 'write' }, folderReader ? secrets : runtimeSecret);
		const hit =
			inside ?? (folderReader ? hitOf({ ...target, use: 'moveOrDelete' }, secrets) : undefined);
		if (hit && !seen.has(`r\0${target.raw}`)) {
			seen.add(`r\0${target.raw}`);
			findings.push(
				finding(
					'ownSecret',
					target.uncertain || !inside ? 'ask' : 'deny',
					target.raw,
					`'${target.raw}' ${target.uncertain || !inside ? 'may reach' : 'reaches'} Hookwarden's secret (${ownState.secretFile ?? ownState.runtimeFolder}); it signs the answers hook calls trust, so agents may not even read it.`,
				),
			);
		}
	};

	const base = event.cwd ?? input.workspaceFolder;
	const toolCwds = base ? [normalizePath(base)] : [];
	const tool = event.tool;
	if (tool.kind !== 'shell') {
		const moving = /delete|remove|rename|move|\bmv\b|\brm\b/i.test(tool.name);
		// A file tool writes; an MCP or unknown tool counts as writing only when its name says so (`write_file`, not
		// `read_text_file`), so reading editor settings through a filesystem server stays untouched.
		const writing =
			tool.kind === 'fileWrite' ||
			moving ||
			(tool.kind !== 'fileRead' &&
				/write|edit|create|append|save|copy|patch|replace|insert|mkdir|touch|link|chmod/i.test(
					tool.name,
				));
		const extra = MOVE_KEYS.map((key) => tool.input[key]).filter(
			(value): value is string => typeof value === 'string' && value.trim() !== '',
		);
		for (const raw of [...tool.paths, ...extra]) {
			const target = targetOf(
				raw,
				moving ? 'moveOrDelete' : 'write',
				toolCwds,
				false,
				input,
				ownState,
			);
			reportRead(target, false);
			if (writing) {
				report(target);
			}
		}
	}

	const commands = input.shell?.commands ?? [];
	const { cwds, unknown } = cwdsOf(commands, base, input.homeDir);
	commands.forEach((command, index) => {
		input.deadline?.check();
		const at = cwds[index] ?? [];
		const lost = unknown[index] ?? false;
		const use = useOf(command);
		const name = programName(command.argv[0] ?? '');
		const written = writtenPaths(command);
		// A move's destination is written into, not moved: `mv build ~/` must not count as moving the home folder.
		const destination =
			name === 'mv' || powerShellCmdlet(name) === 'move-item' ? written.length - 1 : -1;
		written.forEach((raw, at_) => {
			report(targetOf(raw, at_ === destination ? 'write' : use, at, lost, input, ownState));
		});
		if (name === 'ln' || name === 'new-item') {
			// `ln -s TARGET LINK`: the link's target counts too, since a write through the link lands there.
			for (const raw of command.argv.slice(1).filter((word) => !word.startsWith('-'))) {
				report(targetOf(raw, 'link', at, lost, input, ownState));
			}
		}
		const switchedOff = editorSwitchOff(command, ownState);
		if (switchedOff) {
			findings.push(finding('ownState', 'deny', switchedOff.flag, switchedOff.reason));
		}
		if (setsHooksPath(command)) {
			findings.push(
				finding(
					'ownState',
					'deny',
					'core.hooksPath',
					`\`${command.text}\` changes git's core.hooksPath, which chooses which git hooks run without a hook call. Agents may not change it; ask the person to make this change themselves.`,
				),
			);
		}
		const folderReader = FOLDER_READERS.has(name) || FOLDER_READERS.has(powerShellCmdlet(name));
		const reads = [
			...command.argv.slice(1),
			...command.redirects.filter((r) => /^\d*<$/.test(r.operator)).map((r) => r.target),
		];
		for (const raw of reads) {
			if (mayReadSecret(raw, folderReader)) {
				reportRead(targetOf(raw, 'write', at, lost, input, ownState), folderReader);
			}
		}
	});
	return findings;
}
