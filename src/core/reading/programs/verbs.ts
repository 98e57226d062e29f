/*
 * The verbs of service CLIs, MCP tools and editor commands, read as effects: one vocabulary of the verbs that destroy
 * what a service holds (`delete`, `drop`, `purge`, `reset`, …) and of the everyday ones that only look or build
 * (`get`, `list`, `plan`, `create`), shared by every reader of a command path (`gcloud compute disks delete d1`,
 * `mcp__gitlab__delete_project`, `remote-containers.removeContainer`). A family says only what differs for it.
 */

/** Verbs (and their nouns) that destroy what they act on. */
const DESTROYING = new Set([
	'delete',
	'deletion',
	'del',
	'destroy',
	'destruction',
	'drop',
	'purge',
	'remove',
	'removal',
	'rm',
	'rmi',
	'rb',
	'rmdir',
	'reset',
	'wipe',
	'clean',
	'cleanup',
	'terminate',
	'termination',
	'uninstall',
	'unregister',
	'deregister',
	'flush',
	'flushall',
	'flushdb',
	'truncate',
	'prune',
	'nuke',
	'erase',
	'teardown',
	'obliterate',
	'expunge',
	'decommission',
	'deprovision',
	'unpublish',
	'undeploy',
]);

/** The destroying verbs of {@link DESTROYING} that leave no doubt, for a program Hookwarden knows nothing of. */
const UNMISTAKABLE = new Set([
	'delete',
	'deletion',
	'destroy',
	'destruction',
	'drop',
	'purge',
	'terminate',
	'termination',
	'flushall',
	'flushdb',
	'truncate',
	'nuke',
	'wipe',
	'erase',
	'teardown',
	'obliterate',
	'expunge',
	'decommission',
	'deprovision',
]);

/** Verbs that step back: they destroy only when they go back to nothing (`downgrade base`, `rollback --all`). */
const STEPPING_BACK = new Set(['rollback', 'revert', 'downgrade', 'undo', 'down', 'rewind']);

/** Where a step back ends when it goes back to nothing: before the first migration. */
const TO_NOTHING = /^(?:base|0|zero|all|--?all|--?to=0|--?target=0)$/i;

/**
 * Verbs that only look, or build up: once one of them is the verb, later words are resource names (`describe
 * reset-vm`), never verbs.
 */
const EVERYDAY = new Set([
	'get',
	'list',
	'ls',
	'describe',
	'show',
	'view',
	'status',
	'logs',
	'log',
	'info',
	'inspect',
	'diff',
	'plan',
	'validate',
	'check',
	'lint',
	'test',
	'version',
	'help',
	'whoami',
	'search',
	'find',
	'top',
	'explain',
	'print',
	'read',
	'cat',
	'tail',
	'watch',
	'wait',
	'ping',
	'create',
	'new',
	'add',
	'init',
	'install',
	'update',
	'upgrade',
	'set',
	'put',
	'apply',
	'up',
	'start',
	'restart',
	'reload',
	'build',
	'run',
	'exec',
	'deploy',
	'push',
	'pull',
	'fetch',
	'clone',
	'copy',
	'cp',
	'rename',
	'edit',
	'open',
	'login',
	'logout',
	'seed',
	'generate',
	'import',
	'export',
	'scale',
	'rollout',
	'label',
	'annotate',
	'attach',
	'tag',
	'commit',
	'merge',
	'publish',
	'enable',
	'approve',
	'connect',
	'console',
	'serve',
	'dev',
	'preview',
	'compile',
	'format',
	'fmt',
	'completion',
	'configure',
	'upload',
	'download',
	'query',
	'send',
	'close',
	'clear',
	'save',
	'write',
	'select',
	'focus',
	'toggle',
]);

/** What a destroying verb may act on that costs nothing to lose: caches, logs, local settings, an agent's notes. */
const HARMLESS = new Set([
	'cache',
	'caches',
	'store',
	'log',
	'logs',
	'config',
	'configs',
	'configuration',
	'configurations',
	'alias',
	'aliases',
	'completion',
	'completions',
	'tmp',
	'temp',
	'memory',
	'memories',
	'entity',
	'entities',
	'observation',
	'observations',
	'relation',
	'relations',
	'todo',
	'todos',
	'breakpoint',
	'breakpoints',
	'bookmark',
	'bookmarks',
	'selection',
	'highlight',
	'highlights',
]);

/** What a destroying verb takes whole when it acts on one of these: a namespace, a project, a resource group. */
const WHOLE = new Set([
	'ns',
	'namespace',
	'namespaces',
	'project',
	'projects',
	'group',
	'groups',
	'resource-group',
	'subscription',
	'subscriptions',
	'account',
	'accounts',
	'organization',
	'organizations',
	'org',
	'orgs',
	'tenant',
	'tenants',
]);

/** Options that widen a destroying verb to all of its scope: `--all`, `--all-namespaces`, `-auto-approve`. */
const WIDENING = /^--?(?:all(?:-[\w-]+)?|auto-approve)$/;

/** Options that destroy data whatever the verb: `nomad job stop -purge`, `snap remove --purge`. */
const PURGING = /^--?purge$/;

/** Options naming where a command acts, whose value may name production (`--context prod-eu`, `--profile prod`). */
const WHERE =
	/^--?(?:context|kube-context|profile|env|environment|stage|stack|namespace|project|subscription|app|cluster|account|workspace|target)$/;
const PRODUCTION = /(?:^|[^a-z])prod(?:uction)?(?:[^a-z]|$)/i;

/** How many words of a command path are read for its verb (`gcloud compute instances delete NAME`). */
const MAX_PATH = 6;

/** What a family of programs says about its verbs beyond the shared vocabulary. */
export interface VerbFamily {
	/** Command paths up to a destroying verb that are everyday for the family (`delete pod`, `uninstall`). */
	readonly everyday?: readonly string[];
	/** Verbs that destroy in this family only. */
	readonly destroys?: readonly string[];
	/** Never read a whole scope (a package manager's packages are installed again). */
	readonly neverWhole?: boolean;
	/** Only the unmistakable verbs count: the program is unknown, so a word like `reset` may mean anything. */
	readonly unmistakableOnly?: boolean;
}

/** What the verbs of one command path say. */
export interface VerbReading {
	/** The words read as the command path, in order. */
	readonly path: readonly string[];
	/** The verb that decided, as written; absent when no word is a known verb. */
	readonly verb?: string;
	/** Whether the call destroys data the service holds. */
	readonly destroys: boolean;
	/** Whether it takes a whole scope: everything (`--all`), production, a namespace, a project. */
	readonly whole: boolean;
	/** Why, in a few words, for `--explain`: the verb, or what kept it quiet or widened it. */
	readonly why: string;
}

/** A path word's parts: `schedule-key-deletion`, `pg:reset`, `dropAll`, `uninstall_all` → their words, lower-case. */
export function verbParts(word: string): string[] {
	return word
		.replace(/([a-z])([A-Z])/g, '$1 $2')
		.toLowerCase()
		.split(/[-_:\s]+/)
		.filter((part) => part !== '');
}

/** A word that names a file (`deploy/job.yaml`, `job.yaml`). */
function namesFile(word: string): boolean {
	return /[/\\]|\.\w+$/.test(word);
}

/** A word that names a resource (a path, an address, a file, a key=value) rather than a verb. */
function namesResource(word: string): boolean {
	return /[/\\.@=,]|^\d/.test(word);
}

/** The words of a call that make its command path: its words that are not options, up to {@link MAX_PATH}. */
function commandPath(words: readonly string[]): string[] {
	return words.filter((word) => !word.startsWith('-')).slice(0, MAX_PATH);
}

interface FoundVerb {
	readonly at: number;
	readonly word: string;
	readonly part: string;
	readonly kind: 'destroys' | 'stepsBack' | 'everyday';
}

/** The first word of the path with a known verb among its parts, and which kind of verb it is. */
function firstVerb(path: readonly string[], family: VerbFamily): FoundVerb | undefined {
	const destroying = (part: string) =>
		(family.unmistakableOnly ? UNMISTAKABLE : DESTROYING).has(part) ||
		(family.destroys ?? []).includes(part);
	for (const [at, word] of path.entries()) {
		if (namesResource(word)) {
			continue;
		}
		for (const part of verbParts(word)) {
			if (destroying(part)) {
				return { at, word, part, kind: 'destroys' };
			}
			if (!family.unmistakableOnly && STEPPING_BACK.has(part)) {
				return { at, word, part, kind: 'stepsBack' };
			}
			if (EVERYDAY.has(part)) {
				return { at, word, part, kind: 'everyday' };
			}
		}
	}
	return undefined;
}

/**
 * Whether the path up to the verb and its object is one of the family's everyday paths; `<file>` in one stands for a
 * word that names a file (`delete <file>`: what one manifest defines).
 */
function everydayFor(path: readonly string[], at: number, family: VerbFamily): boolean {
	return (family.everyday ?? []).some((everyday) => {
		const words = everyday.split(' ');
		return (
			words.length >= at + 1 &&
			words.every((word, index) =>
				word === '<file>' ? namesFile(path[index] ?? '') : path[index] === word,
			)
		);
	});
}

/**
 * The scope the words say is whole: an option that widens, production named where the call acts (global options
 * included), a whole-scope noun.
 */
function wholeScope(
	words: readonly string[],
	path: readonly string[],
	verb: FoundVerb,
	all: readonly string[],
): string | undefined {
	const widening = words.find((word) => WIDENING.test(word));
	if (widening !== undefined) {
		return widening;
	}
	for (const [at, word] of all.entries()) {
		const [name, inline] = word.split(/=(.*)/s);
		const value = inline ?? all[at + 1] ?? '';
		if (WHERE.test(name ?? '') && PRODUCTION.test(value)) {
			return `${name ?? ''} ${value}`;
		}
	}
	const object = verbParts(verb.word).at(-1);
	const nouns = [...path.slice(0, verb.at), path[verb.at + 1] ?? '', object ?? ''];
	return nouns.find((noun) => WHOLE.has(noun));
}

/**
 * Reads the verbs of a call's words (past any global options; `all` are every word, where production may be named):
 * whether it destroys what a service holds, and whether it takes a whole scope. A family's everyday paths, harmless objects (caches, logs) and steps back that stop short
 * of nothing stay quiet; `--purge` destroys whatever the verb.
 */
export function readVerbs(
	words: readonly string[],
	family: VerbFamily = {},
	all: readonly string[] = words,
): VerbReading {
	const path = commandPath(words);
	const verb = firstVerb(path, family);
	const quiet = (why: string, at?: FoundVerb): VerbReading => ({
		path,
		...(at && { verb: at.word }),
		destroys: false,
		whole: false,
		why,
	});
	const purging = words.find((word) => PURGING.test(word));
	if (verb?.kind === 'everyday' || (verb === undefined && purging === undefined)) {
		return quiet(verb ? `\`${verb.part}\` only looks or builds` : 'no verb it knows', verb);
	}
	const found = verb ?? { at: 0, word: purging ?? '', part: 'purge', kind: 'destroys' as const };
	const widened = words.some((word) => WIDENING.test(word)) || purging !== undefined;
	// What the verb acts on: the nouns before it, its own parts (`delete-cache`), and a plain word right after it.
	const next = path[found.at + 1] ?? '';
	const harmless = [...path.slice(0, found.at + 1).flatMap(verbParts), next].find((part) =>
		HARMLESS.has(part),
	);
	if (harmless !== undefined) {
		return quiet(`\`${found.part}\` acts on \`${harmless}\`, which costs nothing to lose`, found);
	}
	if (found.kind === 'stepsBack' && !words.slice(found.at).some((word) => TO_NOTHING.test(word))) {
		return quiet(`\`${found.part}\` steps back, but not to nothing`, found);
	}
	if (!widened && !verbParts(found.word).includes('all') && everydayFor(path, found.at, family)) {
		return quiet(
			`\`${path.slice(0, found.at + 2).join(' ')}\` is everyday for this program`,
			found,
		);
	}
	const everything = found.part.endsWith('all') || verbParts(found.word).includes('all');
	const scope = family.neverWhole ? undefined : wholeScope(words, path, found, all);
	return {
		path,
		verb: found.word,
		destroys: true,
		whole: !family.neverWhole && (scope !== undefined || everything),
		why: `\`${found.part}\` destroys${scope !== undefined ? `, and \`${scope}\` takes a whole scope` : ''}`,
	};
}
