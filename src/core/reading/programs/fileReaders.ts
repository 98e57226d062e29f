import type { Effect } from '../../terms/effect';
import type { OptionGrammar } from './optionGrammar';
import { given, parseOptions, valuesOf } from './optionGrammar';
import type { ProgramCall, ProgramModel } from './programModel';

const reads = (call: ProgramCall, paths: readonly string[], tree = false): Effect[] =>
	paths
		.filter((path) => path !== '-' && path !== '')
		.map((path) => call.effect({ kind: 'read', path, tree, action: 'reads' }));

const BAT: OptionGrammar = {
	shortValues: 'lrHm',
	longValues: ['language', 'line-range', 'highlight-line', 'map-syntax', 'style', 'theme'],
};
const HEXDUMP: OptionGrammar = { shortValues: 'efns' };

/**
 * Programs that read every file operand (to print, count, hash, compare or decompress it), each with the options it
 * documents as taking a value. Only those: a flag read as taking a value would hide the file after it, so one shared
 * list for all of them let `cat -n .env`, `uniq -c .env` and `sort -f ~/.netrc` through unread.
 */
export const FILE_READERS: Readonly<Record<string, OptionGrammar>> = {
	cat: {},
	tac: { shortValues: 's', longValues: ['separator'] },
	less: { shortValues: 'bhjkoOpPtTxyz', longValues: ['pattern', 'log-file', 'tag', 'tag-file'] },
	more: { shortValues: 'n', longValues: ['lines'] },
	head: { shortValues: 'nc', longValues: ['lines', 'bytes'] },
	tail: { shortValues: 'ncs', longValues: ['lines', 'bytes', 'sleep-interval', 'pid'] },
	bat: BAT,
	batcat: BAT,
	nl: { shortValues: 'bdfhilnsvw' },
	strings: { shortValues: 'nteT', longValues: ['bytes', 'radix', 'encoding', 'target'] },
	od: {
		shortValues: 'AjNSt',
		longValues: ['address-radix', 'skip-bytes', 'read-bytes', 'format', 'strings', 'width'],
	},
	hexdump: HEXDUMP,
	hd: HEXDUMP,
	md5sum: {},
	sha1sum: {},
	sha256sum: {},
	sha512sum: {},
	b2sum: { shortValues: 'l', longValues: ['length'] },
	cksum: { shortValues: 'al', longValues: ['algorithm', 'length'] },
	wc: { longValues: ['files0-from'] },
	uniq: { shortValues: 'fsw', longValues: ['skip-fields', 'skip-chars', 'check-chars'] },
	cut: {
		shortValues: 'bcfd',
		longValues: ['bytes', 'characters', 'fields', 'delimiter', 'output-delimiter'],
	},
	diff: {
		shortValues: 'CUIxXFLSD',
		longValues: ['context', 'unified', 'ignore-matching-lines', 'exclude', 'exclude-from', 'label'],
	},
	cmp: { shortValues: 'in', longValues: ['ignore-initial', 'bytes'] },
	comm: {},
	paste: { shortValues: 'd', longValues: ['delimiters'] },
	join: { shortValues: '12jeot' },
	fold: { shortValues: 'w', longValues: ['width'] },
	fmt: { shortValues: 'wpg', longValues: ['width', 'prefix', 'goal'] },
	pr: { shortValues: 'hlwWoN', longValues: ['header', 'length', 'width', 'page-width', 'indent'] },
	expand: { shortValues: 't', longValues: ['tabs'] },
	unexpand: { shortValues: 't', longValues: ['tabs'] },
	column: {
		shortValues: 'csoRWNHl',
		longValues: ['output-width', 'separator', 'output-separator'],
	},
	iconv: { shortValues: 'fto', longValues: ['from-code', 'to-code', 'output'] },
	zcat: {},
	zless: {},
	gunzip: { shortValues: 'S', longValues: ['suffix'] },
	gzip: { shortValues: 'S', longValues: ['suffix'] },
	bzip2: {},
	bzcat: {},
	xz: { shortValues: 'TF', longValues: ['threads', 'format'] },
	xzcat: {},
	zstd: { shortValues: 'oD', longValues: ['output-dir-flat'] },
	lz4: {},
	type: {},
	dotenv: { shortValues: 'ev' },
	envsubst: {},
	sqlite3: {
		singleDashLongs: true,
		longValues: ['cmd', 'init', 'separator', 'newline', 'nullvalue'],
	},
	sort: {
		shortValues: 'kotST',
		longValues: [
			'key',
			'output',
			'field-separator',
			'buffer-size',
			'temporary-directory',
			'files0-from',
			'random-source',
			'batch-size',
			'compress-program',
			'parallel',
		],
	},
	base64: { shortValues: 'w', longValues: ['wrap'] },
	xxd: { shortValues: 'cglnos', longValues: ['cols', 'groupsize', 'len', 'name', 'seek'] },
};

/** `cat`, `head`, `less`, `base64`, `md5sum`…: every operand is a file read (option values are not). */
export const readOperands =
	(grammar: OptionGrammar = {}): ProgramModel =>
	(call) => {
		const parsed = parseOptions(call.args, grammar);
		return given(parsed, 'help', 'version') ? [] : reads(call, parsed.operands);
	};

const GREP: OptionGrammar = {
	shortValues: 'efmABCdD',
	longValues: [
		'regexp',
		'file',
		'max-count',
		'after-context',
		'before-context',
		'context',
		'include',
		'exclude',
		'exclude-dir',
		'label',
		'type',
		'glob',
		'iglob',
		'type-add',
		'pre',
		'sort',
	],
};

/**
 * `grep`/`rg`/`ag`: the first operand is the pattern unless `-e`/`-f` gave it; the rest are files read (whole trees
 * with `-r`, always for `rg` and `ag`), and no file operand means the current folder for the recursive ones.
 */
export const searchFiles: ProgramModel = (call) => {
	const parsed = parseOptions(call.args, GREP);
	const patternGiven = given(parsed, 'e', 'f', 'regexp', 'file', 'files');
	const files = patternGiven ? parsed.operands : parsed.operands.slice(1);
	const tree =
		call.name !== 'grep' || given(parsed, 'r', 'R', 'recursive', 'dereference-recursive');
	const patternFiles = valuesOf(parsed, 'f', 'file');
	return [...reads(call, patternFiles), ...reads(call, files, tree)];
};

/** `awk PROGRAM files…`, `sed SCRIPT files…`, `jq FILTER files…`: files after the program are read. */
export const programThenFiles =
	(grammar: OptionGrammar, programFrom: readonly string[]): ProgramModel =>
	(call) => {
		const parsed = parseOptions(call.args, grammar);
		const programGiven = given(parsed, ...programFrom);
		return reads(call, programGiven ? parsed.operands : parsed.operands.slice(1));
	};

/** `source FILE`/`. FILE` reads a file and runs it in this shell. */
export const sourceFile: ProgramModel = (call) =>
	reads(call, call.args.filter((word) => !word.startsWith('-')).slice(0, 1));

/**
 * Network clients that read local files to send them: `curl -d @file`, `-F name=@file`, `-T file`,
 * `--data-binary @file`, `wget --post-file`, `http … @file`.
 */
export const uploadFiles: ProgramModel = (call) => {
	const paths: string[] = [];
	for (let index = 0; index < call.args.length; index++) {
		const word = call.args[index] ?? '';
		const value = /^(?:-T|--upload-file|--post-file|-InFile|--body-file)$/i.test(word)
			? call.args[index + 1]
			: /^--(?:upload-file|post-file)=/.test(word)
				? word.slice(word.indexOf('=') + 1)
				: undefined;
		if (value !== undefined) {
			paths.push(value);
		}
		for (const match of word.matchAll(/(?:^|[=;])[<@]([^;,]+)/g)) {
			paths.push(match[1] ?? '');
		}
	}
	return paths
		.filter((path) => path !== '-' && path !== '')
		.flatMap((path) => [
			call.effect({ kind: 'read', path, action: 'uploads' }),
			call.effect({ kind: 'send', path, action: 'sends over the network' }),
		]);
};
