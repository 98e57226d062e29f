import { normalizePath, pathInside } from '../../paths/pathMath';
import { matcherOf } from './globMatcher';
import type { GuardedLocation } from './guardedLocations';
import { GUARDED_ANYWHERE } from './guardedLocations';
import { guardedMeetings } from './guardedMeetings';
import {
	isSecretName,
	isSecretPath,
	isStartupPath,
	SECRET_SAMPLES_IN_HOME,
	SECRET_SAMPLES_IN_WORKSPACE,
	SECRET_SAMPLES_ON_SYSTEM,
} from './sensitivePaths';

/**
 * The one table of path classes every judge uses: what a path is to the person whose machine it is. A path may be
 * in several (a key under home is `outside` and `secret`); a judge takes the class that gives the strictest verdict.
 */
export type PathClass =
	/** Hookwarden's secret: not even reading it is allowed. */
	| 'ownSecret'
	/** Hookwarden's own state, hook files and policy settings: changing them switches Hookwarden off. */
	| 'ownState'
	/** A file that usually holds credentials. */
	| 'secret'
	/** A file that makes programs run later without a hook call (shell startup files, `PATH` folders). */
	| 'startup'
	/** A block device: writing it destroys a file system. */
	| 'device'
	/** A device that swallows or streams data (`/dev/null`, `/dev/stdout`): writing it loses nothing. */
	| 'sink'
	/** The root of the file system. */
	| 'root'
	/** A folder of the operating system. */
	| 'system'
	/** The home folder or a folder holding it. */
	| 'home'
	/** The workspace folder or a folder holding it. */
	| 'workspaceRoot'
	/** Version-control metadata (`.git`) inside the workspace. */
	| 'vcs'
	/** Output a build or a package manager recreates inside the workspace (`node_modules`, `dist`). */
	| 'buildOutput'
	/** Inside a temporary folder. */
	| 'temp'
	/** A temporary folder itself, where other programs keep live state. */
	| 'tempRoot'
	/** Anything else inside the workspace. */
	| 'source'
	/** Outside the workspace: elsewhere under home, another project, another user's files. */
	| 'outside'
	/** Only known when the call runs. */
	| 'unknown';

/** One class a target is in, why, and whether that is only likely (a glob may match it, an unpacked archive may hold it). */
export interface ClassMatch {
	readonly pathClass: PathClass;
	readonly why: string;
	readonly likely?: boolean;
}

/** What the classes are judged against. */
export interface PathFacts {
	readonly home?: string;
	readonly workspace?: string;
	readonly guarded: readonly GuardedLocation[];
}

/**
 * How an effect covers its target: the path alone, or everything under it (and for a read, what it may reveal; for a
 * send over the network, what leaves the machine).
 */
export type Coverage = 'path' | 'tree' | 'treeRead' | 'treeSend' | 'treeUnknown';

/** A tree whose contents are read, locally or to send them away. */
function revealsTree(coverage: Coverage): boolean {
	return coverage === 'treeRead' || coverage === 'treeSend';
}

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
	'.sass-cache',
	'bower_components',
	'.webpack',
]);

/** Files a build, an interpreter or an editor leaves behind: compiled objects, caches, swap and backup files. */
const LEFT_BEHIND =
	/\.(?:pyc|pyo|o|obj|class|log|tmp|swp|swo|orig|rej|tsbuildinfo)$|^(?:\.DS_Store|Thumbs\.db)$/i;

/** `build-x`, `dist_old`, `dist2`, `foo.egg-info`: names that are build output by their shape. */
const REBUILT_SHAPE =
	/^(?:build|dist|out|target)[-_.\d][\w.-]*$|\.egg-info$|^\.?cache[-_][\w.-]*$/i;

const SYSTEM =
	/^(?:\/(?:bin|boot|dev|etc|lib|lib32|lib64|libx32|opt|proc|root|sbin|srv|sys|usr|var|System|Library|Applications|Volumes|mnt|media|snap|private|nix)(?:\/|$)|[a-zA-Z]:\/(?:Windows|Program Files|Program Files \(x86\)|ProgramData)?(?:\/|$))/i;
/** The folders that hold every user's home: the folder itself is the system's, what is in it belongs to users. */
const HOMES_ROOT = /^(?:\/home|\/Users|[a-zA-Z]:\/Users)\/?$/i;
const TEMP_ROOT =
	/^(?:\/tmp|\/var\/tmp|\/private\/tmp|\/private\/var\/folders(?:\/[^/]+){0,3}|\/dev\/shm|[a-zA-Z]:\/(?:Windows\/Temp|Users\/[^/]+\/AppData\/Local\/Temp))\/?$/i;
const TEMP =
	/^(?:\/tmp|\/var\/tmp|\/private\/tmp|\/private\/var\/folders|\/dev\/shm|[a-zA-Z]:\/(?:Windows\/Temp|Users\/[^/]+\/AppData\/Local\/Temp))\//i;
const SINK =
	/^\/dev\/(?:null|zero|full|random|urandom|stdin|stdout|stderr|tty|console|fd\/\d+|pts\/\d+|ptmx)$/;
const DEVICE = /^\/dev\/(?!shm\/)|^\/\/\.\/|^[a-zA-Z]:$/;
const GLOB = /[*?[]/;

/** Whether `path` is `folder` or inside it; caseless for Windows drive paths. */
function within(path: string, folder: string): boolean {
	return pathInside(path, folder) !== undefined;
}

/** The class of a path inside the workspace: `.git`, build output, or source. */
function workspaceClass(inside: string): ClassMatch {
	const segments = inside.split('/');
	if (segments.includes('.git')) {
		return { pathClass: 'vcs', why: "the repository's history (.git)" };
	}
	return segments.some((segment) => REBUILT.has(segment) || REBUILT_SHAPE.test(segment)) ||
		LEFT_BEHIND.test(segments.at(-1) ?? '')
		? { pathClass: 'buildOutput', why: 'build output a build recreates' }
		: { pathClass: 'source', why: 'a file in the workspace' };
}

/** The place a concrete path has on the machine: device, root, system, home, workspace, temp or elsewhere. */
function placeOf(path: string, facts: PathFacts): ClassMatch {
	if (SINK.test(path)) {
		return { pathClass: 'sink', why: 'a device that discards or streams data' };
	}
	if (DEVICE.test(path)) {
		return { pathClass: 'device', why: `the device ${path}` };
	}
	if (/^(?:\/|[a-zA-Z]:\/?)$/.test(path)) {
		return { pathClass: 'root', why: 'the root of the file system' };
	}
	const { home, workspace } = facts;
	if (home && within(home, path)) {
		return {
			pathClass: 'home',
			why: path === normalizePath(home) ? 'the home folder' : 'a folder holding the home folder',
		};
	}
	if (workspace) {
		const inside = pathInside(path, workspace);
		if (inside === '' || within(workspace, path)) {
			return { pathClass: 'workspaceRoot', why: 'the whole workspace or a folder holding it' };
		}
		if (inside !== undefined) {
			return workspaceClass(inside);
		}
	}
	const inHome = home ? pathInside(path, home) : undefined;
	if (TEMP_ROOT.test(path) && inHome === undefined) {
		return {
			pathClass: 'tempRoot',
			why: 'a temporary folder where other programs keep their live files',
		};
	}
	if (TEMP.test(path) && inHome === undefined) {
		return { pathClass: 'temp', why: 'a temporary file' };
	}
	if (inHome !== undefined) {
		return { pathClass: 'outside', why: `\`${path}\`, outside the workspace` };
	}
	if (SYSTEM.test(path) || HOMES_ROOT.test(path)) {
		return { pathClass: 'system', why: 'a system folder' };
	}
	return { pathClass: 'outside', why: `\`${path}\`, outside the workspace` };
}

/** What a concrete path is: its place, and whether it is own state, a secret or a startup file. */
function classifyConcrete(path: string, facts: PathFacts, coverage: Coverage): ClassMatch[] {
	const matches: ClassMatch[] = [placeOf(path, facts)];
	// Guarded locations are normalised when listed; the path once here.
	const normalized = normalizePath(path);
	for (const { location, within } of guardedMeetings(facts.guarded, normalized)) {
		if (within) {
			matches.push({
				pathClass: location.secret ? 'ownSecret' : 'ownState',
				why: `${location.what} (${location.path}): ${location.why}`,
			});
		} else if (coverage !== 'path') {
			matches.push({
				pathClass: location.secret && revealsTree(coverage) ? 'ownSecret' : 'ownState',
				why: `a folder holding ${location.what} (${location.path}): ${location.why}`,
				// Reading a folder that holds the secret may reveal it (`grep -r x /run/user/1000`); unpacking into a
				// folder that holds own state may overwrite it.
				...((coverage === 'treeUnknown' ||
					(revealsTree(coverage) &&
						location.path.slice(0, location.path.lastIndexOf('/')) !== normalized)) && {
					likely: true,
				}),
			});
		}
	}
	for (const { glob, what, why, secret } of GUARDED_ANYWHERE) {
		if (matcherOf(glob)(path.replace(/^[a-zA-Z]:/, ''))) {
			matches.push({ pathClass: secret ? 'ownSecret' : 'ownState', why: `${what}: ${why}` });
		}
	}
	const secret = isSecretPath(path, facts.home);
	if (secret !== undefined) {
		matches.push({ pathClass: 'secret', why: secret });
	}
	const startup = isStartupPath(path, facts.home, facts.workspace);
	if (startup !== undefined) {
		matches.push({ pathClass: 'startup', why: startup });
	}
	if (revealsTree(coverage) || coverage === 'treeUnknown') {
		matches.push(...heldSensitive(path, facts, coverage));
	}
	return matches;
}

/** Secrets and startup files a folder holds: reading the tree reveals them, unpacking into it may overwrite them. */
function heldSensitive(folder: string, facts: PathFacts, coverage: Coverage): ClassMatch[] {
	const found: ClassMatch[] = [];
	const home = facts.home;
	if (revealsTree(coverage) && home) {
		const sample = SECRET_SAMPLES_IN_HOME.map((inHome) => `${home}/${inHome}`).find((path) =>
			within(path, folder),
		);
		// Home itself is read whole every day (`grep -r x ~`, a backup); sent away, its credentials go with it.
		if (sample !== undefined && (folder !== normalizePath(home) || coverage === 'treeSend')) {
			found.push({ pathClass: 'secret', why: `it holds credentials (${sample})`, likely: true });
		}
	}
	if (coverage === 'treeUnknown' && home && within(`${home}/.bashrc`, folder)) {
		found.push({ pathClass: 'startup', why: 'it holds shell startup files', likely: true });
	}
	return found;
}

/** A glob's fixed part: everything before the segment holding its first wildcard. */
function fixedPart(glob: string): string {
	const at = glob.search(GLOB);
	return glob.slice(0, glob.lastIndexOf('/', at) + 1).replace(/\/$/, '') || '/';
}

/**
 * What a glob may reach: the place of the folder it lists (`dir/*` stands for `dir` when everything in it goes),
 * and every guarded location, credential or startup file it can match, as likely.
 */
function classifyGlob(glob: string, facts: PathFacts, coverage: Coverage): ClassMatch[] {
	const matches: ClassMatch[] = [];
	const fixed = fixedPart(glob);
	const rest = glob.slice(fixed.length + 1);
	const everything = /^(?:\*|\.\*|\*\.\*|\*\*|\.\?\*|\[[^\]]*\]\*)(?:\/\*\*?)*$/.test(rest);
	if (!glob.startsWith('**')) {
		if (everything && coverage !== 'path') {
			matches.push(
				...classifyConcrete(fixed, facts, coverage === 'tree' ? 'tree' : coverage).map((match) => ({
					...match,
					likely: match.likely ?? false,
				})),
			);
		} else {
			const stem = /^([\w.-]+?)(?:\?|\[[^\]]*\])+$/.exec(rest)?.[1];
			const stand =
				stem !== undefined && (REBUILT.has(stem) || REBUILT_SHAPE.test(`${stem}-`))
					? `${fixed}/${stem}`
					: `${fixed}/${rest.replace(/[*?[\]]/g, '_')}`;
			matches.push(placeOf(normalizePath(stand), facts));
		}
	} else {
		matches.push({
			pathClass: 'unknown',
			why: `\`${glob}\` depends on a value known only when the line runs`,
		});
	}
	const test = matcherOf(glob.replace(/^[a-zA-Z]:/, ''));
	const sample = (path: string, pathClass: PathClass, why: string) => ({
		path,
		match: { pathClass, why },
	});
	const samples = [
		...facts.guarded.map((location) =>
			sample(
				location.path,
				location.secret ? 'ownSecret' : 'ownState',
				`${location.what} (${location.path}): ${location.why}`,
			),
		),
		...(facts.home
			? SECRET_SAMPLES_IN_HOME.map((inHome) =>
					sample(`${facts.home}/${inHome}`, 'secret', `it may match credentials (~/${inHome})`),
				)
			: []),
		...SECRET_SAMPLES_ON_SYSTEM.map((path) =>
			sample(path, 'secret', `it may match credentials (${path})`),
		),
		...(facts.workspace
			? SECRET_SAMPLES_IN_WORKSPACE.map((inside) =>
					sample(`${facts.workspace}/${inside}`, 'secret', `it may match credentials (${inside})`),
				)
			: []),
	];
	// A glob that names nothing in particular (`./**`, `src/*`) is not taken to aim at credentials in it.
	const aims = /[^*?[\]{}/]/.test(glob.slice(glob.lastIndexOf('/') + 1));
	for (const { path, match } of samples) {
		const bare = path.replace(/^[a-zA-Z]:/, '');
		const guarded = match.pathClass !== 'secret';
		if (!guarded && !aims) {
			continue;
		}
		const holds = coverage !== 'path' && ancestorsOf(bare).some((ancestor) => test(ancestor));
		const inside = guarded && !glob.startsWith('**') && reachesInside(glob, bare);
		// A glob that matches a guarded location that exists takes it in as surely as its name would.
		if (test(bare) || holds || inside || tailReaches(glob, bare)) {
			matches.push({ ...match, likely: !guarded || glob.startsWith('**') });
		}
	}
	// `~/**/*.pem`, `*credentials*`: a last segment whose filled-in names are credentials' names aims at them anywhere.
	const last = glob.slice(glob.lastIndexOf('/') + 1);
	if (aims && ['', 'x'].some((fill) => isSecretName(last.replace(/\[[^\]]*\]|[*?]/g, fill)))) {
		matches.push({
			pathClass: 'secret',
			why: `its names (\`${last}\`) are those of credentials`,
			likely: true,
		});
	}
	return matches;
}

/**
 * Whether a glob with an unknown start names a guarded location by its own last two segments (`$X/.git/config`,
 * `$X/.hookwarden/bin/hook`): anything written there is taken as written into the location.
 */
function tailReaches(glob: string, location: string): boolean {
	if (!glob.startsWith('**')) {
		return false;
	}
	const segments = glob.toLowerCase().split('/');
	const [parent = '', name = ''] = location.toLowerCase().split('/').slice(-2);
	// Hookwarden's own folder names are distinctive alone; other names need their parent too (`.git/config`).
	return segments.some(
		(segment, at) =>
			segment === name && (segments[at - 1] === parent || name.includes('hookwarden')),
	);
}

/** The folders above an absolute path, nearest first, up to the root's children. */
function ancestorsOf(path: string): string[] {
	const ancestors: string[] = [];
	for (let at = path.lastIndexOf('/'); at > 0; at = path.lastIndexOf('/', at - 1)) {
		ancestors.push(path.slice(0, at));
	}
	return ancestors;
}

/** Whether an absolute glob can match a path strictly inside `folder`: its leading segments match the folder's. */
function reachesInside(pattern: string, folder: string): boolean {
	const globs = pattern.split('/');
	const names = folder.split('/');
	if (globs.length <= names.length) {
		return false;
	}
	for (let index = 0; index < names.length; index++) {
		const glob = globs[index] ?? '';
		if (glob === '**') {
			return true;
		}
		const name = names[index] ?? '';
		if (!(GLOB.test(glob) ? matcherOf(glob)(name) : glob.toLowerCase() === name.toLowerCase())) {
			return false;
		}
	}
	return true;
}

/** Every class one candidate (an absolute path or glob) of a target is in, for the way an effect covers it. */
export function classifyCandidate(
	candidate: string,
	facts: PathFacts,
	coverage: Coverage,
): ClassMatch[] {
	return GLOB.test(candidate)
		? classifyGlob(candidate, facts, coverage)
		: classifyConcrete(candidate, facts, coverage);
}
