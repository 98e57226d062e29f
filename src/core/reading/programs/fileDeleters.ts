import type { Effect } from '../../terms/effect';
import type { OptionGrammar } from './optionGrammar';
import { given, lastIsOn, parseOptions } from './optionGrammar';
import type { ProgramCall, ProgramModel } from './programModel';

const RM: OptionGrammar = {
	longs: [
		'force',
		'interactive',
		'one-file-system',
		'no-preserve-root',
		'preserve-root',
		'recursive',
		'dir',
		'verbose',
		'help',
		'version',
	],
};

/** Deletes of paths that arrive on stdin (`… | xargs rm -rf`): the targets cannot be known here. */
function deletesFromInput(call: ProgramCall, tree: boolean, force: boolean): Effect[] {
	return call.command.argsFromInput
		? [
				call.effect({
					kind: 'delete',
					tree,
					force,
					action: 'deletes paths read from its input',
					certainty: 'unknown',
				}),
			]
		: [];
}

/** `rm`, `unlink`, and tree deleters run through npx (`rimraf`): one delete per operand. */
export const removeFiles: ProgramModel = (call) => {
	const parsed = parseOptions(call.args, RM);
	if (given(parsed, 'help', 'version')) {
		return [];
	}
	const alwaysTree = call.name !== 'rm' && call.name !== 'unlink';
	const tree = alwaysTree || given(parsed, 'r', 'R', 'recursive');
	const force = alwaysTree || lastIsOn(parsed, ['f', 'force'], ['i', 'I', 'interactive']);
	const action = tree ? 'deletes a folder tree' : 'deletes files';
	const deletes = parsed.operands.map((path) =>
		call.effect({ kind: 'delete', path, tree, force, action }),
	);
	return deletes.length > 0 ? deletes : deletesFromInput(call, tree, force);
};

/**
 * `shred`, `srm` and `wipe` overwrite file contents beyond recovery (and remove the files); `srm -r` and `wipe -r`
 * take whole folder trees.
 */
export const shredFiles: ProgramModel = (call) => {
	const parsed = parseOptions(call.args, {
		shortValues: call.name === 'wipe' ? 'lxXSTQ' : 'ns',
		longValues: ['iterations', 'size', 'random-source', 'remove'],
	});
	const tree = call.name !== 'shred' && given(parsed, 'r', 'R', 'recursive');
	return parsed.operands.map((path) =>
		call.effect({
			kind: 'delete',
			path,
			tree,
			force: true,
			beyondRecovery: true,
			action: tree
				? 'destroys a folder tree beyond recovery'
				: 'destroys file contents beyond recovery',
		}),
	);
};

/** `find` primaries that take one value, so the value is never read as an action (`find . -name -delete`). */
const FIND_VALUED = new Set([
	'name',
	'iname',
	'path',
	'ipath',
	'wholename',
	'iwholename',
	'regex',
	'iregex',
	'lname',
	'ilname',
	'newer',
	'anewer',
	'cnewer',
	'user',
	'uid',
	'group',
	'gid',
	'perm',
	'type',
	'xtype',
	'size',
	'fstype',
	'samefile',
	'inum',
	'links',
	'mtime',
	'atime',
	'ctime',
	'mmin',
	'amin',
	'cmin',
	'used',
	'maxdepth',
	'mindepth',
	'printf',
	'fprint',
	'fprint0',
	'fls',
	'context',
	'files0-from',
	'regextype',
	'newermt',
	'newerct',
	'neweraa',
]);
const FIND_EXEC = /^-(?:exec|execdir|ok|okdir)$/;
const FIND_OUTPUT = new Set(['fprint', 'fprint0', 'fls']);

/** What `find` is given: its start paths, the name filters that narrow it, and its deleting and writing actions. */
export function readFind(args: readonly string[]): {
	readonly starts: readonly string[];
	readonly names: readonly string[];
	readonly deletes: boolean;
	readonly writes: readonly string[];
} {
	const starts: string[] = [];
	let index = 0;
	// Options before the start paths (`-H`, `-L`, `-O3`, `-D opts`).
	while (index < args.length && /^-(?:[HLP]|O\d*|D)$/.test(args[index] ?? '')) {
		index += args[index] === '-D' ? 2 : 1;
	}
	for (; index < args.length && !/^[-(!]/.test(args[index] ?? ''); index++) {
		starts.push(args[index] ?? '');
	}
	const names: string[] = [];
	const writes: string[] = [];
	let deletes = false;
	for (; index < args.length; index++) {
		const word = args[index] ?? '';
		if (FIND_EXEC.test(word)) {
			while (index < args.length && args[index] !== ';' && args[index] !== '+') {
				index++;
			}
			continue;
		}
		const primary = word.slice(1);
		if (word === '-delete') {
			deletes = true;
		} else if (FIND_VALUED.has(primary)) {
			const value = args[index + 1] ?? '';
			if (FIND_OUTPUT.has(primary)) {
				writes.push(value);
			} else if (/^-i?(?:name|path|wholename)$/.test(word)) {
				names.push(value);
			}
			index++;
		}
	}
	return { starts: starts.length > 0 ? starts : ['.'], names, deletes, writes };
}

/**
 * `find … -delete` deletes what it matches under its start paths: the whole tree, or (with a name filter) the
 * matching files anywhere below; `-fprint FILE` writes a file.
 */
export const findFiles: ProgramModel = (call) => {
	const found = readFind(call.args);
	const effects: Effect[] = found.writes.map((path) =>
		call.effect({ kind: 'write', path, action: 'writes its listing to a file' }),
	);
	if (!found.deletes) {
		return effects;
	}
	for (const start of found.starts) {
		if (found.names.length === 0) {
			effects.push(
				call.effect({
					kind: 'delete',
					path: start,
					tree: true,
					force: true,
					action: 'deletes every file it finds',
				}),
			);
			continue;
		}
		for (const name of found.names) {
			effects.push(
				call.effect({
					kind: 'delete',
					path: `${start.replace(/\/+$/, '')}/**/${name}`,
					force: true,
					action: 'deletes every file it matches',
				}),
			);
		}
	}
	return effects;
};
