import type { ShellDialect } from './commandLine';

/**
 * The part of a tree-sitter node the shell walkers read; declared here, structurally, so `src/core`
 * never loads the parser package and tests can hand in any tree of the same shape.
 */
export interface SyntaxNode {
	readonly type: string;
	readonly text: string;
	readonly childCount: number;
	readonly hasError: boolean;
	readonly isMissing: boolean;
	child(index: number): SyntaxNode | null;
	fieldNameForChild(index: number): string | null;
}

/** A parse result that owns parser memory until `delete` is called. */
export interface SyntaxTree {
	readonly rootNode: SyntaxNode;
	delete(): void;
}

/** Parses one dialect's text into a syntax tree; `null` when the parser gave up (timeout, cancellation). */
export interface ShellTreeParser {
	parse(text: string): SyntaxTree | null;
}

/** The loaded grammars, by dialect; a missing dialect makes its lines come back with a `parseError`. */
export type ShellTreeParsers = Partial<Readonly<Record<ShellDialect, ShellTreeParser>>>;

/** The children of a node with their field names, skipping the nulls the binding may return. */
export function childrenOf(
	node: SyntaxNode,
): { readonly node: SyntaxNode; readonly field: string | null }[] {
	const children: { node: SyntaxNode; field: string | null }[] = [];
	for (let index = 0; index < node.childCount; index++) {
		const child = node.child(index);
		if (child) {
			children.push({ node: child, field: node.fieldNameForChild(index) });
		}
	}
	return children;
}
