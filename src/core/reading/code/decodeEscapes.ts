/** Which language's backslash escapes a string literal uses. */
export type EscapeStyle = 'python' | 'python-bytes' | 'javascript' | 'ruby' | 'php' | 'quote-only';

const SIMPLE: Readonly<Record<string, string>> = {
	a: '\x07',
	b: '\b',
	e: '\x1b',
	f: '\f',
	n: '\n',
	r: '\r',
	s: ' ',
	t: '\t',
	v: '\v',
};

/** The simple escapes each style knows; any other letter keeps (Python, PHP) or drops (JavaScript, Ruby) its backslash. */
const LETTERS: Readonly<Record<EscapeStyle, string>> = {
	python: 'abfnrtv',
	'python-bytes': 'abfnrtv',
	javascript: 'bfnrtv',
	ruby: 'abefnrstv',
	php: 'efnrtv',
	'quote-only': '',
};

/** Where an unknown escape keeps its backslash, the characters whose escape still drops it. */
const KEPT_BACKSLASH: Partial<Record<EscapeStyle, string>> = {
	python: `\\'"`,
	'python-bytes': `\\'"`,
	php: '\\$"',
};

const ESCAPE =
	/\\(u\{[0-9a-fA-F ]{1,40}\}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|x[0-9a-fA-F]{1,2}|[0-7]{1,3}|N\{[^}]{1,80}\}|\r\n|[\s\S])/g;

/**
 * A string literal's body with its escapes decoded as the language does (`\x20`, `\040`, `\u0020`, `\u{20}`), so
 * `'rm\x20-rf'` reads as `rm -rf`; `undefined` when it holds an escape this does not decode (Python's `\N{name}`).
 * `quote-only` is the single-quoted style of Ruby and PHP, where only `\\` and the quote are escapes.
 */
export function decodeEscapes(body: string, style: EscapeStyle, quote = "'"): string | undefined {
	let exact = true;
	const decoded = body.replace(ESCAPE, (whole, escape: string) => {
		if (style === 'quote-only') {
			return escape === '\\' || escape === quote ? escape : whole;
		}
		if (escape.startsWith('N{') && style === 'python') {
			exact = false;
		}
		const kept = KEPT_BACKSLASH[style];
		return (
			decodeOne(escape, style) ?? (kept === undefined || kept.includes(escape) ? escape : whole)
		);
	});
	return exact ? decoded : undefined;
}

function decodeOne(escape: string, style: EscapeStyle): string | undefined {
	const first = escape.charAt(0);
	if (escape === '\n' || escape === '\r\n') {
		return style === 'php' ? undefined : '';
	}
	if (LETTERS[style].includes(first) && escape.length === 1) {
		return SIMPLE[first];
	}
	if (first === 'x' && escape.length > 1) {
		return style === 'javascript' && escape.length !== 3
			? undefined
			: fromCode(escape.slice(1), 16);
	}
	if (/^[0-7]/.test(first)) {
		return style === 'javascript' && escape === '0' ? '\0' : fromCode(escape, 8);
	}
	if (first === 'u' && escape.length > 1 && style !== 'python-bytes') {
		const digits = escape.startsWith('u{') ? escape.slice(2, -1).trim() : escape.slice(1);
		if (style === 'python' && escape.startsWith('u{')) {
			return undefined;
		}
		return digits
			.split(/\s+/)
			.map((code) => fromCode(code, 16))
			.join('');
	}
	if (first === 'U' && escape.length === 9 && style === 'python') {
		return fromCode(escape.slice(1), 16);
	}
	return undefined;
}

function fromCode(digits: string, radix: number): string {
	const code = Number.parseInt(digits, radix);
	return code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
}
