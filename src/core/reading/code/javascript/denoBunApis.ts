import type { ApiHandler } from '../codeReading';
import type { FileOp } from '../codeAction';
import {
	argument,
	emitFile,
	emitSend,
	emitShell,
	emitSpawn,
	option,
	touches,
	touchesReceiver,
	transfers,
	wordsOf,
} from '../apiHandlers';
import { environmentValue } from '../dynamicAccess';
import { addressOf } from '../symbolicOps';
import type { Candidates, SymbolicValue } from '../symbolicValue';
import { mayBeTrue, opaque, text, textsOf } from '../symbolicValue';

/** A Deno call under its promise and `…Sync` names. */
function denoFamily(name: string, handler: ApiHandler): Record<string, ApiHandler> {
	return { [`Deno.${name}`]: handler, [`Deno.${name}Sync`]: handler };
}

/** `Deno.remove(p, { recursive: true })`. */
function removes(): ApiHandler {
	return (site, reading) => {
		const recursive = option(site, 'recursive');
		const op: FileOp = recursive !== undefined && mayBeTrue(recursive) ? 'deleteTree' : 'delete';
		emitFile(reading, site, op, argument(site, 0) ?? []);
		return undefined;
	};
}

/** `Deno.writeTextFile(p, data, { append: true })`. */
const denoWrites: ApiHandler = (site, reading) => {
	const append = option(site, 'append');
	emitFile(
		reading,
		site,
		append !== undefined && mayBeTrue(append) ? 'append' : 'write',
		argument(site, 0) ?? [],
	);
	return undefined;
};

/** `Deno.open(p, { write: true })`: reads unless an option asks to write, append, create or truncate. */
const denoOpens: ApiHandler = (site, reading) => {
	const path = argument(site, 0) ?? [];
	const wants = (name: string) => {
		const value = option(site, name);
		return value !== undefined && mayBeTrue(value);
	};
	emitFile(reading, site, 'read', path);
	if (wants('write') || wants('create') || wants('truncate') || wants('createNew')) {
		emitFile(reading, site, 'write', path);
	}
	if (wants('append')) {
		emitFile(reading, site, 'append', path);
	}
	return undefined;
};

/** The words of a command given as an array, or as the `cmd` entry of an options object (`Bun.spawn({ cmd })`). */
function commandWords(values: Candidates): Candidates[][] {
	return values.flatMap((value) => {
		if (value.kind === 'map') {
			const cmd = value.entries.get('cmd');
			return cmd ? cmd.map((list) => wordsOf(list)) : [[[opaque('a command')]]];
		}
		return [wordsOf(value)];
	});
}

const spawnsCommand: ApiHandler = (site, reading) => {
	for (const words of commandWords(argument(site, 0) ?? [])) {
		emitSpawn(reading, site, words);
	}
	return undefined;
};

/** `new Deno.Command(program, { args })`. */
const denoCommand: ApiHandler = (site, reading) => {
	const args = option(site, 'args');
	const lists = args?.length === 1 ? args : undefined;
	const words = lists?.[0] ? wordsOf(lists[0]) : args ? [[opaque('the arguments')]] : [];
	emitSpawn(reading, site, [argument(site, 0) ?? [], ...words]);
	return undefined;
};

/** `Deno.connect({ hostname, port })`, `Bun.connect({ hostname, port })`. */
const connectsTo: ApiHandler = (site, reading) => {
	const host = option(site, 'hostname') ?? [text('127.0.0.1')];
	const port = option(site, 'port') ?? [opaque('a port')];
	emitSend(reading, site, addressOf([{ kind: 'list', items: [host, port] }]));
	return undefined;
};

/**
 * `Bun.file(p)`: an object holding the path; its methods read, write or delete it. It counts as a read of `p` itself,
 * as Python's `open(p)` does: a handle passed where the reader cannot follow it (`new Response(f)`, `Bun.write(d, f)`,
 * a template string) is read there.
 */
const bunFile: ApiHandler = (site, reading) => {
	emitFile(reading, site, 'read', argument(site, 0) ?? []);
	return textsOf(argument(site, 0) ?? []).map((path): SymbolicValue => ({
		kind: 'instance',
		type: 'Bun.file',
		path,
	}));
};

/** `` Bun.$`rm -rf ${dir}` ``: a shell line built from the template. */
const bunShell: ApiHandler = (site, reading) => {
	emitShell(reading, site, argument(site, 0) ?? []);
	return undefined;
};

/** Deno's and Bun's own file, process, network and environment calls. */
export const DENO_BUN_APIS: Readonly<Record<string, ApiHandler>> = {
	...denoFamily('writeTextFile', denoWrites),
	...denoFamily('writeFile', denoWrites),
	...denoFamily('readTextFile', touches('read', 0)),
	...denoFamily('readFile', touches('read', 0)),
	...denoFamily('readDir', touches('read', 0)),
	...denoFamily('readLink', touches('read', 0)),
	...denoFamily('remove', removes()),
	...denoFamily('rename', transfers('move', 0, 1)),
	...denoFamily('copyFile', transfers('copy', 0, 1)),
	...denoFamily('symlink', transfers('link', 0, 1)),
	...denoFamily('link', transfers('link', 0, 1)),
	...denoFamily('chmod', touches('chmod', 0)),
	...denoFamily('chown', touches('chmod', 0)),
	...denoFamily('mkdir', touches('mkdir', 0)),
	...denoFamily('truncate', touches('truncate', 0)),
	...denoFamily('create', touches('write', 0)),
	...denoFamily('open', denoOpens),
	'Deno.run': spawnsCommand,
	'Deno.Command': denoCommand,
	'Deno.connect': connectsTo,
	'Deno.connectTls': connectsTo,
	'Deno.env.get': (site) => environmentValue(argument(site, 0) ?? []),
	'Deno.cwd': () => [text('.')],
	'Bun.write': (site, reading) => {
		emitFile(reading, site, 'write', argument(site, 0) ?? []);
		return undefined;
	},
	'Bun.file': bunFile,
	'Bun.file.text': touchesReceiver('read'),
	'Bun.file.json': touchesReceiver('read'),
	'Bun.file.arrayBuffer': touchesReceiver('read'),
	'Bun.file.bytes': touchesReceiver('read'),
	'Bun.file.stream': touchesReceiver('read'),
	'Bun.file.formData': touchesReceiver('read'),
	'Bun.file.delete': touchesReceiver('delete'),
	'Bun.file.unlink': touchesReceiver('delete'),
	'Bun.file.write': touchesReceiver('write'),
	'Bun.file.writer': touchesReceiver('write'),
	'Bun.spawn': spawnsCommand,
	'Bun.spawnSync': spawnsCommand,
	'Bun.$': bunShell,
	'Bun.connect': connectsTo,
	'Bun.env[]': (site) => environmentValue(site.args[0] ?? []),
};
