import type { CodeSyntaxNode } from './codeParser';

/** How a node changes whether the code under it runs, and how often: the reader's only notion of control flow. */
export type FlowKind = 'branch' | 'loop' | 'function';

/** Where a node sits in the control flow: the branches and loops around it, and whether it is inside a function. */
export interface FlowContext {
	/** Keys of the enclosing branch and loop nodes, outermost first. */
	readonly chain: readonly string[];
	/** The enclosing loops' spans. */
	readonly loops: readonly { readonly start: number; readonly end: number }[];
	/** Inside a function body (or a block, lambda or comprehension), where any binding of a name may reach a use. */
	readonly inFunction: boolean;
}

/** The context of the code at the top level of a snippet. */
export const TOP_LEVEL: FlowContext = { chain: [], loops: [], inFunction: false };

/** A key that identifies a node within one parse. */
export function nodeKey(node: CodeSyntaxNode): string {
	return `${node.startIndex}:${node.endIndex}:${node.type}`;
}

/** The context of a node's children, given the node's own context and flow kind. */
export function innerContext(
	outer: FlowContext,
	node: CodeSyntaxNode,
	kind: FlowKind | undefined,
): FlowContext {
	switch (kind) {
		case undefined:
			return outer;
		case 'function':
			return outer.inFunction ? outer : { ...outer, inFunction: true };
		case 'branch':
			return { ...outer, chain: [...outer.chain, nodeKey(node)] };
		case 'loop':
			return {
				...outer,
				chain: [...outer.chain, nodeKey(node)],
				loops: [...outer.loops, { start: node.startIndex, end: node.endIndex }],
			};
	}
}

/**
 * Whether code in `binding`'s context has surely run when code in `use`'s context runs: it has no branch of its own,
 * and it is not inside a function (which may run later, or never, and may bind a local of the same name).
 */
export function surelyRunsBefore(binding: FlowContext, use: FlowContext): boolean {
	if (binding.inFunction) {
		return false;
	}
	const last = binding.chain.at(-1);
	return last === undefined || use.chain.includes(last);
}
