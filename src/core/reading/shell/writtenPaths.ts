import type { SimpleCommand } from './commandLine';
import { parsePowerShellArguments } from './powershellArguments';
import { powerShellCmdlet } from './powershellCmdlets';
import { programName } from './programName';

/** Targets that receive output without being files anyone protects. */
const NOT_FILES = new Set([
	'/dev/null',
	'/dev/stdout',
	'/dev/stderr',
	'/dev/tty',
	'$null',
	'nul',
	'-',
]);

/** Whether a redirect writes to its target; fd duplications (`2>&1`, `>&-`) and input redirects do not. */
function writesTarget(operator: string, target: string): boolean {
	const bare = operator.replace(/^\d+|^[*&]/, '');
	if (bare === '>&') {
		return !/^\d+-?$|^-$/.test(target);
	}
	return ['>', '>>', '>|', '&>', '&>>'].includes(bare) || /^[*\d]?>>?$/.test(operator);
}

/** Non-option words of a Unix command, with the values of the given short options skipped, stopping option parsing at `--`. */
function operands(
	args: readonly string[],
	valueShort = '',
	valueLong: readonly string[] = [],
): string[] {
	const result: string[] = [];
	let optionsDone = false;
	for (let index = 0; index < args.length; index++) {
		const word = args[index] ?? '';
		if (optionsDone || !word.startsWith('-') || word === '-') {
			result.push(word);
		} else if (word === '--') {
			optionsDone = true;
		} else if (word.startsWith('--')) {
			if (!word.includes('=') && valueLong.includes(word.slice(2))) {
				index++;
			}
		} else {
			const valueAt = [...word.slice(1)].findIndex((letter) => valueShort.includes(letter));
			if (valueAt >= 0 && valueAt === word.length - 2) {
				index++;
			}
		}
	}
	return result;
}

/** The value of `-t DIR`, `-tDIR` or `--target-directory=DIR`, when given. */
function targetDirectory(args: readonly string[]): string | undefined {
	for (let index = 0; index < args.length; index++) {
		const word = args[index] ?? '';
		if (word === '-t' || word === '--target-directory') {
			return args[index + 1];
		}
		if (word.startsWith('--target-directory=')) {
			return word.slice(19);
		}
		if (/^-[^-]*t/.test(word) && !word.endsWith('t')) {
			return word.slice(word.indexOf('t') + 1);
		}
	}
	return undefined;
}

/** Whether a short-option cluster or long option turns on in-place editing (`-i`, `-i.bak`, `-pi`, `--in-place`). */
function inPlace(args: readonly string[]): boolean {
	return args.some(
		(word) => word === '--in-place' || word.startsWith('--in-place=') || /^-[A-Za-z]*i/.test(word),
	);
}

/** Files `sed -i` edits: its operands after the script, unless the script came from `-e`/`-f`. */
function sedFiles(args: readonly string[]): string[] {
	const files = operands(args, 'efl', ['expression', 'file', 'line-length']);
	const scriptGiven = args.some(
		(word) =>
			/^-[A-Za-z]*[ef]/.test(word) || word.startsWith('--expression') || word.startsWith('--file'),
	);
	return scriptGiven ? files : files.slice(1);
}

/** Files `perl -i` edits: operands after the program, unless the program came from `-e`/`-E`. */
function perlFiles(args: readonly string[]): string[] {
	const files = operands(args, 'eEMmIx');
	return args.some((word) => /^-[A-Za-z]*[eE]$/.test(word)) ? files : files.slice(1);
}

const PS_PATH_PARAMETERS = [
	'path',
	'literalpath',
	'filepath',
	'destination',
	'pspath',
	'lp',
	'value',
	'encoding',
	'itemtype',
	'name',
	'filter',
	'include',
	'exclude',
	'credential',
	'stream',
	'width',
	'inputobject',
	'delimiter',
	'target',
];
const PS_SWITCHES = [
	'recurse',
	'force',
	'append',
	'nonewline',
	'noclobber',
	'passthru',
	'whatif',
	'confirm',
	'container',
];

/** Paths a PowerShell file cmdlet writes, from its `-Path`-like parameters and positions. */
function powerShellWrites(cmdlet: string, args: readonly string[]): string[] {
	const { named, positional } = parsePowerShellArguments(args, PS_PATH_PARAMETERS, PS_SWITCHES);
	const value = (...names: string[]): string[] =>
		names
			.map((name) => named.get(name))
			.filter((found): found is string => typeof found === 'string' && found !== '');
	const paths = value('path', 'literalpath', 'pspath', 'lp', 'filepath');
	const primary = paths.length > 0 ? paths : positional.slice(0, 1);
	const destination = value('destination');
	const second =
		destination.length > 0
			? destination
			: positional.slice(paths.length > 0 ? 0 : 1, paths.length > 0 ? 1 : 2);
	switch (cmdlet) {
		case 'set-content':
		case 'add-content':
		case 'clear-content':
		case 'out-file':
		case 'tee-object':
		case 'remove-item':
		case 'rename-item':
			return primary.flatMap((path) => path.split(',')).map((path) => path.trim());
		case 'new-item': {
			const name = value('name')[0];
			return name === undefined
				? primary
				: primary.length > 0
					? primary.map((path) => `${path.replace(/[\\/]$/, '')}/${name}`)
					: [name];
		}
		case 'copy-item':
			return second;
		case 'move-item':
			return [...primary, ...second];
		default:
			return [];
	}
}

/** Paths a Unix program writes or deletes, from its arguments. */
function unixWrites(name: string, args: readonly string[]): string[] {
	switch (name) {
		case 'tee':
			return operands(args);
		case 'cp':
		case 'install':
		case 'ln': {
			const directory = targetDirectory(args);
			if (directory !== undefined) {
				return [directory];
			}
			const files = operands(args, name === 'install' ? 'mogtS' : 'tS', [
				'suffix',
				'target-directory',
				'mode',
				'owner',
				'group',
			]);
			if (
				name === 'install' &&
				args.some((word) => /^-[A-Za-z]*d/.test(word) || word === '--directory')
			) {
				return files;
			}
			return files.length >= 2 ? files.slice(-1) : [];
		}
		case 'mv': {
			const files = operands(args, 'tS', ['suffix', 'target-directory']);
			const directory = targetDirectory(args);
			// A move deletes its sources where they were, so they count as written too.
			return directory !== undefined ? [...files, directory] : files;
		}
		case 'rsync': {
			const files = operands(args, 'e', ['rsh', 'exclude', 'include', 'filter', 'rsync-path']);
			return files.length >= 2 ? files.slice(-1) : [];
		}
		case 'touch':
			return operands(args, 'dtr', ['date', 'reference']);
		case 'rm':
		case 'rmdir':
		case 'unlink':
		case 'shred':
			return operands(args, 'n', ['iterations', 'size']);
		case 'mkdir':
			return operands(args, 'm', ['mode']);
		case 'truncate':
			return operands(args, 'sr', ['size', 'reference']);
		case 'chmod':
		case 'chown':
		case 'chgrp':
			return args.some((word) => word.startsWith('--reference='))
				? operands(args)
				: operands(args).slice(1);
		case 'sed':
			return inPlace(args) ? sedFiles(args) : [];
		case 'perl':
			return inPlace(args) ? perlFiles(args) : [];
		case 'dd':
			return args.filter((word) => word.startsWith('of=')).map((word) => word.slice(3));
		default:
			return [];
	}
}

/** The files a shell command writes or deletes: output redirect targets and the paths file-changing programs and cmdlets are given. */
export function writtenPaths(command: SimpleCommand): string[] {
	const paths: string[] = [];
	for (const redirect of command.redirects) {
		if (writesTarget(redirect.operator, redirect.target)) {
			paths.push(redirect.target);
		}
	}
	const args = command.argv.slice(1);
	const name = programName(command.argv[0] ?? '');
	const cmdlet = powerShellCmdlet(name);
	const powerShellStyle = cmdlet !== name ? command.dialect === 'powershell' : cmdlet.includes('-');
	paths.push(...(powerShellStyle ? powerShellWrites(cmdlet, args) : unixWrites(name, args)));
	return [...new Set(paths.filter((path) => path !== '' && !NOT_FILES.has(path.toLowerCase())))];
}
