import type { ApiHandler } from '../codeReading';
import {
	argument,
	emitShell,
	emitSpawn,
	option,
	runsProgram,
	runsShell,
	wordsOf,
} from '../apiHandlers';
import { opaque } from '../symbolicValue';

/** `subprocess.run(args, shell=…)`: a list runs as words, a string runs through the shell only with `shell=True`. */
const subprocessCall: ApiHandler = (site, reading) => {
	const shell = option(site, 'shell');
	const mayShell = shell?.some((value) => !(value.kind === 'constant' && !value.value)) ?? false;
	const mayNotShell = shell?.some((value) => value.kind !== 'constant' || !value.value) ?? true;
	for (const value of argument(site, [0, 'args']) ?? []) {
		if (mayShell) {
			// With `shell=True` a list's first item is the command line and the rest are its `$0`, `$1`…
			emitShell(reading, site, value.kind === 'list' ? (value.items[0] ?? []) : [value]);
		}
		if (mayNotShell) {
			emitSpawn(reading, site, wordsOf(value));
		}
	}
	const executable = option(site, 'executable');
	if (executable) {
		emitSpawn(reading, site, [executable]);
	}
	return undefined;
};

/**
 * `os.execv(path, args)`, `os.spawnv(mode, path, args)`: the program is `path`; the list's first item is only its
 * `argv[0]`, so it is replaced by the path.
 */
function programWithList(pathAt: number): ApiHandler {
	return (site, reading) => {
		for (const list of site.args[pathAt + 1] ?? [opaque('the arguments')]) {
			const words = list.kind === 'list' ? wordsOf(list).slice(1) : [[list]];
			emitSpawn(reading, site, [site.args[pathAt] ?? [], ...words]);
		}
		return undefined;
	};
}

/** `os.execl(path, arg0, arg1, …)`: the program is `path` and the words follow `arg0` (an `env` map ends `…e` forms). */
function programWithWords(pathAt: number): ApiHandler {
	return (site, reading) => {
		const words = site.args
			.slice(pathAt + 2)
			.filter((word) => !word.every((value) => value.kind === 'map'));
		emitSpawn(reading, site, [
			site.args[pathAt] ?? [],
			...words,
			...(site.spread ? [[opaque('more words')]] : []),
		]);
		return undefined;
	};
}

const shellOfFirst = runsShell([0, 'cmd']);

/** Python calls that run a shell command line or a program. */
export const PYTHON_PROCESS_APIS: Readonly<Record<string, ApiHandler>> = {
	'os.system': runsShell([0, 'command']),
	'os.popen': runsShell([0, 'cmd']),
	'os.popen2': shellOfFirst,
	'os.popen3': shellOfFirst,
	'os.popen4': shellOfFirst,
	'commands.getoutput': shellOfFirst,
	'commands.getstatusoutput': shellOfFirst,
	'subprocess.getoutput': shellOfFirst,
	'subprocess.getstatusoutput': shellOfFirst,
	'platform.popen': shellOfFirst,
	'asyncio.create_subprocess_shell': shellOfFirst,
	'subprocess.run': subprocessCall,
	'subprocess.call': subprocessCall,
	'subprocess.check_call': subprocessCall,
	'subprocess.check_output': subprocessCall,
	'subprocess.Popen': subprocessCall,
	'os.execv': programWithList(0),
	'os.execve': programWithList(0),
	'os.execvp': programWithList(0),
	'os.execvpe': programWithList(0),
	'os.posix_spawn': programWithList(0),
	'os.posix_spawnp': programWithList(0),
	'os.spawnv': programWithList(1),
	'os.spawnve': programWithList(1),
	'os.spawnvp': programWithList(1),
	'os.spawnvpe': programWithList(1),
	'os.execl': programWithWords(0),
	'os.execle': programWithWords(0),
	'os.execlp': programWithWords(0),
	'os.execlpe': programWithWords(0),
	'os.spawnl': programWithWords(1),
	'os.spawnle': programWithWords(1),
	'os.spawnlp': programWithWords(1),
	'os.spawnlpe': programWithWords(1),
	'asyncio.create_subprocess_exec': runsProgram(),
	'pty.spawn': runsProgram(),
};
