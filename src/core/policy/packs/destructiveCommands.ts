import type { Verdict } from '../../provider/decision';
import type { SimpleCommand } from '../../shell/commandLine';
import { POSIX_SHELLS, POWERSHELLS, readsScriptFromStdin } from '../../shell/embeddedScripts';
import { parsePowerShellArguments } from '../../shell/powershellArguments';
import { powerShellCmdlet } from '../../shell/powershellCmdlets';
import { programName } from '../../shell/programName';
import type { Finding } from '../finding';
import type { Pack } from '../pack';

/** What one rule says about one sub-command, before it becomes a finding. */
interface Hit {
	readonly rule: string;
	readonly verdict: Verdict;
	readonly reason: string;
	readonly context?: string;
}

const SOURCE = { kind: 'builtin', pack: 'destructiveCommands' } as const;

/** Short-option letters and long options (before `--`) of a Unix command, so `-rf`, `-r -f` and `--recursive --force` read alike. */
function unixOptions(args: readonly string[]): {
	readonly letters: ReadonlySet<string>;
	readonly long: readonly string[];
	readonly operands: readonly string[];
} {
	const letters = new Set<string>();
	const long: string[] = [];
	const operands: string[] = [];
	let done = false;
	for (const word of args) {
		if (done || !word.startsWith('-') || word === '-') {
			operands.push(word);
		} else if (word === '--') {
			done = true;
		} else if (word.startsWith('--')) {
			long.push(word.slice(2).split('=')[0] ?? '');
		} else {
			for (const letter of word.slice(1)) {
				letters.add(letter);
			}
		}
	}
	return { letters, long, operands };
}

/** Whether a GNU long option was given, written in full or as an unambiguous prefix (`--rec`, `--forc`). */
function hasLong(long: readonly string[], name: string): boolean {
	return long.some((written) => written.length > 0 && name.startsWith(written));
}

// ---------------------------------------------------------------- deletes

function unixRm(command: SimpleCommand): Hit {
	const { letters, long } = unixOptions(command.argv.slice(1));
	const recursive = letters.has('r') || letters.has('R') || hasLong(long, 'recursive');
	const force = letters.has('f') || hasLong(long, 'force');
	if (recursive && force) {
		return {
			rule: 'recursiveForceDelete',
			verdict: 'deny',
			reason: `\`${command.text}\` deletes a whole tree recursively and without confirmation (recursive + force); a wrong or empty path destroys files that cannot be recovered.`,
			context:
				'Delete only the specific files or folders you created, by explicit path and without -f, or ask the user to run the cleanup.',
		};
	}
	return deleteHit(command);
}

function deleteHit(command: SimpleCommand, what = 'deletes files'): Hit {
	return {
		rule: 'delete',
		verdict: 'ask',
		reason: `\`${command.text}\` ${what}; the user confirms deletions.`,
	};
}

function powerShellRemove(command: SimpleCommand): Hit | undefined {
	const { named } = parsePowerShellArguments(
		command.argv.slice(1),
		['path', 'literalpath', 'filter', 'include', 'exclude', 'credential', 'stream'],
		['recurse', 'force', 'whatif', 'confirm'],
	);
	if (named.get('whatif') === true) {
		return undefined;
	}
	if (named.get('recurse') === true && named.get('force') === true) {
		return {
			rule: 'recursiveForceDelete',
			verdict: 'deny',
			reason: `\`${command.text}\` removes a whole tree with -Recurse -Force, including hidden and read-only items, without confirmation.`,
			context:
				'Remove only the specific items you created, without -Force, or ask the user to run the cleanup.',
		};
	}
	return deleteHit(command, 'removes items');
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

function gitSubcommand(
	argv: readonly string[],
): { readonly name: string; readonly args: readonly string[] } | undefined {
	for (let index = 1; index < argv.length; index++) {
		const word = argv[index] ?? '';
		if (GIT_VALUE_OPTIONS.has(word)) {
			index++;
		} else if (!word.startsWith('-')) {
			return { name: word, args: argv.slice(index + 1) };
		}
	}
	return undefined;
}

const HISTORY_CONTEXT =
	'Make a new commit instead of rewriting existing ones, or ask the user to rewrite history themselves.';

function gitHit(command: SimpleCommand): Hit | undefined {
	const sub = gitSubcommand(command.argv);
	if (!sub) {
		return undefined;
	}
	const { letters, long, operands } = unixOptions(sub.args);
	const text = command.text;
	switch (sub.name) {
		case 'push': {
			const force =
				letters.has('f') ||
				long.includes('force') ||
				operands.some((operand) => operand.startsWith('+'));
			if (force || long.includes('mirror')) {
				return {
					rule: 'forcePush',
					verdict: 'deny',
					reason: `\`${text}\` force-pushes${long.includes('mirror') ? ' (--mirror overwrites and deletes remote refs)' : ''}, overwriting commits on the remote that other people may depend on.`,
					context:
						'Push without force (pull and rebase or merge first), or ask the user; if a rewrite is really intended, --force-with-lease is the safer form.',
				};
			}
			if (long.includes('force-with-lease') || long.includes('force-if-includes')) {
				return {
					rule: 'historyRewrite',
					verdict: 'ask',
					reason: `\`${text}\` overwrites remote history (with a lease); the user confirms history rewrites.`,
					context: HISTORY_CONTEXT,
				};
			}
			if (
				letters.has('d') ||
				long.includes('delete') ||
				operands.some((operand) => operand.startsWith(':') && operand.length > 1)
			) {
				return deleteHit(command, 'deletes a remote branch or tag');
			}
			return undefined;
		}
		case 'reset':
			if (long.includes('hard')) {
				return {
					rule: 'hardReset',
					verdict: 'deny',
					reason: `\`${text}\` discards every uncommitted change in the working tree and index; they cannot be recovered.`,
					context:
						'Use `git stash` to set changes aside, or `git restore <file>` for specific files you changed.',
				};
			}
			if (
				long.includes('soft') ||
				operands.some((operand) => /[~^]|@\{|^[0-9a-f]{7,40}$/.test(operand))
			) {
				return {
					rule: 'historyRewrite',
					verdict: 'ask',
					reason: `\`${text}\` moves the branch to another commit; the user confirms history rewrites.`,
					context: HISTORY_CONTEXT,
				};
			}
			return undefined;
		case 'clean':
			if (
				(letters.has('f') || long.includes('force')) &&
				!letters.has('n') &&
				!long.includes('dry-run')
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
			return long.includes('cached') ? undefined : deleteHit(command, 'deletes tracked files');
		case 'branch':
			return letters.has('D') ||
				((letters.has('d') || long.includes('delete')) &&
					(letters.has('f') || long.includes('force')))
				? deleteHit(command, 'force-deletes a branch, even if it is not merged')
				: undefined;
		case 'stash':
			return operands[0] === 'drop' || operands[0] === 'clear'
				? deleteHit(command, 'deletes stashed changes')
				: undefined;
		case 'rebase':
			return ['abort', 'quit', 'continue', 'skip', 'edit-todo', 'show-current-patch'].some(
				(option) => long.includes(option),
			)
				? undefined
				: {
						rule: 'historyRewrite',
						verdict: 'ask',
						reason: `\`${text}\` rewrites commit history; the user confirms history rewrites.`,
						context: HISTORY_CONTEXT,
					};
		case 'commit':
			return long.includes('amend')
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
		return undefined;
	}
	return {
		rule: 'remoteScriptExecution',
		verdict: 'deny',
		reason: `\`${command.text}\` runs code downloaded by \`${download.text}\` without anyone reading it first.`,
		context:
			'Download the script to a file, show it to the user, and run it only after they have reviewed it; prefer a package manager when there is one.',
	};
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

function commandHits(command: SimpleCommand, index: number, all: readonly SimpleCommand[]): Hit[] {
	const name = programName(command.argv[0] ?? '');
	const cmdlet = powerShellCmdlet(name);
	const hits: (Hit | undefined)[] = [
		forkBombHit(command),
		remoteCodeHit(command, index, all),
		diskHit(command, command.dialect === 'powershell' ? cmdlet : name),
	];
	if (command.dialect === 'powershell' && cmdlet === 'remove-item') {
		// PowerShell on Linux and macOS has no `rm` alias, so `rm -rf` there is the Unix program.
		const asCmdlet = powerShellRemove(command);
		const asUnix = name === 'rm' ? unixRm(command) : undefined;
		hits.push(asUnix?.verdict === 'deny' ? asUnix : asCmdlet);
	} else if (name === 'rm') {
		hits.push(unixRm(command));
	} else if (['rmdir', 'unlink', 'shred', 'remove-item'].includes(name)) {
		hits.push(name === 'remove-item' ? powerShellRemove(command) : deleteHit(command));
	} else if (name === 'find' && command.argv.includes('-delete')) {
		hits.push(deleteHit(command, 'deletes every file it matches'));
	} else if (name === 'git') {
		hits.push(gitHit(command));
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
		commands.forEach((command, index) => {
			for (const hit of commandHits(command, index, commands)) {
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
