import type { CodeAction } from './codeAction';
import type { CodeParser, CodeSyntaxNode } from './codeParser';
import type { LanguageRules } from './codeReading';
import { CodeReading } from './codeReading';
import type { FlowContext } from './flowContext';
import { innerContext, TOP_LEVEL } from './flowContext';
import { PlainNode } from './plainNode';
import { MAX_CODE_LENGTH, MAX_DEPTH, MAX_NODES, OverReadingLimit } from './readingLimits';

/** Most evaluation passes one snippet gets; each pass can only add code that may set any name, so few are needed. */
const MAX_PASSES = 4;

/** A node in the order the passes visit it, with its parent. */
interface Visit {
	readonly node: CodeSyntaxNode;
	readonly parent: CodeSyntaxNode | undefined;
}

/**
 * Reads one snippet with a language's rules: parse, then bind every name (first pass), then evaluate every call
 * (second pass). Code that does not parse, is over a limit, or breaks the parser or the reader comes back with an
 * `unknown` action (after whatever was read before a limit was hit), never as no actions.
 */
export function readSnippet(
	rules: LanguageRules,
	code: string,
	parser: CodeParser,
): readonly CodeAction[] {
	const call = `${rules.language} code`;
	if (code.length > MAX_CODE_LENGTH) {
		return [{ kind: 'unknown', call, why: `the code is over ${MAX_CODE_LENGTH} characters long` }];
	}
	let tree;
	try {
		tree = parser.parse(code);
	} catch (error) {
		return [
			{ kind: 'unknown', call, why: `the ${rules.language} parser failed (${message(error)})` },
		];
	}
	if (!tree) {
		return [{ kind: 'unknown', call, why: `the ${rules.language} parser gave up on the code` }];
	}
	const reading = new CodeReading(rules);
	let visits: Visit[];
	try {
		const size = tree.rootNode.descendantCount ?? 0;
		if (size > MAX_NODES) {
			return [
				{
					kind: 'unknown',
					call,
					why: `the code has ${size} syntax nodes, over the ${MAX_NODES} read`,
				},
			];
		}
		if (tree.rootNode.hasError) {
			return [{ kind: 'unknown', call, why: syntaxError(tree.rootNode, rules.language) }];
		}
		visits = copied(tree.rootNode, code, rules, reading);
	} catch (error) {
		return [
			{
				kind: 'unknown',
				call,
				why:
					error instanceof OverReadingLimit
						? error.message
						: `the ${rules.language} parser failed (${message(error)})`,
			},
		];
	} finally {
		tree.delete();
	}
	try {
		for (const { node, parent } of visits) {
			rules.bindNames(node, parent, reading);
		}
		reading.linkCalls();
		// Code that may set any name (`exec`, `eval`) is often only found by evaluating (`getattr(b, 'ex' + 'ec')`);
		// each pass that finds more such code reads every call again with it in place.
		for (let pass = 0; pass === 0 || (reading.needsAnotherPass && pass < MAX_PASSES); pass++) {
			reading.startPass();
			for (const { node } of visits) {
				if (rules.isCall(node)) {
					reading.evaluate(node);
				}
			}
		}
		if (reading.needsAnotherPass) {
			reading.emit({
				kind: 'unknown',
				call,
				why: 'the code evaluates code that evaluates code, deeper than the reader follows',
			});
		}
	} catch (error) {
		// Over a limit, out of stack, or a fault in the reader itself: what was read stands, and the rest is asked.
		const why =
			error instanceof OverReadingLimit || error instanceof RangeError
				? error.message
				: `the ${rules.language} reader failed (${message(error)})`;
		return [...reading.actions, { kind: 'unknown', call, why }];
	}
	return reading.actions;
}

/**
 * Every node in document order, copied out of the parser ({@link PlainNode}) and checked against the size and depth
 * limits before anything is read; records each node's flow context in the reading on the way.
 */
function copied(
	root: CodeSyntaxNode,
	source: string,
	rules: LanguageRules,
	reading: CodeReading,
): Visit[] {
	const visits: Visit[] = [];
	const stack: {
		original: CodeSyntaxNode;
		copy: PlainNode;
		parent?: PlainNode;
		depth: number;
		context: FlowContext;
	}[] = [{ original: root, copy: PlainNode.of(root, source), depth: 0, context: TOP_LEVEL }];
	for (let next = stack.pop(); next; next = stack.pop()) {
		const { original, copy, parent, depth, context } = next;
		if (depth > MAX_DEPTH) {
			throw new OverReadingLimit(`the code nests more than ${MAX_DEPTH} levels deep`);
		}
		if (visits.push({ node: copy, parent }) > MAX_NODES) {
			throw new OverReadingLimit(`the code has more than ${MAX_NODES} syntax nodes`);
		}
		reading.setFlow(copy, context);
		const inner = innerContext(context, copy, rules.flowKind(copy));
		const children: (typeof stack)[number][] = [];
		for (let index = 0; index < original.childCount; index++) {
			const child = original.child(index);
			if (child) {
				const childCopy = PlainNode.of(child, source);
				copy.children.push(childCopy);
				copy.fields.push(original.fieldNameForChild(index));
				children.push({
					original: child,
					copy: childCopy,
					parent: copy,
					depth: depth + 1,
					context: inner,
				});
			}
		}
		stack.push(...children.reverse());
	}
	return visits;
}

/** Where the code stops parsing, for the person asked about it. */
function syntaxError(root: CodeSyntaxNode, language: string): string {
	let node = root;
	for (let steps = 0; steps < MAX_DEPTH; steps++) {
		let inner: CodeSyntaxNode | undefined;
		for (let index = 0; index < node.childCount && !inner; index++) {
			const child = node.child(index);
			if (child && (child.hasError || child.isMissing || child.type === 'ERROR')) {
				inner = child;
			}
		}
		if (!inner || node.type === 'ERROR') {
			break;
		}
		node = inner;
	}
	const near = node.text.replace(/\s+/g, ' ').slice(0, 60);
	return node.isMissing
		? `the ${language} code does not parse: ${node.type} missing`
		: `the ${language} code does not parse near "${near}"`;
}

function message(error: unknown): string {
	return (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 200);
}
