import type { SimpleCommand } from './commandLine';
import { programName } from './programName';

/** Decodes base64 text, or `undefined` when it is not base64 or decodes to something other than text. */
function decodeBase64(text: string): string | undefined {
	const compact = text.replace(/\s+/g, '');
	if (!/^[A-Za-z0-9+/]+=*$/.test(compact)) {
		return undefined;
	}
	const decoded = Buffer.from(compact, 'base64').toString('utf8');
	// eslint-disable-next-line no-control-regex
	return /^[\x09\x0a\x0d\x20-\x7e\u00a0-\uffff]*$/.test(decoded) ? decoded : undefined;
}

/** The text `printf FORMAT ARGS…` writes: `%s`/`%b` filled in order, common escapes decoded. */
function printfText(args: readonly string[]): string {
	const [format = '', ...values] = args;
	let next = 0;
	const filled = decodePrintfEscapes(format).replace(/%([sbdq])/g, (_whole, kind: string) => {
		const value = values[next++] ?? '';
		return kind === 'b' ? decodePrintfEscapes(value) : value;
	});
	const rest = values.slice(next);
	return [filled, ...rest].join(' ');
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
	a: '\x07',
	b: '\b',
	e: '\x1b',
	E: '\x1b',
	f: '\f',
	n: '\n',
	r: '\r',
	t: '\t',
	v: '\v',
	'\\': '\\',
};

/**
 * Backslash escapes as `printf`, `echo -e` and zsh's `echo` decode them: `\n`, `\xHH`, `\NNN` and `\0NNN` (octal),
 * `\uHHHH`; so `printf '\x72\x6d -rf ~' | sh` is read as the `rm -rf ~` it writes.
 */
function decodePrintfEscapes(text: string): string {
	return text.replace(
		/\\(?:x([0-9a-fA-F]{1,2})|0?([0-7]{1,3})|u([0-9a-fA-F]{4})|([abeEfnrtv\\]))/g,
		(whole, hex?: string, octal?: string, unicode?: string, simple?: string) =>
			hex !== undefined
				? String.fromCharCode(parseInt(hex, 16))
				: octal !== undefined
					? String.fromCharCode(parseInt(octal, 8))
					: unicode !== undefined
						? String.fromCharCode(parseInt(unicode, 16))
						: (SIMPLE_ESCAPES[simple ?? ''] ?? whole),
	);
}

/**
 * The text a command writes to stdout when it can be known from the line (`echo …`, `printf …`, and what `cat` or
 * `tee` pass on from a heredoc, a here-string or an earlier stage), else `undefined`.
 */
export function literalOutput(command: SimpleCommand): string | undefined {
	const name = programName(command.argv[0] ?? '');
	const args = command.argv.slice(1);
	if (name === 'echo') {
		let index = 0;
		while (/^-[neE]+$/.test(args[index] ?? '')) {
			index++;
		}
		const text = args.slice(index).join(' ');
		// zsh's and dash's `echo` decode escapes unless told `-E`; bash's only with `-e`. Read it as the shells that do.
		const raw = args.slice(0, index).some((flag) => flag.includes('E'));
		return raw ? text : decodePrintfEscapes(text);
	}
	if (name === 'printf') {
		return printfText(args);
	}
	if ((name === 'cat' && args.length === 0) || name === 'tee') {
		const fed = command.redirects.find((redirect) => redirect.operator.endsWith('<<<'));
		return command.stdinText ?? fed?.target;
	}
	return undefined;
}

/** Whether a command decodes its input (`base64 -d`, `xxd -r`, `openssl enc -d`, `gunzip`), hiding what it writes. */
export function isDecoder(command: SimpleCommand): boolean {
	const name = programName(command.argv[0] ?? '');
	const args = command.argv.slice(1);
	return (
		((name === 'base64' || name === 'base32' || name === 'basenc') &&
			args.some((word) => /^-[a-zA-Z]*[dD]|^--decode$/.test(word))) ||
		(name === 'xxd' && args.some((word) => /^-[a-z]*r/.test(word))) ||
		(name === 'openssl' && args.includes('-d')) ||
		['gunzip', 'zcat', 'bunzip2', 'xz', 'unxz', 'rev', 'uudecode'].includes(name) ||
		(name === 'tr' && args.some((word) => /a-zA-Z|A-Za-z|n-z/.test(word)))
	);
}

/**
 * The text an earlier pipeline stage feeds to a shell's stdin, when it can be read from the line: `echo`/`printf`
 * text, or such text decoded by `base64 -d`. `stages` are the earlier stages of the same pipeline, nearest last.
 */
export function fedText(stages: readonly SimpleCommand[]): string | undefined {
	const last = stages.at(-1);
	if (!last) {
		return undefined;
	}
	const direct = literalOutput(last);
	if (direct !== undefined) {
		return direct;
	}
	const name = programName(last.argv[0] ?? '');
	if (name === 'base64' && isDecoder(last)) {
		const herestring = last.redirects.find((redirect) => redirect.operator.endsWith('<<<'));
		const before = stages.at(-2);
		const encoded = herestring?.target ?? (before ? literalOutput(before) : undefined);
		return encoded === undefined ? undefined : decodeBase64(encoded);
	}
	return undefined;
}

/** Splits simple shell words (plain, `'…'`, `"…"` without expansions); `undefined` when the text is not that simple. */
function simpleWords(text: string): string[] | undefined {
	const words: string[] = [];
	const pattern = /\s*(?:'([^']*)'|"([^"$`\\]*)"|(<<<)|([^\s'"|;&<>`$()\\]+))/gy;
	let rest = text.trim();
	let match: RegExpExecArray | null;
	let consumed = 0;
	pattern.lastIndex = 0;
	while (consumed < rest.length && (match = pattern.exec(rest)) !== null) {
		words.push(match[1] ?? match[2] ?? match[3] ?? match[4] ?? '');
		consumed = pattern.lastIndex;
	}
	rest = rest.slice(consumed).trim();
	return rest === '' ? words : undefined;
}

/** What one simple stage of a substitution prints from its words and what it is fed, when that can be known. */
function stageOutput(words: readonly string[], fed: string | undefined): string | undefined {
	const [name = '', ...args] = words;
	if (name === 'echo') {
		return args.filter((word, at) => at > 0 || !/^-[neE]+$/.test(word)).join(' ');
	}
	if (name === 'printf') {
		// bash's printf reads a format starting with `-` as an option and fails, printing nothing.
		return /^-./.test(args[0] ?? '') && args[0] !== '--'
			? undefined
			: printfText(args[0] === '--' ? args.slice(1) : args);
	}
	const herestring = args.indexOf('<<<');
	const input = herestring >= 0 ? args[herestring + 1] : fed;
	const options = herestring >= 0 ? args.slice(0, herestring) : args;
	if (
		(name === 'base64' || name === 'base32') &&
		options.some((word) => /^-[a-zA-Z]*[dD]$|^--decode$/.test(word))
	) {
		return input === undefined ? undefined : decodeBase64(input);
	}
	if (name === 'cat' && options.length === 0) {
		return input;
	}
	// `dirname`/`basename` of a path written on the line print a part of it (`cd "$(dirname ~/.ssh/x)"`).
	if (
		(name === 'dirname' || name === 'basename') &&
		args.length === 1 &&
		!args[0]?.startsWith('-')
	) {
		return name === 'dirname' ? dirnameOf(args[0] ?? '') : basenameOf(args[0] ?? '');
	}
	return undefined;
}

/** What `dirname` prints: the path without its last part (`.` when there is none). */
function dirnameOf(path: string): string {
	const trimmed = path.replace(/(?<=.)\/+$/, '');
	const slash = trimmed.lastIndexOf('/');
	return slash < 0 ? '.' : slash === 0 ? '/' : trimmed.slice(0, slash).replace(/(?<=.)\/+$/, '');
}

/** What `basename` prints: the last part of the path. */
function basenameOf(path: string): string {
	const trimmed = path.replace(/(?<=.)\/+$/, '');
	return trimmed.slice(trimmed.lastIndexOf('/') + 1) || '/';
}

/**
 * The text a substitution prints when the line shows it: `$(echo …)`, `` `printf …` ``, `<(echo …)`, or such text
 * decoded by `base64 -d` (`$(echo LmVudg== | base64 -d)` is `.env`); `undefined` when it runs anything else.
 */
export function substitutedLiteral(word: string): string | undefined {
	const match = /^(?:<\(|\$\()([\s\S]*)\)$|^`([\s\S]*)`$/.exec(word.trim());
	const inner = match?.[1] ?? match?.[2];
	if (inner === undefined) {
		return undefined;
	}
	let output: string | undefined;
	for (const stage of inner.split('|')) {
		const words = simpleWords(stage.replace(/<<<\s*/, ' <<< '));
		output = words && words.length > 0 ? stageOutput(words, output) : undefined;
		if (output === undefined) {
			return undefined;
		}
	}
	return output;
}
