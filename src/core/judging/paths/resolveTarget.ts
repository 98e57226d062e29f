import { isAbsolutePath, normalizePath, resolvePath } from '../../paths/pathMath';
import { longNamesOf } from './shortNames';

/** What a path word may resolve to, before any judge looks at it. */
export interface ResolvedTarget {
	/** As written. */
	readonly raw: string;
	/** Absolute normalised paths or absolute globs it may stand for (every candidate cwd, brace alternative, link). */
	readonly candidates: readonly string[];
	/** False when a variable, `cd` or link left the target only probable. */
	readonly sure: boolean;
	/** True when nothing fixed remains to judge (`$DIR`, `"$(cat list)"`): the target is unknown. */
	readonly unknown: boolean;
}

/** Where relative paths start and what the words of a path may stand for. */
export interface TargetContext {
	/** The folders the command may run in (the line's cwd, or where its `cd`s went). */
	readonly cwds: readonly string[];
	/** An earlier `cd` of the line went somewhere not knowable before it runs. */
	readonly cwdUnknown: boolean;
	readonly home?: string;
	/** Values of environment variables known before the line runs (`HOME`, `TMPDIR`, `HOOKWARDEN_SECRET_FILE`). */
	readonly variables: Readonly<Record<string, string>>;
	/** Links the line made before this command (`ln -s ~ build`): link path → where it points, both absolute. */
	readonly links: ReadonlyMap<string, string>;
	/** Where a path already on disk leads when it is (or sits under) a symbolic link; absent where unknown. */
	readonly realPath?: (absolute: string) => string | undefined;
}

/**
 * Variables whose value, when unset, is a documented default location: a path through them is judged at that
 * default (`${CODEX_HOME:-~/.codex}`, `$KUBECONFIG`), so a credential spelled through one is still recognised.
 */
const DEFAULT_LOCATIONS: Readonly<Record<string, string>> = {
	CODEX_HOME: '~/.codex',
	CLAUDE_CONFIG_DIR: '~/.claude',
	COPILOT_HOME: '~/.copilot',
	GNUPGHOME: '~/.gnupg',
	AWS_CONFIG_FILE: '~/.aws/config',
	AWS_SHARED_CREDENTIALS_FILE: '~/.aws/credentials',
	KUBECONFIG: '~/.kube/config',
	DOCKER_CONFIG: '~/.docker',
	XDG_CONFIG_HOME: '~/.config',
	XDG_DATA_HOME: '~/.local/share',
	GH_CONFIG_DIR: '~/.config/gh',
	NPM_CONFIG_USERCONFIG: '~/.npmrc',
	CARGO_HOME: '~/.cargo',
	AZURE_CONFIG_DIR: '~/.azure',
	CLOUDSDK_CONFIG: '~/.config/gcloud',
	TMPDIR: '/tmp',
	TMP: '/tmp',
	TEMP: '/tmp',
};

/**
 * PowerShell's automatic variables that name a place, in any case (`$profile`, `$Home`): PowerShell's names are not
 * case-sensitive, a POSIX shell's are, so `$tmp` in bash is the line's own variable and never `$TMP`.
 */
const POWERSHELL_PLACES: Readonly<Record<string, string>> = {
	// The profile script every new PowerShell session runs (on Windows under Documents\PowerShell).
	PROFILE: '~/.config/powershell/Microsoft.PowerShell_profile.ps1',
	HOME: '~',
};

const VARIABLE =
	/\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-=?+])([^}]*))?\}|\$(env:)?([A-Za-z_][A-Za-z0-9_]*)|%([A-Za-z_][A-Za-z0-9_]*)%|\$\(\s*pwd\s*\)|`\s*pwd\s*`/gi;
const MAX_ALTERNATIVES = 64;
// `$(cmd)` and `` `cmd` `` other than `pwd` (one level of nested parentheses): output known only when the line runs.
const SUBSTITUTION = /\$\((?!\s*pwd\s*\))[^()]*(?:\([^()]*\)[^()]*)*\)|`(?!\s*pwd\s*`)[^`]*`/g;

/** Replaces variables with known values or documented defaults; an unknown one becomes `**` and the path unsure. */
function expandVariables(
	word: string,
	context: TargetContext,
): { readonly text: string; readonly sure: boolean } {
	let sure = true;
	// Windows environment names (`$env:temp`, `%Temp%`) ignore case; a POSIX shell's do not.
	const lookup = (name: string, anyCase: boolean): string | undefined =>
		context.variables[name] ??
		(anyCase ? context.variables[name.toUpperCase()] : undefined) ??
		POWERSHELL_PLACES[name.toUpperCase()];
	const substituted = word.replace(SUBSTITUTION, () => {
		sure = false;
		return '**';
	});
	const text = substituted.replace(
		VARIABLE,
		(
			_whole: string,
			braced: string | undefined,
			written: string | undefined,
			fallback: string | undefined,
			windowsEnv: string | undefined,
			bare: string | undefined,
			percent: string | undefined,
		) => {
			const operator = written ?? '';
			const name = braced ?? bare ?? percent;
			if (name === undefined || name === 'PWD') {
				// `$(pwd)`, `` `pwd` ``, `$PWD`: where the command runs.
				return context.cwds[0] ?? '.';
			}
			const anyCase = windowsEnv !== undefined || percent !== undefined;
			const value = lookup(name, anyCase);
			const substitutes = operator.endsWith('-') || operator.endsWith('=');
			if (value !== undefined && !operator.endsWith('+')) {
				return value;
			}
			sure = false;
			if (substitutes && fallback !== undefined) {
				// The default may itself name variables (`${XDG_CONFIG_HOME:-$HOME/.config}`).
				return expandVariables(fallback.replace(/["']/g, ''), context).text;
			}
			return DEFAULT_LOCATIONS[anyCase ? name.toUpperCase() : name] ?? '**';
		},
	);
	return { text, sure };
}

/** Splits `a{b,c}d` into `abd`, `acd` (nested braces too), up to {@link MAX_ALTERNATIVES} results. */
export function expandBraces(word: string): string[] {
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
		} else if (letter === '}' && --depth === 0) {
			if (commas.length === 0) {
				return expandBraces(word.slice(index + 1)).map((rest) => word.slice(0, index + 1) + rest);
			}
			const parts: string[] = [];
			let start = open + 1;
			for (const comma of [...commas, index]) {
				parts.push(word.slice(start, comma));
				start = comma + 1;
			}
			const results: string[] = [];
			for (const part of parts) {
				for (const expanded of expandBraces(word.slice(0, open) + part + word.slice(index + 1))) {
					if (results.length >= MAX_ALTERNATIVES) {
						return results;
					}
					results.push(expanded);
				}
			}
			return results;
		} else if (letter === ',' && depth === 1) {
			commas.push(index);
		}
	}
	return [word];
}

/**
 * A Windows path as the same file's POSIX-style spelling: forward slashes, a `\\?\` prefix dropped, and each segment
 * as {@link windowsSegment} reads it.
 */
function windowsSpelling(path: string, windows: boolean): string {
	if (!windows && !/\\|^[a-zA-Z]:/.test(path)) {
		return path;
	}
	const slashed = path.replace(/^\\\\\?\\/, '').replace(/\\/g, '/');
	return slashed
		.split('/')
		.map((segment, at) => windowsSegment(segment, at))
		.join('/');
}

/**
 * One segment of a Windows path as the file it names: an NTFS stream suffix dropped (`settings.json::$DATA`, `x:ads`
 * name the file itself), the trailing dots and spaces Windows strips removed (`hookwarden.json.`), and an 8.3 short
 * name read as the long names it may stand for (`SETTIN~1.JSO` as `settings.json` or `SETTIN*.JSO*`).
 */
function windowsSegment(segment: string, at: number): string {
	if (/^\.{1,2}$/.test(segment)) {
		return segment;
	}
	const drive = at === 0 && /^[a-zA-Z]:$/.test(segment);
	const file = drive ? segment : (segment.split(':')[0] ?? segment);
	const trimmed = file.replace(/[. ]+$/, '');
	// A brace list, which the resolver expands into one candidate per name the short name may stand for.
	const long = longNamesOf(trimmed);
	return !long ? trimmed : long.length === 1 ? (long[0] ?? trimmed) : `{${long.join(',')}}`;
}

/** A `file://` URI's path (`file:///home/u/x`, `file:///C:/x`), percent-decoded; other text unchanged. */
function fromFileUri(word: string): string {
	const match = /^file:\/\/(?:localhost)?(\/[^?#]*)/i.exec(word);
	if (!match) {
		return word;
	}
	let path = match[1] ?? '/';
	try {
		path = decodeURIComponent(path);
	} catch {
		// A malformed escape stays as written: the path is still judged, as spelled.
	}
	return /^\/[a-zA-Z]:/.test(path) ? path.slice(1) : path;
}

/** `~` and `~user` (another user's home, next to this one's). */
function expandTilde(word: string, home: string | undefined): string {
	const match = /^~([A-Za-z_][\w.-]*)?(?=\/|$)/.exec(word);
	if (!match || !home) {
		return word;
	}
	const user = match[1];
	if (user === undefined) {
		return home + word.slice(1);
	}
	const parent = home.slice(0, home.lastIndexOf('/')) || '/';
	return `${user === 'root' ? '/root' : `${parent}/${user}`}${word.slice(match[0].length)}`;
}

/** A path with the links the line made (or the disk holds) followed, longest link first. */
function followLinks(path: string, context: TargetContext): string[] {
	const results = [path];
	for (const [link, target] of context.links) {
		if (path === link || path.startsWith(`${link}/`)) {
			results.push(normalizePath(target + path.slice(link.length)));
		}
	}
	const real = context.realPath?.(path);
	if (real !== undefined && real !== path) {
		results.push(real);
	}
	return results;
}

/** Resolves one path word of an effect to the absolute paths or globs it may stand for. */
export function resolveTarget(raw: string, context: TargetContext): ResolvedTarget {
	const { text, sure: variablesKnown } = expandVariables(
		windowsSpelling(
			fromFileUri(raw.trim()),
			context.cwds.some((cwd) => /^[a-zA-Z]:/.test(cwd)),
		),
		context,
	);
	let sure = variablesKnown;
	const candidates: string[] = [];
	// `{}` is where a job runner's unknown input lands (`xargs -I{} cat ~/.ssh/{}`): inside a path, any name there.
	const marked = text === '{}' ? text : text.replaceAll('{}', '*');
	for (const alternative of expandBraces(marked)) {
		const word = expandTilde(alternative, context.home);
		if (/^[a-zA-Z]:$/.test(word)) {
			// A drive letter alone (`format D:`) is the volume, not a file in the current folder.
			candidates.push(word);
			continue;
		}
		if (word.startsWith('**') || isAbsolutePath(word)) {
			candidates.push(word.startsWith('**') ? word : normalizePath(word));
			continue;
		}
		if (context.cwdUnknown) {
			sure = false;
			candidates.push(`**/${word}`);
		}
		for (const cwd of context.cwds) {
			candidates.push(resolvePath(word, cwd, context.home));
		}
	}
	// A link the line made, or one already on disk, is where the path really is: as sure as the path itself.
	const followed = [...new Set(candidates.flatMap((candidate) => followLinks(candidate, context)))];
	const unknown = followed.every((candidate) => /^\*\*\/?$/.test(candidate) || candidate === '**');
	return { raw, candidates: followed, sure, unknown };
}
