/**
 * How a program reads its options: which short letters and long names take a value, whether long names may be
 * abbreviated, and whether options may follow operands. Every program model reads its words through one grammar,
 * so `-rf`, `-r -f`, `--recursive --force`, `--rec` and `‐‐force` (a Unicode dash) read alike everywhere.
 */
export interface OptionGrammar {
	/** Short options that take a value, attached (`-ofile`) or as the next word (`-o file`). */
	readonly shortValues?: string;
	/** Long options (without dashes) that take the next word as value when not written `--name=value`. */
	readonly longValues?: readonly string[];
	/** Long options the program knows, so an unambiguous prefix (`--forc`) reads as the option (GNU getopt). */
	readonly longs?: readonly string[];
	/** Options stop at the first operand (POSIX, `find`, `git`'s global options); GNU programs permute instead. */
	readonly optionsFirst?: boolean;
	/** Long options are written with one dash (`find -delete`, `openssl -out`, PowerShell `-Recurse`). */
	readonly singleDashLongs?: boolean;
}

/** One option as given, in order: a short letter (`r`) or a long name (`recursive`), with its value when it took one. */
export interface GivenOption {
	readonly name: string;
	readonly value?: string;
	/** Where the option's word is in the argument list. */
	readonly at: number;
}

/** A command's words read through its {@link OptionGrammar}. */
export interface ParsedOptions {
	readonly options: readonly GivenOption[];
	readonly operands: readonly string[];
	/** Where each operand is in the argument list. */
	readonly operandAt: readonly number[];
}

/** Unicode dashes a person or a model may type for `-` (`‐‐hard`, `—force`), read as the ASCII ones meant. */
const UNICODE_DASHES = /^[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]+/;

/** A word with leading Unicode dashes turned into ASCII ones (two when two or one long dash was typed). */
export function asciiDashes(word: string): string {
	const match = UNICODE_DASHES.exec(word);
	if (!match) {
		return word;
	}
	const dashes = match[0].length >= 2 || /[\u2014\u2015]/.test(match[0]) ? '--' : '-';
	return dashes + word.slice(match[0].length);
}

/** The long option a written name stands for: itself, or the one known long it is an unambiguous prefix of. */
function longName(written: string, grammar: OptionGrammar): string {
	const known = grammar.longs;
	if (!known || known.includes(written)) {
		return written;
	}
	const candidates = known.filter((name) => name.startsWith(written));
	return candidates.length === 1 ? (candidates[0] ?? written) : written;
}

/** Reads `args` (the words after the program name) through `grammar`. */
export function parseOptions(args: readonly string[], grammar: OptionGrammar = {}): ParsedOptions {
	const options: GivenOption[] = [];
	const operands: string[] = [];
	const operandAt: number[] = [];
	let done = false;
	for (let at = 0; at < args.length; at++) {
		const raw = args[at] ?? '';
		const word = asciiDashes(raw);
		if (done || !word.startsWith('-') || word === '-') {
			operands.push(raw);
			operandAt.push(at);
			done ||= grammar.optionsFirst === true;
			continue;
		}
		if (word === '--') {
			done = true;
			continue;
		}
		if (word.startsWith('--') || grammar.singleDashLongs) {
			const body = word.replace(/^--?/, '');
			const equals = body.indexOf('=');
			const name = longName(equals >= 0 ? body.slice(0, equals) : body, grammar);
			if (equals >= 0) {
				options.push({ name, value: body.slice(equals + 1), at });
			} else if (grammar.longValues?.includes(name) && at + 1 < args.length) {
				options.push({ name, value: args[at + 1] ?? '', at });
				at++;
			} else {
				options.push({ name, at });
			}
			continue;
		}
		at = readShortCluster(word, args, at, grammar, options);
	}
	return { options, operands, operandAt };
}

/** Reads one cluster of short options (`-rf`, `-ofile`, `-o file`); returns the index of the last word it used. */
function readShortCluster(
	word: string,
	args: readonly string[],
	at: number,
	grammar: OptionGrammar,
	options: GivenOption[],
): number {
	for (let letter = 1; letter < word.length; letter++) {
		const name = word.charAt(letter);
		if (grammar.shortValues?.includes(name)) {
			const attached = word.slice(letter + 1);
			if (attached !== '') {
				options.push({ name, value: attached, at });
				return at;
			}
			if (at + 1 < args.length) {
				options.push({ name, value: args[at + 1] ?? '', at });
				return at + 1;
			}
			options.push({ name, at });
			return at;
		}
		options.push({ name, at });
	}
	return at;
}

/** Whether any of `names` (short letters or long names) was given. */
export function given(parsed: ParsedOptions, ...names: string[]): boolean {
	return parsed.options.some((option) => names.includes(option.name));
}

/** Every value given to any of `names`, in order. */
export function valuesOf(parsed: ParsedOptions, ...names: string[]): string[] {
	return parsed.options
		.filter((option) => names.includes(option.name) && option.value !== undefined)
		.map((option) => option.value ?? '');
}

/**
 * Whether the last of an on/off pair given is the `on` one: `git rm --cached --no-cached` is not cached, since the
 * last word wins, as getopt-style parsers read it.
 */
export function lastIsOn(
	parsed: ParsedOptions,
	on: readonly string[],
	off: readonly string[],
): boolean {
	for (let index = parsed.options.length - 1; index >= 0; index--) {
		const name = parsed.options[index]?.name ?? '';
		if (on.includes(name)) {
			return true;
		}
		if (off.includes(name)) {
			return false;
		}
	}
	return false;
}

/**
 * The words from a program's verb on, past the global options `grammar` reads before it (`kubectl -n prod delete pvc`
 * gives `delete pvc`); all the words when there is no grammar or no verb.
 */
export function wordsFromVerb(args: readonly string[], grammar?: OptionGrammar): readonly string[] {
	const verbAt = grammar
		? parseOptions(args, { ...grammar, optionsFirst: true }).operandAt[0]
		: undefined;
	return verbAt === undefined ? args : args.slice(verbAt);
}
