/*
 * SQL text as a client reads it: comments are whitespace (so `drop/**\/database` is `drop database`), a statement
 * ends at a `;` outside quotes, a line starting with `\` or `.` is a client's own command (psql's `\dt`, sqlite3's
 * `.tables`), and MySQL runs what it finds in a `/*! … *\/` comment.
 */

/** One statement of a text fed to a data-store client. */
export interface SqlStatement {
	/** The statement with its comments turned into spaces: what a parser reads. */
	readonly text: string;
	/** The same with every string literal emptied (`''`), for patterns that must not match inside strings. */
	readonly shape: string;
	/** The contents of its string literals, which dynamic SQL runs (`EXECUTE 'DROP …'`). */
	readonly strings: readonly string[];
}

/** How far one lexical token reaches from `at`, and what it adds to the statement's text and shape. */
interface Token {
	readonly end: number;
	readonly text: string;
	readonly shape: string;
	readonly string?: string;
}

/** A quoted string (`'…'` with `''` or `\'` inside, `$tag$…$tag$`) starting at `at`, or `undefined`. */
function stringToken(source: string, at: number): Token | undefined {
	if (source[at] === "'") {
		let end = at + 1;
		while (end < source.length && !(source[end] === "'" && source[end + 1] !== "'")) {
			end += source[end] === '\\' || source[end] === "'" ? 2 : 1;
		}
		const body = source.slice(at + 1, end);
		return { end: end + 1, text: source.slice(at, end + 1), shape: "''", string: body };
	}
	const dollar = /^\$(\w*)\$/.exec(source.slice(at, at + 64));
	if (dollar) {
		const close = source.indexOf(dollar[0], at + dollar[0].length);
		const end = close < 0 ? source.length : close + dollar[0].length;
		const body = source.slice(at + dollar[0].length, close < 0 ? source.length : close);
		return { end, text: source.slice(at, end), shape: "''", string: body };
	}
	return undefined;
}

/** A comment starting at `at` (MySQL's executable `/*! … *\/` gives back its contents), or `undefined`. */
function commentToken(source: string, at: number, hashComments: boolean): Token | undefined {
	const two = source.slice(at, at + 2);
	if (two === '--' || (hashComments && source[at] === '#')) {
		const newline = source.indexOf('\n', at);
		return { end: newline < 0 ? source.length : newline, text: ' ', shape: ' ' };
	}
	if (two !== '/*') {
		return undefined;
	}
	const close = source.indexOf('*/', at + 2);
	const end = close < 0 ? source.length : close + 2;
	const executable = /^\/\*M?!\d*/.exec(source.slice(at, at + 12));
	if (executable) {
		const inner = source.slice(at + executable[0].length, close < 0 ? source.length : close);
		return { end, text: ` ${inner} `, shape: ` ${inner} ` };
	}
	return { end, text: ' ', shape: ' ' };
}

/** A quoted name (`"Users"`, `` `users` ``, `[users]`) starting at `at`: kept as written, never a string. */
function nameToken(source: string, at: number): Token | undefined {
	const close = { '"': '"', '`': '`', '[': ']' }[source[at] ?? ''];
	if (close === undefined) {
		return undefined;
	}
	const end = source.indexOf(close, at + 1);
	const text = source.slice(at, end < 0 ? source.length : end + 1);
	return { end: end < 0 ? source.length : end + 1, text, shape: text };
}

/** Whether `at` starts a line (only spaces before it on its line): where a client's own commands start. */
function startsLine(source: string, at: number): boolean {
	return /(?:^|\n)[ \t]*$/.test(source.slice(Math.max(0, at - 80), at));
}

/**
 * The statements of `source`, in order, without empty ones. `hashComments`: `#` starts a comment (MySQL, MariaDB);
 * elsewhere it is an operator.
 */
export function sqlStatements(source: string, hashComments = false): SqlStatement[] {
	const statements: SqlStatement[] = [];
	let text = '';
	let shape = '';
	let strings: string[] = [];
	const finish = () => {
		if (text.trim() !== '') {
			statements.push({ text: text.trim(), shape: shape.trim(), strings });
		}
		text = '';
		shape = '';
		strings = [];
	};
	let at = 0;
	while (at < source.length) {
		const char = source[at] ?? '';
		if (char === ';') {
			finish();
			at++;
			continue;
		}
		if ((char === '\\' || char === '.') && text.trim() === '' && startsLine(source, at)) {
			// A client's own command runs to the end of its line.
			const newline = source.indexOf('\n', at);
			const end = newline < 0 ? source.length : newline;
			text = source.slice(at, end);
			shape = text;
			finish();
			at = end;
			continue;
		}
		const token =
			commentToken(source, at, hashComments) ?? stringToken(source, at) ?? nameToken(source, at);
		if (token) {
			text += token.text;
			shape += token.shape;
			if (token.string !== undefined) {
				strings.push(token.string);
			}
			at = token.end;
			continue;
		}
		text += char;
		shape += char;
		at++;
	}
	finish();
	return statements;
}

/**
 * `shape` with the inside of every parenthesised group blanked out, keeping every character's place: what is left
 * is the statement's own clauses, at the same offsets as in `shape`.
 */
export function topLevel(shape: string): string {
	let depth = 0;
	let out = '';
	for (let at = 0; at < shape.length; at++) {
		const char = shape.charAt(at);
		if (char === ')') {
			depth = Math.max(0, depth - 1);
		}
		out += depth === 0 || char === '\n' ? char : ' ';
		if (char === '(') {
			depth++;
		}
	}
	return out;
}
