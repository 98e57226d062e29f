import type { CodeReading } from '../codeReading';
import type { CodeSyntaxNode } from '../codeParser';
import { namedChildren } from '../codeNodes';
import { unknown } from '../codeValue';
import { decodeEscapes } from '../decodeEscapes';
import { concatenateAll } from '../symbolicOps';
import type { Candidates } from '../symbolicValue';
import { text } from '../symbolicValue';

/**
 * What a Ruby string-like literal stands for (a string, symbol, backtick command or heredoc body): escapes decoded
 * in double-quoted forms, `\\` and the quote only in single-quoted ones, `#{…}` evaluated.
 */
export function rubyString(node: CodeSyntaxNode, reading: CodeReading): Candidates {
	if (node.type === 'simple_symbol' || node.type === 'hash_key_symbol') {
		return [text(node.text.replace(/^:/, '').replace(/:$/, ''))];
	}
	const singleQuoted = /^(?:'|%q|:')/.test(node.text);
	const children = namedChildren(node);
	// At the very end of the code the grammar leaves a heredoc's closing word in its text, with an empty end.
	const unterminated = children.at(-1)?.type === 'heredoc_end' && children.at(-1)?.text === '';
	const parts: Candidates[] = [];
	for (const [index, child] of children.entries()) {
		if (child.type === 'string_content' || child.type === 'heredoc_content') {
			let content = child.text;
			if (child.type === 'heredoc_content') {
				// A heredoc's text starts after the newline that ends its opening line.
				content = parts.length === 0 ? content.replace(/^\r?\n/, '') : content;
				content =
					unterminated && index === children.length - 2 ? content.replace(/[^\n]*$/, '') : content;
			}
			parts.push([
				text(singleQuoted ? (decodeEscapes(content, 'quote-only', "'") ?? content) : content),
			]);
		} else if (child.type === 'escape_sequence') {
			parts.push([text(decodeEscapes(child.text, 'ruby') ?? child.text)]);
		} else if (child.type === 'interpolation') {
			const inner = namedChildren(child).at(-1);
			parts.push(inner ? reading.evaluate(inner) : [text(unknown('an empty interpolation'))]);
		}
	}
	return concatenateAll(parts);
}
