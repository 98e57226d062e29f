import type { Effect } from '../../terms/effect';
import { moveFiles } from './fileWriters';
import { gitConfigEffects } from './gitConfig';
import { withFullLongOptions } from './gitOptionPrefixes';
import { pathsInPatch } from '../tools/pathsInPatch';
import type { OptionGrammar, ParsedOptions } from './optionGrammar';
import { given, lastIsOn, parseOptions, valuesOf } from './optionGrammar';
import type { EffectFields, ProgramCall, ProgramModel } from './programModel';

/** Git's own options before the subcommand (`git -C dir -c k=v --no-pager push`). */
export const GIT_GLOBAL: OptionGrammar = {
	shortValues: 'Cc',
	longValues: ['git-dir', 'work-tree', 'namespace', 'config-env', 'super-prefix', 'attr-source'],
	optionsFirst: true,
};

/** The subcommand of a git call with its words, aliases (`-c alias.x=…`, `GIT_CONFIG_*`) expanded. */
export interface GitSubcommand {
	readonly name: string;
	readonly args: readonly string[];
	/** `-c key=value` settings given for this call, keys lower-cased. */
	readonly settings: ReadonlyMap<string, string>;
}

/** `-c` settings of the call plus those `GIT_CONFIG_PARAMETERS` and `GIT_CONFIG_COUNT/KEY_n/VALUE_n` give it. */
function settingsOf(
	global: ParsedOptions,
	env: Readonly<Record<string, string>>,
): Map<string, string> {
	const settings = new Map<string, string>();
	const add = (pair: string) => {
		const equals = pair.indexOf('=');
		const key = (equals < 0 ? pair : pair.slice(0, equals)).trim().toLowerCase();
		settings.set(key, equals < 0 ? 'true' : pair.slice(equals + 1));
	};
	for (const match of (env.GIT_CONFIG_PARAMETERS ?? '').matchAll(/'([^']*)'/g)) {
		add(match[1] ?? '');
	}
	const count = Number(env.GIT_CONFIG_COUNT ?? 0);
	for (let index = 0; index < Math.min(count, 32); index++) {
		const key = env[`GIT_CONFIG_KEY_${index}`];
		if (key !== undefined) {
			add(`${key}=${env[`GIT_CONFIG_VALUE_${index}`] ?? ''}`);
		}
	}
	valuesOf(global, 'c').forEach(add);
	return settings;
}

/** Reads `git [global options] <subcommand> …`, expanding an alias the call itself defines. */
export function gitSubcommand(
	args: readonly string[],
	env: Readonly<Record<string, string>> = {},
): GitSubcommand | undefined {
	const global = parseOptions(args, GIT_GLOBAL);
	const settings = settingsOf(global, env);
	const at = global.operandAt[0];
	if (at === undefined) {
		return undefined;
	}
	const name = (args[at] ?? '').toLowerCase();
	const rest = args.slice(at + 1);
	const alias = settings.get(`alias.${name}`);
	if (alias !== undefined && !alias.startsWith('!')) {
		const [aliased = '', ...preset] = alias.split(/\s+/).filter(Boolean);
		const subcommand = aliased.toLowerCase();
		return {
			name: subcommand,
			args: withFullLongOptions(subcommand, [...preset, ...rest]),
			settings,
		};
	}
	return { name, args: withFullLongOptions(name, rest), settings };
}

/** Whether a git setting's value is one git reads as false (`false`, `no`, `off`, `0`). */
function isGitFalse(value: string | undefined): boolean {
	return value !== undefined && /^(?:false|no|off|0)$/i.test(value.trim());
}

/** Pathspecs that mean the whole tree (`.`, `:/`, `*`, `:(top)`). */
const WHOLE_TREE = /^(?:\.|\.\/|:\/|:\/:|\*|:\(top\)|\/)$/;

const DISCARD = 'discards uncommitted changes to';

/** One model per subcommand that can lose work; others change nothing a policy cares about. */
const SUBCOMMANDS: Readonly<Record<string, (call: ProgramCall, sub: GitSubcommand) => Effect[]>> = {
	push: (call, { args }) => {
		const parsed = parseOptions(args, {
			shortValues: 'o',
			longValues: ['repo', 'receive-pack', 'exec', 'push-option'],
		});
		const forced =
			given(parsed, 'f', 'mirror') ||
			// `--force` and its abbreviations (`--for` is refused as ambiguous, read as meant); a lease is no force.
			parsed.options.some((option) => /^forc?e?$|^force-with-lease-(?!if)/.test(option.name)) ||
			parsed.operands.some((operand) => operand.startsWith('+') || operand.includes(':+'));
		if (forced) {
			return [
				history(call, 'remoteHistory', true, 'force-pushes, overwriting commits on the remote'),
			];
		}
		const deletes =
			given(parsed, 'd', 'delete', 'prune') ||
			parsed.operands.some((operand) => operand.startsWith(':') && operand.length > 1);
		return deletes ? [history(call, 'remoteRefs', false, 'deletes remote branches or tags')] : [];
	},
	reset: (call, { args }) => {
		const parsed = parseOptions(args, {
			longs: ['hard', 'soft', 'mixed', 'merge', 'keep', 'quiet', 'patch', 'pathspec-from-file'],
		});
		// git refuses a hard reset with paths (`git reset --hard -- f`): nothing happens.
		if (given(parsed, 'hard', 'merge') && !args.includes('--')) {
			return [history(call, 'worktree', true, 'throws away every uncommitted change in')];
		}
		return given(parsed, 'keep')
			? [history(call, 'worktree', false, 'moves the branch and resets files in')]
			: [];
	},
	checkout: (call, { args }) => {
		const parsed = parseOptions(args, {
			shortValues: 'bBU',
			longValues: ['orphan', 'conflict', 'pathspec-from-file', 'unified', 'inter-hunk-context'],
			longs: [
				'force',
				'ours',
				'theirs',
				'orphan',
				'conflict',
				'pathspec-from-file',
				'pathspec-file-nul',
				'patch',
				'track',
				'no-track',
				'detach',
				'merge',
				'quiet',
				'progress',
				'overlay',
				'no-overlay',
				'ignore-other-worktrees',
				'recurse-submodules',
			],
		});
		if (given(parsed, 'b', 'B', 'orphan')) {
			return [];
		}
		const dashDash = args.indexOf('--');
		const paths =
			dashDash >= 0 ? parsed.operands.slice(args.slice(0, dashDash).filter(isOperand).length) : [];
		const whole =
			given(parsed, 'f', 'force') || parsed.operands.some((operand) => WHOLE_TREE.test(operand));
		if (whole) {
			return [history(call, 'worktree', true, 'overwrites every uncommitted change in')];
		}
		const pathsGiven =
			paths.length > 0 ||
			parsed.operands.length > 1 ||
			given(parsed, 'pathspec-from-file', 'ours', 'theirs', 'p', 'patch');
		return pathsGiven ? [history(call, 'worktreeFiles', false, DISCARD)] : [];
	},
	restore: (call, { args }) => {
		const parsed = parseOptions(args, {
			shortValues: 'sU',
			longValues: ['source', 'pathspec-from-file', 'inter-hunk-context', 'unified', 'conflict'],
			longs: [
				'source',
				'staged',
				'worktree',
				'no-staged',
				'no-worktree',
				'pathspec-from-file',
				'pathspec-file-nul',
				'patch',
				'ours',
				'theirs',
				'merge',
				'conflict',
				'overlay',
				'no-overlay',
				'quiet',
				'progress',
				'ignore-unmerged',
				'unified',
				'inter-hunk-context',
				'recurse-submodules',
			],
		});
		// As git reads them: the work tree is the default only when neither location was named, either way.
		const stagedGiven = given(parsed, 'S', 'staged', 'no-staged');
		const worktreeGiven = given(parsed, 'W', 'worktree', 'no-worktree');
		const worktree = worktreeGiven
			? lastIsOn(parsed, ['W', 'worktree'], ['no-worktree'])
			: !stagedGiven;
		// `-p` picks hunks to discard from every changed file when no path is given.
		const patch = lastIsOn(parsed, ['p', 'patch'], ['no-patch']);
		const pathsGiven = parsed.operands.length > 0 || given(parsed, 'pathspec-from-file') || patch;
		if (!worktree || !pathsGiven) {
			return [];
		}
		const whole = parsed.operands.some((operand) => WHOLE_TREE.test(operand));
		return [history(call, whole ? 'worktree' : 'worktreeFiles', whole, DISCARD)];
	},
	switch: (call, { args }) =>
		given(
			parseOptions(args, {
				shortValues: 'cC',
				longs: [
					'force',
					'discard-changes',
					'create',
					'force-create',
					'detach',
					'guess',
					'no-guess',
					'merge',
					'conflict',
					'track',
					'orphan',
				],
			}),
			'f',
			'force',
			'discard-changes',
		)
			? [history(call, 'worktree', true, 'switches branches, discarding uncommitted changes in')]
			: [],
	clean: (call, { args, settings }) => {
		const parsed = parseOptions(args, { shortValues: 'eX', longValues: ['exclude'] });
		// `-c clean.requireForce=false` makes a plain `git clean -dx` delete as `-f` would.
		const forceNotRequired = isGitFalse(settings.get('clean.requireforce'));
		const forced =
			(given(parsed, 'f', 'force') || forceNotRequired) &&
			!given(parsed, 'n', 'dry-run', 'i', 'interactive');
		return forced
			? [
					history(
						call,
						'untrackedFiles',
						true,
						'permanently deletes untracked files, which git cannot restore, in',
					),
				]
			: [];
	},
	rm: (call, { args }) => {
		const parsed = parseOptions(args, { longValues: ['pathspec-from-file'] });
		const force = lastIsOn(parsed, ['f', 'force'], ['no-force']);
		const cached = lastIsOn(parsed, ['cached'], ['no-cached']);
		const dry = given(parsed, 'n', 'dry-run');
		if (cached || dry) {
			return [];
		}
		// The files go from the work tree; the last commit still has them, unless `-f` drops changes made since.
		const recursive = given(parsed, 'r');
		const deletes = parsed.operands.map((path) =>
			call.effect({
				kind: 'delete',
				path,
				...(recursive && { tree: true }),
				recoverable: true,
				action: 'deletes the tracked files at',
			}),
		);
		return force
			? [
					...deletes,
					history(
						call,
						'worktreeFiles',
						false,
						'deletes tracked files with their uncommitted changes in',
					),
				]
			: deletes;
	},
	// `git mv` moves as `mv` does (its `-k` skips errors; `-f`, `-n`, `-v` are `mv`'s own).
	mv: (call, { args }) => [...moveFiles({ ...call, args: args.filter((word) => word !== '-k') })],
	branch: (call, { args }) => {
		const parsed = parseOptions(args, {
			shortValues: 'tu',
			longValues: ['set-upstream-to', 'track'],
		});
		const deleting = given(parsed, 'd', 'delete');
		const forced = given(parsed, 'f', 'force');
		if (given(parsed, 'D') || (deleting && forced)) {
			return [history(call, 'localRefs', false, 'force-deletes a branch, even one not merged, in')];
		}
		return (forced && !deleting && parsed.operands.length > 0) || given(parsed, 'M', 'C')
			? [history(call, 'localRefs', false, 'moves or overwrites an existing branch in')]
			: [];
	},
	tag: (call, { args }) =>
		given(parseOptions(args, { shortValues: 'mFu' }), 'd', 'delete')
			? [history(call, 'localRefs', false, 'deletes tags in')]
			: [],
	stash: (call, { args }) => {
		if (['drop', 'clear'].includes(args[0] ?? '')) {
			return [history(call, 'recoveryData', false, 'deletes stashed changes from')];
		}
		// `git stash push -- .vscode/settings.json`: each path named is put back as it was at the last commit.
		const push = args[0] === 'push' ? args.slice(1) : args[0]?.startsWith('-') ? args : [];
		return parseOptions(push, {
			shortValues: 'm',
			longValues: ['message', 'pathspec-from-file'],
		}).operands.map((path) =>
			call.effect({
				kind: 'write',
				path,
				action: 'puts back as it was at the last commit (its changes go to the stash)',
			}),
		);
	},
	worktree: (call, { args }) =>
		args[0] === 'remove' && given(parseOptions(args.slice(1), { longs: ['force'] }), 'f', 'force')
			? [history(call, 'worktree', true, 'removes a worktree with its uncommitted changes from')]
			: [],
	// Plumbing does what porcelain asks about, without its checks: a ref set to an older commit drops the ones after
	// it from the branch, as `git branch -f` would.
	'update-ref': (call, { args }) => {
		const parsed = parseOptions(args, { shortValues: 'm' });
		return given(parsed, 'd', 'delete', 'stdin') || parsed.operands.length >= 2
			? [history(call, 'localRefs', false, 'deletes or rewrites refs directly in')]
			: [];
	},
	// `read-tree -u --reset` writes the index over the work tree, as `reset --hard` does.
	'read-tree': (call, { args }) => {
		const parsed = parseOptions(args, {
			longValues: ['prefix', 'index-output', 'exclude-per-directory'],
		});
		return given(parsed, 'u') && given(parsed, 'reset')
			? [history(call, 'worktree', true, 'throws away every uncommitted change in')]
			: [];
	},
	// `checkout-index -f` overwrites files with the index's copy: every file with `-a`, else the ones named.
	'checkout-index': (call, { args }) => {
		const parsed = parseOptions(args, { longValues: ['prefix', 'stage'] });
		if (!given(parsed, 'f', 'force') || given(parsed, 'prefix')) {
			return [];
		}
		const whole = given(parsed, 'a', 'all');
		return [history(call, whole ? 'worktree' : 'worktreeFiles', whole, DISCARD)];
	},
	reflog: (call, { args }) =>
		args[0] === 'expire' || args[0] === 'delete'
			? [
					history(
						call,
						'recoveryData',
						false,
						'drops reflog entries, the safety net for lost commits, from',
					),
				]
			: [],
	gc: (call, { args }) =>
		args.some((word) => /^--prune=(?:now|all)$/.test(word))
			? [history(call, 'recoveryData', false, 'permanently deletes unreachable commits from')]
			: [],
	prune: (call) => [
		history(call, 'recoveryData', false, 'permanently deletes unreachable objects from'),
	],
	'filter-branch': (call) => [history(call, 'localHistory', true, 'rewrites the whole history of')],
	'filter-repo': (call) => [history(call, 'localHistory', true, 'rewrites the whole history of')],
	clone: (call, { args }) => {
		const parsed = parseOptions(args, {
			shortValues: 'obuc',
			longValues: [
				'origin',
				'branch',
				'upload-pack',
				'template',
				'config',
				'depth',
				'reference',
				'separate-git-dir',
				'filter',
			],
		});
		const into = parsed.operands[1];
		return into === undefined
			? []
			: [
					call.effect({
						kind: 'write',
						path: into,
						tree: true,
						contentsUnknown: true,
						action: 'clones a repository into',
					}),
				];
	},
	apply: (call, { args }) =>
		patchWrites(
			call,
			parseOptions(args, { shortValues: 'pC', longValues: ['directory', 'exclude', 'include'] }),
		),
	config: (call, { args }) => gitConfigEffects(call, args),
	// `git add -f .env`: what is staged is committed and pushed with the rest.
	add: (call, { args }) =>
		parseOptions(args, { longValues: ['chmod', 'pathspec-from-file'] }).operands.map((path) =>
			call.effect({ kind: 'read', path, action: 'stages for commit' }),
		),
	// Verbs that print a file's contents, from history (`git show HEAD:.env`) or from disk.
	show: (call, { args }) => reads(call, args.flatMap(blobPath)),
	'cat-file': (call, { args }) => reads(call, args.flatMap(blobPath)),
	blame: (call, { args }) =>
		reads(
			call,
			parseOptions(args, {
				shortValues: 'LSC',
				longValues: ['contents', 'ignore-rev'],
			}).operands.slice(-1),
		),
	diff: (call, { args }) =>
		args.includes('--no-index')
			? reads(call, parseOptions(args, { shortValues: 'USO' }).operands)
			: [],
	lfs: (call, { args }) =>
		args[0] === 'prune'
			? [history(call, 'recoveryData', false, 'deletes local LFS objects from')]
			: [],
};

/** The path of a `REV:path` blob name (`HEAD:.env`, `:0:config/.env`), or nothing. */
function blobPath(word: string): string[] {
	const match = /^(?:[^:-][^:]*|):(?:[0-3]:)?(.+)$/.exec(word);
	return match?.[1] !== undefined && !word.includes('://') ? [match[1]] : [];
}

function reads(call: ProgramCall, paths: readonly string[]): Effect[] {
	return paths.map((path) => call.effect({ kind: 'read', path, action: 'prints' }));
}

/** Subcommands whose `--abort` throws away the resolution work of an operation in progress. */
const ABORTABLE = new Set(['rebase', 'merge', 'cherry-pick', 'revert', 'am']);

/** `git rebase --abort`, `--abor`, `git merge --abort`: the in-progress work is discarded. */
function abortEffects(call: ProgramCall, sub: GitSubcommand): Effect[] {
	const parsed = parseOptions(sub.args, {
		longs: [
			'abort',
			'quit',
			'continue',
			'skip',
			'edit-todo',
			'show-current-patch',
			'autosquash',
			'autostash',
		],
	});
	return given(parsed, 'abort')
		? [
				history(
					call,
					'worktree',
					false,
					`abandons the ${sub.name} in progress and its resolved changes in`,
				),
			]
		: [];
}

function isOperand(word: string): boolean {
	return !word.startsWith('-') || word === '-';
}

/** The files a patch (from `git apply FILE` is unknown; from a heredoc, known) writes. */
function patchWrites(call: ProgramCall, parsed: ParsedOptions): Effect[] {
	if (given(parsed, 'check', 'stat', 'numstat', 'summary')) {
		return [];
	}
	const text = call.command.stdinText;
	const paths = text !== undefined ? pathsInPatch(text) : [];
	return paths.map((path) => call.effect({ kind: 'write', path, action: 'patches' }));
}

function history(
	call: ProgramCall,
	subject: NonNullable<EffectFields['subject']>,
	whole: boolean,
	action: string,
): Effect {
	return call.effect({
		kind: 'historyRewrite',
		subject,
		whole,
		action: `${action} the repository`,
	});
}

/** Subcommands that reach a remote over ssh, so an ssh override runs. */
const NETWORK = new Set([
	'fetch',
	'pull',
	'push',
	'clone',
	'ls-remote',
	'remote',
	'submodule',
	'fetch-pack',
	'send-pack',
	'archive',
]);
/** Subcommands that run git hooks. */
const RUNS_HOOKS = new Set([
	'commit',
	'merge',
	'push',
	'checkout',
	'switch',
	'rebase',
	'am',
	'pull',
	'cherry-pick',
	'revert',
	'gc',
]);

/**
 * Programs this call makes git run that the line does not show: an ssh command for a subcommand that goes over the
 * network, a file-system monitor for one that reads the work tree, a hooks folder for one that runs hooks.
 */
function programOverrides(sub: GitSubcommand, env: Readonly<Record<string, string>>): string[] {
	const network =
		NETWORK.has(sub.name) &&
		!(
			sub.name === 'remote' && !['update', 'show', 'prune', 'set-head'].includes(sub.args[0] ?? '')
		) &&
		!(sub.name === 'archive' && !sub.args.some((word) => word.startsWith('--remote')));
	const overrides: string[] = [];
	if (network) {
		overrides.push(
			...['GIT_SSH', 'GIT_SSH_COMMAND', 'GIT_SSH_VARIANT', 'GIT_PROXY_COMMAND'].filter(
				(name) => env[name] !== undefined,
			),
		);
		overrides.push(
			...['core.sshcommand', 'core.gitproxy', 'ssh.variant'].filter((key) => sub.settings.has(key)),
		);
	}
	if (sub.settings.has('core.fsmonitor') && !['version', 'help', 'config'].includes(sub.name)) {
		overrides.push('core.fsmonitor');
	}
	if (sub.settings.has('core.hookspath') && RUNS_HOOKS.has(sub.name)) {
		overrides.push('core.hooksPath');
	}
	return overrides;
}

/** Options whose next word is their value, so a `--help` there is a value, not a request for help. */
const TAKES_VALUE =
	/^(?:-[sUmFCcbBot]|--(?:source|pathspec-from-file|message|file|conflict|unified|inter-hunk-context|orphan|exec|onto|strategy|strategy-option|branch|depth|reference|template|format|pretty|author|date))$/;

/**
 * Whether the words ask for help or the version (git prints and exits, or refuses the option): before a `--`, and
 * not as the value of the option before it (`git restore --source --help f` restores `f` from `--help`).
 */
function asksForHelp(args: readonly string[]): boolean {
	const end = args.indexOf('--');
	return args.some(
		(word, at) =>
			(end < 0 || at < end) &&
			(word === '--help' || word === '-h' || word === '--version') &&
			!TAKES_VALUE.test(args[at - 1] ?? ''),
	);
}

/** `git …`: what its subcommand does to the work tree, history, refs and settings. */
export const gitCommand: ProgramModel = (call) => {
	const env = call.command.env ?? {};
	const sub = gitSubcommand(call.args, env);
	if (!sub || asksForHelp(sub.args)) {
		return [];
	}
	const effects: Effect[] = [];
	const overrides = programOverrides(sub, env);
	if (overrides.length > 0) {
		effects.push(
			call.effect({
				kind: 'configExec',
				subject: 'runtimeCode',
				action: `points git at a program to run (${overrides.join(', ')})`,
			}),
		);
	}
	const model = SUBCOMMANDS[sub.name];
	effects.push(...(model ? model(call, sub) : []));
	if (ABORTABLE.has(sub.name)) {
		effects.push(...abortEffects(call, sub));
	}
	return effects;
};
