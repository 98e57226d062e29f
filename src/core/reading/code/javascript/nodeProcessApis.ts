import type { ApiHandler, CallSite, CodeReading } from '../codeReading';
import { argument, emitShell, emitSpawn, option, runsShell, wordsOf } from '../apiHandlers';
import { joinItems } from '../symbolicOps';
import type { Candidates } from '../symbolicValue';
import { mayBeTrue, opaque, text } from '../symbolicValue';

/** The words after the program: the array argument, when the call passes one. */
function listedWords(site: CallSite): Candidates[] {
	const list = site.args[1]?.find((value) => value.kind === 'list');
	return list ? wordsOf(list) : site.spread ? [[opaque('more words')]] : [];
}

/**
 * `spawn(cmd, args, { shell })`, `execFile(file, args)`: the program and its words, or — with a truthy `shell`
 * option — one command line made of them joined by spaces, as Node builds it.
 */
function programWithArray(site: CallSite, reading: CodeReading): Candidates | undefined {
	const program = argument(site, 0) ?? [];
	const words = listedWords(site);
	const shell = option(site, 'shell');
	if (shell !== undefined && mayBeTrue(shell)) {
		const line = joinItems([text(' ')], [{ kind: 'list', items: [program, ...words] }]);
		emitShell(reading, site, line);
	}
	if (shell === undefined || shell.some((value) => value.kind !== 'constant' || !value.value)) {
		emitSpawn(reading, site, [program, ...words]);
	}
	return undefined;
}

/** `fork(modulePath, args)`: runs a Node script. */
const fork: ApiHandler = (site, reading) => {
	emitSpawn(reading, site, [[text('node')], argument(site, 0) ?? [], ...listedWords(site)]);
	return undefined;
};

/** Node's `child_process`: every way it runs a command line or a program. */
export const NODE_PROCESS_APIS: Readonly<Record<string, ApiHandler>> = {
	'child_process.exec': runsShell(0),
	'child_process.execSync': runsShell(0),
	'child_process.execFile': programWithArray,
	'child_process.execFileSync': programWithArray,
	'child_process.spawn': programWithArray,
	'child_process.spawnSync': programWithArray,
	'child_process.fork': fork,
};
