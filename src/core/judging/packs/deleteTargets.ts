import { normalizePath, pathInside, resolvePath } from '../../paths/pathMath';
import type { SimpleCommand } from '../../reading/shell/commandLine';
import { programName } from '../../reading/shell/programName';
import type { PolicyInput } from '../policyInput';

/**
 * How bad losing a path is: `catastrophic` (root, home, system folders, the workspace or a parent of it, a path
 * outside the workspace, one that depends on an unknown variable), `disposable` (temporary folders, build output
 * inside the workspace) or `ordinary` (anything else: the user confirms).
 */
export type TargetKind = 'catastrophic' | 'disposable' | 'ordinary';

/** A delete target's kind and, for a catastrophic one, why. */
export interface TargetClass {
	readonly kind: TargetKind;
	readonly why?: string;
}

/** Where a command's relative paths start: absolute, or unknown when an earlier `cd` went somewhere not knowable. */
export interface TargetBase {
	readonly cwd?: string;
	readonly cwdUnknown: boolean;
	readonly workspaceFolder?: string;
	readonly homeDir?: string;
}

/** Folders a build or a package manager recreates; deleting them inside the workspace loses nothing. */
const REBUILT = new Set([
	'node_modules',
	'dist',
	'build',
	'out',
	'target',
	'coverage',
	'.next',
	'.nuxt',
	'.svelte-kit',
	'.angular',
	'.turbo',
	'.cache',
	'.parcel-cache',
	'.vite',
	'__pycache__',
	'.pytest_cache',
	'.mypy_cache',
	'.ruff_cache',
	'.tox',
	'.nox',
	'.venv',
	'venv',
	'.gradle',
	'obj',
	'.nyc_output',
	'.eslintcache',
	'storybook-static',
	'.dart_tool',
	'.expo',
	'tmp',
	'temp',
	'.tmp',
	'.docusaurus',
	'.output',
	'.serverless',
	'.terraform',
	'.yarn-cache',
	'lib-cov',
	'htmlcov',
	'bazel-out',
	'cmake-build-debug',
	'cmake-build-release',
]);

/** `build-x`, `dist_old`, `foo.egg-info`: names that are build output by their shape. */
const REBUILT_SHAPE = /^(?:build|dist|out|target)[-_.][\w.-]*$|\.egg-info$|^\.?cache[-_][\w.-]*$/i;

/** Folders of the operating system: deleting in them or them breaks the machine. */
const SYSTEM =
	/^(?:\/(?:bin|boot|dev|etc|lib|lib32|lib64|libx32|opt|proc|root|sbin|srv|sys|usr|var|home|Users|System|Library|Applications|Volumes|mnt|media|snap|private)(?:\/|$)|[a-zA-Z]:\/(?:Windows|Program Files|Program Files \(x86\)|ProgramData|Users)?(?:\/|$))/i;

const TEMPORARY = /^(?:\/tmp|\/var\/tmp|\/private\/tmp|\/private\/var\/folders|\/dev\/shm)\/./;

/** Variables whose value the policy knows; others make a path unknowable. */
function substituteKnown(raw: string): string {
	return raw
		.replace(/\$\{HOME\}|\$HOME\b/g, '~')
		.replace(/\$\{TMPDIR(?::?-[^}]*)?\}|\$TMPDIR\b|\$\{TMP\}|\$TMP\b|\$\{TEMP\}|\$TEMP\b/g, '/tmp')
		.replace(/\$\{PWD\}|\$PWD\b|\$\(pwd\)|`pwd`/g, '.')
		.replace(/^%TEMP%|^\$env:TEMP\b|^\$env:TMP\b/i, '/tmp')
		.replace(/^%USERPROFILE%|^\$env:USERPROFILE\b|^\$HOME\b/i, '~');
}

/** Classifies one path operand of a delete (or of a recursive permission change). */
export function classifyTarget(raw: string, base: TargetBase): TargetClass {
	const written = substituteKnown(raw.trim());
	if (written === '') {
		return { kind: 'catastrophic', why: 'an empty path' };
	}
	if (/\$|`/.test(written)) {
		return {
			kind: 'catastrophic',
			why: `\`${raw}\` depends on a variable or command output not known before the line runs; if it is empty or wrong the delete hits something else`,
		};
	}
	if (written === '{}') {
		return { kind: 'ordinary' };
	}
	// `dir/*` deletes what `dir` holds: judge `dir`.
	const globbed = /^(.*?)\/?(?:\*|\.\*|\*\.\*|\{[^}]*\})$/.exec(written);
	const path = globbed
		? (globbed[1] ?? '') !== ''
			? (globbed[1] ?? '')
			: written.startsWith('/')
				? '/'
				: '.'
		: written;
	if (/^~[/\\]?$/.test(path)) {
		return { kind: 'catastrophic', why: 'the home folder' };
	}
	const start = base.cwd ?? base.workspaceFolder;
	const relative = !/^(?:[/\\~]|[a-zA-Z]:)/.test(path);
	if (relative && base.cwdUnknown) {
		return /^\.?\/?$/.test(path)
			? { kind: 'catastrophic', why: 'everything in a folder an earlier `cd` chose at run time' }
			: { kind: 'ordinary' };
	}
	const home = base.homeDir;
	const absolute = resolvePath(path, start ?? '/__cwd__', home ?? '/__home__');
	const normal = normalizePath(absolute);
	if (/^(?:\/|[a-zA-Z]:\/?)$/.test(normal)) {
		return { kind: 'catastrophic', why: 'the root of the file system' };
	}
	const homeFolder = home ?? '/__home__';
	if (pathInside(homeFolder, normal) !== undefined) {
		return { kind: 'catastrophic', why: 'the home folder or a folder holding it' };
	}
	const workspace = base.workspaceFolder ?? (start === undefined ? '/__cwd__' : undefined);
	if (workspace !== undefined) {
		const inside = pathInside(normal, workspace);
		// Judged against the workspace first: a workspace that itself lives in /tmp is no less precious for it.
		if (inside === '' || pathInside(workspace, normal) !== undefined) {
			return { kind: 'catastrophic', why: 'the whole workspace or a folder holding it' };
		}
		if (inside === undefined) {
			// A temp folder outside the workspace is disposable, unless it is someone's home (a home in /tmp is still home).
			return TEMPORARY.test(normal) && pathInside(normal, homeFolder) === undefined
				? { kind: 'disposable' }
				: { kind: 'catastrophic', why: `\`${raw}\` is outside the workspace` };
		}
		const segments = inside.split('/');
		if (segments.includes('.git')) {
			return { kind: 'catastrophic', why: "the repository's history (.git)" };
		}
		return segments.some((segment) => REBUILT.has(segment) || REBUILT_SHAPE.test(segment))
			? { kind: 'disposable' }
			: { kind: 'ordinary' };
	}
	if (TEMPORARY.test(normal) && pathInside(normal, homeFolder) === undefined) {
		return { kind: 'disposable' };
	}
	if (SYSTEM.test(normal)) {
		return { kind: 'catastrophic', why: 'a system folder' };
	}
	return { kind: 'ordinary' };
}

/**
 * The folder a sub-command runs in: its own `cwd` when the reader set one, else the last `cd`/`pushd`/`Set-Location`
 * before it in the line, else the event's cwd or the workspace.
 */
export function targetBase(
	command: SimpleCommand,
	index: number,
	all: readonly SimpleCommand[],
	input: PolicyInput,
): TargetBase {
	const home = input.homeDir;
	let cwd =
		input.event.name === 'PreToolUse'
			? (input.event.cwd ?? input.workspaceFolder)
			: input.workspaceFolder;
	let cwdUnknown = command.cwdUnknown ?? false;
	if (command.cwd !== undefined) {
		cwd = resolvePath(command.cwd, cwd, home);
	} else {
		for (const earlier of all.slice(0, index)) {
			const name = programName(earlier.argv[0] ?? '');
			if (!['cd', 'pushd', 'set-location', 'sl', 'chdir'].includes(name)) {
				continue;
			}
			const to = earlier.argv.slice(1).find((word) => !word.startsWith('-')) ?? '~';
			const known = substituteKnown(to);
			if (/\$|`/.test(known) || to === '-') {
				cwdUnknown = true;
			} else {
				cwdUnknown = false;
				cwd = resolvePath(known, cwd, home ?? '/__home__');
			}
		}
	}
	return {
		...(cwd !== undefined ? { cwd } : {}),
		cwdUnknown,
		...(input.workspaceFolder !== undefined ? { workspaceFolder: input.workspaceFolder } : {}),
		...(home !== undefined ? { homeDir: home } : {}),
	};
}

/** The worst of several targets' kinds: one catastrophic target makes the whole delete catastrophic. */
export function worstTarget(targets: readonly TargetClass[]): TargetClass {
	return (
		targets.find((target) => target.kind === 'catastrophic') ??
		targets.find((target) => target.kind === 'ordinary') ?? { kind: 'disposable' }
	);
}
