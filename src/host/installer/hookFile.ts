/*
 * Hookwarden's hook files: what the installer writes (`~/.copilot/hooks/hookwarden.json` or the workspace's
 * `.github/hooks/hookwarden.json`), how to read any hook file back, and where VS Code's Local harness looks for them.
 *
 * One file in VS Code's format serves both VS Code and the Copilot CLI: CLI 1.0.102 loads it as it is (no `version`,
 * PascalCase events, `command`/`windows`/`timeout`; see docs/decisions/hook-registration.md). Each entry runs the stable
 * per-user launcher, never the versioned extension folder, so a committed workspace file works for every teammate and
 * answers `{}` (no opinion) where Hookwarden is not installed.
 */
import type { HookEventName } from '../../core/events/hookEventName';
import { HOOK_EVENT_NAMES, parseHookEventName } from '../../core/events/hookEventName';
import * as z from '../../core/util/zod';
import { LAUNCHER_NAMES } from './launcherScripts';

/** Where a hook file is installed: for the person (every workspace, VS Code and the Copilot CLI) or for this repository. */
export type HookScope = 'user' | 'workspace';

/** The file name the installer writes in either scope. */
export const HOOK_FILE_NAME = 'hookwarden.json';

/** Seconds the hook timeout exceeds the approval timeout, so the runner never kills a hook that waits for a person. */
export const HOOK_TIMEOUT_MARGIN_SECONDS = 30;

/** The hook runner's timeout for an approval timeout of `approvalTimeoutSeconds` (whole seconds, at least the margin). */
export function hookTimeoutSeconds(approvalTimeoutSeconds: number): number {
	const approval =
		Number.isFinite(approvalTimeoutSeconds) && approvalTimeoutSeconds > 0
			? approvalTimeoutSeconds
			: 0;
	return Math.ceil(approval) + HOOK_TIMEOUT_MARGIN_SECONDS;
}

const POSIX_LAUNCHER = `"$HOME/.hookwarden/bin/${LAUNCHER_NAMES.posix}"`;
const WINDOWS_LAUNCHER = `"$env:USERPROFILE\\.hookwarden\\bin\\${LAUNCHER_NAMES.powershell}"`;

/**
 * The POSIX command for one event, run by the hook runner with `/bin/sh -c` (or bash): it execs the launcher when it
 * exists and otherwise drains stdin and prints `{}`, so a teammate without Hookwarden is neither blocked nor slowed.
 */
export function posixHookCommand(event: HookEventName): string {
	return `[ -x ${POSIX_LAUNCHER} ] && exec ${POSIX_LAUNCHER} ${event} || { cat >/dev/null; echo '{}'; }`;
}

/** The Windows command for one event, valid under `powershell.exe -Command`: the launcher when present, else `{}`. */
export function windowsHookCommand(event: HookEventName): string {
	return `$h = ${WINDOWS_LAUNCHER}; if (Test-Path -LiteralPath $h) { & $h ${event}; exit $LASTEXITCODE } else { '{}' }`;
}

/** One flat command entry in VS Code's format (`powershell` too, for the Copilot CLI on Windows). */
export interface VsCodeHookEntry {
	readonly type: 'command';
	readonly command: string;
	readonly windows: string;
	readonly powershell: string;
	readonly timeout: number;
}

/** A hook file in VS Code's format: no `version`, PascalCase events, flat entries. */
export interface VsCodeHookFile {
	readonly hooks: Readonly<Record<HookEventName, readonly VsCodeHookEntry[]>>;
}

/** One command entry in the Copilot CLI's own format. */
export interface CliHookEntry {
	readonly type: 'command';
	readonly bash: string;
	readonly powershell: string;
	readonly timeoutSec: number;
}

/** A hook file in the Copilot CLI's own format: `version: 1`, camelCase events. */
export interface CliHookFile {
	readonly version: 1;
	readonly hooks: Readonly<Record<string, readonly CliHookEntry[]>>;
}

/** What the generated files depend on. */
export interface HookFileOptions {
	/** `hookwarden.approval.timeoutSeconds`; the hook timeout is this plus {@link HOOK_TIMEOUT_MARGIN_SECONDS}. */
	readonly approvalTimeoutSeconds: number;
}

/**
 * Every event the installed file registers: VS Code Local's eight, then the five only the Copilot runtime fires
 * (SessionEnd, ErrorOccurred, PostToolUseFailure, PermissionRequest, Notification). CLI 1.0.102 fires each of them for
 * its PascalCase key; VS Code Local maps only names it knows and skips the rest.
 */
export const REGISTERED_HOOK_EVENTS: readonly HookEventName[] = HOOK_EVENT_NAMES;

/** The file the installer writes: every {@link REGISTERED_HOOK_EVENTS} entry runs the launcher with the event as its argument. */
export function vscodeHookFile(options: HookFileOptions): VsCodeHookFile {
	const timeout = hookTimeoutSeconds(options.approvalTimeoutSeconds);
	const entries = REGISTERED_HOOK_EVENTS.map((event) => [
		event,
		[
			{
				type: 'command',
				command: posixHookCommand(event),
				windows: windowsHookCommand(event),
				powershell: windowsHookCommand(event),
				timeout,
			},
		],
	]);
	return { hooks: Object.fromEntries(entries) as VsCodeHookFile['hooks'] };
}

/** The camelCase name the Copilot CLI documents for each Local event. */
export const CLI_EVENT_NAMES: Readonly<Record<HookEventName, string>> = {
	SessionStart: 'sessionStart',
	UserPromptSubmit: 'userPromptSubmitted',
	PreToolUse: 'preToolUse',
	PostToolUse: 'postToolUse',
	PreCompact: 'preCompact',
	SubagentStart: 'subagentStart',
	SubagentStop: 'subagentStop',
	Stop: 'agentStop',
	SessionEnd: 'sessionEnd',
	ErrorOccurred: 'errorOccurred',
	PostToolUseFailure: 'postToolUseFailure',
	PermissionRequest: 'permissionRequest',
	Notification: 'notification',
};

/**
 * The same registrations in the CLI's own format. Not written today, because the CLI reads {@link vscodeHookFile} and
 * both files together would run every hook twice (VS Code reads CLI files too); kept for a CLI that stops doing so.
 */
export function cliHookFile(options: HookFileOptions): CliHookFile {
	const timeoutSec = hookTimeoutSeconds(options.approvalTimeoutSeconds);
	const entries = REGISTERED_HOOK_EVENTS.map((event) => [
		CLI_EVENT_NAMES[event],
		[
			{
				type: 'command',
				bash: posixHookCommand(event),
				powershell: windowsHookCommand(event),
				timeoutSec,
			},
		],
	]);
	return { version: 1, hooks: Object.fromEntries(entries) as CliHookFile['hooks'] };
}

/** The exact text written to disk (tab-indented JSON and a final newline), so staleness is a string comparison. */
export function renderHookFile(file: VsCodeHookFile | CliHookFile): string {
	return `${JSON.stringify(file, null, '\t')}\n`;
}

// ---- reading hook files back ---------------------------------------------------------------------------------------

const commandEntrySchema = z.looseObject({
	type: z.optional(z.string()),
	command: z.optional(z.string()),
	windows: z.optional(z.string()),
	linux: z.optional(z.string()),
	osx: z.optional(z.string()),
	bash: z.optional(z.string()),
	powershell: z.optional(z.string()),
});

const nestedEntrySchema = z.looseObject({
	matcher: z.optional(z.unknown()),
	hooks: z.array(z.unknown()),
});

/** The outer shape every hook file format shares (VS Code, Copilot CLI, Claude settings); entries are read one by one. */
export const hookFileSchema = z.looseObject({
	version: z.optional(z.number()),
	disableAllHooks: z.optional(z.boolean()),
	hooks: z.optional(z.record(z.string(), z.array(z.unknown()))),
});

/** One command a hook file registers for an event, with every per-OS spelling it carries. */
export interface HookRegistration {
	readonly event: HookEventName;
	/** The command strings of the entry (`command`, `windows`, `linux`, `osx`, `bash`, `powershell`), in that order. */
	readonly commands: readonly string[];
	/** Whether the entry runs Hookwarden (the launcher or a bridge). */
	readonly ours: boolean;
}

/** A hook file as read back: its registrations, or why it could not be read. */
export type HookFileReading =
	| {
			readonly ok: true;
			readonly disabled: boolean;
			readonly registrations: readonly HookRegistration[];
	  }
	| { readonly ok: false; readonly error: string };

/** Whether a command string runs Hookwarden: the per-user launcher, or a Hookwarden `bridge.js` (an older install). */
export function isHookwardenCommand(command: string): boolean {
	return (
		command.includes(LAUNCHER_NAMES.posix) ||
		/hookwarden[^"'\s]*[\\/]dist[\\/]bridge\.js/i.test(command)
	);
}

/**
 * Reads the registrations of a hook file in any format Local accepts: flat or nested (`{matcher, hooks}`) entries, any
 * event spelling. Entries that are not commands, and events Hookwarden does not know, are skipped rather than failing
 * the file, as the runners do.
 */
export function readHookFile(text: string): HookFileReading {
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch (error) {
		return { ok: false, error: `not valid JSON (${(error as Error).message})` };
	}
	const file = hookFileSchema.safeParse(json);
	if (!file.success) {
		return { ok: false, error: file.error.issues[0]?.message ?? 'not a hook file' };
	}
	const registrations: HookRegistration[] = [];
	for (const [rawEvent, entries] of Object.entries(file.data.hooks ?? {})) {
		const event = parseHookEventName(rawEvent);
		if (!event) {
			continue;
		}
		for (const raw of entries) {
			const nested = nestedEntrySchema.safeParse(raw);
			for (const candidate of nested.success ? nested.data.hooks : [raw]) {
				const entry = commandEntrySchema.safeParse(candidate);
				if (!entry.success || (entry.data.type !== undefined && entry.data.type !== 'command')) {
					continue;
				}
				const { command, windows, linux, osx, bash, powershell } = entry.data;
				const commands = [command, windows, linux, osx, bash, powershell].filter(
					(c): c is string => !!c,
				);
				if (commands.length > 0) {
					registrations.push({ event, commands, ours: commands.some(isHookwardenCommand) });
				}
			}
		}
	}
	return { ok: true, disabled: file.data.disableAllHooks === true, registrations };
}

/** How an installed file compares with what the installer would write now. */
export type HookFileState =
	/** Byte-for-byte what the installer writes today. */
	| 'current'
	/** Hookwarden's own file in an older shape (another timeout, a bridge path): rewrite it. */
	| 'stale'
	/** Holds entries that are not Hookwarden's: leave it to the person. */
	| 'foreign'
	/** Not readable as a hook file. */
	| 'invalid';

/** Compares an installed file's text with the text the installer would write now. */
export function hookFileState(installed: string, expected: string): HookFileState {
	if (installed === expected) {
		return 'current';
	}
	const reading = readHookFile(installed);
	if (!reading.ok) {
		return 'invalid';
	}
	return reading.registrations.every((r) => r.ours) ? 'stale' : 'foreign';
}

/** Environment a command's paths are expanded with (`$HOME`, `~`, `$env:USERPROFILE`). */
export interface PathEnvironment {
	readonly home: string;
	readonly userProfile?: string;
}

/**
 * The absolute paths a Hookwarden command refers to (the launcher, or a bridge and runtime in an older install), with
 * `$HOME`, `~` and `$env:USERPROFILE` expanded; the installer's diagnostics check that each one exists.
 */
export function referencedPaths(command: string, environment: PathEnvironment): string[] {
	const profile = environment.userProfile ?? environment.home;
	const expanded = command
		.replace(/\$\{HOME\}|\$HOME(?![A-Za-z0-9_])/g, environment.home)
		.replace(/\$env:USERPROFILE(?![A-Za-z0-9_])/gi, profile)
		.replace(/(^|[\s"'=])~(?=[\\/])/g, `$1${environment.home}`);
	const paths = new Set<string>();
	for (const match of expanded.matchAll(/"([^"]+)"|'([^']+)'|([^\s"';&|(){}]+)/g)) {
		const token = match[1] ?? match[2] ?? match[3] ?? '';
		const looksAbsolute =
			token.startsWith('/') || /^[A-Za-z]:[\\/]/.test(token) || token.startsWith('\\\\');
		if (looksAbsolute && (isHookwardenCommand(token) || /[\\/]\.hookwarden[\\/]/.test(token))) {
			paths.add(token);
		}
	}
	return [...paths];
}

// ---- where Local looks for hook files ------------------------------------------------------------------------------

/** A place VS Code's Local harness reads hooks from. */
export interface HookFileLocation {
	/** Absolute path of a folder (every `*.json` in it) or of one file. */
	readonly path: string;
	readonly kind: 'folder' | 'file';
	/** `claude` files keep hooks under nested `{matcher, hooks}` entries and only run with `chat.useClaudeHooks`. */
	readonly format: 'hooks' | 'claude';
	readonly scope: HookScope;
}

/** What decides where Local looks: the folders, the home folder and the `chat.*` hook settings. */
export interface HookLocationInputs {
	readonly workspaceFolders: readonly string[];
	readonly home: string;
	/** `chat.useClaudeHooks`. */
	readonly useClaudeHooks: boolean;
	/** `chat.hookFilesLocations`: relative or `~/` paths; `false` turns a built-in location off. */
	readonly hookFilesLocations: Readonly<Record<string, boolean>>;
}

// VS Code's built-in list (DEFAULT_HOOK_FILE_PATHS in promptFileLocations.ts), in its order.
const BUILT_IN_LOCATIONS = [
	'.github/hooks',
	'.claude/settings.local.json',
	'.claude/settings.json',
	'~/.copilot/hooks',
	'~/.claude/settings.json',
];

function joinPath(base: string, relative: string): string {
	const separator = base.includes('\\') && !base.includes('/') ? '\\' : '/';
	const parts = relative.split(/[\\/]+/).filter((p) => p !== '' && p !== '.');
	return [base.replace(/[\\/]+$/, ''), ...parts].join(separator);
}

/**
 * Every location Local reads hook files from, in VS Code's order: the built-in ones (minus those turned off in
 * `chat.hookFilesLocations`, and minus Claude files without `chat.useClaudeHooks`), then the extra ones. Relative
 * locations repeat for each workspace folder; absolute keys are skipped because VS Code rejects them.
 */
export function hookFileLocations(inputs: HookLocationInputs): HookFileLocation[] {
	const normalize = (key: string) => key.replace(/\\/g, '/').replace(/\/+$/, '');
	const switched = new Map(
		Object.entries(inputs.hookFilesLocations).map(([key, on]) => [normalize(key), on]),
	);
	const keys = [
		...BUILT_IN_LOCATIONS.filter((key) => switched.get(key) !== false),
		...[...switched]
			.filter(([key, on]) => on && !BUILT_IN_LOCATIONS.includes(key))
			.map(([key]) => key),
	];
	const locations: HookFileLocation[] = [];
	for (const key of keys) {
		if (key.startsWith('/') || /^[A-Za-z]:/.test(key)) {
			continue;
		}
		const isFile = key.toLowerCase().endsWith('.json');
		const format = /(^|\/)\.claude\/settings(\.local)?\.json$/i.test(key) ? 'claude' : 'hooks';
		if (format === 'claude' && !inputs.useClaudeHooks) {
			continue;
		}
		const kind = isFile ? 'file' : 'folder';
		if (key === '~' || key.startsWith('~/')) {
			locations.push({ path: joinPath(inputs.home, key.slice(1)), kind, format, scope: 'user' });
		} else {
			for (const folder of inputs.workspaceFolders) {
				locations.push({ path: joinPath(folder, key), kind, format, scope: 'workspace' });
			}
		}
	}
	return locations;
}

/** The installed file's path for a scope: `<home>/.copilot/hooks/hookwarden.json` or `<folder>/.github/hooks/hookwarden.json`. */
export function hookFilePath(scope: HookScope, base: string): string {
	return joinPath(
		base,
		scope === 'user' ? `.copilot/hooks/${HOOK_FILE_NAME}` : `.github/hooks/${HOOK_FILE_NAME}`,
	);
}

/** One hook file that registers Hookwarden, as the duplicate check sees it. */
export interface RegisteringFile {
	readonly path: string;
	readonly registrations: readonly HookRegistration[];
}

/**
 * The events Hookwarden is registered for more than once across the files Local reads (each run spawns the launcher
 * again and asks twice), with the files that register each. Empty when every event runs Hookwarden at most once.
 */
export function duplicateRegistrations(
	files: readonly RegisteringFile[],
): { event: HookEventName; paths: string[] }[] {
	const byEvent = new Map<HookEventName, string[]>();
	for (const file of files) {
		for (const registration of file.registrations) {
			if (registration.ours) {
				byEvent.set(registration.event, [...(byEvent.get(registration.event) ?? []), file.path]);
			}
		}
	}
	return [...byEvent]
		.filter(([, paths]) => paths.length > 1)
		.map(([event, paths]) => ({ event, paths }));
}
