import type { CodeEffect } from './codeTypes';

/** A string literal's value: quotes removed, common escapes decoded. */
export function literal(text: string): string | undefined {
	const match = /^\s*[rbfu]{0,2}(['"`])([\s\S]*?)\1\s*$/.exec(text);
	if (!match) {
		return undefined;
	}
	return decodeEscapes(match[2] ?? '');
}

/** A string literal's escapes decoded: `\x20`, `\040`, `\u0020`, `\n`, quoted quotes. */
export function decodeEscapes(body: string): string {
	return body
		.replace(/\\x([0-9a-fA-F]{2})/g, (_whole, hex: string) =>
			String.fromCharCode(parseInt(hex, 16)),
		)
		.replace(/\\u([0-9a-fA-F]{4})/g, (_whole, hex: string) =>
			String.fromCharCode(parseInt(hex, 16)),
		)
		.replace(/\\([0-7]{1,3})/g, (_whole, octal: string) => String.fromCharCode(parseInt(octal, 8)))
		.replace(/\\n/g, '\n')
		.replace(/\\(["'\\`])/g, '$1');
}

/** The first argument of a call whose `(` is at `open`, as written, found by matching brackets and quotes. */
export function firstArgument(code: string, open: number): { first: string; all: string } {
	let depth = 0;
	let quote: string | undefined;
	let firstEnd = -1;
	let index = open;
	for (; index < code.length; index++) {
		const char = code.charAt(index);
		if (quote) {
			if (char === '\\') {
				index++;
			} else if (char === quote) {
				quote = undefined;
			}
			continue;
		}
		if (char === '"' || char === "'" || char === '`') {
			quote = char;
		} else if ('([{'.includes(char)) {
			depth++;
		} else if (')]}'.includes(char)) {
			depth--;
			if (depth === 0) {
				break;
			}
		} else if (char === ',' && depth === 1 && firstEnd < 0) {
			firstEnd = index;
		}
	}
	const all = code.slice(open + 1, index);
	return { first: code.slice(open + 1, firstEnd < 0 ? index : firstEnd), all };
}

/** Words of a list literal of string literals (`["rm", "-rf", "/"]`), or `undefined`. */
export function stringList(text: string): string[] | undefined {
	const match = /^\s*[[(]([\s\S]*)[\])]\s*$/.exec(text);
	if (!match) {
		return undefined;
	}
	const words = (match[1] ?? '').split(',').map((part) => literal(part));
	return words.every((word): word is string => word !== undefined) ? words : undefined;
}

/** A pattern's matches as effects: each match's words or shell text, by `toEffect`. */
export function matchesOf(
	text: string,
	pattern: RegExp,
	toEffect: (match: RegExpMatchArray) => Omit<CodeEffect, 'text'>,
): CodeEffect[] {
	return [...text.matchAll(pattern)].map((match) => ({ ...toEffect(match), text: match[0] }));
}

/** A quoted string literal as groups `group` (the quote) and `group + 1` (its body, escapes still written). */
export function quoted(group: number): string {
	const same = `\\${group}`;
	return String.raw`(["'])((?:(?!${same})[^\\]|\\.)*)${same}`;
}

/** A quoted string literal: group 1 is the quote, group 2 its body (escapes still written). */
export const QUOTED = quoted(1);

/** The quoted words of a list's text (`"-rf", "~"`), unescaped. */
export function quotedWords(text: string): string[] {
	return [...text.matchAll(new RegExp(QUOTED, 'g'))].map((word) => decodeEscapes(word[2] ?? ''));
}

/** A call of `names` whose first argument is a string literal: group 2 is that literal's body, group 3 what follows. */
export function callWithLiteral(names: string): RegExp {
	return new RegExp(String.raw`\b(?:${names})\(\s*${QUOTED}([^)]*)\)`, 'g');
}
