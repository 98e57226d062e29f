import type { ApiHandler, CallSite, CodeReading } from '../codeReading';
import type { FileOp } from '../codeAction';
import { argument, emitFile, option, touches, transfers } from '../apiHandlers';
import { emitOpen } from '../openMode';
import { joinPaths, parentsOf } from '../symbolicOps';
import type { Candidates } from '../symbolicValue';
import { mayBeTrue, text } from '../symbolicValue';

/** A file call whose op turns into `recursive` when its options say so (`fs.rmSync(p, { recursive: true })`). */
function recursiveWhenAsked(
	plain: FileOp,
	recursive: FileOp,
	target = 0,
	source?: number,
): ApiHandler {
	return (site, reading) => {
		const asked = option(site, 'recursive');
		const op = asked !== undefined && mayBeTrue(asked) ? recursive : plain;
		emitFile(
			reading,
			site,
			op,
			argument(site, target) ?? [],
			source === undefined ? undefined : (argument(site, source) ?? []),
		);
		return undefined;
	};
}

/** `fs.writeFileSync(p, data, { flag: 'a' })`: a write, or an append when the flag says so. */
const writesFile: ApiHandler = (site, reading) => {
	const flag = option(site, 'flag');
	if (flag) {
		return emitOpen(reading, site, argument(site, 0) ?? [], flag);
	}
	emitFile(reading, site, 'write', argument(site, 0) ?? []);
	return undefined;
};

/** `fs.openSync(p, flags)`, `fs.createWriteStream(p, { flags })`. */
function opens(defaultFlags: string): ApiHandler {
	return (site: CallSite, reading: CodeReading): Candidates => {
		const given = argument(site, 1)?.filter((value) => value.kind !== 'map');
		const flags =
			option(site, 'flags') ?? (given && given.length > 0 ? given : [text(defaultFlags)]);
		return emitOpen(reading, site, argument(site, 0) ?? [], flags);
	};
}

/** The `fs` calls, each under its callback, `…Sync` and `fs.promises` names. */
function fsFamily(name: string, handler: ApiHandler): Record<string, ApiHandler> {
	return {
		[`fs.${name}`]: handler,
		[`fs.${name}Sync`]: handler,
		[`fs.promises.${name}`]: handler,
	};
}

/** Node's `fs`, `path`, `os` and `process` calls that touch files or compute paths. */
export const NODE_FILE_APIS: Readonly<Record<string, ApiHandler>> = {
	...fsFamily('readFile', touches('read', 0)),
	...fsFamily('readdir', touches('read', 0)),
	...fsFamily('opendir', touches('read', 0)),
	...fsFamily('readlink', touches('read', 0)),
	...fsFamily('writeFile', writesFile),
	...fsFamily('appendFile', touches('append', 0)),
	...fsFamily('truncate', touches('truncate', 0)),
	...fsFamily('unlink', touches('delete', 0)),
	...fsFamily('rm', recursiveWhenAsked('delete', 'deleteTree')),
	...fsFamily('rmdir', recursiveWhenAsked('delete', 'deleteTree')),
	...fsFamily('rename', transfers('move', 0, 1)),
	...fsFamily('copyFile', transfers('copy', 0, 1)),
	...fsFamily('cp', recursiveWhenAsked('copy', 'copyTree', 1, 0)),
	...fsFamily('symlink', transfers('link', 0, 1)),
	...fsFamily('link', transfers('link', 0, 1)),
	...fsFamily('chmod', touches('chmod', 0)),
	...fsFamily('lchmod', touches('chmod', 0)),
	...fsFamily('chown', touches('chmod', 0)),
	...fsFamily('lchown', touches('chmod', 0)),
	...fsFamily('mkdir', touches('mkdir', 0)),
	...fsFamily('open', opens('r')),
	'fs.createWriteStream': opens('w'),
	'fs.createReadStream': opens('r'),
	'path.join': (site) => joinPaths(site.args),
	'path.resolve': (site) => joinPaths(site.args),
	'path.normalize': (site) => argument(site, 0) ?? [],
	'path.dirname': (site) => parentsOf(argument(site, 0) ?? []),
	'path.posix.join': (site) => joinPaths(site.args),
	'os.homedir': () => [text('~')],
	'os.tmpdir': () => [text('/tmp')],
	'process.cwd': () => [text('.')],
};
