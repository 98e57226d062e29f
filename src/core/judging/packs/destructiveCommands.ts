import type { SimpleCommand } from '../../reading/shell/commandLine';
import { DECODED_CODE, interpreterReadsStdin } from '../../reading/shell/interpreterCode';
import { isDecoder } from '../../reading/shell/fedScripts';
import {
	POSIX_SHELLS,
	POWERSHELLS,
	readsScriptFromStdin,
} from '../../reading/shell/embeddedScripts';
import { parsePowerShellArguments } from '../../reading/shell/powershellArguments';
import { powerShellCmdlet } from '../../reading/shell/powershellCmdlets';
import { programName } from '../../reading/shell/programName';
import type { Finding } from '../finding';
import type { Pack } from '../pack';
import type { PolicyInput } from '../policyInput';
import { serviceDataLossHit } from './serviceDataLoss';
import { dataLossToolHit, hasLong, type Hit, unixOptions } from './dataLossTools';
import {
	classifyTarget,
	targetBase,
	type TargetBase,
	type TargetClass,
	worstTarget,
} from './deleteTargets';

const SOURCE = { kind: 'builtin', pack: 'destructiveCommands' } as const;

// ---------------------------------------------------------------- deletes

const DELETE_CONTEXT =
	'Delete only the specific files or folders you created, by explicit path inside the workspace, or ask the user to run the cleanup.';

/** A recursive delete of `targets`: denied when one is catastrophic, nothing when all are disposable, else asked. */
function treeDelete(
	command: SimpleCommand,
	targets: readonly TargetClass[],
	recursive: boolean,
	force: boolean,
	what = 'deletes files',
): Hit | undefined {
	const worst = worstTarget(targets);
	if (worst.kind === 'disposable') {
		return undefined;
	}
	if (worst.kind === 'catastrophic' && recursive) {
		return {
			rule: 'recursiveForceDelete',
			verdict: 'deny',
			reason: `\`${command.text}\` deletes a whole tree recursively${force ? ' and without confirmation' : ''}, and its target is ${worst.why ?? 'outside the workspace'}; what it destroys cannot be recovered.`,
			context: DELETE_CONTEXT,
		};
	}
	if (worst.kind === 'catastrophic') {
		return {
			rule: 'delete',
			verdict: 'ask',
			reason: `\`${command.text}\` ${what} in ${worst.why ?? 'a path outside the workspace'}; the user confirms deletions.`,
			context: DELETE_CONTEXT,
		};
	}
	return deleteHit(command, recursive ? 'deletes a folder tree' : what);
}

function unixRm(
	command: SimpleCommand,
	base: TargetBase,
	alwaysRecursive = false,
): Hit | undefined {
	const { letters, long, operands } = unixOptions(command.argv.slice(1));
	if (hasLong(long, 'help', 2) || hasLong(long, 'version', 2)) {
		return undefined;
	}
	const recursive =
		alwaysRecursive || letters.has('r') || letters.has('R') || hasLong(long, 'recursive');
	const force = alwaysRecursive || letters.has('f') || hasLong(long, 'force');
	if (operands.length === 0) {
		// `… | xargs rm -rf`: the targets arrive on stdin and cannot be judged here.
		return command.origin === 'xargs'
			? deleteHit(command, 'deletes paths read from its input')
			: undefined;
	}
	return treeDelete(
		command,
		operands.map((operand) => classifyTarget(operand, base)),
		recursive,
		force,
	);
}

function deleteHit(command: SimpleCommand, what = 'deletes files'): Hit {
	return {
		rule: 'delete',
		verdict: 'ask',
		reason: `\`${command.text}\` ${what}; the user confirms deletions.`,
	};
}

function powerShellRemove(command: SimpleCommand, base: TargetBase): Hit | undefined {
	const args = command.argv.slice(1);
	const cmdSwitches = args
		.filter((word) => /^\/[sSqQ]$/.test(word))
		.map((word) => word.toLowerCase());
	const { named, positional } = parsePowerShellArguments(
		args.filter((word) => !/^\/[sSqQ]$/.test(word)),
		['path', 'literalpath', 'filter', 'include', 'exclude', 'credential', 'stream'],
		['recurse', 'force', 'whatif', 'confirm'],
	);
	if (named.get('whatif') === true) {
		return undefined;
	}
	const paths = [named.get('path'), named.get('literalpath'), ...positional]
		.filter((path): path is string => typeof path === 'string')
		.flatMap((path) => path.split(','))
		.map((path) => path.trim().replace(/\\/g, '/'))
		.filter((path) => path !== '');
	const recursive = named.get('recurse') === true || cmdSwitches.includes('/s');
	const force = named.get('force') === true || cmdSwitches.includes('/q');
	const targets = paths.map((path) =>
		path.startsWith('$') && !/^\$env:(TEMP|TMP|USERPROFILE)\b|^\$HOME\b/i.test(path)
			? {
					kind: 'catastrophic' as const,
					why: `\`${path}\`, a variable not known before the line runs`,
				}
			: classifyTarget(path, base),
	);
	if (paths.length > 0 && worstTarget(targets).kind === 'disposable') {
		return undefined;
	}
	if (recursive && force && (paths.length === 0 || worstTarget(targets).kind === 'catastrophic')) {
		return {
			rule: 'recursiveForceDelete',
			verdict: 'deny',
			reason: `\`${command.text}\` removes a whole tree with -Recurse -Force, including hidden and read-only items, without confirmation${paths.length > 0 ? `, in ${worstTarget(targets).why ?? 'a path outside the workspace'}` : ''}.`,
			context:
				'Remove only the specific items you created, without -Force, or ask the user to run the cleanup.',
		};
	}
	return deleteHit(command, recursive ? 'removes a folder tree' : 'removes items');
}

// ---------------------------------------------------------------- git

/** Git's own options before the subcommand that take a value (`git -C dir push`). */
const GIT_VALUE_OPTIONS = new Set([
	'-C',
	'-c',
	'--git-dir',
	'--work-tree',
	'--namespace',
	'--exec-path',
	'--config-env',
]);

/** The subcommand of a git command and its arguments, with `-c alias.name=…` aliases expanded and the name lower-cased. */
function gitSubcommand(
	argv: readonly string[],
): { readonly name: string; readonly args: readonly string[] } | undefined {
	const aliases = new Map<string, string>();
	for (let index = 1; index < argv.length; index++) {
		const word = argv[index] ?? '';
		if (GIT_VALUE_OPTIONS.has(word)) {
			const value = argv[index + 1] ?? '';
			const alias = /^alias\.([^=]+)=(.*)$/is.exec(value);
			if (word === '-c' && alias) {
				aliases.set((alias[1] ?? '').toLowerCase(), alias[2] ?? '');
			}
			index++;
		} else if (!word.startsWith('-')) {
			const name = word.toLowerCase();
			const expansion = aliases.get(name);
			if (expansion !== undefined && !expansion.startsWith('!')) {
				const [aliased = '', ...preset] = expansion.split(/\s+/).filter(Boolean);
				return { name: aliased.toLowerCase(), args: [...preset, ...argv.slice(index + 1)] };
			}
			return { name, args: argv.slice(index + 1) };
		}
	}
	return undefined;
}

const HISTORY_CONTEXT =
	'Make a new commit instead of rewriting existing ones, or ask the user to rewrite history themselves.';

const DISCARD_CONTEXT =
	'Set changes aside with `git stash` instead of discarding them, or ask the user to discard them.';

function gitDiscard(command: SimpleCommand, what: string, whole: boolean): Hit {
	return whole
		? {
				rule: 'discardChanges',
				verdict: 'deny',
				reason: `\`${command.text}\` ${what}; uncommitted work is lost and cannot be recovered.`,
				context: DISCARD_CONTEXT,
			}
		: {
				rule: 'discardChanges',
				verdict: 'ask',
				reason: `\`${command.text}\` ${what}; the user confirms discarding uncommitted work.`,
				context: DISCARD_CONTEXT,
			};
}

/** Pathspecs that mean the whole tree (`.`, `:/`, `*`, `-A`). */
const WHOLE_TREE = (operand: string): boolean =>
	/^(?:\.|\.\/|:\/|:\/:|\*|:\(top\)|\/)$/.test(operand);

function gitHit(command: SimpleCommand): Hit | undefined {
	const sub = gitSubcommand(command.argv);
	if (!sub) {
		return undefined;
	}
	const { letters, long, operands } = unixOptions(sub.args);
	const text = command.text;
	if (hasLong(long, 'help', 2) || letters.has('h')) {
		return undefined;
	}
	switch (sub.name) {
		case 'push': {
			const force =
				letters.has('f') ||
				long.some((option) => option.length >= 3 && 'force'.startsWith(option)) ||
				operands.some((operand) => operand.startsWith('+'));
			const mirror = hasLong(long, 'mirror');
			if (force || mirror) {
				return {
					rule: 'forcePush',
					verdict: 'deny',
					reason: `\`${text}\` force-pushes${mirror ? ' (--mirror overwrites and deletes remote refs)' : ''}, overwriting commits on the remote that other people may depend on.`,
					context:
						'Push without force (pull and rebase or merge first), or ask the user; if a rewrite is really intended, --force-with-lease is the safer form.',
				};
			}
			if (
				letters.has('d') ||
				hasLong(long, 'delete') ||
				hasLong(long, 'prune') ||
				operands.some((operand) => operand.startsWith(':') && operand.length > 1)
			) {
				return deleteHit(command, 'deletes a remote branch or tag');
			}
			return undefined;
		}
		case 'reset':
			if (hasLong(long, 'hard') || hasLong(long, 'merge')) {
				return {
					rule: 'hardReset',
					verdict: 'deny',
					reason: `\`${text}\` discards uncommitted changes in the working tree and index; they cannot be recovered.`,
					context:
						'Use `git stash` to set changes aside, or `git restore <file>` for specific files you changed.',
				};
			}
			return hasLong(long, 'keep')
				? gitDiscard(command, 'moves the branch and resets the working tree', false)
				: undefined;
		case 'checkout': {
			const dashDash = sub.args.indexOf('--');
			const paths = dashDash >= 0 ? sub.args.slice(dashDash + 1) : [];
			const force = letters.has('f') || hasLong(long, 'force');
			const whole = force || operands.some(WHOLE_TREE) || paths.some(WHOLE_TREE);
			if (letters.has('b') || letters.has('B') || hasLong(long, 'orphan')) {
				return undefined;
			}
			if (whole) {
				return gitDiscard(command, 'overwrites every uncommitted change in the working tree', true);
			}
			return paths.length > 0 || hasLong(long, 'ours') || hasLong(long, 'theirs')
				? gitDiscard(command, 'overwrites uncommitted changes to these files', false)
				: undefined;
		}
		case 'restore': {
			const staged = letters.has('S') || hasLong(long, 'staged');
			const worktree = letters.has('W') || hasLong(long, 'worktree');
			if (staged && !worktree) {
				return undefined;
			}
			const whole = operands.some(WHOLE_TREE);
			return gitDiscard(
				command,
				whole
					? 'overwrites every uncommitted change in the working tree'
					: 'overwrites uncommitted changes to these files',
				whole,
			);
		}
		case 'switch':
			return letters.has('f') || hasLong(long, 'force') || hasLong(long, 'discard-changes')
				? gitDiscard(command, 'switches branches discarding local changes', true)
				: undefined;
		case 'clean':
			if (
				(letters.has('f') || hasLong(long, 'force')) &&
				!letters.has('n') &&
				!hasLong(long, 'dry-run')
			) {
				return {
					rule: 'gitClean',
					verdict: 'deny',
					reason: `\`${text}\` permanently deletes untracked files, which are not in git and cannot be restored.`,
					context:
						'Run `git clean -n` to list what would go and delete specific files by path, or ask the user.',
				};
			}
			return undefined;
		case 'rm':
			return hasLong(long, 'cached') || letters.has('n') || hasLong(long, 'dry-run')
				? undefined
				: deleteHit(command, 'deletes tracked files');
		case 'branch':
			return letters.has('D') ||
				((letters.has('d') || hasLong(long, 'delete')) &&
					(letters.has('f') || hasLong(long, 'force')))
				? deleteHit(command, 'force-deletes a branch, even if it is not merged')
				: letters.has('M') || letters.has('C')
					? deleteHit(command, 'overwrites an existing branch')
					: undefined;
		case 'tag':
			return letters.has('d') || hasLong(long, 'delete')
				? deleteHit(command, 'deletes tags')
				: undefined;
		case 'stash':
			return ['drop', 'clear'].includes(operands[0] ?? '')
				? deleteHit(command, 'deletes stashed changes')
				: undefined;
		case 'worktree':
			return operands[0] === 'remove' && (letters.has('f') || hasLong(long, 'force'))
				? gitDiscard(command, 'removes a worktree with its uncommitted changes', true)
				: undefined;
		case 'update-ref':
			return letters.has('d') || hasLong(long, 'delete') || hasLong(long, 'stdin')
				? deleteHit(command, 'deletes or rewrites refs directly')
				: undefined;
		case 'reflog':
			return operands[0] === 'expire' || operands[0] === 'delete'
				? {
						rule: 'historyRewrite',
						verdict: 'ask',
						reason: `\`${text}\` drops reflog entries, the safety net for recovering lost commits; the user confirms this.`,
						context: HISTORY_CONTEXT,
					}
				: undefined;
		case 'gc':
		case 'prune':
			return sub.name === 'prune' || sub.args.some((word) => /^--prune=(now|all)$/.test(word))
				? deleteHit(command, 'permanently deletes unreachable commits')
				: undefined;
		case 'rebase':
			return ['abort', 'quit', 'continue', 'skip', 'edit-todo', 'show-current-patch'].some(
				(option) => hasLong(long, option),
			)
				? undefined
				: {
						rule: 'historyRewrite',
						verdict: 'ask',
						reason: `\`${text}\` rewrites commit history; the user confirms history rewrites.`,
						context: HISTORY_CONTEXT,
					};
		case 'commit':
			return hasLong(long, 'amend')
				? {
						rule: 'historyRewrite',
						verdict: 'ask',
						reason: `\`${text}\` replaces the last commit; the user confirms history rewrites.`,
						context: HISTORY_CONTEXT,
					}
				: undefined;
		case 'filter-branch':
		case 'filter-repo':
			return {
				rule: 'historyRewrite',
				verdict: 'ask',
				reason: `\`${text}\` rewrites the whole repository history; the user confirms history rewrites.`,
				context: HISTORY_CONTEXT,
			};
		default:
			return undefined;
	}
}

// ---------------------------------------------------------------- disks

/** Device files that are safe to write: sinks and streams, not disks. */
const HARMLESS_DEVICE = /^\/dev\/(null|zero|stdout|stderr|tty|fd\/\d+|random|urandom)$/;

function diskHit(command: SimpleCommand, name: string): Hit | undefined {
	if (
		name === 'mkfs' ||
		name.startsWith('mkfs.') ||
		name === 'mke2fs' ||
		name === 'format-volume' ||
		name === 'clear-disk'
	) {
		// `mkfs.ext4 disk.img` formats an image file, which loses nothing.
		const { operands } = unixOptions(command.argv.slice(1));
		if (
			name.startsWith('mk') &&
			operands.length > 0 &&
			!operands.some((word) => word.startsWith('/dev/') || word.startsWith('$'))
		) {
			return undefined;
		}
		return {
			rule: 'formatFilesystem',
			verdict: 'deny',
			reason: `\`${command.text}\` formats a disk or partition, erasing everything on it.`,
		};
	}
	const devices = [
		...(name === 'dd'
			? command.argv.filter((word) => word.startsWith('of=')).map((word) => word.slice(3))
			: []),
		...command.redirects
			.filter((redirect) => /^\d*>/.test(redirect.operator))
			.map((redirect) => redirect.target),
	].filter((target) => target.startsWith('/dev/') && !HARMLESS_DEVICE.test(target));
	return devices.length > 0
		? {
				rule: 'rawDiskWrite',
				verdict: 'deny',
				reason: `\`${command.text}\` writes raw data to the device ${devices[0] ?? ''}, which can destroy its file system.`,
			}
		: undefined;
}

// ---------------------------------------------------------------- remote code

const DOWNLOADERS = new Set([
	'curl',
	'wget',
	'fetch',
	'aria2c',
	'invoke-webrequest',
	'invoke-restmethod',
	'start-bitstransfer',
]);
const INTERPRETERS = new Set(['python', 'python2', 'python3', 'perl', 'ruby', 'node', 'php']);

function isDownloader(command: SimpleCommand): boolean {
	const name = programName(command.argv[0] ?? '');
	const cmdlet = command.dialect === 'powershell' ? powerShellCmdlet(name) : name;
	return (
		DOWNLOADERS.has(cmdlet) ||
		(cmdlet === 'new-object' && command.argv.some((word) => /webclient/i.test(word)))
	);
}

/** Whether a command runs the script it reads on stdin (`sh`, `sudo bash -s`, `iex`, `python -`). */
function runsStdin(command: SimpleCommand): boolean {
	const name = programName(command.argv[0] ?? '');
	if (powerShellCmdlet(name) === 'invoke-expression' || readsScriptFromStdin(command.argv)) {
		return true;
	}
	if (!INTERPRETERS.has(name)) {
		return false;
	}
	const { operands } = unixOptions(command.argv.slice(1));
	return operands.length === 0 || operands[0] === '-';
}

/** Whether a command runs code handed to it as an argument (`bash <(…)`, `sh -c "$(…)"`, `eval`, `source`, `iex (…)`). */
function runsArgument(command: SimpleCommand): boolean {
	const name = programName(command.argv[0] ?? '');
	return (
		POSIX_SHELLS.has(name) ||
		POWERSHELLS.has(name) ||
		INTERPRETERS.has(name) ||
		['eval', 'source', '.'].includes(name) ||
		powerShellCmdlet(name) === 'invoke-expression'
	);
}

function remoteCodeHit(
	command: SimpleCommand,
	index: number,
	all: readonly SimpleCommand[],
): Hit | undefined {
	const pipeline = command.pipeline;
	const fed =
		pipeline && runsStdin(command)
			? all.find(
					(other) =>
						other.pipeline?.id === pipeline.id &&
						other.pipeline.stage < pipeline.stage &&
						isDownloader(other),
				)
			: undefined;
	const substituted = runsArgument(command)
		? all.find(
				(other) =>
					other.parent === index &&
					(other.origin === 'substitution' || other.origin === 'processSubstitution') &&
					isDownloader(other),
			)
		: undefined;
	const download = fed ?? substituted;
	if (!download) {
		return hiddenScriptHit(command, index, all);
	}
	return {
		rule: 'remoteScriptExecution',
		verdict: 'deny',
		reason: `\`${command.text}\` runs code downloaded by \`${download.text}\` without anyone reading it first.`,
		context:
			'Download the script to a file, show it to the user, and run it only after they have reviewed it; prefer a package manager when there is one.',
	};
}

/**
 * A shell or interpreter that runs a script the line does not show: stdin from a decoder (`base64 -d | sh`) or from a
 * file (`cat x.sh | bash`), or `eval`/`source` of decoded text. Text the reader could see (`echo … | sh`) was read
 * as sub-commands instead and is judged there.
 */
function hiddenScriptHit(
	command: SimpleCommand,
	index: number,
	all: readonly SimpleCommand[],
): Hit | undefined {
	if (command.origin === 'interpreter' && command.argv[0] === DECODED_CODE) {
		return {
			rule: 'obfuscatedScript',
			verdict: 'ask',
			reason: `Interpreter code runs code it decodes first (${command.text}), which hides what it does; the user confirms it.`,
		};
	}
	const pipeline = command.pipeline;
	const seen = all.some(
		(other) =>
			other.parent === index && (other.origin === 'pipedScript' || other.origin === 'interpreter'),
	);
	if (seen) {
		return undefined;
	}
	const stages =
		pipeline && pipeline.stage > 0 && (runsStdin(command) || interpreterReadsStdin(command.argv))
			? all.filter(
					(other) =>
						other.pipeline?.id === pipeline.id &&
						other.pipeline.stage < pipeline.stage &&
						other.origin === command.origin,
				)
			: [];
	const decoded =
		stages.find(isDecoder) ??
		(runsArgument(command)
			? all.find(
					(other) =>
						other.parent === index &&
						(other.origin === 'substitution' || other.origin === 'processSubstitution') &&
						isDecoder(other),
				)
			: undefined);
	if (decoded) {
		return {
			rule: 'obfuscatedScript',
			verdict: 'ask',
			reason: `\`${command.text}\` runs code decoded by \`${decoded.text}\`, which hides what it does; the user confirms it.`,
			context: 'Run the decoded commands directly so they can be read, or ask the user.',
		};
	}
	const source = stages.at(-1);
	if (source && !['echo', 'printf'].includes(programName(source.argv[0] ?? ''))) {
		return {
			rule: 'pipedScript',
			verdict: 'ask',
			reason: `\`${command.text}\` runs as a script whatever \`${source.text}\` writes, which the line does not show; the user confirms it.`,
			context: 'Run the script file directly (`bash file.sh`) after showing it, or ask the user.',
		};
	}
	return undefined;
}

/** `$X -rf /`, `${CMD:-rm} -rf ~`: a command word only known at run time, with arguments that look destructive. */
function dynamicCommandHit(command: SimpleCommand, base: TargetBase): Hit | undefined {
	if (!command.dynamicWord) {
		return undefined;
	}
	const args = command.argv.slice(1);
	const flags = args.some((word) =>
		/^-[a-zA-Z]*[rRfdD]|^--(force|recursive|hard|delete|mirror|no-preserve-root)$|^\+\S/.test(word),
	);
	const targets = args.filter((word) => !word.startsWith('-'));
	const worst = worstTarget(targets.map((word) => classifyTarget(word, base)));
	if (!flags && worst.kind !== 'catastrophic') {
		return undefined;
	}
	if (targets.length > 0 && worst.kind === 'disposable') {
		return undefined;
	}
	return {
		rule: 'dynamicCommand',
		verdict: 'ask',
		reason: `\`${command.text}\` runs a program named by \`${command.writtenAs ?? command.argv[0] ?? ''}\`, known only when the line runs, with arguments that look destructive; the user confirms it.`,
		context: 'Name the program directly so the command can be checked.',
	};
}

/** Functions a line defines and calls, so the body of one never called is not judged. */
function calledFunctions(all: readonly SimpleCommand[]): ReadonlySet<string> {
	const called = new Set<string>();
	for (const command of all) {
		const name = command.argv[0];
		if (name !== undefined && command.inFunction !== name) {
			called.add(name);
		}
	}
	return called;
}

function forkBombHit(command: SimpleCommand): Hit | undefined {
	const name = command.inFunction;
	if (
		name === undefined ||
		(command.argv[0] ?? '') !== name ||
		(!command.pipeline && !command.background)
	) {
		return undefined;
	}
	return {
		rule: 'forkBomb',
		verdict: 'deny',
		reason: `The function \`${name}\` starts copies of itself (\`${command.text}\` in a pipe or in the background), a fork bomb that exhausts the machine's processes.`,
	};
}

// ---------------------------------------------------------------- pack

/** Where `find` deletes with `-delete` as an action (not as the pattern of `-name -delete`): its start paths. */
function findDeletes(argv: readonly string[]): readonly string[] | undefined {
	const valued =
		/^-(i?name|i?path|i?wholename|i?regex|i?lname|newer\w*|user|group|perm|type|size|fstype|samefile|printf|fprint\w*|context)$/;
	const at = argv.findIndex(
		(word, index) => word === '-delete' && !valued.test(argv[index - 1] ?? ''),
	);
	if (at < 0) {
		return undefined;
	}
	const starts: string[] = [];
	for (const word of argv.slice(1)) {
		if (/^[-(!]/.test(word)) {
			break;
		}
		starts.push(word);
	}
	return starts.length > 0 ? starts : ['.'];
}

/** Programs that run code they are given (shells, interpreters, `eval`, `iex`): the only ones that can run a hidden script. */
const RUNNERS: ReadonlySet<string> = new Set([
	...POSIX_SHELLS,
	...POWERSHELLS,
	...INTERPRETERS,
	'eval',
	'source',
	'.',
	'iex',
	'invoke-expression',
	'python3.12',
	'nodejs',
	'bun',
	'deno',
	'lua',
	'$decoded_code',
]);

/** Deleters run through npx and friends that take paths like `rm -rf`. */
const TREE_DELETERS = new Set(['rimraf', 'del-cli', 'trash-empty', 'rmrf']);

function commandHits(
	command: SimpleCommand,
	index: number,
	all: readonly SimpleCommand[],
	input: PolicyInput,
): Hit[] {
	const name = programName(command.argv[0] ?? '');
	const cmdlet = powerShellCmdlet(name);
	// Worked out only for commands that delete or change paths: most sub-commands never need it.
	let lazyBase: TargetBase | undefined;
	const base = (): TargetBase => (lazyBase ??= targetBase(command, index, all, input));
	const hits: (Hit | undefined)[] = [
		forkBombHit(command),
		RUNNERS.has(name) || command.origin === 'interpreter' || command.pipeline
			? remoteCodeHit(command, index, all)
			: undefined,
		diskHit(command, command.dialect === 'powershell' ? cmdlet : name),
		command.dynamicWord ? dynamicCommandHit(command, base()) : undefined,
		serviceDataLossHit(command),
	];
	if (command.dialect === 'powershell' && cmdlet === 'remove-item') {
		// PowerShell on Linux and macOS has no `rm` alias, so `rm -rf` there is the Unix program.
		const asCmdlet = powerShellRemove(command, base());
		const asUnix = name === 'rm' ? unixRm(command, base()) : undefined;
		hits.push(asUnix?.verdict === 'deny' ? asUnix : asCmdlet);
	} else if (name === 'rm') {
		hits.push(unixRm(command, base()));
	} else if (TREE_DELETERS.has(name)) {
		hits.push(unixRm(command, base(), true));
	} else if (name === 'unlink') {
		hits.push(unixRm(command, base()));
	} else if (name === 'remove-item') {
		hits.push(powerShellRemove(command, base()));
	} else if (name === 'find') {
		const starts = findDeletes(command.argv);
		if (starts) {
			hits.push(
				treeDelete(
					command,
					starts.map((start) =>
						// Filters bound a delete that starts at the workspace: ask, as for other deletes there.
						/^\/(?:var\/)?tmp\/?$/.test(start)
							? { kind: 'disposable' as const }
							: /^\.\/?$/.test(start) && !base().cwdUnknown
								? { kind: 'ordinary' as const }
								: classifyTarget(start, base()),
					),
					true,
					true,
					'deletes every file it matches',
				),
			);
		}
	} else if (name === 'git') {
		hits.push(gitHit(command));
	} else {
		hits.push(dataLossToolHit(command, base));
	}
	return hits.filter((hit): hit is Hit => hit !== undefined);
}

/** Built-in pack that denies irreversible shell commands (recursive force deletes, force pushes, disk writes, remote scripts) and asks before other deletes and history rewrites. */
export const destructiveCommandsPack: Pack = {
	id: 'destructiveCommands',
	evaluate(input) {
		const commands = input.shell?.commands ?? [];
		const findings: Finding[] = [];
		const seen = new Set<string>();
		const called = calledFunctions(commands);
		// A line the reader could not fully read is asked about for every pack in evaluatePolicy (unreadableCommandLine.ts).
		commands.forEach((command, index) => {
			if (command.inFunction !== undefined && !called.has(command.inFunction)) {
				// The body of a function the line never calls does not run.
				return;
			}
			for (const hit of commandHits(command, index, commands, input)) {
				const key = `${hit.rule}\u0000${command.text}`;
				if (seen.has(key)) {
					continue;
				}
				seen.add(key);
				findings.push({
					verdict: hit.verdict,
					ruleId: `destructiveCommands.${hit.rule}`,
					reason: hit.reason,
					source: SOURCE,
					subCommand: command.text,
					...(hit.context !== undefined ? { context: hit.context } : {}),
				});
			}
		});
		return findings;
	},
};
