import type { CodeReading } from '../codeReading';
import type { CodeSyntaxNode } from '../codeParser';
import { namedChildren } from '../codeNodes';
import { decodeEscapes } from '../decodeEscapes';
import { concatenateAll } from '../symbolicOps';
import type { Candidates } from '../symbolicValue';
import { text } from '../symbolicValue';

/**
 * What a PHP string-like literal stands for (single- or double-quoted, heredoc, nowdoc, backticks): escapes decoded
 * as its quoting does, and the variables and `{$…}` expressions of double-quoted forms evaluated.
 */
export function phpString(node: CodeSyntaxNode, reading: CodeReading): Candidates {
	if (node.type === 'heredoc' || node.type === 'nowdoc') {
		const body = namedChildren(node).find(
			(child) => child.type === 'heredoc_body' || child.type === 'nowdoc_body',
		);
		return body ? phpString(body, reading) : [text('')];
	}
	const singleQuoted = node.type === 'string' || node.type === 'nowdoc_body';
	const parts: Candidates[] = [];
	for (const child of namedChildren(node)) {
		switch (child.type) {
			case 'string_content':
			case 'string_value':
			case 'nowdoc_string':
				parts.push([text(child.text)]);
				break;
			case 'escape_sequence':
				parts.push([
					text(decodeEscapes(child.text, singleQuoted ? 'quote-only' : 'php', "'") ?? child.text),
				]);
				break;
			default:
				parts.push(reading.evaluate(child));
		}
	}
	return concatenateAll(parts);
}
