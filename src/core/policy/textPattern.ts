import type { RE2JS } from 're2js';

/** A compiled user regex: linear-time matching, so no pattern a person (or a cloned repository) writes can hang a decision. */
export interface LinearRegex {
	test(text: string): boolean;
}

/**
 * A user-written pattern: `/regex/flags` is a regular expression run on a linear-time engine (RE2 semantics), anything
 * else is literal text whose meaning (prefix, substring, name) depends on the criterion it is used in.
 */
export type TextPattern =
	| { readonly kind: 'regex'; readonly source: string; readonly regex: LinearRegex }
	| { readonly kind: 'literal'; readonly source: string; readonly text: string };

// Anything shaped like `/…/letters` is meant as a regex: a bad flag is an error, never a silent literal.
const REGEX_LITERAL = /^\/(.+)\/([A-Za-z]*)$/s;
// JavaScript flags that mean nothing for a stateless boolean test (`g`, `y`, `d`) or are the default in RE2 (`u`, `v`).
const IGNORED_FLAGS = new Set(['g', 'y', 'd', 'u', 'v']);

type Re2 = typeof RE2JS;
let engine: Re2 | undefined;

/**
 * The RE2 engine, loaded on the first regex a policy holds: most hook calls have none, and the bridge should not pay
 * for the engine's start-up then. (The bridge bundles map this require to a bundle of its own next to them.)
 */
function re2(): Re2 {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	engine ??= (require('re2js') as { RE2JS: Re2 }).RE2JS;
	return engine;
}

/**
 * Parses one pattern. A regex is checked now (unknown flags, syntax RE2 cannot run such as lookaround or
 * backreferences) and reported as an error, never thrown; it is compiled on its first test.
 */
export function parseTextPattern(source: string): TextPattern | { readonly error: string } {
	const literal = REGEX_LITERAL.exec(source);
	if (!literal) {
		return { kind: 'literal', source, text: source };
	}
	const [, body = '', flags = ''] = literal;
	const unknown = [...flags].filter((flag) => !'ims'.includes(flag) && !IGNORED_FLAGS.has(flag));
	if (unknown.length > 0) {
		return {
			error: `invalid regular expression ${source}: unknown flag${unknown.length > 1 ? 's' : ''} '${unknown.join('')}' (use i, m or s)`,
		};
	}
	const RE2 = re2();
	const options =
		(flags.includes('i') ? RE2.CASE_INSENSITIVE : 0) |
		(flags.includes('m') ? RE2.MULTILINE : 0) |
		(flags.includes('s') ? RE2.DOTALL : 0);
	let compiled: RE2JS;
	try {
		compiled = RE2.compile(body, options);
	} catch (error) {
		return {
			error: `invalid regular expression ${source}: ${(error as Error).message} (patterns run on a linear-time engine: no lookaround or backreferences)`,
		};
	}
	// Most rule regexes fail on most lines; a substring every match must contain rejects those at memchr speed, which
	// keeps 200 rules within the per-event budget on the linear-time engine.
	const required = requiredLiteral(body, flags.includes('i'));
	const test = required
		? (text: string) => required.fold(text).includes(required.text) && compiled.test(text)
		: (text: string) => compiled.test(text);
	return { kind: 'regex', source, regex: { test } };
}

/**
 * A literal every match of `body` must contain, with the folding that makes `includes` agree with the engine, or
 * `undefined` when none can be proven (alternation at the top, inline flags, a case-insensitive non-ASCII literal).
 * Conservative by construction: it may find no literal, but never one that a match could lack.
 */
export function requiredLiteral(
	body: string,
	caseInsensitive: boolean,
): { readonly text: string; readonly fold: (text: string) => string } | undefined {
	if (body.includes('(?')) {
		return undefined;
	}
	let depth = 0;
	let run = '';
	let best = '';
	const flush = () => {
		if (run.length > best.length) {
			best = run;
		}
		run = '';
	};
	for (let i = 0; i < body.length; i++) {
		const c = body.charAt(i);
		if (c === '\\') {
			flush();
			i++;
		} else if (c === '[') {
			flush();
			i = endOfClass(body, i);
		} else if (c === '(' || c === ')') {
			flush();
			depth += c === '(' ? 1 : -1;
		} else if (c === '|') {
			if (depth === 0) {
				return undefined;
			}
			flush();
		} else if (c === '+') {
			flush();
		} else if (c === '?' || c === '*' || c === '{') {
			// The character before is optional (or repeated a counted number of times): it cannot be relied on.
			run = run.slice(0, -1);
			flush();
			if (c === '{') {
				const close = body.indexOf('}', i);
				i = close < 0 ? body.length : close;
			}
		} else if (c === '.' || c === '^' || c === '$' || depth !== 0) {
			flush();
		} else {
			run += c;
		}
	}
	flush();
	if (best.length < 2) {
		return undefined;
	}
	if (!caseInsensitive) {
		return { text: best, fold: (text) => text };
	}
	// eslint-disable-next-line no-control-regex
	if (!/^[\x00-\x7f]*$/.test(best)) {
		return undefined;
	}
	// Unicode folds two non-ASCII letters onto ASCII ones (ſ to s, the Kelvin sign to k); lower-casing alone would not.
	return {
		text: best.toLowerCase(),
		fold: (text) =>
			text
				.toLowerCase()
				.replace(/\u017f/g, 's')
				.replace(/\u212a/g, 'k'),
	};
}

/** The index of the `]` that closes the character class opening at `start` (the end of `body` if none does). */
function endOfClass(body: string, start: number): number {
	let i = start + 1;
	if (body.charAt(i) === '^') {
		i++;
	}
	if (body.charAt(i) === ']') {
		i++;
	}
	for (; i < body.length; i++) {
		if (body.charAt(i) === '\\') {
			i++;
		} else if (body.charAt(i) === ']') {
			return i;
		}
	}
	return body.length;
}

/** Whether `text` starts with `prefix` as whole words (`git push` matches `git push -f`, not `git pushy`). */
export function startsWithWords(text: string, prefix: string): boolean {
	if (!text.startsWith(prefix)) {
		return false;
	}
	const next = text.charAt(prefix.length);
	return next === '' || /\s/.test(next) || /\s$/.test(prefix);
}
