import type { CodeLanguage, CodeValue, FileOp } from './codeAction';
import type { ApiHandler, CallSite, CodeReading } from './codeReading';
import { unknown } from './codeValue';
import type { Candidates, SymbolicValue } from './symbolicValue';
import { fixedText, opaque, textsOf, union } from './symbolicValue';

// Small builders for the API tables, so each table reads as data: `'os.remove': touches('delete', 0)`.

/** Where an argument is: by position, and by keyword where the language has keywords (`subprocess.run(args=…)`). */
export type ArgumentRef = number | readonly [position: number, keyword: string];

/** Most spawn word lists one call reports when its words may each take several values. */
const MAX_ARGV_COMBINATIONS = 8;

/** What an argument may be; undefined when the call does not pass it (and spreads nothing that could). */
export function argument(site: CallSite, ref: ArgumentRef): Candidates | undefined {
	const [position, keyword] = typeof ref === 'number' ? [ref, undefined] : ref;
	const value = site.args[position] ?? (keyword ? site.keywords.get(keyword) : undefined);
	return value ?? (site.spread ? [opaque('an argument spread from a value')] : undefined);
}

/** The arguments from a position on (`File.delete(a, b, c)`). */
function argumentsFrom(site: CallSite, position: number): Candidates {
	return union(
		...site.args.slice(position),
		site.spread ? [opaque('an argument spread from a value')] : [],
	);
}

/** An option given as a keyword (`shell=True`) or as an entry of an options object (`{ recursive: true }`). */
export function option(site: CallSite, name: string): Candidates | undefined {
	const keyword = site.keywords.get(name);
	if (keyword) {
		return keyword;
	}
	const found: SymbolicValue[] = [];
	for (const value of site.args.flat()) {
		if (value.kind === 'map') {
			const entry = value.entries.get(name);
			found.push(...(entry ?? (value.open ? [opaque(`the ${name} option`)] : [])));
		}
	}
	return found.length > 0 || site.spread
		? union(found, site.spread ? [opaque(`the ${name} option`)] : [])
		: undefined;
}

/** The items of list values (a single value stands for itself), for calls that take one path or a list of them. */
export function flattened(values: Candidates): Candidates {
	return union(
		...values.map((value) =>
			value.kind === 'list'
				? union(...value.items, value.open ? [opaque('a list item')] : [])
				: [value],
		),
	);
}

/** Reports a shell command line for each string the value may be, and a spawn for each word list. */
export function emitShell(reading: CodeReading, site: CallSite, values: Candidates): void {
	for (const value of values) {
		if (value.kind === 'list') {
			emitSpawn(reading, site, wordsOf(value));
		} else {
			for (const text of textsOf([value])) {
				reading.emit({ kind: 'shell', text, call: site.api });
			}
		}
	}
}

/** The words of a list value, one group of candidates per word (an unknown tail when the list is open). */
export function wordsOf(value: SymbolicValue): Candidates[] {
	if (value.kind !== 'list') {
		return [[value]];
	}
	return value.open ? [...value.items, [opaque('more words')]] : [...value.items];
}

/** Reports a program run with the given words (each word may take several values). */
export function emitSpawn(
	reading: CodeReading,
	site: CallSite,
	words: readonly Candidates[],
): void {
	const choices = words.map((word) => textsOf(word));
	const count = choices.reduce((total, values) => total * values.length, 1);
	const narrowed =
		count <= MAX_ARGV_COMBINATIONS
			? choices
			: choices.map((values) =>
					values.length === 1 ? values : [unknown('one of several values the code may pass')],
				);
	for (const argv of combinations(narrowed)) {
		reading.emit({ kind: 'spawn', argv, call: site.api });
	}
}

function combinations(choices: readonly (readonly CodeValue[])[]): CodeValue[][] {
	return choices.reduce<CodeValue[][]>(
		(lists, values) => lists.flatMap((list) => values.map((value) => [...list, value])),
		[[]],
	);
}

/** Reports a file action on every path the targets (and sources) may be. */
export function emitFile(
	reading: CodeReading,
	site: CallSite,
	op: FileOp,
	targets: Candidates,
	sources?: Candidates,
): void {
	const action = {
		kind: 'file',
		op,
		targets: textsOf(flattened(targets)),
		call: site.api,
	} as const;
	if (action.targets.length > 0) {
		reading.emit(sources ? { ...action, sources: textsOf(flattened(sources)) } : action);
	}
}

/** Reports a network send to every place the target may be. */
export function emitSend(reading: CodeReading, site: CallSite, targets: Candidates): void {
	for (const target of textsOf(targets)) {
		reading.emit({ kind: 'send', target, call: site.api });
	}
}

/** Reports code run by `eval`/`exec`: each fixed string as code to read, anything else as unknown. */
export function emitCode(
	reading: CodeReading,
	site: CallSite,
	language: CodeLanguage,
	values: Candidates,
): void {
	reading.setsAnyName(`a value evaluated code may set (${site.api})`);
	for (const value of values.length > 0 ? values : [opaque('no code')]) {
		const code = fixedText(value);
		const text = textsOf([value])[0];
		reading.emit(
			code !== undefined
				? { kind: 'code', language, text: code, call: site.api }
				: {
						kind: 'unknown',
						call: site.api,
						why: `runs code the snippet builds at run time (${text?.kind === 'unknown' ? text.why : 'from the environment'})`,
					},
		);
	}
}

/**
 * A call that sends the statement it is given to a data store (`cursor.execute(sql)`, `mysqli_query($link, $sql)`):
 * the first of `refs` that is a string; a statement known only in part keeps what is known of it.
 */
export function sendsStatement(...refs: readonly ArgumentRef[]): ApiHandler {
	return (site, reading) => {
		for (const ref of refs) {
			// A value nothing is known of (a connection, a statement built at run time) says nothing, and neither does a
			// single word (`/re/.exec('abc')`): every statement that can lose data has two words at least.
			const texts = textsOf(argument(site, ref) ?? []).filter((text) =>
				/[A-Za-z]+\s+\S/.test(text.kind === 'literal' ? text.text : (text.hint ?? '')),
			);
			for (const text of texts) {
				reading.emit({ kind: 'statement', text, call: site.api });
			}
			if (texts.length > 0) {
				break;
			}
		}
		return undefined;
	};
}

/** A call that runs the shell command line it is given (`os.system(cmd)`). */
export function runsShell(ref: ArgumentRef = 0): ApiHandler {
	return (site, reading) => {
		emitShell(reading, site, argument(site, ref) ?? []);
		return undefined;
	};
}

/** A call that runs a program with the words it is given, as a list or one by one (`system('rm', '-rf', p)`). */
export function runsProgram(from = 0): ApiHandler {
	return (site, reading) => {
		const first = site.args[from];
		if (first && site.args.length === from + 1 && first.some((value) => value.kind === 'list')) {
			for (const value of first) {
				emitSpawn(reading, site, wordsOf(value));
			}
		} else {
			emitSpawn(reading, site, [
				...site.args.slice(from),
				...(site.spread ? [[opaque('more words')]] : []),
			]);
		}
		return undefined;
	};
}

/** A file call on the path at `target` (or every path from `target` on, with `all`). */
export function touches(
	op: FileOp,
	target: ArgumentRef,
	options: { readonly all?: boolean } = {},
): ApiHandler {
	return (site, reading) => {
		const position = typeof target === 'number' ? target : target[0];
		emitFile(
			reading,
			site,
			op,
			options.all ? argumentsFrom(site, position) : (argument(site, target) ?? []),
		);
		return undefined;
	};
}

/** A call that moves, copies or links `source` to `target` (`shutil.move(src, dst)`). */
export function transfers(op: FileOp, source: ArgumentRef, target: ArgumentRef): ApiHandler {
	return (site, reading) => {
		emitFile(reading, site, op, argument(site, target) ?? [], argument(site, source) ?? []);
		return undefined;
	};
}

/** A call that talks to the network at the place given by `target`. */
export function sends(target: ArgumentRef = 0): ApiHandler {
	return (site, reading) => {
		emitSend(reading, site, argument(site, target) ?? []);
		return undefined;
	};
}

/**
 * A call that runs its argument as code of `language` (`eval`, `exec`, `new Function`). What it returns is whatever
 * that code makes (`eval('require')`, `new Function('return this')()`), so calling into it is unknown.
 */
export function runsCode(language: CodeLanguage, ref: ArgumentRef = 0): ApiHandler {
	return (site, reading) => {
		emitCode(reading, site, language, argument(site, ref) ?? []);
		return [{ kind: 'dynamic', why: `the result of code run by ${site.api}` }];
	};
}

/**
 * A call that loads native code (`ctypes.CDLL`, `Fiddle.dlopen`, `FFI::cdef`, `process.dlopen`): whatever it is then
 * asked to run (`libc.system(b'id')`) is beyond the reader, so loading it is unknown and so is everything reached
 * through it.
 */
export const loadsNativeCode: ApiHandler = (site, reading) => {
	reading.emit({
		kind: 'unknown',
		call: site.api,
		why: 'loads native code, which can run anything',
	});
	return [{ kind: 'dynamic', why: `native code loaded by ${site.api}` }];
};

/** A call whose effect is on its receiver's path (`Path(p).unlink()`). */
export function touchesReceiver(op: FileOp): ApiHandler {
	return (site, reading) => {
		emitFile(reading, site, op, site.receiver ? [site.receiver] : []);
		return undefined;
	};
}

/** A call that returns what a function of its site gives, with no action (`os.path.join`). */
export function returns(compute: (site: CallSite, reading: CodeReading) => Candidates): ApiHandler {
	return (site, reading) => compute(site, reading);
}

/** Runs several handlers on one call; the call returns what the last one that returns something gives. */
export function both(...handlers: readonly ApiHandler[]): ApiHandler {
	return (site, reading) => {
		let result: Candidates | undefined;
		for (const handler of handlers) {
			result = handler(site, reading) ?? result;
		}
		return result;
	};
}
