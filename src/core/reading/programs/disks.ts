import type { Effect } from '../../terms/effect';
import { given, type OptionGrammar, parseOptions, wordsFromVerb } from './optionGrammar';
import type { ProgramCall, ProgramModel } from './programModel';

/** Words that name a block device or a volume (`/dev/sda1`, `/dev/nvme0n1`, `\\.\PhysicalDrive0`, `C:`). */
const DEVICE_WORD = /^\/dev\/|^\\\\\.\\|^[a-zA-Z]:\\?$/;

/** One effect per device a tool erases, or one for the machine when it names none (`diskpart`). */
function erases(call: ProgramCall, devices: readonly string[], action: string): Effect[] {
	if (devices.length === 0) {
		return [call.effect({ kind: 'deviceWrite', subject: 'machine', action })];
	}
	return devices.map((path) => call.effect({ kind: 'deviceWrite', path, force: true, action }));
}

/** Operands of `args` that name devices. */
function devicesIn(args: readonly string[]): string[] {
	return args.filter((word) => DEVICE_WORD.test(word.replace(/^of=/, '')));
}

/** `mkfs*`, `mke2fs`, `mkswap`: formatting a device erases it; formatting an image file only writes that file. */
export const formatFilesystem: ProgramModel = (call) => {
	const parsed = parseOptions(call.args, { shortValues: 'tLbcCEgGIjJmNoOrTUL' });
	const devices = devicesIn(parsed.operands);
	if (devices.length > 0) {
		return erases(call, devices, 'formats, erasing everything on');
	}
	return parsed.operands
		.slice(0, 1)
		.map((path) => call.effect({ kind: 'write', path, action: 'formats the image file' }));
};

/** A disk tool's verbs that erase, per program; `true` means every call erases. */
const ERASING: Readonly<Record<string, (args: readonly string[]) => boolean>> = {
	wipefs: (args) => {
		const parsed = parseOptions(args, { shortValues: 'optO' });
		return given(parsed, 'a', 'all', 'o', 'offset') && !given(parsed, 'n', 'no-act');
	},
	mdadm: (args) => args.some((word) => /^--(?:zero-superblock|create|build)$|^-[CB]$/.test(word)),
	lvremove: () => true,
	vgremove: () => true,
	pvremove: () => true,
	blkdiscard: () => true,
	dmsetup: (args) => ['remove_all', 'remove', 'wipe_table', 'clear'].includes(args[0] ?? ''),
	parted: (args) =>
		args.some((word) => /^(?:mklabel|mktable|rm|mkpart|resizepart|rescue)$/i.test(word)),
	sgdisk: (args) =>
		args.some((word) =>
			/^-[a-zA-Z]*[Zozdng]|^--(?:zap|clear|delete|new|mbrtogpt|largest-new)/.test(word),
		),
	gdisk: () => true,
	fdisk: (args) =>
		!args.some((word) => /^-[a-zA-Z]*l|^--list/.test(word)) && devicesIn(args).length > 0,
	sfdisk: (args) =>
		!args.some((word) => /^-[a-zA-Z]*[ld]|^--(?:list|dump|show)/.test(word)) &&
		devicesIn(args).length > 0,
	cfdisk: (args) => devicesIn(args).length > 0,
	cryptsetup: (args) =>
		/^(?:luksformat|erase|lukserase|luksremovekey|lukskillslot|reencrypt)$/i.test(
			args.find((word) => !word.startsWith('-')) ?? '',
		),
	nvme: (args) => /^(?:format|sanitize|delete-ns|detach-ns)$/.test(args[0] ?? ''),
	hdparm: (args) =>
		args.some((word) =>
			/^--(?:security-erase|security-erase-enhanced|trim-sector-ranges|write-sector|make-bad-sector)/.test(
				word,
			),
		),
	btrfs: (args) =>
		(args[0] === 'subvolume' && args[1] === 'delete') ||
		(args[0] === 'check' && args.includes('--repair')) ||
		(args[0] === 'device' && args[1] === 'remove'),
	zpool: (args) => ['destroy', 'labelclear'].includes(args[0] ?? ''),
	zfs: (args) => args[0] === 'destroy',
	lvreduce: () => true,
	vssadmin: (args) => /^delete$/i.test(args[0] ?? ''),
	// `wbadmin delete catalog|backup|systemstatebackup`: the machine's backups, its way back from a loss.
	wbadmin: (args) => /^delete$/i.test(args[0] ?? ''),
	// `wsl --unregister NAME` deletes a Linux distribution with its virtual disk; `--uninstall` removes WSL itself.
	wsl: (args) => args.some((word) => /^--(?:unregister|uninstall)$/i.test(word)),
	wmic: (args) =>
		args.some((word) => /shadowcopy/i.test(word)) && args.some((word) => /^delete$/i.test(word)),
	diskpart: () => true,
	diskutil: (args) =>
		/^(?:erase\w*|partitionDisk|zeroDisk|randomDisk|secureErase|reformat)$/i.test(args[0] ?? '') ||
		(/^apfs$/i.test(args[0] ?? '') && /^delete/i.test(args[1] ?? '')),
	'format-volume': () => true,
	'clear-disk': () => true,
	'initialize-disk': () => true,
	'remove-partition': () => true,
	format: (args) => args.some((word) => /^[a-zA-Z]:\\?$/.test(word)),
};

/** Programs that erase disks, partitions, volumes or snapshots. */
export const DISK_PROGRAMS: ReadonlySet<string> = new Set(Object.keys(ERASING));

/** Disk and volume tools that erase partitions, superblocks, volumes or snapshots. */
export const diskTool: ProgramModel = (call) => {
	const test = ERASING[call.name];
	if (!test?.(call.args)) {
		return [];
	}
	const devices = devicesIn(call.args);
	return erases(
		call,
		call.name === 'btrfs' || call.name === 'zfs' || call.name === 'zpool' ? [] : devices,
		'erases the data on',
	);
};

/** `systemctl` verbs that take a service away: stopped now, or not started again. */
const SERVICE_STOPS = ['stop', 'disable', 'mask', 'kill', 'isolate'];
const SYSTEMCTL_GLOBAL: OptionGrammar = {
	shortValues: 'HMpstn',
	longValues: ['host', 'machine', 'property', 'type', 'state', 'signal', 'lines'],
};

/**
 * The programs {@link machineCommand} reads: power, services, firewalls, accounts. What they change is the machine
 * every user and service shares, not a file.
 */
export const MACHINE_PROGRAMS = [
	'shutdown',
	'reboot',
	'halt',
	'poweroff',
	'stop-computer',
	'restart-computer',
	'systemctl',
	'service',
	'kill',
	'pkill',
	'killall',
	'iptables',
	'ip6tables',
	'nft',
	'ufw',
	'setenforce',
	'userdel',
	'deluser',
	'groupdel',
	'delgroup',
	'passwd',
	'usermod',
] as const;

/** `shutdown`, `reboot`, `kill -1`, firewall flushes: the machine or every process, not a file. */
export const machineCommand: ProgramModel = (call) => {
	const { name, args } = call;
	const machine = (action: string) => [
		call.effect({ kind: 'serviceDataLoss', subject: 'machine', action }),
	];
	switch (name) {
		case 'stop-computer':
		case 'restart-computer':
			return args.some((word) => /^-whatif$/i.test(word))
				? []
				: machine('shuts down or restarts the machine');
		case 'shutdown':
		case 'reboot':
		case 'halt':
		case 'poweroff':
			return args.includes('-c') || args.includes('--help') || args.includes('-k')
				? []
				: machine('shuts down or restarts the machine');
		case 'systemctl': {
			const verb = wordsFromVerb(args, SYSTEMCTL_GLOBAL)[0] ?? '';
			return ['poweroff', 'reboot', 'halt', 'kexec', 'suspend', 'hibernate'].includes(verb)
				? machine('shuts down or restarts the machine')
				: SERVICE_STOPS.includes(verb)
					? machine('stops or disables a system service')
					: [];
		}
		case 'service':
			return SERVICE_STOPS.includes(args[1] ?? '') ? machine('stops a system service') : [];
		case 'ufw':
			return ['disable', 'reset'].includes(args[0] ?? '')
				? machine('switches the firewall off')
				: [];
		case 'setenforce':
			return ['0', 'permissive'].includes((args[0] ?? '').toLowerCase())
				? machine('switches SELinux enforcement off')
				: [];
		case 'userdel':
		case 'deluser':
		case 'groupdel':
		case 'delgroup':
			return machine('deletes a user account or group');
		case 'passwd':
		case 'usermod':
			return args.some((word) => /^(?:-[a-zA-Z]*[dlLe]|--(?:delete|lock|expiredate))$/.test(word))
				? machine("removes, locks or expires an account's password")
				: [];
		case 'kill':
		case 'pkill':
		case 'killall':
			return args.at(-1) === '-1'
				? [
						call.effect({
							kind: 'serviceDataLoss',
							subject: 'processes',
							action: 'kills every process the user may signal',
						}),
					]
				: [];
		case 'iptables':
		case 'ip6tables':
		case 'nft':
			return args.some((word) => ['-F', '--flush', 'flush', '-X'].includes(word))
				? machine('flushes firewall rules')
				: [];
		default:
			return [];
	}
};
