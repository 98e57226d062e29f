import type { Effect } from '../../terms/effect';
import type { OptionGrammar, ParsedOptions } from './optionGrammar';
import { given, parseOptions, valuesOf } from './optionGrammar';
import type { ProgramModel } from './programModel';

/** The last segment of a path as written (`/tmp/x/.github/` → `.github`). */
export function baseName(path: string): string {
	const trimmed = path.replace(/[/\\]+$/, '');
	return trimmed.slice(Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\')) + 1);
}

/** Whether a destination is written as a folder to copy into (`.`, `..`, `~`, `dir/`). */
function namesFolder(path: string): boolean {
	return /^(?:\.{1,2}|~)$|[/\\]$/.test(path);
}

/** Where a source lands under `destination`: inside it when it is a folder, else at it (and, when unsure, both). */
function landing(source: string, destination: string, intoFolder: boolean): string[] {
	const inside = `${destination.replace(/[/\\]+$/, '')}/${baseName(source)}`;
	if (intoFolder || namesFolder(destination)) {
		return [inside];
	}
	return [destination, inside];
}

/** Sources and destination of a `cp`/`mv`/`install`-like call: `-t DIR`, or the last operand. */
function sourcesAndDestination(parsed: ParsedOptions): {
	readonly sources: readonly string[];
	readonly destination?: string;
	readonly intoFolder: boolean;
} {
	const target = valuesOf(parsed, 't', 'target-directory').at(-1);
	if (target !== undefined) {
		return { sources: parsed.operands, destination: target, intoFolder: true };
	}
	if (parsed.operands.length < 2) {
		return { sources: [], intoFolder: false };
	}
	return {
		sources: parsed.operands.slice(0, -1),
		destination: parsed.operands.at(-1),
		intoFolder: parsed.operands.length > 2,
	};
}

const CP: OptionGrammar = {
	shortValues: 'tS',
	longValues: ['target-directory', 'suffix'],
	longs: ['recursive', 'archive', 'force', 'target-directory', 'suffix', 'help', 'version'],
};

/** `cp`: reads its sources (whole trees with `-r`) and writes where each one lands. */
export const copyFiles: ProgramModel = (call) => {
	const parsed = parseOptions(call.args, CP);
	if (given(parsed, 'help', 'version')) {
		return [];
	}
	const tree = given(parsed, 'r', 'R', 'a', 'recursive', 'archive');
	const { sources, destination, intoFolder } = sourcesAndDestination(parsed);
	const effects: Effect[] = [];
	for (const source of sources) {
		// `cp /dev/null file` empties the file: a clobber, judged as a truncate (into a folder it makes an empty `null`).
		if (source === '/dev/null') {
			if (destination !== undefined && !intoFolder && !namesFolder(destination)) {
				effects.push(call.effect({ kind: 'truncate', path: destination, action: 'empties' }));
			}
			continue;
		}
		effects.push(call.effect({ kind: 'read', path: source, tree, action: 'copies' }));
		for (const path of landing(source, destination ?? '.', intoFolder)) {
			effects.push(
				call.effect({
					kind: 'write',
					path,
					tree,
					contentsUnknown: tree,
					action: `copies \`${source}\` over`,
				}),
			);
		}
	}
	return effects;
};

/** `mv`: moves each source away (its whole tree) and writes where it lands. */
export const moveFiles: ProgramModel = (call) => {
	const parsed = parseOptions(call.args, CP);
	if (given(parsed, 'help', 'version')) {
		return [];
	}
	const { sources, destination, intoFolder } = sourcesAndDestination(parsed);
	return sources.flatMap((source) => [
		call.effect({ kind: 'move', path: source, tree: true, action: 'moves away' }),
		...landing(source, destination ?? '.', intoFolder).map((path) =>
			call.effect({
				kind: 'write',
				path,
				tree: true,
				contentsUnknown: true,
				action: `moves \`${source}\` over`,
			}),
		),
	]);
};

/**
 * `ln [-s] TARGET LINK` makes LINK point at TARGET: the link path is written, and TARGET is where later writes
 * through the link land, so both are judged.
 */
export const linkFiles: ProgramModel = (call) => {
	const parsed = parseOptions(call.args, CP);
	const { sources, destination, intoFolder } =
		parsed.operands.length === 1 && valuesOf(parsed, 't', 'target-directory').length === 0
			? { sources: parsed.operands, destination: '.', intoFolder: true }
			: sourcesAndDestination(parsed);
	return sources.flatMap((target) => [
		call.effect({ kind: 'link', path: target, action: 'links to' }),
		...landing(target, destination ?? '.', intoFolder).map((path) =>
			call.effect({
				kind: 'link',
				path,
				linkTo: target,
				action: `makes a link to \`${target}\` at`,
			}),
		),
	]);
};

/** `install`: copies like `cp`, or with `-d` creates every operand as a folder. */
export const installFiles: ProgramModel = (call) => {
	const parsed = parseOptions(call.args, {
		shortValues: 'gmoStT',
		longValues: ['group', 'mode', 'owner', 'suffix', 'target-directory'],
	});
	if (given(parsed, 'd', 'directory')) {
		return parsed.operands.map((path) =>
			call.effect({ kind: 'write', path, action: 'creates folders at' }),
		);
	}
	const { sources, destination, intoFolder } = sourcesAndDestination(parsed);
	return sources.flatMap((source) =>
		landing(source, destination ?? '.', intoFolder).map((path) =>
			call.effect({ kind: 'write', path, action: `installs \`${source}\` as` }),
		),
	);
};

/** Whether an rsync/scp operand is on another machine (`host:path`, `user@host:path`, `rsync://`). */
function remote(operand: string): boolean {
	return /^[\w.@-]+:(?!\/\/)|^rsync:\/\//.test(operand) && !/^[a-zA-Z]:[\\/]/.test(operand);
}

const RSYNC: OptionGrammar = {
	shortValues: 'eBfMT',
	longValues: [
		'rsh',
		'exclude',
		'include',
		'filter',
		'rsync-path',
		'exclude-from',
		'include-from',
		'files-from',
		'temp-dir',
		'partial-dir',
		'compare-dest',
		'copy-dest',
		'link-dest',
		'backup-dir',
		'suffix',
		'chmod',
		'password-file',
		'log-file',
	],
};

/**
 * `rsync`/`scp`: reads local sources (sending them when the destination is remote), writes the destination tree, and
 * with `--delete*` deletes what the destination holds beyond the source (`--remove-source-files`: the sources).
 */
export const syncFiles: ProgramModel = (call) => {
	const parsed = parseOptions(call.args, call.name === 'scp' ? { shortValues: 'cFiJloPS' } : RSYNC);
	if (given(parsed, 'n', 'dry-run', 'help', 'version', 'list-only')) {
		return [];
	}
	if (parsed.operands.length < 2) {
		return [];
	}
	const sources = parsed.operands.slice(0, -1);
	const destination = parsed.operands.at(-1) ?? '';
	const effects: Effect[] = [];
	for (const source of sources.filter((operand) => !remote(operand))) {
		effects.push(
			call.effect({
				kind: remote(destination) ? 'send' : 'read',
				path: source,
				tree: true,
				action: remote(destination) ? 'sends to another machine' : 'copies',
			}),
		);
	}
	if (remote(destination) && deletes(parsed)) {
		effects.push(
			call.effect({
				kind: 'serviceDataLoss',
				subject: 'serviceData',
				action: 'deletes whatever the source does not have from the destination on another machine',
			}),
		);
	}
	if (!remote(destination)) {
		effects.push(
			call.effect({
				kind: 'write',
				path: destination,
				tree: true,
				contentsUnknown: true,
				action: 'copies files into',
			}),
		);
		if (deletes(parsed)) {
			effects.push(
				call.effect({
					kind: 'delete',
					path: destination,
					tree: true,
					force: true,
					action: 'deletes whatever the source does not have from',
				}),
			);
		}
	}
	if (given(parsed, 'remove-source-files')) {
		effects.push(
			...sources
				.filter((operand) => !remote(operand))
				.map((path) =>
					call.effect({
						kind: 'delete',
						path,
						tree: true,
						action: 'deletes the copied sources in',
					}),
				),
		);
	}
	return effects;
};

/** Whether rsync was told to delete what the source lacks (`--delete`, `--del`, `--delete-after`…). */
function deletes(parsed: ParsedOptions): boolean {
	return parsed.options.some((option) => option.name.startsWith('del'));
}

/** `tee FILE…`, `touch FILE…`, `mkdir DIR…`, `sponge FILE`: each operand is written. */
export const writeOperands =
	(grammar: OptionGrammar, action: string): ProgramModel =>
	(call) => {
		const parsed = parseOptions(call.args, grammar);
		if (given(parsed, 'help', 'version')) {
			return [];
		}
		return parsed.operands.map((path) => call.effect({ kind: 'write', path, action }));
	};

/** Sizes `truncate -s` grows or sets without losing data (`+1G`, `10M`); the rest cut contents short. */
/** `uniq IN OUT`: the operand at `at`, past the options, is a file the program writes its output to. */
export const operandWrites =
	(grammar: OptionGrammar, at: number): ProgramModel =>
	(call) => {
		const output = parseOptions(call.args, grammar).operands[at];
		return output === undefined || output === '-'
			? []
			: [call.effect({ kind: 'write', path: output, force: true, action: 'writes its output to' })];
	};

const GROWS = /^(?:\+|>)|^[1-9][\d.]*[KMGTPE]?(?:i?B)?$/i;

/** `truncate`: cuts each file to a size (empties it with `-s 0`); growing one only writes. */
export const truncateFiles: ProgramModel = (call) => {
	const parsed = parseOptions(call.args, {
		shortValues: 'sr',
		longValues: ['size', 'reference'],
	});
	const size = valuesOf(parsed, 's', 'size').at(-1);
	const grows = size !== undefined && GROWS.test(size);
	return parsed.operands.map((path) =>
		call.effect(
			grows
				? { kind: 'write', path, action: 'resizes' }
				: { kind: 'truncate', path, force: true, action: 'cuts the contents of' },
		),
	);
};

/** `dd if=… of=…`: reads its input file and writes (overwrites) its output file or device. */
export const copyBlocks: ProgramModel = (call) => {
	const effects: Effect[] = [];
	for (const word of call.args) {
		if (word.startsWith('if=')) {
			effects.push(call.effect({ kind: 'read', path: word.slice(3), action: 'reads' }));
		} else if (word.startsWith('of=')) {
			effects.push(
				call.effect({ kind: 'write', path: word.slice(3), force: true, action: 'overwrites' }),
			);
		}
	}
	return effects;
};

/** Modes that let every user write (`777`, `o+w`, `a+rwx`, `+w`). */
function opensToEveryone(mode: string): boolean {
	return /^0?[0-7]?[0-7][0-7][2367]$/.test(mode) || /(?:^|,)[ao]*\+[rwxXst]*w/.test(mode);
}

/** Modes that set the set-user-ID or set-group-ID bit (`u+s`, `g+s`, `4755`): whoever runs the file acts as its owner. */
function runsAsOwner(mode: string): boolean {
	const numeric = /^0?([0-7])[0-7]{3}$/.exec(mode);
	return numeric ? (Number(numeric[1]) & 6) !== 0 : /(?:^|,)[ugoa]*[+=][rwxXt]*s/.test(mode);
}

/** A symbolic mode written like an option (`-x`, `-w,+r`): removes permissions for everyone. */
const DASH_MODE = /^-[rwxXst]+(?:,[ugoa]*[-+=][rwxXst]*)*$/;

/**
 * `setfacl -m u:x:--- file`, `-b`, `-x`: access lists change who may read or write, as a mode does; the entries are
 * option values (`-m`, `-x`, `-M`, `-X`, `--set`), the files are the operands, and `-R` takes whole trees.
 */
export const changeAcls: ProgramModel = (call) => {
	const parsed = parseOptions(call.args, {
		shortValues: 'mxMX',
		longValues: ['modify', 'remove', 'set', 'modify-file', 'remove-file', 'set-file'],
	});
	const tree = given(parsed, 'R', 'recursive');
	return parsed.operands.map((path) =>
		call.effect({ kind: 'chmod', path, tree, action: 'changes the access list of' }),
	);
};

/** A `chattr` attribute change (`+i`, `-a`, `=ei`): a mode written like an option, which chattr reads as one. */
const ATTRIBUTE_MODE = /^[-+=][aAcCdDeFijmPsStTux]+$/;

/**
 * `chattr -i file`, `chattr +a -R dir`: file attributes decide whether even root may change a file (`i`, `a`), so a
 * change of them is a permission change of each operand. `-R`, `-V` and `-f` are its only flags; `-v` and `-p` take
 * a value; every other word starting with `-`, `+` or `=` is a mode.
 */
export const changeAttributes: ProgramModel = (call) => {
	const modes: string[] = [];
	const paths: string[] = [];
	let tree = false;
	for (let at = 0; at < call.args.length; at++) {
		const word = call.args[at] ?? '';
		if (word === '-v' || word === '-p') {
			at++;
		} else if (/^-[RVf]+$/.test(word)) {
			tree ||= word.includes('R');
		} else if (ATTRIBUTE_MODE.test(word)) {
			modes.push(word);
		} else if (word !== '--') {
			paths.push(word);
		}
	}
	return modes.length === 0
		? []
		: paths.map((path) =>
				call.effect({
					kind: 'chmod',
					path,
					tree,
					action: `changes the attributes (${modes.join(' ')}) of`,
				}),
			);
};

/** `chmod`/`chown`/`chgrp`: changes permissions or ownership of each operand (its whole tree with `-R`). */
export const changeModes: ProgramModel = (call) => {
	// `chmod -x file`: a symbolic mode may start with `-`, and GNU chmod has no option of those letters.
	const dashMode = call.name === 'chmod' ? call.args.findIndex((word) => DASH_MODE.test(word)) : -1;
	const args = dashMode < 0 ? call.args : call.args.filter((_, index) => index !== dashMode);
	const parsed = parseOptions(args, { longValues: ['reference'] });
	if (given(parsed, 'help', 'version')) {
		return [];
	}
	const reference = valuesOf(parsed, 'reference').length > 0;
	const [mode = '', ...paths] =
		dashMode >= 0
			? [call.args[dashMode] ?? '', ...parsed.operands]
			: reference
				? ['', ...parsed.operands]
				: parsed.operands;
	const tree = given(parsed, 'R', 'recursive');
	const everyone = call.name === 'chmod' && opensToEveryone(mode);
	const asOwner = call.name === 'chmod' && runsAsOwner(mode);
	return paths.map((path) =>
		call.effect({
			kind: 'chmod',
			path,
			tree,
			...(everyone && { everyone: true }),
			...(asOwner && { runsAsOwner: true }),
			action: everyone
				? `makes writable by every user (${mode})`
				: asOwner
					? `makes whoever runs it act as its owner (${mode})`
					: call.name === 'chmod'
						? `changes the permissions of (${mode})`
						: `changes the owner of (${mode})`,
		}),
	);
};
