/**
 * A user-written pattern: `/regex/flags` is a JavaScript regular expression, anything else is literal text whose
 * meaning (prefix, substring, name) depends on the criterion it is used in.
 */
export type TextPattern =
	| { readonly kind: 'regex'; readonly source: string; readonly regex: RegExp }
	| { readonly kind: 'literal'; readonly source: string; readonly text: string };

const REGEX_LITERAL = /^\/(.+)\/([dgimsuvy]*)$/s;

/** Parses one pattern; an invalid regular expression is returned as an error message, never thrown. */
export function parseTextPattern(source: string): TextPattern | { readonly error: string } {
	const literal = REGEX_LITERAL.exec(source);
	if (!literal) {
		return { kind: 'literal', source, text: source };
	}
	const [, body = '', flags = ''] = literal;
	try {
		// `g` and `y` make `test` stateful across calls, which would make a rule match every other time.
		return { kind: 'regex', source, regex: new RegExp(body, flags.replace(/[gy]/g, '')) };
	} catch (error) {
		return { error: `invalid regular expression ${source}: ${(error as Error).message}` };
	}
}

/** Whether `text` starts with `prefix` as whole words (`git push` matches `git push -f`, not `git pushy`). */
export function startsWithWords(text: string, prefix: string): boolean {
	if (!text.startsWith(prefix)) {
		return false;
	}
	const next = text.charAt(prefix.length);
	return next === '' || /\s/.test(next) || /\s$/.test(prefix);
}
