import type { ApiHandler } from '../codeReading';
import { argument, emitFile, touches, touchesReceiver, transfers } from '../apiHandlers';
import { emitOpen } from '../openMode';
import { joinPaths, parentsOf } from '../symbolicOps';
import type { Candidates, SymbolicValue } from '../symbolicValue';
import { text, textsOf } from '../symbolicValue';

const HERE: Candidates = [text('.')];

/** A `pathlib.Path` for every path the candidates may be. */
function paths(values: Candidates): Candidates {
	return textsOf(values).map((path): SymbolicValue => ({
		kind: 'instance',
		type: 'pathlib.Path',
		path,
	}));
}

/** `open(file, mode)` and its relatives: reads, writes or appends by mode, and returns the open file. */
function opens(
	pathRef: number | readonly [number, string],
	modeRef: readonly [number, string],
): ApiHandler {
	return (site, reading) =>
		emitOpen(reading, site, argument(site, pathRef) ?? [], argument(site, modeRef));
}

/** `os.open(path, flags)`: writes unless the flags are exactly `os.O_RDONLY`. */
const osOpen: ApiHandler = (site, reading) => {
	const flags = argument(site, [1, 'flags']) ?? [];
	const readOnly =
		flags.length > 0 && flags.every((flag) => flag.kind === 'api' && flag.name === 'os.O_RDONLY');
	emitFile(reading, site, readOnly ? 'read' : 'write', argument(site, [0, 'path']) ?? []);
	return undefined;
};

/** A `Path` method that moves or links the receiver to (or from) its argument. */
function receiverTo(
	op: 'move' | 'link' | 'copy' | 'copyTree',
	receiverIs: 'source' | 'target',
): ApiHandler {
	return (site, reading) => {
		const other = argument(site, 0) ?? [];
		const self = site.receiver ? [site.receiver] : [];
		if (receiverIs === 'source') {
			emitFile(reading, site, op, other, self);
			return paths(other);
		}
		emitFile(reading, site, op, self, other);
		return undefined;
	};
}

/** `os.listdir(path='.')`. */
const listsFolder: ApiHandler = (site, reading) => {
	emitFile(reading, site, 'read', argument(site, [0, 'path']) ?? HERE);
	return undefined;
};

const receiverPath: ApiHandler = (site) => (site.receiver ? [site.receiver] : []);

/**
 * `glob.glob(pattern)`: lists what the pattern matches, and each name it returns is the pattern as far as the reader
 * can tell, so `open(f)` for a name from `glob.glob('~/.ssh/id_*')` reads that glob.
 */
const globMatches: ApiHandler = (site, reading) => {
	const pattern = argument(site, [0, 'pathname']) ?? [];
	emitFile(reading, site, 'read', pattern);
	return pattern;
};

/** Archives: `shutil.make_archive(base, format, root)` reads the root and writes the archive. */
const makeArchive: ApiHandler = (site, reading) => {
	emitFile(reading, site, 'read', argument(site, [2, 'root_dir']) ?? HERE);
	emitFile(reading, site, 'write', argument(site, [0, 'base_name']) ?? []);
	return undefined;
};

/** Extraction writes a tree of files into a folder (`shutil.unpack_archive`, `TarFile.extractall`). */
function extractsInto(folderRef: readonly [number, string], archiveRef?: number): ApiHandler {
	return (site, reading) => {
		const archive =
			archiveRef === undefined
				? site.receiver
					? [site.receiver]
					: []
				: (argument(site, archiveRef) ?? []);
		emitFile(reading, site, 'copyTree', argument(site, folderRef) ?? HERE, archive);
		return undefined;
	};
}

/** Python calls that read, write, move, link or delete files. */
export const PYTHON_FILE_APIS: Readonly<Record<string, ApiHandler>> = {
	'builtins.open': opens([0, 'file'], [1, 'mode']),
	'builtins.file': opens([0, 'file'], [1, 'mode']),
	'codecs.open': opens([0, 'filename'], [1, 'mode']),
	'builtins.FileIO': opens([0, 'file'], [1, 'mode']),
	'os.open': osOpen,
	'os.remove': touches('delete', [0, 'path']),
	'os.unlink': touches('delete', [0, 'path']),
	'os.rmdir': touches('delete', [0, 'path']),
	'os.removedirs': touches('delete', [0, 'name']),
	'os.rename': transfers('move', [0, 'src'], [1, 'dst']),
	'os.renames': transfers('move', [0, 'old'], [1, 'new']),
	'os.replace': transfers('move', [0, 'src'], [1, 'dst']),
	'os.symlink': transfers('link', [0, 'src'], [1, 'dst']),
	'os.link': transfers('link', [0, 'src'], [1, 'dst']),
	'os.chmod': touches('chmod', [0, 'path']),
	'os.lchmod': touches('chmod', [0, 'path']),
	'os.chown': touches('chmod', [0, 'path']),
	'os.lchown': touches('chmod', [0, 'path']),
	'os.chflags': touches('chmod', [0, 'path']),
	'os.mkdir': touches('mkdir', [0, 'path']),
	'os.makedirs': touches('mkdir', [0, 'name']),
	'os.truncate': touches('truncate', [0, 'path']),
	'os.listdir': listsFolder,
	'os.scandir': listsFolder,
	'os.walk': touches('read', [0, 'top']),
	'glob.glob': globMatches,
	'glob.iglob': globMatches,
	'shutil.copy': transfers('copy', [0, 'src'], [1, 'dst']),
	'shutil.copy2': transfers('copy', [0, 'src'], [1, 'dst']),
	'shutil.copyfile': transfers('copy', [0, 'src'], [1, 'dst']),
	'shutil.copytree': transfers('copyTree', [0, 'src'], [1, 'dst']),
	'shutil.move': transfers('move', [0, 'src'], [1, 'dst']),
	'shutil.rmtree': touches('deleteTree', [0, 'path']),
	'shutil.chown': touches('chmod', [0, 'path']),
	'shutil.copymode': touches('chmod', [1, 'dst']),
	'shutil.copystat': touches('chmod', [1, 'dst']),
	'shutil.make_archive': makeArchive,
	'shutil.unpack_archive': extractsInto([1, 'extract_dir'], 0),
	'tarfile.open': (site) =>
		textsOf(argument(site, [0, 'name']) ?? []).map((path) => ({
			kind: 'instance',
			type: 'tarfile.TarFile',
			path,
		})),
	'tarfile.TarFile.extractall': extractsInto([0, 'path']),
	'tarfile.TarFile.extract': extractsInto([1, 'path']),
	'zipfile.ZipFile': (site, reading) =>
		emitOpen(
			reading,
			site,
			argument(site, [0, 'file']) ?? [],
			argument(site, [1, 'mode']),
			'zipfile.ZipFile',
		),
	'zipfile.ZipFile.extractall': extractsInto([0, 'path']),
	'zipfile.ZipFile.extract': extractsInto([1, 'path']),
	'pathlib.Path': (site) => paths(site.args.length > 0 ? joinPaths(site.args) : HERE),
	'pathlib.Path.home': () => paths([text('~')]),
	'pathlib.Path.cwd': () => paths(HERE),
	'pathlib.Path.joinpath': (site) =>
		paths(joinPaths([site.receiver ? [site.receiver] : [], ...site.args])),
	'pathlib.Path.expanduser': receiverPath,
	'pathlib.Path.resolve': receiverPath,
	'pathlib.Path.absolute': receiverPath,
	'pathlib.Path.open': (site, reading) =>
		emitOpen(reading, site, site.receiver ? [site.receiver] : [], argument(site, [0, 'mode'])),
	'pathlib.Path.write_text': touchesReceiver('write'),
	'pathlib.Path.write_bytes': touchesReceiver('write'),
	'pathlib.Path.read_text': touchesReceiver('read'),
	'pathlib.Path.read_bytes': touchesReceiver('read'),
	'pathlib.Path.unlink': touchesReceiver('delete'),
	'pathlib.Path.rmdir': touchesReceiver('delete'),
	'pathlib.Path.chmod': touchesReceiver('chmod'),
	'pathlib.Path.lchmod': touchesReceiver('chmod'),
	'pathlib.Path.mkdir': touchesReceiver('mkdir'),
	'pathlib.Path.touch': touchesReceiver('write'),
	'pathlib.Path.iterdir': touchesReceiver('read'),
	'pathlib.Path.glob': touchesReceiver('read'),
	'pathlib.Path.rglob': touchesReceiver('read'),
	'pathlib.Path.rename': receiverTo('move', 'source'),
	'pathlib.Path.replace': receiverTo('move', 'source'),
	'pathlib.Path.move': receiverTo('move', 'source'),
	'pathlib.Path.copy': receiverTo('copyTree', 'source'),
	'pathlib.Path.link_to': receiverTo('link', 'source'),
	'pathlib.Path.symlink_to': receiverTo('link', 'target'),
	'pathlib.Path.hardlink_to': receiverTo('link', 'target'),
	'os.path.join': (site) => joinPaths(site.args),
	'os.path.dirname': (site) => parentsOf(argument(site, 0) ?? []),
	'os.path.expanduser': (site) => argument(site, 0) ?? [],
	'os.path.expandvars': (site) => argument(site, 0) ?? [],
	'os.path.abspath': (site) => argument(site, 0) ?? [],
	'os.path.realpath': (site) => argument(site, 0) ?? [],
	'os.path.normpath': (site) => argument(site, 0) ?? [],
	'os.fspath': (site) => argument(site, 0) ?? [],
	'os.getcwd': () => HERE,
	'tempfile.gettempdir': () => [text('/tmp')],
};

/** Python attributes computed on access. */
export const PYTHON_FILE_PROPERTIES: Readonly<Record<string, ApiHandler>> = {
	'pathlib.Path.parent': (site) => paths(parentsOf(site.receiver ? [site.receiver] : [])),
};
