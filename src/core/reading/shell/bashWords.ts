import { substitutedLiteral } from './fedScripts';
import type { ShellScope } from './shellScope';
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
	return body.replace(
		/\\(u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/gs,
		(whole, escape: string) => {
			if (/^[uU]/.test(escape)) {
				const code = parseInt(escape.slice(1), 16);
				return code <= 0xffff
					? String.fromCharCode(code)
					: String.fromCodePoint(Math.min(code, 0x10ffff));
			}
			if (escape.startsWith('x')) {
				return String.fromCharCode(parseInt(escape.slice(1), 16));
			}
			if (/^[0-7]+$/.test(escape)) {
				return String.fromCharCode(parseInt(escape, 8));
			}
			return ANSI_C_ESCAPES[escape] ?? (/['"\\?]/.test(escape) ? escape : whole);
		},
	);
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

/** `$name`, `${name}`, `${name:-default}`: the name and, when the form substitutes one, the default. */
function expansionParts(
	text: string,
): { readonly name: string; readonly fallback?: string } | undefined {
	const simple = /^\$([A-Za-z_][A-Za-z0-9_]*|\d|[@*#?$!-])$/.exec(text);
	if (simple) {
		return { name: simple[1] ?? '' };
	}
	const braced = /^\$\{([A-Za-z_][A-Za-z0-9_]*|\d+|[@*#])(?:(:?[-=])([^}]*))?\}$/.exec(text);
	if (!braced) {
		return undefined;
	}
	return { name: braced[1] ?? '', ...(braced[2] !== undefined && { fallback: braced[3] ?? '' }) };
}

/** The value of one expansion node in `scope`, or `undefined` when the line does not know it. */
function expansionValue(node: SyntaxNode, scope: ShellScope): string | undefined {
	if (node.type === 'command_substitution') {
		return substitutedLiteral(node.text);
	}
	const parts = expansionParts(node.text);
	if (!parts) {
		return undefined;
	}
	// Only what the line itself assigned: a variable from the environment is the judge's to resolve, default included.
	const value = scope.lookup(parts.name);
	return typeof value === 'string' ? value : undefined;
}

/**
 * `$IFS` the line never set, inside a word: bash and dash set IFS to blanks at start whatever the environment says,
 * so it splits the word there (`-rf${IFS}~` is two words).
 */
function unsetSeparators(node: SyntaxNode, scope: ShellScope): string | undefined {
	return /^\$(?:IFS|\{IFS\})$/.test(node.text) && scope.lookup('IFS') === undefined
		? ' '
		: undefined;
}

/** The text of a double-quoted string with the expansions `scope` knows filled in; `"$@"` alone is several words. */
function quotedWords(node: SyntaxNode, scope: ShellScope): string[] {
	const children = childrenOf(node).filter((child) => child.node.type !== '"');
	const only = children.length === 1 ? children[0]?.node : undefined;
	if (only && /^\$(?:@|\{@\})$/.test(only.text) && scope.positional) {
		return scope.positional.slice(1);
	}
	// The string's own text, with each known expansion replaced: children are found in order from a moving cursor.
	let text = '';
	let cursor = 1;
	for (const { node: child } of children) {
		const at = node.text.indexOf(child.text, cursor);
		const value = isExpansion(child) ? expansionValue(child, scope) : undefined;
		if (value !== undefined && at >= 0) {
			text += node.text.slice(cursor, at) + value;
			cursor = at + child.text.length;
		}
	}
	return [unescapeQuoted(text + node.text.slice(cursor, -1))];
}

function unescapeQuoted(text: string): string {
	return text.replace(/\\\n/g, '').replace(/\\([$`"\\])/g, '$1');
}

function isExpansion(node: SyntaxNode): boolean {
	return (
		node.type === 'simple_expansion' ||
		node.type === 'expansion' ||
		node.type === 'command_substitution'
	);
}

/** What an unquoted expansion is split on: white space, and whatever the line set `IFS` to (`IFS=,`). */
function fieldSeparators(scope: ShellScope): RegExp {
	const ifs = scope.lookup('IFS');
	return typeof ifs === 'string' && ifs !== ''
		? new RegExp(`[\\s${ifs.replace(/[\\\]^-]/g, '\\$&')}]+`)
		: /\s+/;
}

/**
 * The words bash makes of a word node once expansions the line itself defines are filled in: an unquoted `$W` holding
 * `rm -rf ~` is three words, `"$W"` one, `"$@"` one per positional parameter, `/tmp/$name` one. Expansions the line
 * does not know stay as written, for later readers to treat as unknown.
 */
export function expandedWords(node: SyntaxNode, scope: ShellScope | undefined): string[] {
	if (!scope) {
		return [bashWordValue(node)];
	}
	if (isExpansion(node)) {
		const value = expansionValue(node, scope);
		return value === undefined ? [node.text] : value.split(fieldSeparators(scope)).filter(Boolean);
	}
	if (node.type === 'string') {
		return quotedWords(node, scope);
	}
	if (node.type === 'concatenation' || node.type === 'command_name') {
		const children = childrenOf(node);
		// One piece keeps its own splitting (`$W` as a command name is several words); glued pieces are split below.
		const only = children.length === 1 ? children[0]?.node : undefined;
		// A command word keeps an unset `${IFS}` for dynamicWords, which records how the word was written.
		if (node.type === 'command_name' && only?.type === 'concatenation') {
			return gluedWords(
				childrenOf(only).map((child) => child.node),
				scope,
				false,
			);
		}
		return only
			? expandedWords(only, scope)
			: gluedWords(
					children.map((child) => child.node),
					scope,
					node.type === 'concatenation',
				);
	}
	return [bashWordValue(node)];
}

/**
 * The words of pieces glued into one word (`-rf${IFS}~`, `/tmp/$name`): literal and quoted pieces extend the word
 * being built, and a separator inside an unquoted expansion's value ends it and starts the next, as bash splits.
 */
function gluedWords(
	pieces: readonly SyntaxNode[],
	scope: ShellScope,
	splitOnUnsetIfs: boolean,
): string[] {
	const words: string[] = [];
	let current = '';
	let started = false;
	for (const piece of pieces) {
		const value = isExpansion(piece)
			? (expansionValue(piece, scope) ??
				(splitOnUnsetIfs ? unsetSeparators(piece, scope) : undefined))
			: undefined;
		if (value === undefined) {
			current += expandedWords(piece, scope).join(' ');
			started = true;
			continue;
		}
		const [first = '', ...fields] = value.split(fieldSeparators(scope));
		current += first;
		for (const field of fields) {
			if (current !== '' || started) {
				words.push(current);
			}
			current = field;
			started = false;
		}
		started ||= first !== '';
	}
	if (current !== '' || started) {
		words.push(current);
	}
	return words;
}
