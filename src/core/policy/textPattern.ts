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
	return { kind: 'regex', source, regex: { test: (text) => compiled.test(text) } };
}

/** Whether `text` starts with `prefix` as whole words (`git push` matches `git push -f`, not `git pushy`). */
export function startsWithWords(text: string, prefix: string): boolean {
	if (!text.startsWith(prefix)) {
		return false;
	}
	const next = text.charAt(prefix.length);
	return next === '' || /\s/.test(next) || /\s$/.test(prefix);
}
