import type { Effect } from '../../terms/effect';
import { parsePowerShellArguments } from '../shell/powershellArguments';
import type { ProgramCall, ProgramModel } from './programModel';

const PATH_PARAMETERS = [
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
	'newname',
	'destinationpath',
];
const SWITCHES = [
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

/** A PowerShell path as the effect vocabulary writes it: forward slashes, one path per comma-separated item. */
function paths(values: readonly string[]): string[] {
	return values
		.flatMap((value) => value.split(','))
		.map((value) => value.trim().replace(/\\/g, '/'))
		.filter((value) => value !== '');
}

/** What a file cmdlet's arguments name: its items (`-Path` or the first position), a second path, and its switches. */
export interface ItemArguments {
	readonly primary: readonly string[];
	readonly second: readonly string[];
	readonly recurse: boolean;
	readonly force: boolean;
	readonly whatIf: boolean;
	/** The string values of named parameters, as paths. */
	readonly value: (...names: string[]) => string[];
}

/** Reads a file cmdlet's arguments (`Remove-Item -Path x -Recurse`, `gci ~ -r`). */
export function itemArguments(args: readonly string[]): ItemArguments {
	const { named, positional } = parsePowerShellArguments(args, PATH_PARAMETERS, SWITCHES);
	const value = (...names: string[]) =>
		paths(
			names
				.map((name) => named.get(name))
				.filter((found): found is string => typeof found === 'string'),
		);
	const given = value('path', 'literalpath', 'pspath', 'lp', 'filepath');
	const destination = value('destination');
	return {
		primary: given.length > 0 ? given : paths(positional.slice(0, 1)),
		second:
			destination.length > 0
				? destination
				: paths(positional.slice(given.length > 0 ? 0 : 1, given.length > 0 ? 1 : 2)),
		recurse: named.get('recurse') === true,
		force: named.get('force') === true,
		whatIf: named.get('whatif') === true,
		value,
	};
}

/**
 * File cmdlets (`Remove-Item`, `Set-Content`, `Out-File`, `Copy-Item`, `Move-Item`, `New-Item`, `Get-Content`…):
 * what each does to the paths in its `-Path`-like parameters and positions. `-WhatIf` runs nothing.
 */
export const powerShellFiles: ProgramModel = (call) => {
	const { primary, second, recurse, force, whatIf, value } = itemArguments(call.args);
	if (whatIf) {
		return [];
	}
	const make = (kind: Effect['kind'], targets: readonly string[], action: string, tree = false) =>
		targets.map((path) => call.effect({ kind, path, tree, force, action }));
	switch (call.name) {
		case 'remove-item':
			return make('delete', primary, recurse ? 'removes a folder tree' : 'removes items', recurse);
		case 'clear-content':
			return make('truncate', primary, 'empties');
		case 'set-content':
		case 'add-content':
		case 'out-file':
		case 'tee-object':
			return make('write', primary, 'writes');
		case 'new-item': {
			const name = value('name')[0];
			const targets =
				name === undefined
					? primary
					: primary.length > 0
						? primary.map((path) => `${path.replace(/\/$/, '')}/${name}`)
						: [name];
			const link = /link|junction/i.test(value('itemtype').join(','));
			return [
				...make(link ? 'link' : 'write', targets, link ? 'makes a link at' : 'creates'),
				...(link ? make('link', value('value', 'target'), 'links to') : []),
			];
		}
		case 'copy-item':
			return [
				...make('read', primary, 'copies', recurse),
				...make('write', second, 'copies over', recurse),
			];
		case 'move-item':
		case 'rename-item':
			return [
				...make('move', primary, 'moves away', true),
				...make('write', [...second, ...value('newname')], 'moves over', true),
			];
		case 'expand-archive': {
			// Without `-DestinationPath` it unpacks into a folder named after the archive, in the current folder.
			const into = value('destinationpath');
			const named = primary.map((path) => path.replace(/^.*\//, '').replace(/\.zip$/i, ''));
			return [
				...make('read', primary, 'unpacks'),
				...make(
					'write',
					into.length > 0 ? into : second.length > 0 ? second : named,
					'unpacks files into',
					true,
				),
			];
		}
		case 'compress-archive':
			return [
				...make('read', primary, 'packs', true),
				...make(
					'write',
					value('destinationpath').length > 0 ? value('destinationpath') : second,
					'writes an archive at',
				),
			];
		case 'get-content':
		case 'select-string':
		case 'import-csv':
		case 'get-filehash':
			return make('read', primary, 'reads');
		default:
			return [];
	}
};

/**
 * A path argument of a .NET or COM call, as three groups from `group` on: the quote, a quoted string's body, or a
 * variable (`$HOME`, `$env:USERPROFILE`, `${x}`) for the resolver to expand.
 */
function pathArgument(group: number): string {
	const quote = `\\${group}`;
	return String.raw`(?:(['"])([^'"]*)${quote}|(\$(?:env:)?\w+|\$\{[^}]+\}))`;
}

/** .NET file calls written in a PowerShell line (`[IO.File]::WriteAllText('p', …)`), for the walker to surface. */
export const DOTNET_FILE_CALL = new RegExp(
	String.raw`\[(?:System\.)?IO\.(?:File|Directory)\]::(WriteAll\w*|AppendAll\w*|Delete|Move|Copy|Replace|CreateSymbolicLink|ReadAll\w*|Open\w*|Create\w*)\s*\(\s*${pathArgument(2)}`,
	'gi',
);

/**
 * The file methods of the COM object `Scripting.FileSystemObject` (`$fso.DeleteFolder('C:\x')`): group 1 the
 * method, then the source path and, for copies and moves, the destination.
 */
export const COM_FILE_CALL = new RegExp(
	String.raw`\.(DeleteFolder|DeleteFile|CopyFolder|CopyFile|MoveFolder|MoveFile|CreateTextFile|OpenTextFile)\s*\(\s*${pathArgument(2)}(?:\s*,\s*${pathArgument(5)})?`,
	'gi',
);

/** A path argument as matched from its quoted body or its variable, slashes turned forward. */
function argumentPath(body: string | undefined, variable: string | undefined): string {
	return (body ?? variable ?? '').replace(/\\/g, '/');
}

/** What a `Scripting.FileSystemObject` method does: a folder tree deleted, files copied or moved, a file written. */
function comFileEffects(call: ProgramCall): Effect[] {
	return [...call.command.text.matchAll(COM_FILE_CALL)].flatMap((match) => {
		const method = (match[1] ?? '').toLowerCase();
		const source = argumentPath(match[3], match[4]);
		const target =
			match[6] !== undefined || match[7] !== undefined
				? argumentPath(match[6], match[7])
				: undefined;
		const folder = method.endsWith('folder');
		const action = `calls FileSystemObject.${match[1] ?? ''} on`;
		if (method.startsWith('delete')) {
			return [call.effect({ kind: 'delete', path: source, tree: folder, force: true, action })];
		}
		if (method === 'createtextfile' || method === 'opentextfile') {
			return [
				call.effect({ kind: method === 'createtextfile' ? 'write' : 'read', path: source, action }),
			];
		}
		const moves = method.startsWith('move');
		return [
			call.effect({ kind: moves ? 'move' : 'read', path: source, tree: folder, action }),
			...(target === undefined
				? []
				: [call.effect({ kind: 'write', path: target, tree: folder, action })]),
		];
	});
}

/** The effects of .NET and COM file calls in a PowerShell command's text. */
export function dotNetFileEffects(call: ProgramCall): Effect[] {
	const effects: Effect[] = comFileEffects(call);
	for (const match of call.command.text.matchAll(DOTNET_FILE_CALL)) {
		const method = (match[1] ?? '').toLowerCase();
		const path = argumentPath(match[3], match[4]);
		const kind: Effect['kind'] =
			method.startsWith('read') || method === 'openread'
				? 'read'
				: method === 'delete'
					? 'delete'
					: method === 'move'
						? 'move'
						: method === 'createsymboliclink'
							? 'link'
							: 'write';
		// `[IO.Directory]::Delete(p, $true)` takes the folder's whole tree.
		const tree =
			/Directory/i.test(match[0]) &&
			/^\s*,\s*\$true\b/i.test(call.command.text.slice((match.index ?? 0) + match[0].length));
		effects.push(call.effect({ kind, path, tree, action: `calls .NET ${match[1] ?? ''} on` }));
	}
	return effects;
}

/** `del`/`erase`/`rd`/`rmdir` with cmd's switches (`/s` a tree, `/q` without confirmation), `copy`, `move`, `type`. */
export const cmdFiles: ProgramModel = (call) => {
	const switches = call.args
		.filter((word) => /^\/[a-zA-Z](?::\S*)?$/.test(word))
		.map((word) => word.toLowerCase());
	const operands = call.args
		.filter((word) => !/^\/[a-zA-Z](?::\S*)?$/.test(word))
		.map((word) => word.replace(/\\/g, '/'));
	const tree = switches.includes('/s');
	const force = switches.includes('/q');
	switch (call.name) {
		case 'rd':
		case 'rmdir':
			return tree
				? operands.map((path) =>
						call.effect({ kind: 'delete', path, tree, force, action: 'deletes a folder tree' }),
					)
				: [];
		case 'del':
		case 'erase':
			return operands.map((path) =>
				call.effect({ kind: 'delete', path, tree, force, action: 'deletes files' }),
			);
		default:
			return [];
	}
};
