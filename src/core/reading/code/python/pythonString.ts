import type { CodeReading } from '../codeReading';
import { fieldOf, namedChildren } from '../codeNodes';
import type { CodeSyntaxNode } from '../codeParser';
import { unknown } from '../codeValue';
import { decodeEscapes } from '../decodeEscapes';
import { concatenateAll } from '../symbolicOps';
import type { Candidates } from '../symbolicValue';
import { text } from '../symbolicValue';

/**
 * What a Python string literal stands for: escapes decoded (none in a raw string), an f-string's interpolations
 * evaluated, and `'a' 'b'` joined.
 */
export function pythonString(node: CodeSyntaxNode, reading: CodeReading): Candidates {
	if (node.type === 'concatenated_string') {
		return concatenateAll(namedChildren(node).map((part) => pythonString(part, reading)));
	}
	const start = namedChildren(node).find((child) => child.type === 'string_start')?.text ?? '"';
	const prefix = start.replace(/['"]+$/, '').toLowerCase();
	const raw = prefix.includes('r');
	const formatted = prefix.includes('f') || prefix.includes('t');
	const parts: Candidates[] = [];
	for (const child of namedChildren(node)) {
		if (child.type === 'string_content') {
			const body = formatted ? child.text.replace(/\{\{/g, '{').replace(/\}\}/g, '}') : child.text;
			const decoded = raw
				? body
				: decodeEscapes(body, prefix.includes('b') ? 'python-bytes' : 'python');
			parts.push([text(decoded ?? unknown('a string with a named escape', body))]);
		} else if (child.type === 'interpolation') {
			const expression = fieldOf(child, 'expression');
			parts.push(
				expression ? reading.evaluate(expression) : [text(unknown('an empty interpolation'))],
			);
		}
	}
	return concatenateAll(parts);
}
