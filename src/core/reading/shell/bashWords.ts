import { childrenOf, type SyntaxNode } from './syntaxTree';

const ANSI_C_ESCAPES: Readonly<Record<string, string>> = {
	n: '\n',
	t: '\t',
	r: '\r',
	a: '\x07',
	b: '\b',
	e: '\x1b',
	E: '\x1b',
	f: '\f',
	v: '\v',
};

/** Decodes the body of a `$'…'` string; escapes it does not know stay as written. */
function decodeAnsiC(body: string): string {
	return body.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/gs, (whole, escape: string) => {
		if (escape.startsWith('x')) {
			return String.fromCharCode(parseInt(escape.slice(1), 16));
		}
		if (/^[0-7]+$/.test(escape)) {
			return String.fromCharCode(parseInt(escape, 8));
		}
		return ANSI_C_ESCAPES[escape] ?? (/['"\\?]/.test(escape) ? escape : whole);
	});
}

/**
 * The value bash gives a word node once quotes and backslashes are removed (`"rm"`, `r'm'` and `\rm` are all `rm`);
 * expansions such as `$HOME` or `$(pwd)` stay as written because their value is not known before the line runs.
 */
export function bashWordValue(node: SyntaxNode): string {
	const text = node.text;
	switch (node.type) {
		case 'word':
			return text.replace(/\\\n/g, '').replace(/\\(.)/gs, '$1');
		case 'raw_string':
			return text.slice(1, -1);
		case 'string':
			return text
				.slice(1, -1)
				.replace(/\\\n/g, '')
				.replace(/\\([$`"\\])/g, '$1');
		case 'translated_string':
			return text.slice(2, -1).replace(/\\([$`"\\])/g, '$1');
		case 'ansi_c_string':
			return decodeAnsiC(text.slice(2, -1));
		case 'concatenation':
		case 'command_name':
			return childrenOf(node)
				.map((child) => bashWordValue(child.node))
				.join('');
		default:
			return text;
	}
}
