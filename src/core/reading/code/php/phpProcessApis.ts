import type { ApiHandler } from '../codeReading';
import { argument, emitShell, emitSpawn, runsShell, wordsOf } from '../apiHandlers';
import { opaque } from '../symbolicValue';

/** `proc_open($command, …)`: a string runs through the shell, an array (PHP 7.4+) runs the program directly. */
const procOpen: ApiHandler = (site, reading) => {
	emitShell(reading, site, argument(site, [0, 'command']) ?? []);
	return undefined;
};

/** `pcntl_exec($path, $args)`: replaces the process with the program. */
const pcntlExec: ApiHandler = (site, reading) => {
	const lists = argument(site, [1, 'args']) ?? [];
	const words =
		lists.length === 1 && lists[0]
			? wordsOf(lists[0])
			: lists.length > 0
				? [[opaque('the arguments')]]
				: [];
	emitSpawn(reading, site, [argument(site, [0, 'path']) ?? [], ...words]);
	return undefined;
};

/** PHP calls that run a shell command line or a program. */
export const PHP_PROCESS_APIS: Readonly<Record<string, ApiHandler>> = {
	system: runsShell([0, 'command']),
	exec: runsShell([0, 'command']),
	shell_exec: runsShell([0, 'command']),
	passthru: runsShell([0, 'command']),
	popen: runsShell([0, 'command']),
	expect_popen: runsShell(0),
	proc_open: procOpen,
	pcntl_exec: pcntlExec,
};
