import type { CodeReading } from '../codeReading';
import type { CodeSyntaxNode } from '../codeParser';
import { namedChildren } from '../codeNodes';
import { unknown } from '../codeValue';
import { decodeEscapes } from '../decodeEscapes';
import { concatenateAll } from '../symbolicOps';
import type { Candidates } from '../symbolicValue';
import { text } from '../symbolicValue';

/** What a JavaScript string or template literal stands for: escapes decoded, `${…}` substitutions evaluated. */
export function javaScriptString(node: CodeSyntaxNode, reading: CodeReading): Candidates {
	const parts: Candidates[] = [];
	for (const child of namedChildren(node)) {
		if (child.type === 'string_fragment') {
			parts.push([text(child.text)]);
		} else if (child.type === 'escape_sequence') {
			parts.push([text(decodeEscapes(child.text, 'javascript') ?? child.text)]);
		} else if (child.type === 'template_substitution') {
			const inner = namedChildren(child)[0];
			parts.push(inner ? reading.evaluate(inner) : [text(unknown('an empty substitution'))]);
		}
	}
	return concatenateAll(parts);
}
