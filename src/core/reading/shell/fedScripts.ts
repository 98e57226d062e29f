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
	const filled = format.replace(/%[sbdq]/g, () => values[next++] ?? '');
	const rest = values.slice(next);
	return [filled, ...rest].join(' ').replace(/\\n/g, '\n').replace(/\\t/g, '\t');
}

/** The text a command writes to stdout when it can be known from its words (`echo …`, `printf …`, `cat <<<`), else `undefined`. */
export function literalOutput(command: SimpleCommand): string | undefined {
	const name = programName(command.argv[0] ?? '');
	const args = command.argv.slice(1);
	if (name === 'echo') {
		let index = 0;
		while (/^-[neE]+$/.test(args[index] ?? '')) {
			index++;
		}
		return args.slice(index).join(' ');
	}
	if (name === 'printf') {
		return printfText(args);
	}
	if (name === 'cat' && args.length === 0) {
		const fed = command.redirects.find((redirect) => redirect.operator.endsWith('<<<'));
		return fed?.target;
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

/**
 * The script text a shell argument holds when it is the output of `echo`/`printf` (`sh <(echo 'rm -rf /')`,
 * `eval "$(printf 'rm -rf /')"`), else `undefined`.
 */
export function substitutedLiteral(word: string): string | undefined {
	const match = /^(?:<\(|\$\()\s*(echo|printf)\s+([\s\S]*?)\s*\)$/.exec(word.trim());
	if (!match) {
		return undefined;
	}
	const body = (match[2] ?? '').trim();
	if (!/^(['"])[^'"]*\1$/.test(body) && /[|;&<>`$()]/.test(body)) {
		return undefined;
	}
	const unquoted = /^(['"])([\s\S]*)\1$/.exec(body)?.[2] ?? body;
	return match[1] === 'printf' ? printfText([unquoted]) : unquoted;
}
