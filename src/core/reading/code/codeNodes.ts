import type { CodeSyntaxNode } from './codeParser';

/** The named children of a node (identifiers, expressions), skipping brackets, commas and keywords. */
export function namedChildren(node: CodeSyntaxNode): CodeSyntaxNode[] {
	const children: CodeSyntaxNode[] = [];
	for (let index = 0; index < node.childCount; index++) {
		const child = node.child(index);
		if (child?.isNamed) {
			children.push(child);
		}
	}
	return children;
}

/** Every child of a node under a field name (`arguments`, `left`). */
export function fieldsOf(node: CodeSyntaxNode, field: string): CodeSyntaxNode[] {
	const children: CodeSyntaxNode[] = [];
	for (let index = 0; index < node.childCount; index++) {
		if (node.fieldNameForChild(index) === field) {
			const child = node.child(index);
			if (child) {
				children.push(child);
			}
		}
	}
	return children;
}

/** The first child of a node under a field name. */
export function fieldOf(node: CodeSyntaxNode, field: string): CodeSyntaxNode | undefined {
	for (let index = 0; index < node.childCount; index++) {
		if (node.fieldNameForChild(index) === field) {
			return node.child(index) ?? undefined;
		}
	}
	return undefined;
}
