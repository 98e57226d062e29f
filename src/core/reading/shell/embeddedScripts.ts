import type { ShellDialect } from './commandLine';
import { programName } from './programName';
import { namesStdin } from './stdinPaths';
import { programsWith } from '../programs/vocabulary';

/** Programs that read a POSIX-like shell script from `-c`, a file, or stdin. */
export const POSIX_SHELLS: ReadonlySet<string> = programsWith('shell', 'posix');

/** Programs that run PowerShell from `-Command` or stdin. */
export const POWERSHELLS: ReadonlySet<string> = programsWith('shell', 'powershell');

/** Long options of POSIX shells that take the next word as value. */
const SHELL_VALUE_LONG = new Set(['--rcfile', '--init-file']);

/** A script carried inside a command's arguments, run by that command. */
export interface EmbeddedScript {
	readonly text: string;
	readonly dialect: ShellDialect;
	/** The words after a `-c` string: `$0`, `$1`, … inside it (`bash -c '"$@"' _ rm -rf /`). */
	readonly positional?: readonly string[];
}

/** Whether a PowerShell parameter word is an abbreviation of `name` at least `minimum` letters long (`-c`, `-com` for `-Command`). */
function isParameter(word: string, name: string, minimum = 1): boolean {
	const body =
		word
			.replace(/^--?|^\//, '')
			.split(':')[0]
			?.toLowerCase() ?? '';
	return word !== body && body.length >= minimum && name.startsWith(body);
}

/** The base64 UTF-16LE text of `-EncodedCommand`, decoded; an undecodable value yields nothing. */
function decodeEncodedCommand(value: string): string | undefined {
	const decoded = Buffer.from(value, 'base64').toString('utf16le');
	return decoded === '' ? undefined : decoded;
}

// ssh's options that take a value, glued (`-p22`) or as the next word (`-p 22`); see ssh(1).
const SSH_VALUE_OPTIONS = new Set('BbcDEeFIiJLlmOoPpRSWw');

/**
 * The command `ssh [options] destination command…` runs on the remote machine: its words joined by spaces, which
 * the remote login shell reads as a script (so `ssh prod 'rm -rf /srv'` deletes there). None for an interactive
 * login or a subsystem (`-s`).
 */
function sshRemoteCommand(argv: readonly string[]): EmbeddedScript | undefined {
	const { command, flags } = sshParts(argv);
	return command.length === 0 || flags.has('s')
		? undefined
		: { text: command.join(' '), dialect: 'bash' };
}

/** An ssh command line's flags (letters without a value), its destination and the remote command's words. */
function sshParts(argv: readonly string[]): {
	readonly flags: ReadonlySet<string>;
	readonly destination?: string;
	readonly command: readonly string[];
} {
	const flags = new Set<string>();
	let index = 1;
	for (; index < argv.length; index++) {
		const word = argv[index] ?? '';
		if (word === '--') {
			index++;
			break;
		}
		if (!/^-./.test(word)) {
			break;
		}
		for (let letter = 1; letter < word.length; letter++) {
			const option = word[letter] ?? '';
			if (SSH_VALUE_OPTIONS.has(option)) {
				if (letter === word.length - 1) {
					index++;
				}
				break;
			}
			flags.add(option);
		}
	}
	const destination = argv[index];
	return {
		flags,
		...(destination !== undefined && { destination }),
		command: argv.slice(index + 1),
	};
}

/**
 * `ssh host` with no remote command runs a login shell there that reads its commands from stdin (`echo … | ssh
 * host`, `ssh -T host < script`), unless `-n` gives it no input, `-N` runs nothing or `-s` asks for a subsystem.
 */
function sshReadsStdin(argv: readonly string[]): boolean {
	const { flags, destination, command } = sshParts(argv);
	return (
		destination !== undefined && command.length === 0 && !['n', 'N', 's'].some((f) => flags.has(f))
	);
}

/** The script of `trap 'cmd' EXIT`, run later when the signal comes; `trap - EXIT` and `trap -p` run nothing. */
function trapScript(argv: readonly string[]): EmbeddedScript | undefined {
	const text = argv[1];
	return text !== undefined && !/^-[-lp]?$/.test(text) && argv.length > 2
		? { text, dialect: 'bash' }
		: undefined;
}

/** `cmd /c "rd /s /q x"`: cmd's own syntax is close enough to bash's for finding its commands (`&`, `&&`, `|`). */
function cmdScript(argv: readonly string[]): EmbeddedScript | undefined {
	const at = argv.findIndex((word) => /^\/[ck]$/i.test(word));
	return at < 0 || at === argv.length - 1
		? undefined
		: {
				text: argv
					.slice(at + 1)
					.join(' ')
					.replace(/\\/g, '/'),
				dialect: 'bash',
			};
}

/** `iex 'text'`; a variable or an expression in parentheses is built at run time, which the reader cannot follow. */
function invokeExpressionScript(argv: readonly string[]): EmbeddedScript | undefined {
	return argv.length > 1 && !/^[-(]/.test(argv[1] ?? '') && !(argv[1] ?? '').startsWith('$')
		? { text: argv.slice(1).join(' '), dialect: 'powershell' }
		: undefined;
}

/** The `-c`/`--command` of `su` and `runuser`. */
function suScript(argv: readonly string[]): EmbeddedScript | undefined {
	for (let index = 1; index < argv.length; index++) {
		const word = argv[index] ?? '';
		if (word === '-c' || word === '--command') {
			const text = argv[index + 1];
			return text === undefined ? undefined : { text, dialect: 'bash' };
		}
		if (word.startsWith('--command=')) {
			return { text: word.slice(10), dialect: 'bash' };
		}
	}
	return undefined;
}

/** Where a POSIX shell's options end, and whether one of them was `-c`; `undefined` for `bash -n` (syntax only). */
function posixShellOptions(
	argv: readonly string[],
	first: number,
): { readonly end: number; readonly sawC: boolean } | undefined {
	let sawC = false;
	let index = first;
	for (; index < argv.length; index++) {
		const word = argv[index] ?? '';
		if (word === '--' || word === '-') {
			return { end: index + 1, sawC };
		}
		if (SHELL_VALUE_LONG.has(word)) {
			index++;
			continue;
		}
		if (word.startsWith('--')) {
			sawC ||= word === '--command';
			continue;
		}
		if (!/^[-+][A-Za-z]+$/.test(word)) {
			break;
		}
		if (word.startsWith('-') && word.includes('n')) {
			return undefined;
		}
		sawC ||= word.startsWith('-') && word.includes('c');
		// `-o pipefail` and `-O extglob` take the next word.
		if (/[oO]$/.test(word)) {
			index++;
		}
	}
	return { end: index, sawC };
}

/** The `-c` script of `bash`, `sh`, `zsh`, `dash` and busybox's `sh`, with the words after it as `$0`, `$1`, …. */
function posixShellScript(name: string, argv: readonly string[]): EmbeddedScript | undefined {
	let first = 1;
	if (name === 'busybox') {
		const applet = programName(argv[1] ?? '');
		if (applet !== 'sh' && applet !== 'ash') {
			return undefined;
		}
		first = 2;
	}
	const options = posixShellOptions(argv, first);
	const text = options && argv[options.end];
	return options?.sawC && text !== undefined
		? { text, dialect: 'bash', positional: argv.slice(options.end + 1) }
		: undefined;
}

/** PowerShell parameters that take the next word as their value (`-ExecutionPolicy Bypass`, `-WindowStyle Hidden`). */
const POWERSHELL_VALUE_PARAMETERS = [
	'executionpolicy',
	'windowstyle',
	'workingdirectory',
	'configurationname',
	'outputformat',
	'inputformat',
	'psconsolefile',
];

/** The `-Command` or `-EncodedCommand` of `pwsh`/`powershell`, or the words after its parameters. */
function powerShellScript(argv: readonly string[]): EmbeddedScript | undefined {
	for (let index = 1; index < argv.length; index++) {
		const word = argv[index] ?? '';
		if (isParameter(word, 'encodedcommand', 1) && word.length > 1 && /^[-/]e/i.test(word)) {
			const value = argv[index + 1];
			const text = value === undefined ? undefined : decodeEncodedCommand(value);
			return text === undefined ? undefined : { text, dialect: 'powershell' };
		}
		if (isParameter(word, 'command')) {
			const rest = argv.slice(index + 1);
			return rest.length === 0 ? undefined : { text: rest.join(' '), dialect: 'powershell' };
		}
		if (isParameter(word, 'file') || isParameter(word, 'version')) {
			return undefined;
		}
		if (!/^[-/]/.test(word)) {
			return { text: argv.slice(index).join(' '), dialect: 'powershell' };
		}
		if (POWERSHELL_VALUE_PARAMETERS.some((parameter) => isParameter(word, parameter, 2))) {
			index++;
		}
	}
	return undefined;
}

/**
 * The script a command runs from its own arguments: the `-c` string of `bash`/`sh`/`zsh`/`dash`, the `-c` of `su`,
 * the words of `eval`, the remote command of `ssh`, and the `-Command`/`-EncodedCommand` of `pwsh`/`powershell`.
 */
export function embeddedScript(argv: readonly string[]): EmbeddedScript | undefined {
	const name = programName(argv[0] ?? '');
	switch (name) {
		case 'ssh':
			return sshRemoteCommand(argv);
		case 'trap':
			return trapScript(argv);
		case 'at':
		case 'batch':
			return undefined;
		case 'eval':
			return argv.length > 1 ? { text: argv.slice(1).join(' '), dialect: 'bash' } : undefined;
		case 'cmd':
			return cmdScript(argv);
		case 'invoke-expression':
		case 'iex':
			return invokeExpressionScript(argv);
		case 'su':
		case 'runuser':
			return suScript(argv);
	}
	if (POSIX_SHELLS.has(name)) {
		return posixShellScript(name, argv);
	}
	return POWERSHELLS.has(name) ? powerShellScript(argv) : undefined;
}

/** Whether the command is a shell that takes its script from stdin (`bash`, `sh -s -- args`, `sudo bash`), so a heredoc or pipe into it is run. */
export function readsScriptFromStdin(argv: readonly string[]): boolean {
	const name = programName(argv[0] ?? '');
	if (name === 'ssh') {
		return sshReadsStdin(argv);
	}
	if (POWERSHELLS.has(name)) {
		// `-Command -` and a bare `-` read stdin too; both start with `-`, like every other switch.
		return argv.slice(1).every((word) => /^[-/]/.test(word));
	}
	if (!POSIX_SHELLS.has(name)) {
		return false;
	}
	for (let index = 1; index < argv.length; index++) {
		const word = argv[index] ?? '';
		if (word === '-s' || word === '-') {
			return true;
		}
		if (word === '--') {
			// Options end; a word after them is a script file, whose stdin is data unless it names stdin itself.
			return index === argv.length - 1 || namesStdin(argv[index + 1] ?? '');
		}
		if (/^[-+][A-Za-z]+$/.test(word)) {
			if (word.startsWith('-') && (word.includes('c') || word.includes('n'))) {
				return false;
			}
			if (word.startsWith('-') && word.includes('s')) {
				return true;
			}
			if (/[oO]$/.test(word)) {
				index++;
			}
			continue;
		}
		if (word.startsWith('--')) {
			continue;
		}
		// A plain word is a script file: stdin is then data for that script, unless the file is stdin itself.
		return namesStdin(word);
	}
	return true;
}

/** The commands `find` runs through `-exec`, `-execdir`, `-ok` and `-okdir`, each up to its `;` or `+`. */
export function findExecCommands(argv: readonly string[]): string[][] {
	if (programName(argv[0] ?? '') !== 'find') {
		return [];
	}
	const commands: string[][] = [];
	for (let index = 1; index < argv.length; index++) {
		const word = argv[index] ?? '';
		// Primaries that take values, so a value spelled `-exec` is not an action (`-fprintf FILE FORMAT`).
		if (/^-(?:fprintf)$/.test(word)) {
			index += 2;
			continue;
		}
		if (
			/^-(?:i?name|i?path|i?wholename|i?regex|printf|fprint0?|fls|newer|user|group|perm|type|size)$/.test(
				word,
			)
		) {
			index++;
			continue;
		}
		if (!['-exec', '-execdir', '-ok', '-okdir'].includes(word)) {
			continue;
		}
		const command: string[] = [];
		for (index++; index < argv.length; index++) {
			const word = argv[index] ?? '';
			if (word === ';' || (word === '+' && command.at(-1) === '{}')) {
				break;
			}
			command.push(word);
		}
		if (command.length > 0) {
			commands.push(command);
		}
	}
	return commands;
}
