import type { Verdict } from '../../provider/decision';
import type { SimpleCommand } from '../../reading/shell/commandLine';
import { programName } from '../../reading/shell/programName';
import { classifyTarget, worstTarget, type TargetBase } from './deleteTargets';

/** What one rule says about one sub-command, before it becomes a finding. */
export interface Hit {
	readonly rule: string;
	readonly verdict: Verdict;
	readonly reason: string;
	readonly context?: string;
}

/** Short-option letters, long options (before `--`) and operands of a Unix command, so `-rf`, `-r -f` and `--recursive --force` read alike. */
export function unixOptions(args: readonly string[]): {
	readonly letters: ReadonlySet<string>;
	readonly long: readonly string[];
	readonly operands: readonly string[];
} {
	const letters = new Set<string>();
	const long: string[] = [];
	const operands: string[] = [];
	let done = false;
	for (const raw of args) {
		// Unicode dashes (`—force`, `–rf`) read as the ASCII ones a person meant.
		const word = raw.replace(/^[\u2010-\u2015\u2212]/, '--').replace(/^---/, '--');
		if (done || !word.startsWith('-') || word === '-') {
			operands.push(raw);
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

/** Whether a GNU long option was given, written in full or as a prefix of at least `minimum` letters (`--rec`, `--forc`). */
export function hasLong(long: readonly string[], name: string, minimum = 3): boolean {
	return long.some(
		(written) => written === name || (written.length >= minimum && name.startsWith(written)),
	);
}

function ask(rule: string, command: SimpleCommand, what: string, context?: string): Hit {
	return {
		rule,
		verdict: 'ask',
		reason: `\`${command.text}\` ${what}; the user confirms this.`,
		...(context !== undefined ? { context } : {}),
	};
}

function deny(rule: string, command: SimpleCommand, what: string, context?: string): Hit {
	return {
		rule,
		verdict: 'deny',
		reason: `\`${command.text}\` ${what}.`,
		...(context !== undefined ? { context } : {}),
	};
}

const DEVICE = /^\/dev\/(?!null$|zero$|stdout$|stderr$|tty$|fd\/|random$|urandom$|shm\/)/;

/** `rsync --delete*` / `--remove-source-files`: deletes files at the destination or the source. */
function rsyncHit(command: SimpleCommand, base: TargetBase): Hit | undefined {
	const { long, operands } = unixOptions(command.argv.slice(1));
	const deletes = long.some(
		(option) => option.startsWith('del') || option === 'remove-source-files',
	);
	if (!deletes) {
		return undefined;
	}
	const destination = operands.at(-1);
	const where =
		destination === undefined || destination.includes(':')
			? { kind: 'ordinary' as const }
			: classifyTarget(destination, base);
	if (where.kind === 'catastrophic') {
		return deny(
			'syncDelete',
			command,
			`deletes whatever the destination holds that the source does not, and the destination is ${where.why ?? 'outside the workspace'}`,
		);
	}
	return where.kind === 'disposable'
		? undefined
		: ask(
				'syncDelete',
				command,
				'deletes files at the destination (or the source) that it does not keep',
			);
}

/** `chmod`/`chown`/`chgrp`: recursive on system or home roots, or world-writable on system paths. */
function permissionsHit(command: SimpleCommand, name: string, base: TargetBase): Hit | undefined {
	const { letters, long, operands } = unixOptions(command.argv.slice(1));
	const recursive = letters.has('R') || hasLong(long, 'recursive');
	const [mode, ...paths] = name === 'chmod' || name === 'chown' || name === 'chgrp' ? operands : [];
	if (mode === undefined || paths.length === 0) {
		return undefined;
	}
	const worst = worstTarget(paths.map((path) => classifyTarget(path, base)));
	const worldWritable =
		name === 'chmod' &&
		/^0?[0-7]?[0-7][0-7][2367]$|o\+[rwx]*w|a\+[rwx]*w|^\+?[rwx]*w/.test(mode) &&
		/7{2,}|w/.test(mode);
	if (worst.kind === 'catastrophic' && (recursive || worldWritable)) {
		return deny(
			'permissionsSweep',
			command,
			`changes ownership or permissions ${recursive ? 'recursively ' : ''}on ${worst.why ?? 'a system path'}, which can lock users out or open the system to everyone`,
		);
	}
	if (worldWritable && recursive && worst.kind === 'ordinary') {
		return ask('permissionsSweep', command, 'makes a whole tree writable by everyone');
	}
	return undefined;
}

/** Disk and volume tools that erase partitions, superblocks or volumes. */
function diskToolHit(command: SimpleCommand, name: string): Hit | undefined {
	const args = command.argv.slice(1);
	const { letters, long, operands } = unixOptions(args);
	const erase = (what: string) => deny('diskErase', command, `${what}, destroying the data on it`);
	switch (name) {
		case 'wipefs':
			return letters.has('a') || hasLong(long, 'all') || letters.has('o') || hasLong(long, 'offset')
				? letters.has('n') || hasLong(long, 'no-act')
					? undefined
					: erase('erases file-system signatures')
				: undefined;
		case 'mdadm':
			return hasLong(long, 'zero-superblock') ? erase('wipes RAID superblocks') : undefined;
		case 'lvremove':
		case 'vgremove':
		case 'pvremove':
			return erase(`removes LVM ${name.slice(0, 2)}s`);
		case 'dmsetup':
			return ['remove_all', 'remove', 'wipe_table', 'clear'].includes(operands[0] ?? '')
				? erase('removes device-mapper devices')
				: undefined;
		case 'blkdiscard':
			return erase('discards every block of a device');
		case 'parted': {
			const write = operands.some((word) =>
				/^(mklabel|mktable|rm|mkpart|resizepart|rescue)$/i.test(word),
			);
			return write ? erase('rewrites a partition table') : undefined;
		}
		case 'sgdisk':
		case 'gdisk':
			return ['Z', 'o', 'z', 'd', 'n', 'g'].some((letter) => letters.has(letter)) ||
				long.some((option) => /^(zap|clear|delete|new|mbrtogpt|largest-new)/.test(option))
				? erase('rewrites a GPT partition table')
				: undefined;
		case 'fdisk':
		case 'sfdisk':
		case 'cfdisk':
			return letters.has('l') ||
				hasLong(long, 'list') ||
				(name === 'sfdisk' && (letters.has('d') || hasLong(long, 'dump')))
				? undefined
				: operands.some((word) => DEVICE.test(word))
					? erase('edits a partition table')
					: undefined;
		case 'cryptsetup':
			return ['luksformat', 'erase', 'luksremovekey', 'luksKillSlot'.toLowerCase()].includes(
				(operands[0] ?? '').toLowerCase(),
			)
				? erase('formats or erases an encrypted volume')
				: undefined;
		case 'zpool':
			return ['destroy', 'labelclear'].includes(operands[0] ?? '')
				? erase('destroys a ZFS pool')
				: undefined;
		case 'zfs':
			return operands[0] === 'destroy' ? erase('destroys a ZFS dataset') : undefined;
		case 'vssadmin':
			return /^delete$/i.test(operands[0] ?? '')
				? erase('deletes volume shadow copies')
				: undefined;
		case 'wmic':
			return args.some((word) => /shadowcopy/i.test(word)) &&
				args.some((word) => /^delete$/i.test(word))
				? erase('deletes volume shadow copies')
				: undefined;
		case 'diskpart':
			return ask('diskErase', command, 'runs the Windows disk partitioner');
		case 'format':
			// `format C:` (cmd) formats a volume; `format` with a Unix-looking argument is not the Windows tool.
			return args.some((word) => /^[a-zA-Z]:\\?$/.test(word))
				? deny('formatFilesystem', command, 'formats a volume, erasing everything on it')
				: undefined;
		default:
			return undefined;
	}
}

/** `truncate` and `shred` destroy file contents in place. */
function contentHit(command: SimpleCommand, name: string, base: TargetBase): Hit | undefined {
	const { operands, letters, long } = unixOptions(command.argv.slice(1));
	const files =
		name === 'truncate'
			? operands.filter((word, at) => {
					const previous = command.argv.slice(1)[command.argv.slice(1).indexOf(word) - 1];
					return at >= 0 && previous !== '-s' && previous !== '-r' && previous !== '--size';
				})
			: operands;
	if (files.length === 0 || letters.has('h') || hasLong(long, 'help')) {
		return undefined;
	}
	if (name === 'truncate') {
		const args = command.argv.slice(1);
		const sizeAt = args.findIndex((word) => word === '-s' || word === '--size');
		const size =
			sizeAt >= 0
				? args[sizeAt + 1]
				: args.find((word) => /^(?:-s|--size=)/.test(word))?.replace(/^-s|^--size=/, '');
		// Growing or creating a file (`-s 10M`, `-s +1G`) loses nothing; shrinking it does.
		if (size !== undefined && !/^(?:0+[KMGTPE]?B?|-.*|<.*|\/.*|%.*)$/i.test(size)) {
			return undefined;
		}
	}
	if (files.some((file) => DEVICE.test(file))) {
		return deny(
			'diskErase',
			command,
			`overwrites the device ${files.find((file) => DEVICE.test(file)) ?? ''}`,
		);
	}
	const worst = worstTarget(files.map((file) => classifyTarget(file, base)));
	if (worst.kind === 'disposable') {
		return undefined;
	}
	return name === 'shred'
		? worst.kind === 'catastrophic'
			? deny(
					'shred',
					command,
					`destroys file contents beyond recovery in ${worst.why ?? 'a path outside the workspace'}`,
				)
			: ask('shred', command, 'destroys file contents beyond recovery')
		: ask('truncate', command, 'cuts files to a new size, dropping their contents');
}

/** `rd /s`, `del /s /q`, `erase`: cmd's deletes, read with their switches. */
function cmdDeleteHit(command: SimpleCommand, name: string, base: TargetBase): Hit | undefined {
	const args = command.argv.slice(1);
	const switches = args
		.filter((word) => /^\/[a-zA-Z]$/.test(word))
		.map((word) => word.toLowerCase());
	const paths = args.filter((word) => !/^\/[a-zA-Z](?::\S*)?$/.test(word));
	if (switches.length === 0 && (name === 'rd' || name === 'rmdir')) {
		return undefined;
	}
	if (!switches.includes('/s') && !switches.includes('/q')) {
		return undefined;
	}
	const worst = worstTarget(paths.map((path) => classifyTarget(path.replace(/\\/g, '/'), base)));
	if (worst.kind === 'disposable' && paths.length > 0) {
		return undefined;
	}
	if (switches.includes('/s') && (switches.includes('/q') || worst.kind === 'catastrophic')) {
		return worst.kind === 'catastrophic'
			? deny(
					'recursiveForceDelete',
					command,
					`deletes a whole tree without confirmation (/s /q) in ${worst.why ?? 'a path outside the workspace'}`,
					'Delete only the specific files or folders you created, or ask the user to run the cleanup.',
				)
			: ask('delete', command, 'deletes a folder tree without confirmation (/s /q)');
	}
	return ask('delete', command, 'deletes files');
}

/** Every program this module judges; other names return at once. */
const TOOLS: ReadonlySet<string> = new Set([
	'rsync',
	'chmod',
	'chown',
	'chgrp',
	'truncate',
	'shred',
	'rd',
	'del',
	'erase',
	'rmdir',
	'wipefs',
	'mdadm',
	'lvremove',
	'vgremove',
	'pvremove',
	'dmsetup',
	'blkdiscard',
	'parted',
	'sgdisk',
	'gdisk',
	'fdisk',
	'sfdisk',
	'cfdisk',
	'cryptsetup',
	'zpool',
	'zfs',
	'vssadmin',
	'wmic',
	'diskpart',
	'format',
]);

/** Hits for data-loss tools other than `rm` and git: sync deletes, permission sweeps, disk tools, truncation, cmd deletes. */
export function dataLossToolHit(command: SimpleCommand, base: () => TargetBase): Hit | undefined {
	const name = programName(command.argv[0] ?? '');
	if (!TOOLS.has(name)) {
		return undefined;
	}
	switch (name) {
		case 'rsync':
			return rsyncHit(command, base());
		case 'chmod':
		case 'chown':
		case 'chgrp':
			return permissionsHit(command, name, base());
		case 'truncate':
		case 'shred':
			return contentHit(command, name, base());
		case 'rd':
		case 'del':
		case 'erase':
			return command.dialect === 'powershell' ? undefined : cmdDeleteHit(command, name, base());
		case 'rmdir':
			return command.argv.slice(1).some((word) => /^\/[sS]$/.test(word))
				? cmdDeleteHit(command, name, base())
				: undefined;
		default:
			return diskToolHit(command, name);
	}
}
