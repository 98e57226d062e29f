/*
 * Options whose value a program runs as a shell command line: `ssh -o ProxyCommand=…`, `rsync -e …`, `man -P …`,
 * `tar --checkpoint-action=exec=…`, `zip -TT …`, `gdb -ex 'shell …'`, `vim -c '!…'`, `git -c core.pager=…`. Kept as
 * one table so every program that hides a command in an option is read the same way: the value is read as a shell
 * string the program runs.
 */
import { programName } from './programName';

/** One option of a program whose value holds a command line. */
interface CommandOption {
	/** The option's spellings: `-o` (its value glued, `-oX`, or the next word), `--rsh` (`--rsh=X` or the next word), `+` (glued only). */
	readonly names: readonly string[];
	/** Only values of this shape hold a command, which is group 1 (`ProxyCommand=cmd`, `exec=cmd`, `shell cmd`). */
	readonly command?: RegExp;
	/** Values that are everyday choices of a harmless program (`-P cat`, `core.pager=less`): nothing to read. */
	readonly harmless?: RegExp;
}

// ssh_config(5) keywords whose value ssh runs with the user's shell, written `Key=value` or `Key value`.
const SSH_COMMANDS: CommandOption = {
	names: ['-o'],
	command:
		/^\s*(?:ProxyCommand|LocalCommand|KnownHostsCommand|RemoteCommand)\s*[=\s]\s*([\s\S]+)$/i,
	harmless: /^none$/i,
};

// Settings git reads from `-c` whose value it runs as a shell command line (git-config(1)): aliases starting with `!`,
// pagers and editors, diff and merge tools and drivers, clean/smudge filters, signing programs, credential helpers
// given as a path or `!command`, and the hooks of transports.
const GIT_SHELL_SETTINGS: CommandOption = {
	names: ['-c'],
	command: new RegExp(
		String.raw`^(?:alias\.[^=]+=!|core\.(?:sshcommand|pager|editor|fsmonitor|askpass|gitproxy)=|pager\.[^=]+=|sequence\.editor=|diff\.external=|credential\.(?:[^=]+\.)?helper=!|credential\.(?:[^=]+\.)?helper=(?=[/.~])|(?:diff|merge)tool\.[^=]+\.cmd=|filter\.[^=]+\.(?:clean|smudge|process)=|diff\.[^=]+\.(?:textconv|command)=|merge\.[^=]+\.driver=|gpg(?:\.[^=.]+)?\.program=|uploadpack\.packobjectshook=)([\s\S]+)$`,
		'i',
	),
	harmless: /^(?:true|false|cat|less|more|gpg|gpg2|ssh-keygen)$/i,
};

// An Ex command that runs a shell: `!cmd`, `:!cmd`, `silent !cmd`, `r !cmd`, `w !cmd`, `call system('cmd')`.
const VIM_SHELL: CommandOption['command'] =
	/^[\s:]*(?:sil(?:ent)?!?\s*)?(?:(?:r(?:ead)?|w(?:rite)?)\s*)?!([\s\S]+)$|\bsystem\(\s*["']([^"']+)["']/;

const VIM_OPTIONS: readonly CommandOption[] = [{ names: ['-c', '--cmd', '+'], command: VIM_SHELL }];

/** Per program name, the options whose value it runs as a command line. */
const COMMAND_OPTIONS: Readonly<Record<string, readonly CommandOption[]>> = {
	ssh: [SSH_COMMANDS],
	scp: [SSH_COMMANDS, { names: ['-S'] }],
	sftp: [SSH_COMMANDS, { names: ['-S'] }],
	rsync: [{ names: ['-e', '--rsh'], harmless: /^ssh(?:\s+-[\w-]+(?:\s+[\w.@:/~-]+)?)*$/ }],
	man: [{ names: ['-P', '--pager', '-H', '--html'], harmless: /^(?:cat|less|more)(?:\s+-\w+)*$/ }],
	tar: [
		{ names: ['--checkpoint-action'], command: /^exec=([\s\S]+)$/ },
		{ names: ['--to-command', '--info-script', '-F', '--new-volume-script', '--rsh-command'] },
		{
			names: ['-I', '--use-compress-program'],
			harmless: /^(?:gzip|pigz|bzip2|pbzip2|xz|pixz|zstd|lz4|lzip|lzma|brotli)(?:\s+-[\w-]+)*$/,
		},
	],
	zip: [{ names: ['-TT', '--unzip-command'] }],
	gdb: [
		{
			names: ['-ex', '--ex', '-eval-command', '--eval-command', '-iex', '--init-eval-command'],
			command: /^\s*(?:shell\s+|!)([\s\S]+)$/,
		},
	],
	git: [GIT_SHELL_SETTINGS],
	vim: VIM_OPTIONS,
	vi: VIM_OPTIONS,
	nvim: VIM_OPTIONS,
	gvim: VIM_OPTIONS,
	view: VIM_OPTIONS,
	vimdiff: VIM_OPTIONS,
	ex: VIM_OPTIONS,
	// `less '+!cmd' file`: a start-up command, and `!` runs a shell.
	less: [{ names: ['+'], command: /^\+?!([\s\S]+)$/ }],
};

/** The value `word` (at `index`) gives option `name`, or `undefined` when it is not that option. */
function valueOf(argv: readonly string[], index: number, name: string): string | undefined {
	const word = argv[index] ?? '';
	if (name === '+') {
		return word.startsWith('+') && word.length > 1 ? word.slice(1) : undefined;
	}
	if (word === name) {
		return argv[index + 1];
	}
	if (name.startsWith('--')) {
		return word.startsWith(`${name}=`) ? word.slice(name.length + 1) : undefined;
	}
	// A one-letter option takes its value glued (`-oProxyCommand=…`); longer single-dash names only as the next word.
	return name.length === 2 && word.startsWith(name) && word.length > 2 ? word.slice(2) : undefined;
}

/** The command line one option value holds, or `undefined` when it holds none worth reading. */
function commandIn(value: string, option: CommandOption): string | undefined {
	const match = option.command ? option.command.exec(value) : undefined;
	const command = option.command ? match?.slice(1).find((group) => group !== undefined) : value;
	return command === undefined || command.trim() === '' || option.harmless?.test(command.trim())
		? undefined
		: command;
}

/**
 * The `key=value` settings git takes from its environment as it takes `-c`: `--config-env=key=VAR`,
 * `GIT_CONFIG_PARAMETERS` (`'key=value'` pairs) and `GIT_CONFIG_KEY_<n>`/`GIT_CONFIG_VALUE_<n>`.
 */
function gitEnvironmentSettings(
	argv: readonly string[],
	env: Readonly<Record<string, string>>,
): string[] {
	const fromArgv = argv.flatMap((word) => {
		const match = /^--config-env=([^=]+)=(\w+)$/.exec(word);
		const value = match && env[match[2] ?? ''];
		return match && value !== undefined ? [`${match[1] ?? ''}=${value}`] : [];
	});
	const parameters = [
		...(env.GIT_CONFIG_PARAMETERS ?? '').matchAll(/'([^']*)'(?:='([^']*)')?/g),
	].map((match) => (match[2] === undefined ? (match[1] ?? '') : `${match[1] ?? ''}=${match[2]}`));
	const numbered = Object.entries(env).flatMap(([name, key]) => {
		const index = /^GIT_CONFIG_KEY_(\d+)$/.exec(name)?.[1];
		const value = index === undefined ? undefined : env[`GIT_CONFIG_VALUE_${index}`];
		return value === undefined ? [] : [`${key}=${value}`];
	});
	return [...fromArgv, ...parameters, ...numbered];
}

/**
 * The command lines `argv`'s options hand the program to run (`ssh -o ProxyCommand='…'`), in order; for git also the
 * settings its environment (`env`: the variables the command is run with) gives it.
 */
export function optionCommands(
	argv: readonly string[],
	env: Readonly<Record<string, string>> = {},
): string[] {
	const name = programName(argv[0] ?? '');
	const options = COMMAND_OPTIONS[name];
	if (!options) {
		return [];
	}
	const commands: string[] =
		name === 'git'
			? gitEnvironmentSettings(argv, env).flatMap((setting) => {
					const command = commandIn(setting, GIT_SHELL_SETTINGS);
					return command === undefined ? [] : [command];
				})
			: [];
	for (let index = 1; index < argv.length; index++) {
		if (argv[index] === '--') {
			break;
		}
		for (const option of options) {
			for (const name of option.names) {
				const value = valueOf(argv, index, name);
				const command = value === undefined ? undefined : commandIn(value, option);
				if (command !== undefined) {
					commands.push(command);
				}
			}
		}
	}
	return commands;
}
