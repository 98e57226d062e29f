import type { CodeSyntaxNode } from './codeParser';

/**
 * A syntax node copied out of the parser into plain JavaScript. The readers ask each node for its type, text and
 * fields many times; on the wasm binding every such question crosses into WebAssembly (and `text` copies the rest of
 * the source), so one copy up front makes reading a snippet several times faster.
 */
export class PlainNode implements CodeSyntaxNode {
	readonly hasError = false;
	readonly isMissing = false;
	readonly children: PlainNode[] = [];
	readonly fields: (string | null)[] = [];

	constructor(
		readonly type: string,
		readonly isNamed: boolean,
		readonly startIndex: number,
		readonly endIndex: number,
		private readonly source: string,
	) {}

	/** A copy of one parser node, without its children (the caller adds them as it walks). */
	static of(node: CodeSyntaxNode, source: string): PlainNode {
		return new PlainNode(node.type, node.isNamed, node.startIndex, node.endIndex, source);
	}

	get text(): string {
		return this.source.slice(this.startIndex, this.endIndex);
	}

	get childCount(): number {
		return this.children.length;
	}

	child(index: number): PlainNode | null {
		return this.children[index] ?? null;
	}

	fieldNameForChild(index: number): string | null {
		return this.fields[index] ?? null;
	}
}
