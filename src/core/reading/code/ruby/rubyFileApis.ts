import type { ApiHandler, CallSite, CodeReading } from '../codeReading';
import type { FileOp } from '../codeAction';
import { argument, emitFile, touches, touchesReceiver, transfers } from '../apiHandlers';
import { emitOpen } from '../openMode';
import { joinPaths, parentsOf } from '../symbolicOps';
import type { Candidates } from '../symbolicValue';
import { text } from '../symbolicValue';
import { pathname } from './evaluateRuby';

/** `File.open(p, 'w')`, `File.new(p, mode: 'a')`, `Pathname#open('w')`. */
function opens(pathAt: number | 'receiver', modeAt: number): ApiHandler {
	return (site: CallSite, reading: CodeReading): Candidates => {
		const paths =
			pathAt === 'receiver'
				? site.receiver
					? [site.receiver]
					: []
				: (argument(site, pathAt) ?? []);
		const given = argument(site, modeAt)?.filter((value) => value.kind !== 'map');
		const mode = site.keywords.get('mode') ?? (given && given.length > 0 ? given : undefined);
		return emitOpen(reading, site, paths, mode);
	};
}

/** `File.write(p, data, mode: 'a')`: a write, or an append when the mode says so. */
const writes: ApiHandler = (site, reading) =>
	emitOpen(reading, site, argument(site, 0) ?? [], site.keywords.get('mode') ?? [text('w')]);

/** Every path from a position on, each maybe a list (`FileUtils.rm_rf(%w[a b])`). */
function touchesAll(op: FileOp, from: number): ApiHandler {
	return touches(op, from, { all: true });
}

/** A `Pathname` method that moves or links the receiver. */
function receiverTo(op: FileOp, receiverIs: 'source' | 'target'): ApiHandler {
	return (site, reading) => {
		const other = argument(site, 0) ?? [];
		const self = site.receiver ? [site.receiver] : [];
		emitFile(
			reading,
			site,
			op,
			receiverIs === 'source' ? other : self,
			receiverIs === 'source' ? self : other,
		);
		return undefined;
	};
}

const FILE_UTILS: Readonly<Record<string, ApiHandler>> = Object.fromEntries(
	[
		...['rm', 'rm_f', 'remove', 'remove_file', 'safe_unlink', 'rmdir'].map(
			(name) => [name, touchesAll('delete', 0)] as const,
		),
		...['rm_r', 'rm_rf', 'rmtree', 'remove_dir', 'remove_entry', 'remove_entry_secure'].map(
			(name) => [name, touchesAll('deleteTree', 0)] as const,
		),
		...['mv', 'move'].map((name) => [name, transfers('move', 0, 1)] as const),
		...['cp', 'copy', 'copy_file', 'install'].map(
			(name) => [name, transfers('copy', 0, 1)] as const,
		),
		...['cp_r', 'cp_lr', 'copy_entry'].map((name) => [name, transfers('copyTree', 0, 1)] as const),
		...['ln', 'link', 'ln_s', 'symlink', 'ln_sf', 'ln_sr'].map(
			(name) => [name, transfers('link', 0, 1)] as const,
		),
		...['chmod', 'chmod_R'].map((name) => [name, touchesAll('chmod', 1)] as const),
		...['chown', 'chown_R'].map((name) => [name, touchesAll('chmod', 2)] as const),
		...['mkdir', 'mkdir_p', 'makedirs', 'mkpath'].map(
			(name) => [name, touchesAll('mkdir', 0)] as const,
		),
		['touch', touchesAll('write', 0)] as const,
	].map(([name, handler]) => [`FileUtils.${name}`, handler]),
);

const pathnameOf: ApiHandler = (site) => (argument(site, 0) ?? []).map(pathname);

/** Ruby calls that read, write, move, link or delete files, and the path helpers. */
export const RUBY_FILE_APIS: Readonly<Record<string, ApiHandler>> = {
	...FILE_UTILS,
	'File.open': opens(0, 1),
	'File.new': opens(0, 1),
	'File.write': writes,
	'File.binwrite': writes,
	'File.read': touches('read', 0),
	'File.binread': touches('read', 0),
	'File.readlines': touches('read', 0),
	'File.foreach': touches('read', 0),
	'File.delete': touchesAll('delete', 0),
	'File.unlink': touchesAll('delete', 0),
	'File.rename': transfers('move', 0, 1),
	'File.symlink': transfers('link', 0, 1),
	'File.link': transfers('link', 0, 1),
	'File.chmod': touchesAll('chmod', 1),
	'File.lchmod': touchesAll('chmod', 1),
	'File.chown': touchesAll('chmod', 2),
	'File.truncate': touches('truncate', 0),
	'File.expand_path': (site) => argument(site, 0) ?? [],
	'File.absolute_path': (site) => argument(site, 0) ?? [],
	'File.join': (site) => joinPaths(site.args),
	'File.dirname': (site) => parentsOf(argument(site, 0) ?? []),
	'Dir.home': () => [text('~')],
	'Dir.pwd': () => [text('.')],
	'Dir.getwd': () => [text('.')],
	'Dir.tmpdir': () => [text('/tmp')],
	'Dir.mkdir': touches('mkdir', 0),
	'Dir.rmdir': touches('delete', 0),
	'Dir.delete': touches('delete', 0),
	'Dir.unlink': touches('delete', 0),
	'Dir.glob': touchesAll('read', 0),
	'Dir.entries': touches('read', 0),
	'Dir.children': touches('read', 0),
	'Dir.each_child': touches('read', 0),
	'Dir[]': (site, reading) => touchesAll('read', 0)(site, reading),
	'Pathname.new': pathnameOf,
	'Kernel.Pathname': pathnameOf,
	'Pathname.join': (site) =>
		joinPaths([site.receiver ? [site.receiver] : [], ...site.args]).map(pathname),
	'Pathname.expand_path': (site) => (site.receiver ? [site.receiver] : []),
	'Pathname.open': opens('receiver', 0),
	'Pathname.read': touchesReceiver('read'),
	'Pathname.binread': touchesReceiver('read'),
	'Pathname.readlines': touchesReceiver('read'),
	'Pathname.children': touchesReceiver('read'),
	'Pathname.entries': touchesReceiver('read'),
	'Pathname.write': touchesReceiver('write'),
	'Pathname.binwrite': touchesReceiver('write'),
	'Pathname.delete': touchesReceiver('delete'),
	'Pathname.unlink': touchesReceiver('delete'),
	'Pathname.rmdir': touchesReceiver('delete'),
	'Pathname.rmtree': touchesReceiver('deleteTree'),
	'Pathname.chmod': touchesReceiver('chmod'),
	'Pathname.mkdir': touchesReceiver('mkdir'),
	'Pathname.mkpath': touchesReceiver('mkdir'),
	'Pathname.rename': receiverTo('move', 'source'),
	'Pathname.make_symlink': receiverTo('link', 'target'),
	'Pathname.make_link': receiverTo('link', 'target'),
	'Pathname.parent': (site) => parentsOf(site.receiver ? [site.receiver] : []).map(pathname),
};
