import { programName } from './programName';
import { toolboxApplet } from './toolboxes';

/** How a wrapper program reads its own options before the command it runs. */
interface WrapperSpec {
	/** Short options that take a value, attached (`-uroot`) or as the next word (`-u root`). */
	readonly valueShort?: string;
	/** Short options whose value can only be attached (`xargs -i{}`), so a bare one takes nothing. */
	readonly optionalShort?: string;
	/** Long options (without `--`) that take the next word as value when not written `--name=value`. */
	readonly valueLong?: readonly string[];
	/** Short options that mean the wrapper runs no command (`command -v rm` only looks `rm` up). */
	readonly noCommand?: string;
	/** `VAR=value` words may stand between the options and the command. */
	readonly assignments?: boolean;
	/** Plain words the wrapper takes before the command (`timeout 5`). */
	readonly positional?: number;
	/** A subcommand that must come first for the program to wrap a command (`uv run cmd`, `bundle exec cmd`). */
	readonly verbs?: readonly string[];
}

const WRAPPERS: Readonly<Record<string, WrapperSpec>> = {
	sudo: {
		valueShort: 'ugpCDrtUTh',
		valueLong: [
			'user',
			'group',
			'prompt',
			'close-from',
			'chdir',
			'role',
			'type',
			'other-user',
			'command-timeout',
			'host',
		],
		noCommand: 'vVkKle',
		assignments: true,
	},
	doas: { valueShort: 'uC', noCommand: 'L' },
	env: { valueShort: 'uCSP', valueLong: ['unset', 'chdir', 'split-string'], assignments: true },
	nice: { valueShort: 'n', valueLong: ['adjustment'] },
	nohup: {},
	timeout: { valueShort: 'sk', valueLong: ['signal', 'kill-after'], positional: 1 },
	time: { valueShort: 'fo', valueLong: ['format', 'output'] },
	command: { noCommand: 'vV' },
	builtin: {},
	exec: { valueShort: 'a' },
	stdbuf: { valueShort: 'ioe', valueLong: ['input', 'output', 'error'] },
	ionice: { valueShort: 'cn', valueLong: ['class', 'classdata'], noCommand: 'pPu' },
	setsid: {},
	runuser: {
		valueShort: 'ugGw',
		valueLong: ['user', 'group', 'supp-group', 'whitelist-environment'],
	},
	unbuffer: { valueShort: 'p' },
	strace: { valueShort: 'abeEIoOpPsSuUX', valueLong: ['output', 'trace', 'signal', 'user'] },
	ltrace: { valueShort: 'aeEfFlnopsSuwxX', valueLong: ['output', 'library'] },
	chroot: { valueLong: ['userspec', 'groups'], positional: 1 },
	taskset: { noCommand: 'p', positional: 1 },
	chrt: { noCommand: 'pm', positional: 1 },
	pkexec: { valueLong: ['user'] },
	caffeinate: { valueShort: 'tw' },
	firejail: {},
	unshare: {},
	proxychains: { valueShort: 'f' },
	proxychains4: { valueShort: 'f' },
	torsocks: {},
	coproc: {},
	busybox: {},
	npx: { valueShort: 'p', valueLong: ['package'] },
	pnpx: {},
	bunx: {},
	// `npm exec -- cmd`, `pnpm exec cmd`, `yarn dlx pkg`: the package managers' own runners (`-c` is read above).
	npm: { valueLong: ['package', 'workspace'], verbs: ['exec', 'x'] },
	pnpm: { valueLong: ['filter', 'dir'], verbs: ['exec', 'dlx', 'x'] },
	yarn: { verbs: ['exec', 'dlx'] },
	// `nsenter -t 1 -m … cmd`: enters another process's namespaces (PID 1's is the machine's own) to run a command.
	nsenter: { valueShort: 'tSG', valueLong: ['target', 'setuid', 'setgid'] },
	flock: {
		valueShort: 'wEc',
		valueLong: ['timeout', 'conflict-exit-code', 'command'],
		positional: 1,
	},
	'systemd-run': {
		valueShort: 'pEMu',
		valueLong: [
			'unit',
			'property',
			'description',
			'slice',
			'setenv',
			'uid',
			'gid',
			'nice',
			'working-directory',
			'machine',
			'host',
			'on-calendar',
			'on-active',
		],
	},
	uv: { valueLong: ['with', 'python', 'project', 'directory', 'env-file'], verbs: ['run'] },
	poetry: { verbs: ['run'] },
	pipenv: { verbs: ['run'] },
	pdm: { verbs: ['run'] },
	hatch: { verbs: ['run'] },
	bundle: { verbs: ['exec'] },
	dotenv: { valueShort: 'ecv' },
	'cross-env': { assignments: true },
	op: { valueLong: ['env-file'], verbs: ['run'] },
	doppler: { verbs: ['run'] },
	infisical: { verbs: ['run'] },
	direnv: { verbs: ['exec'], positional: 1 },
	mise: { verbs: ['exec', 'x'] },
	// `entr -s 'cmd'` hands its operand to a shell instead: commandRunners.ts reads that form.
	entr: { noCommand: 's' },
	// `! cmd` negates the exit status of the command it runs.
	'!': {},
	chronic: {},
};

/** Programs that run the command their other words name, as the program vocabulary lists them. */
export const WRAPPER_PROGRAMS: readonly string[] = Object.keys(WRAPPERS);

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** A command with its wrappers peeled off. */
export interface PeeledCommand {
	readonly argv: readonly string[];
	/** Wrapper programs as written, outermost first. */
	readonly wrappers: readonly string[];
	/** Variables the wrappers set for the command (`env X=1 cmd`, `sudo X=1 cmd`). */
	readonly env: Readonly<Record<string, string>>;
	/** The folder a wrapper runs the command in (`sudo -D dir`, `env -C dir`), as written. */
	readonly cwd?: string;
	/** The folder `chroot` makes the command's `/`, as written. */
	readonly root?: string;
}

/** A wrapper's option that moves the command to another folder: `sudo -D dir`, `env -C dir`, `--chdir=dir`. */
function chdirOf(argv: readonly string[], name: string, start: number): string | undefined {
	const short = name === 'sudo' ? '-D' : name === 'env' ? '-C' : undefined;
	if (short === undefined) {
		return undefined;
	}
	let found: string | undefined;
	for (let index = 1; index < start; index++) {
		const word = argv[index] ?? '';
		if (word === short || word === '--chdir') {
			found = argv[index + 1];
		} else if (word.startsWith('--chdir=')) {
			found = word.slice(8);
		} else if (word.startsWith(short) && word.length > 2) {
			found = word.slice(2);
		}
	}
	return found;
}

/** Where the wrapped command starts in `argv`, or `undefined` when `argv[0]` is not a wrapper that runs one. */
function commandStart(argv: readonly string[], spec: WrapperSpec): number | undefined {
	let index = 1;
	if (spec.verbs) {
		const verb = argv.slice(1).find((word) => !word.startsWith('-'));
		if (verb === undefined || !spec.verbs.includes(verb)) {
			return undefined;
		}
		index = argv.indexOf(verb, 1) + 1;
	}
	let positional = spec.positional ?? 0;
	while (index < argv.length) {
		const word = argv[index] ?? '';
		if (word === '--') {
			index++;
			break;
		}
		if (word.startsWith('--')) {
			const name = word.slice(2).split('=')[0] ?? '';
			index += !word.includes('=') && spec.valueLong?.includes(name) ? 2 : 1;
			continue;
		}
		if (word.startsWith('-') && word.length > 1) {
			let consumed = 1;
			for (let at = 1; at < word.length; at++) {
				const letter = word.charAt(at);
				if (spec.noCommand?.includes(letter)) {
					return undefined;
				}
				if (spec.valueShort?.includes(letter)) {
					consumed = at === word.length - 1 ? 2 : 1;
					break;
				}
				if (spec.optionalShort?.includes(letter)) {
					break;
				}
			}
			index += consumed;
			continue;
		}
		if (spec.assignments && ASSIGNMENT.test(word)) {
			index++;
			continue;
		}
		if (positional > 0) {
			positional--;
			index++;
			continue;
		}
		break;
	}
	return index < argv.length ? index : undefined;
}

/** `env -S 'rm -rf x'` splits its value into words, so the split words are the command. */
function envSplitString(argv: readonly string[]): readonly string[] | undefined {
	for (let index = 1; index < argv.length; index++) {
		const word = argv[index] ?? '';
		const value =
			word === '-S' || word === '--split-string'
				? argv[index + 1]
				: word.startsWith('--split-string=')
					? word.slice(15)
					: word.startsWith('-S') && word.length > 2
						? word.slice(2)
						: undefined;
		if (value !== undefined) {
			return [
				...value.split(/\s+/).filter((part) => part !== ''),
				...argv.slice(index + (word === '-S' || word === '--split-string' ? 2 : 1)),
			];
		}
	}
	return undefined;
}

/** The value of a wrapper's option that holds a whole shell command (`script -c 'cmd'`, `flock -c 'cmd'`). */
function commandOption(argv: readonly string[], short: string, long: string): string | undefined {
	for (let index = 1; index < argv.length; index++) {
		const word = argv[index] ?? '';
		if (word === short || word === `--${long}`) {
			return argv[index + 1];
		}
		if (word.startsWith(`--${long}=`)) {
			return word.slice(long.length + 3);
		}
	}
	return undefined;
}

/**
 * Wrappers that hand their command to a shell as one string (`watch 'rm -rf x'`, `script -c`, `flock -c`,
 * `tmux new 'cmd'`, `nodemon --exec 'cmd'`, `npx -c 'cmd'`): the command as `sh -c <string>`, so the string is read
 * like any other shell string.
 */
function shellStringWrapper(argv: readonly string[], name: string): readonly string[] | undefined {
	if (name === 'runuser' && argv.includes('-c')) {
		const command = commandOption(argv, '-c', 'command');
		return command === undefined ? undefined : ['sh', '-c', command];
	}
	if (name === 'tmux' || name === 'screen') {
		return tmuxCommand(argv);
	}
	if (name === 'nodemon') {
		const command = commandOption(argv, '-x', 'exec');
		return command === undefined ? undefined : ['sh', '-c', command];
	}
	if (
		(name === 'npx' || name === 'npm' || name === 'pnpm') &&
		argv.some((word) => word === '-c' || word === '--call')
	) {
		const command = commandOption(argv, '-c', 'call');
		return command === undefined ? undefined : ['sh', '-c', command];
	}
	if (name === 'script' || name === 'flock') {
		const command = commandOption(argv, '-c', 'command');
		return command === undefined ? undefined : ['sh', '-c', command];
	}
	if (name === 'start-process' || name === 'saps') {
		return startProcessCommand(argv);
	}
	if (name === 'watch') {
		let index = 1;
		for (; index < argv.length; index++) {
			const word = argv[index] ?? '';
			if (word === '-x' || word === '--exec') {
				return undefined;
			}
			if (['-n', '--interval', '-d'].includes(word) && /^[\d.]+$/.test(argv[index + 1] ?? '')) {
				index++;
			} else if (!word.startsWith('-')) {
				break;
			}
		}
		return index < argv.length ? ['sh', '-c', argv.slice(index).join(' ')] : undefined;
	}
	return undefined;
}

/** Start-Process's parameters that take a value, lower-case; any unambiguous prefix names one, as in PowerShell. */
const START_PROCESS_VALUES = [
	'filepath',
	'argumentlist',
	'args',
	'workingdirectory',
	'verb',
	'windowstyle',
	'credential',
	'redirectstandardinput',
	'redirectstandardoutput',
	'redirectstandarderror',
	'environment',
];

/**
 * `Start-Process powershell -ArgumentList '-c','Remove-Item -r -fo ~'`: the program and the arguments it is started
 * with. PowerShell joins an argument list with spaces into one command line, which the program splits again as
 * Windows does (on spaces, outside double quotes).
 */
function startProcessCommand(argv: readonly string[]): readonly string[] | undefined {
	const named = new Map<string, string>();
	const positional: string[] = [];
	for (let index = 1; index < argv.length; index++) {
		const word = argv[index] ?? '';
		const parameter = /^-([A-Za-z]+):?$/.exec(word)?.[1]?.toLowerCase();
		if (parameter === undefined) {
			positional.push(word);
			continue;
		}
		const full = START_PROCESS_VALUES.filter((name) => name.startsWith(parameter));
		if (full.length === 1 && full[0] !== undefined) {
			named.set(full[0] === 'args' ? 'argumentlist' : full[0], argv[index + 1] ?? '');
			index++;
		}
	}
	const program = named.get('filepath') ?? positional[0];
	const list = named.get('argumentlist') ?? positional[named.has('filepath') ? 0 : 1];
	if (program === undefined || program === '') {
		return undefined;
	}
	const commandLine = list === undefined ? '' : argumentListText(list);
	return [
		program,
		...(commandLine.match(/"[^"]*"|[^\s"]+/g) ?? []).map((part) => part.replace(/"/g, '')),
	];
}

/** An `-ArgumentList` value as the command line it becomes: an array literal (`'-c','x y'`) joined with spaces. */
function argumentListText(value: string): string {
	const items = value.match(/'(?:[^']|'')*'|"(?:[^"`]|`.)*"|[^,]+/g) ?? [];
	return items
		.map((item) => item.trim())
		.map((item) =>
			item.startsWith("'") && item.endsWith("'") && item.length >= 2
				? item.slice(1, -1).replace(/''/g, "'")
				: item,
		)
		.join(' ');
}

/** `tmux new[-session] [-d] [-s name] 'cmd'`, `tmux new-window 'cmd'`, `tmux send-keys 'cmd' Enter`: the command tmux runs. */
function tmuxCommand(argv: readonly string[]): readonly string[] | undefined {
	const verb = argv[1] ?? '';
	if (
		/^(?:new|new-session|new-window|neww|split-window|splitw|respawn-pane|run-shell|run)$/.test(
			verb,
		)
	) {
		const words: string[] = [];
		for (let index = 2; index < argv.length; index++) {
			const word = argv[index] ?? '';
			if (/^-[stnxycFeEcl]$/.test(word)) {
				index++;
			} else if (!word.startsWith('-')) {
				words.push(word);
			}
		}
		return words.length > 0 ? ['sh', '-c', words.join(' ')] : undefined;
	}
	if (verb === 'send-keys' || verb === 'send') {
		const keys = argv
			.slice(2)
			.filter((word, index, all) => !word.startsWith('-') && all[index - 1] !== '-t');
		const text = keys.filter((word) => !/^(?:Enter|C-m|KPEnter)$/.test(word)).join(' ');
		return text === '' ? undefined : ['sh', '-c', text];
	}
	return verb === '-c' && argv[2] !== undefined ? ['sh', '-c', argv[2]] : undefined;
}

/** Peels `sudo`, `env`, `nice`, `timeout`, `xargs` and the other wrappers, outermost first, down to the program actually run. */
export function peelWrappers(argv: readonly string[]): PeeledCommand {
	let current = argv;
	const wrappers: string[] = [];
	const env: Record<string, string> = {};
	let cwd: string | undefined;
	let root: string | undefined;
	for (let guard = 0; guard < 16; guard++) {
		const name = programName(current[0] ?? '');
		const applet = toolboxApplet(current);
		if (applet) {
			wrappers.push(current[0] ?? name);
			cwd = applet.cwd ?? cwd;
			current = applet.argv;
			continue;
		}
		const asShell = shellStringWrapper(current, name);
		if (asShell) {
			wrappers.push(current[0] ?? name);
			current = asShell;
			continue;
		}
		const spec = WRAPPERS[name];
		if (!spec) {
			break;
		}
		const split = name === 'env' ? envSplitString(current) : undefined;
		const start = split ? undefined : commandStart(current, spec);
		if (!split && start === undefined) {
			break;
		}
		wrappers.push(current[0] ?? name);
		if (spec.assignments) {
			for (const word of current.slice(1, start)) {
				const at = word.indexOf('=');
				if (at > 0 && ASSIGNMENT.test(word)) {
					env[word.slice(0, at)] = word.slice(at + 1);
				}
			}
		}
		cwd = chdirOf(current, name, start ?? 0) ?? cwd;
		if (name === 'chroot' && start !== undefined) {
			// `chroot NEWROOT cmd`: the word before the command is the new root, inside any root already set.
			const newRoot = current[start - 1] ?? '/';
			root = root === undefined ? newRoot : `${root.replace(/\/$/, '')}${newRoot}`;
		}
		current = split ?? current.slice(start);
	}
	return {
		argv: current,
		wrappers,
		env,
		...(cwd !== undefined && { cwd }),
		...(root !== undefined && { root }),
	};
}
