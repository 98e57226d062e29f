import type { ApiHandler, CallSite, CodeReading } from '../codeReading';
import { argument, emitShell, emitSpawn, runsShell, wordsOf } from '../apiHandlers';
import { emitOpen } from '../openMode';
import type { Candidates } from '../symbolicValue';
import { opaque, text, textsOf } from '../symbolicValue';

/**
 * `system(…)`, `exec`, `spawn`, `Open3.capture3`, `IO.popen`: an environment hash first and an options hash last are
 * not words; one string runs through the shell, several words (or an array) run the program directly, and a
 * `[program, argv0]` pair names the program.
 */
const runsCommand: ApiHandler = (site, reading) => {
	const words = site.args.filter((word) => !word.every((value) => value.kind === 'map'));
	const [first, ...rest] = words;
	if (!first) {
		return undefined;
	}
	if (rest.length === 0 && !site.spread) {
		for (const value of first) {
			if (value.kind === 'list') {
				emitSpawn(reading, site, wordsOf(value));
			} else {
				emitShell(reading, site, [value]);
			}
		}
		return undefined;
	}
	const program = first
		.map((value) => (value.kind === 'list' ? (value.items[0] ?? [opaque('a program')]) : [value]))
		.flat();
	emitSpawn(reading, site, [program, ...rest, ...(site.spread ? [[opaque('more words')]] : [])]);
	return undefined;
};

/**
 * `open(path, mode)` in `Kernel` (and `IO.read`, `IO.readlines`, `IO.write`, `IO.foreach` on older Rubies): a path
 * starting with `|` runs the rest as a shell command line; a URL is fetched (with open-uri); anything else is a file.
 */
function opensOrRuns(defaultMode: string, modeAt?: number): ApiHandler {
	return (site: CallSite, reading: CodeReading): Candidates => {
		const paths = argument(site, 0) ?? [];
		const commands = paths.filter((path) =>
			textsOf([path]).some((value) => value.kind === 'literal' && value.text.startsWith('|')),
		);
		for (const command of commands.length > 0 ? textsOf(commands) : []) {
			emitShell(reading, site, [
				text(command.kind === 'literal' ? command.text.slice(1) : command),
			]);
		}
		const files = paths.filter((path) => !commands.includes(path));
		const given =
			modeAt === undefined
				? undefined
				: argument(site, modeAt)?.filter((value) => value.kind !== 'map');
		const mode =
			site.keywords.get('mode') ?? (given && given.length > 0 ? given : [text(defaultMode)]);
		return files.length > 0
			? emitOpen(reading, site, files, mode)
			: [opaque('the output of a command')];
	};
}

/** Ruby calls that run a shell command line or a program. */
export const RUBY_PROCESS_APIS: Readonly<Record<string, ApiHandler>> = {
	'Kernel.system': runsCommand,
	'Kernel.`': runsShell(0),
	'Kernel.exec': runsCommand,
	'Kernel.spawn': runsCommand,
	'Process.spawn': runsCommand,
	'Process.exec': runsCommand,
	'IO.popen': runsCommand,
	'PTY.spawn': runsCommand,
	'Open3.capture2': runsCommand,
	'Open3.capture2e': runsCommand,
	'Open3.capture3': runsCommand,
	'Open3.popen2': runsCommand,
	'Open3.popen2e': runsCommand,
	'Open3.popen3': runsCommand,
	'Open3.pipeline': runsCommand,
	'Open3.pipeline_r': runsCommand,
	'Open3.pipeline_w': runsCommand,
	'Kernel.open': opensOrRuns('r', 1),
	'URI.open': opensOrRuns('r', 1),
	'IO.read': opensOrRuns('r'),
	'IO.readlines': opensOrRuns('r'),
	'IO.foreach': opensOrRuns('r'),
	'IO.write': opensOrRuns('w'),
	'IO.binread': opensOrRuns('r'),
	'IO.binwrite': opensOrRuns('w'),
};
