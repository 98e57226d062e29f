import type { CodeReading } from '../codeReading';
import { clip } from '../codeReading';
import { fieldOf, namedChildren } from '../codeNodes';
import type { CodeSyntaxNode } from '../codeParser';
import { concatenate, elementsOf, joinPaths } from '../symbolicOps';
import type { Candidates, SymbolicValue } from '../symbolicValue';
import { opaque, text, textsOf, union } from '../symbolicValue';
import { formatPercent } from './formatPython';
import { pythonString } from './pythonString';

type Evaluator = (node: CodeSyntaxNode, reading: CodeReading) => Candidates;

/** What one Python expression stands for. */
export function evaluatePython(node: CodeSyntaxNode, reading: CodeReading): Candidates {
	const evaluator = EVALUATORS[node.type];
	return evaluator
		? evaluator(node, reading)
		: [opaque(`a Python ${node.type.replace(/_/g, ' ')}`)];
}

const first = (node: CodeSyntaxNode, reading: CodeReading): Candidates => {
	const inner = namedChildren(node)[0];
	return inner ? reading.evaluate(inner) : [opaque('an empty expression')];
};

const EVALUATORS: Readonly<Record<string, Evaluator>> = {
	string: pythonString,
	concatenated_string: pythonString,
	integer: (node) => [{ kind: 'constant', value: Number(node.text.replace(/_/g, '')) }],
	float: (node) => [{ kind: 'constant', value: Number(node.text.replace(/_/g, '')) }],
	true: () => [{ kind: 'constant', value: true }],
	false: () => [{ kind: 'constant', value: false }],
	none: () => [{ kind: 'constant', value: null }],
	identifier: (node, reading) => reading.lookup(node.text, node),
	attribute: (node, reading) => {
		const object = fieldOf(node, 'object');
		const name = fieldOf(node, 'attribute')?.text ?? '';
		return reading.member(object ? reading.evaluate(object) : [], name);
	},
	subscript: evaluateSubscript,
	call: evaluateCall,
	parenthesized_expression: first,
	await: first,
	expression_statement: first,
	list: evaluateItems,
	tuple: evaluateItems,
	set: evaluateItems,
	expression_list: evaluateItems,
	pattern_list: evaluateItems,
	dictionary: evaluateDictionary,
	binary_operator: (node, reading) =>
		binary(
			fieldOf(node, 'operator')?.text ?? '',
			reading.evaluate(fieldOf(node, 'left') ?? node),
			reading.evaluate(fieldOf(node, 'right') ?? node),
		),
	augmented_assignment: (node, reading) => {
		const left = fieldOf(node, 'left');
		const right = fieldOf(node, 'right');
		const operator = (fieldOf(node, 'operator')?.text ?? '').replace(/=$/, '');
		return left?.type === 'identifier' && right
			? binary(operator, reading.lookup(left.text, left), reading.evaluate(right))
			: [opaque('an augmented assignment')];
	},
	conditional_expression: (node, reading) => {
		const [whenTrue, , whenFalse] = namedChildren(node);
		return union(
			whenTrue ? reading.evaluate(whenTrue) : [],
			whenFalse ? reading.evaluate(whenFalse) : [],
		);
	},
	boolean_operator: (node, reading) =>
		union(
			...[fieldOf(node, 'left'), fieldOf(node, 'right')].map((side) =>
				side ? reading.evaluate(side) : [],
			),
		),
	named_expression: (node, reading) => {
		const value = fieldOf(node, 'value');
		return value ? reading.evaluate(value) : [opaque('an assignment expression')];
	},
	assignment: (node, reading) => {
		const right = fieldOf(node, 'right');
		return right ? reading.evaluate(right) : [opaque('an assignment')];
	},
	lambda: (node) => [{ kind: 'function', node }],
	list_comprehension: () => [{ kind: 'list', items: [], open: true }],
	generator_expression: () => [{ kind: 'list', items: [], open: true }],
	set_comprehension: () => [{ kind: 'list', items: [], open: true }],
	dictionary_comprehension: () => [{ kind: 'map', entries: new Map(), open: true }],
};

function binary(operator: string, left: Candidates, right: Candidates): Candidates {
	switch (operator) {
		case '+':
			return concatenate(left, right);
		case '/':
			// `Path.home() / '.ssh'` joins; between numbers it divides, which no call here cares about.
			return union(
				...left.map((value): Candidates =>
					value.kind === 'instance' && value.type === 'pathlib.Path'
						? joinPaths([[value], right]).map((path) => ({
								kind: 'instance',
								type: 'pathlib.Path',
								path: textsOf([path])[0] ?? { kind: 'unknown', why: 'a path' },
							}))
						: [opaque('a quotient')],
				),
			);
		case '%':
			return union(
				...left.map((value) =>
					value.kind === 'text' ? formatPercent(value, right) : [opaque('a remainder')],
				),
			);
		default:
			return [opaque(`the result of ${operator}`)];
	}
}

function evaluateItems(node: CodeSyntaxNode, reading: CodeReading): Candidates {
	const items: Candidates[] = [];
	let open = false;
	for (const child of namedChildren(node)) {
		if (child.type === 'list_splat') {
			const spread = namedChildren(child)[0];
			const values = spread ? reading.evaluate(spread) : [];
			const list = values.length === 1 ? values[0] : undefined;
			if (list?.kind === 'list' && !list.open) {
				items.push(...list.items);
			} else {
				open = true;
			}
		} else {
			items.push(reading.evaluate(child));
		}
	}
	return [open ? { kind: 'list', items, open } : { kind: 'list', items }];
}

function evaluateDictionary(node: CodeSyntaxNode, reading: CodeReading): Candidates {
	const entries = new Map<string, Candidates>();
	let open = false;
	for (const child of namedChildren(node)) {
		const key = fieldOf(child, 'key');
		const value = fieldOf(child, 'value');
		const keys = key ? textsOf(reading.evaluate(key)) : [];
		if (child.type === 'pair' && value && keys.length === 1 && keys[0]?.kind === 'literal') {
			entries.set(keys[0].text, reading.evaluate(value));
		} else {
			open = true;
		}
	}
	return [open ? { kind: 'map', entries, open } : { kind: 'map', entries }];
}

function evaluateSubscript(node: CodeSyntaxNode, reading: CodeReading): Candidates {
	const value = fieldOf(node, 'value');
	const key = fieldOf(node, 'subscript');
	const objects = value ? reading.evaluate(value) : [];
	if (key?.type === 'slice') {
		// `'metsys'[::-1]` spells `system` backwards; other slices are not followed.
		const reversed = /^::\s*-1$/.test(key.text.replace(/\s+/g, ''));
		return objects.map((object): SymbolicValue => {
			const value = object.kind === 'text' ? object.value : undefined;
			return reversed && value?.kind === 'literal'
				? text([...value.text].reverse().join(''))
				: opaque('a slice');
		});
	}
	return reading.subscript(objects, key ? reading.evaluate(key) : [], node.text);
}

function evaluateCall(node: CodeSyntaxNode, reading: CodeReading): Candidates {
	const callee = fieldOf(node, 'function');
	const argumentsNode = fieldOf(node, 'arguments');
	const args: Candidates[] = [];
	const keywords = new Map<string, Candidates>();
	let spread = false;
	for (const child of argumentsNode ? namedChildren(argumentsNode) : []) {
		if (child.type === 'keyword_argument') {
			const name = fieldOf(child, 'name')?.text;
			const value = fieldOf(child, 'value');
			if (name && value) {
				keywords.set(name, reading.evaluate(value));
			}
		} else if (child.type === 'list_splat' || child.type === 'dictionary_splat') {
			spread = !spreadInto(child, reading, args, keywords) || spread;
		} else {
			args.push(reading.evaluate(child));
		}
	}
	if (argumentsNode?.type === 'generator_expression') {
		args.push(reading.evaluate(argumentsNode));
	}
	return reading.call(callee ? reading.evaluate(callee) : [], {
		args,
		keywords,
		spread,
		text: clip(node.text),
	});
}

/** Expands `*items` or `**options` into the call when the value is one known list or map; false when it is not. */
function spreadInto(
	child: CodeSyntaxNode,
	reading: CodeReading,
	args: Candidates[],
	keywords: Map<string, Candidates>,
): boolean {
	const inner = namedChildren(child)[0];
	const values = inner ? reading.evaluate(inner) : [];
	const only = values.length === 1 ? values[0] : undefined;
	if (child.type === 'list_splat' && only?.kind === 'list' && !only.open) {
		args.push(...only.items);
		return true;
	}
	if (child.type === 'dictionary_splat' && only?.kind === 'map' && !only.open) {
		for (const [key, value] of only.entries) {
			keywords.set(key, value);
		}
		return true;
	}
	if (child.type === 'list_splat') {
		args.push(elementsOf(values));
	}
	return false;
}
