import { listedPaths } from './listings';
import { programName } from './programName';
import { FILE_READERS } from '../programs/fileReaders';

/** One command a job runner (`xargs`, `parallel`) starts, as words or as a shell line. */
export interface JobRun {
	/** The words it runs, when the runner executes a program directly (`xargs`). */
	readonly argv?: readonly string[];
	/** The shell line it runs, when the runner hands a line to a shell (`parallel`). */
	readonly line?: string;
	/** True when part of the run comes from input the line does not show. */
	readonly fromInput: boolean;
}

/** At most this many runs are read per runner: enough to see every distinct value a line spells out. */
const MAX_RUNS = 8;

const XARGS_VALUES = new Set(['a', 'd', 'E', 'I', 'L', 'n', 'P', 's', 'J', 'R']);
const XARGS_LONG_VALUES = new Set([
	'arg-file',
	'delimiter',
	'eof',
	'max-lines',
	'max-args',
	'max-procs',
	'max-chars',
	'process-slot-var',
]);

/** The file `xargs -a FILE` (`--arg-file=FILE`) reads its input words from, when it names one. */
export function xargsArgumentFile(argv: readonly string[]): string | undefined {
	const { start } = readXargs(argv);
	for (let index = 1; index < start; index++) {
		const word = argv[index] ?? '';
		if (word === '-a' || word === '--arg-file') {
			return argv[index + 1];
		}
		if (word.startsWith('--arg-file=')) {
			return word.slice('--arg-file='.length);
		}
		if (/^-a./.test(word)) {
			return word.slice(2);
		}
	}
	return undefined;
}

/** `xargs`'s options: where its command starts, its replace string, and whether it reads a file instead of stdin. */
function readXargs(argv: readonly string[]): {
	start: number;
	replace?: string;
	bsdJoin?: string;
	fromFile: boolean;
	delimiter?: string;
} {
	let replace: string | undefined;
	let bsdJoin: string | undefined;
	let fromFile = false;
	let delimiter: string | undefined;
	let index = 1;
	for (; index < argv.length; index++) {
		const word = argv[index] ?? '';
		if (word === '--') {
			index++;
			break;
		}
		if (word.startsWith('--')) {
			const [name = '', value] = word.slice(2).split('=', 2);
			if (name === 'replace') {
				replace = value ?? '{}';
			} else if (name === 'arg-file') {
				fromFile = true;
			} else if (name === 'null') {
				delimiter = '\0';
			} else if (name === 'delimiter') {
				delimiter = inputDelimiter(value ?? argv[index + 1] ?? '');
			}
			if (value === undefined && XARGS_LONG_VALUES.has(name)) {
				index++;
			}
			continue;
		}
		if (!word.startsWith('-') || word === '-') {
			break;
		}
		const letter = word.charAt(1);
		const attached = word.slice(2);
		if (/^-[a-zA-Z]*0/.test(word) && !XARGS_VALUES.has(letter)) {
			delimiter = '\0';
		}
		if (letter === 'i') {
			replace = attached || '{}';
		} else if (XARGS_VALUES.has(letter)) {
			const value = attached !== '' ? attached : (argv[++index] ?? '');
			if (letter === 'I') {
				replace = value;
			} else if (letter === 'J') {
				bsdJoin = value;
			} else if (letter === 'a') {
				fromFile = true;
			} else if (letter === 'd') {
				delimiter = inputDelimiter(value);
			}
		}
	}
	return {
		start: index,
		...(replace !== undefined && { replace }),
		...(bsdJoin !== undefined && { bsdJoin }),
		fromFile,
		...(delimiter !== undefined && { delimiter }),
	};
}

/** The character `xargs -d X` splits its input on, with the escapes GNU xargs takes (`\n`, `\0`, `\x2c`). */
function inputDelimiter(written: string): string {
	const escaped = /^\\(?:x([0-9a-fA-F]{1,2})|([0-7]{1,3})|(.))$/.exec(written);
	if (!escaped) {
		return written.charAt(0) || '\n';
	}
	if (escaped[1] !== undefined) {
		return String.fromCharCode(parseInt(escaped[1], 16));
	}
	if (escaped[2] !== undefined) {
		return String.fromCharCode(parseInt(escaped[2], 8));
	}
	const named: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', '\\': '\\' };
	return named[escaped[3] ?? ''] ?? escaped[3] ?? '\n';
}

/**
 * What `xargs … CMD ARGS` runs given its input (`undefined` when the line does not show it): with `-I R` one run per
 * input line with `R` replaced, with `-J R` the words put in place of `R`, else the words appended.
 */
export function xargsRuns(argv: readonly string[], input: string | undefined): JobRun[] {
	const { start, replace, bsdJoin, fromFile, delimiter } = readXargs(argv);
	const command = argv.length > start ? argv.slice(start) : ['echo'];
	const known = fromFile ? undefined : input;
	if (known === undefined) {
		// Unknown input: every replace string reads as `{}`, so later readers see where input lands.
		const marked = replace ?? bsdJoin;
		return [
			{
				argv: marked === undefined ? command : command.map((word) => word.split(marked).join('{}')),
				fromInput: true,
			},
		];
	}
	// `-0` and `-d X` take each item whole, blanks included; otherwise lines (with `-I`) or blank-separated words.
	const items = delimiter === undefined ? undefined : known.split(delimiter).filter(Boolean);
	if (replace !== undefined) {
		const lines = (items ?? known.split('\n').map((line) => line.trim()))
			.filter(Boolean)
			.slice(0, MAX_RUNS);
		return lines.map((line) => ({
			argv: command.map((word) => word.split(replace).join(line)),
			fromInput: false,
		}));
	}
	const words = items ?? known.split(/\s+/).filter(Boolean);
	if (bsdJoin !== undefined) {
		return [
			{ argv: command.flatMap((word) => (word === bsdJoin ? words : [word])), fromInput: false },
		];
	}
	return [{ argv: [...command, ...words], fromInput: false }];
}

const PARALLEL_VALUES =
	/^-(?:[jPSLlnNIXECaT]|-(?:jobs|sshlogin|workdir|wd|delay|timeout|header|colsep|env|results|joblog|arg-file|tmpdir|tagstring|basefile|eof|memfree|load|retries|max-args|max-lines|max-procs|max-replace-args|replace|sshloginfile|transfer-file|return|rpl|plus|shebang-wrap|sqlmaster|sqlworker|termseq|profile|tee|pipe-part|block|recend|recstart|regexp))$/;
const REPLACEMENTS = /\{(?:\d+)?(?:\.|\/|\/\/|\/\.|#|%)?\}/g;

/** `parallel`'s options: where its template starts, its `:::` values, and whether it only prints (`--dry-run`). */
function readParallel(argv: readonly string[]): {
	template: string[];
	values?: string[];
	dryRun: boolean;
	replace?: string;
} {
	let index = 1;
	let dryRun = false;
	let replace: string | undefined;
	for (; index < argv.length; index++) {
		const word = argv[index] ?? '';
		if (word === '--dry-run' || word === '--dryrun') {
			dryRun = true;
		} else if (word === '-I' || word === '--replace') {
			replace = argv[index + 1];
			index++;
		} else if (PARALLEL_VALUES.test(word)) {
			index++;
		} else if (!word.startsWith('-') || /^:::+\+?$/.test(word)) {
			break;
		}
	}
	const rest = argv.slice(index);
	const separator = rest.findIndex((word) => /^:::+\+?$/.test(word));
	const template = separator < 0 ? rest : rest.slice(0, separator);
	if (separator < 0) {
		return { template, dryRun, ...(replace !== undefined && { replace }) };
	}
	const after = rest.slice(separator + 1);
	const next = after.findIndex((word) => /^:::+\+?$/.test(word));
	const fromFiles = (rest[separator] ?? '').startsWith('::::');
	return {
		template,
		...(!fromFiles && { values: next < 0 ? after : after.slice(0, next) }),
		dryRun,
		...(replace !== undefined && { replace }),
	};
}

/**
 * What `parallel [options] TEMPLATE ::: values` runs: the template filled with each value (appended when it has no
 * `{}`), as a line for a shell; values from stdin when there is no `:::`; with no template, each input line is itself
 * a command. `--dry-run` only prints.
 */
export function parallelRuns(argv: readonly string[], input: string | undefined): JobRun[] {
	const { template, values, dryRun, replace } = readParallel(argv);
	if (dryRun || argv.slice(1).some((word) => /^--?(?:version|help|h|V)$/.test(word))) {
		return [];
	}
	const items =
		values ??
		input
			?.split('\n')
			.map((line) => line.trim())
			.filter(Boolean);
	if (template.length === 0) {
		return items === undefined
			? [{ fromInput: true }]
			: items.slice(0, MAX_RUNS).map((line) => ({ line, fromInput: false }));
	}
	// parallel joins the template's words into one shell line (`parallel 'rm -rf {}' ::: /` runs `rm -rf /`); a
	// person writing `parallel bash -c 'rm {}'` means the words kept apart: both readings are judged.
	const texts = [...new Set([template.join(' '), template.map(quoteWord).join(' ')])];
	if (items === undefined || items.length === 0) {
		return texts.map((line) => ({ line, fromInput: items === undefined }));
	}
	const pattern =
		replace !== undefined
			? new RegExp(replace.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g')
			: REPLACEMENTS;
	return items.slice(0, MAX_RUNS).flatMap((item) =>
		texts.map((text) => {
			pattern.lastIndex = 0;
			const filled = pattern.test(text) ? text.replace(pattern, item) : `${text} ${item}`;
			return { line: filled, fromInput: false };
		}),
	);
}

/** Whether a program is a job runner whose command this module reads. */
export function isJobRunner(argv0: string): 'xargs' | 'parallel' | undefined {
	const name = programName(argv0);
	return name === 'xargs' || name === 'parallel' ? name : undefined;
}

/** A word as shell text that reads back as the same one word. */
function quoteWord(word: string): string {
	return /^[\w@%+=:,./{}#-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * `find ~/.ssh -type f | xargs cat`: when `xargs` runs a program that only reads what it is given, the names the
 * listing stage before it may write are what it reads, as globs. Only readers: a deleter fed the same way
 * (`find . -name '*.pyc' | xargs rm`) is everyday, and its input stays unknown.
 */
export function xargsReadsListing(
	argv: readonly string[],
	before: readonly string[] | undefined,
): JobRun | undefined {
	const listed = before && listedPaths(before);
	const [run] = xargsRuns(argv, undefined);
	const program = programName(run?.argv?.[0] ?? '');
	if (!listed || !run?.argv || !(program in FILE_READERS)) {
		return undefined;
	}
	const marked = run.argv.includes('{}');
	return {
		argv: marked
			? run.argv.flatMap((word) => (word === '{}' ? listed : [word]))
			: [...run.argv, ...listed],
		fromInput: true,
	};
}
