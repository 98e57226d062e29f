import type { ApiHandler } from '../codeReading';
import { argument, emitFile, touches, transfers } from '../apiHandlers';
import { emitOpen } from '../openMode';
import { parentsOf } from '../symbolicOps';
import type { Candidates } from '../symbolicValue';
import { text } from '../symbolicValue';

/** `file_get_contents($path)`, `readfile`, `file`: a read, or a send when the path is a URL. */
const readsOrFetches: ApiHandler = (site, reading) => {
	emitOpen(reading, site, argument(site, [0, 'filename']) ?? [], [text('r')]);
	return undefined;
};

/** `file_put_contents($path, $data, FILE_APPEND)`: a write, or an append when the flags may say so. */
const putsContents: ApiHandler = (site, reading) => {
	const flags = argument(site, [2, 'flags']);
	const path = argument(site, [0, 'filename']) ?? [];
	const appends =
		flags?.every((flag) => flag.kind === 'api' && flag.name === 'FILE_APPEND') ?? false;
	const mayAppend = !(flags?.every((flag) => flag.kind === 'constant') ?? true);
	if (!appends) {
		emitFile(reading, site, 'write', path);
	}
	if (appends || mayAppend) {
		emitFile(reading, site, 'append', path);
	}
	return undefined;
};

/** `fopen($path, $mode)`, `new SplFileObject($path, $mode)`. */
const opens: ApiHandler = (site, reading): Candidates =>
	emitOpen(
		reading,
		site,
		argument(site, [0, 'filename']) ?? [],
		argument(site, [1, 'mode']) ?? [text('r')],
	);

/** PHP calls that read, write, move, link or delete files. */
export const PHP_FILE_APIS: Readonly<Record<string, ApiHandler>> = {
	file_get_contents: readsOrFetches,
	file: readsOrFetches,
	readfile: readsOrFetches,
	parse_ini_file: readsOrFetches,
	highlight_file: readsOrFetches,
	show_source: readsOrFetches,
	file_put_contents: putsContents,
	fopen: opens,
	gzopen: opens,
	SplFileObject: opens,
	unlink: touches('delete', [0, 'filename']),
	rmdir: touches('delete', [0, 'directory']),
	rename: transfers('move', [0, 'from'], [1, 'to']),
	move_uploaded_file: transfers('move', [0, 'from'], [1, 'to']),
	copy: transfers('copy', [0, 'from'], [1, 'to']),
	symlink: transfers('link', [0, 'target'], [1, 'link']),
	link: transfers('link', [0, 'target'], [1, 'link']),
	chmod: touches('chmod', [0, 'filename']),
	chown: touches('chmod', [0, 'filename']),
	chgrp: touches('chmod', [0, 'filename']),
	lchown: touches('chmod', [0, 'filename']),
	mkdir: touches('mkdir', [0, 'directory']),
	touch: touches('write', [0, 'filename']),
	glob: touches('read', [0, 'pattern']),
	scandir: touches('read', [0, 'directory']),
	opendir: touches('read', [0, 'directory']),
	dir: touches('read', [0, 'directory']),
	getcwd: () => [text('.')],
	sys_get_temp_dir: () => [text('/tmp')],
	dirname: (site) => parentsOf(argument(site, 0) ?? []),
};
