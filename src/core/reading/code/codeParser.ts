import type { SyntaxNode } from '../shell/syntaxTree';

/**
 * The part of a tree-sitter node the code readers use: the shell walkers' {@link SyntaxNode} plus whether a node is
 * named (an identifier, a call) or anonymous (a bracket, a keyword). Declared structurally so `src/core` never loads
 * the parser package.
 */
export interface CodeSyntaxNode extends SyntaxNode {
	readonly isNamed: boolean;
	/** Offsets of the node in the parsed text: with `type`, they identify a node across the reader's passes. */
	readonly startIndex: number;
	readonly endIndex: number;
	/** How many nodes the subtree holds, where the parser knows it without a walk (to refuse huge code up front). */
	readonly descendantCount?: number;
	child(index: number): CodeSyntaxNode | null;
}

/** A parse of one snippet, owning parser memory until `delete` is called. */
export interface CodeSyntaxTree {
	readonly rootNode: CodeSyntaxNode;
	delete(): void;
}

/** Parses one language's code; `null` when the parser gave up (timeout, cancellation). May throw if the runtime broke. */
export interface CodeParser {
	parse(code: string): CodeSyntaxTree | null;
}
