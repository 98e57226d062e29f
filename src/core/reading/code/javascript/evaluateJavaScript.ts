import type { CodeReading } from '../codeReading';
import { clip } from '../codeReading';
import { fieldOf, namedChildren } from '../codeNodes';
import type { CodeSyntaxNode } from '../codeParser';
import { concatenate, elementsOf } from '../symbolicOps';
import type { Candidates } from '../symbolicValue';
import { api, opaque, textsOf, union } from '../symbolicValue';
import { javaScriptString } from './javaScriptString';

type Evaluator = (node: CodeSyntaxNode, reading: CodeReading) => Candidates;

/** What one JavaScript expression stands for. */
export function evaluateJavaScript(node: CodeSyntaxNode, reading: CodeReading): Candidates {
	const evaluator = EVALUATORS[node.type];
	return evaluator
		? evaluator(node, reading)
		: [opaque(`a JavaScript ${node.type.replace(/_/g, ' ')}`)];
}

const first: Evaluator = (node, reading) => {
	const inner = namedChildren(node).at(-1);
	return inner ? reading.evaluate(inner) : [opaque('an empty expression')];
};

function field(name: string): Evaluator {
	return (node, reading) => {
		const inner = fieldOf(node, name);
		return inner ? reading.evaluate(inner) : [opaque(`a missing ${name}`)];
	};
}

const EVALUATORS: Readonly<Record<string, Evaluator>> = {
	string: javaScriptString,
	template_string: javaScriptString,
	number: (node) => [{ kind: 'constant', value: Number(node.text.replace(/_/g, '')) }],
	true: () => [{ kind: 'constant', value: true }],
	false: () => [{ kind: 'constant', value: false }],
	null: () => [{ kind: 'constant', value: null }],
	undefined: () => [{ kind: 'constant', value: null }],
	this: () => [api('globalThis')],
	identifier: (node, reading) => reading.lookup(node.text, node),
	shorthand_property_identifier: (node, reading) => reading.lookup(node.text, node),
	member_expression: (node, reading) =>
		reading.member(
			reading.evaluate(fieldOf(node, 'object') ?? node),
			fieldOf(node, 'property')?.text ?? '',
		),
	subscript_expression: (node, reading) =>
		reading.subscript(
			reading.evaluate(fieldOf(node, 'object') ?? node),
			reading.evaluate(fieldOf(node, 'index') ?? node),
			node.text,
		),
	call_expression: evaluateCall,
	new_expression: evaluateCall,
	parenthesized_expression: first,
	await_expression: first,
	sequence_expression: first,
	expression_statement: first,
	computed_property_name: first,
	spread_element: first,
	array: evaluateArray,
	object: evaluateObject,
	binary_expression: (node, reading) => {
		const left = reading.evaluate(fieldOf(node, 'left') ?? node);
		const right = reading.evaluate(fieldOf(node, 'right') ?? node);
		const operator = fieldOf(node, 'operator')?.text;
		return operator === '+'
			? concatenate(left, right)
			: ['||', '&&', '??'].includes(operator ?? '')
				? union(left, right)
				: [opaque(`the result of ${operator ?? 'an operator'}`)];
	},
	ternary_expression: (node, reading) =>
		union(field('consequence')(node, reading), field('alternative')(node, reading)),
	assignment_expression: field('right'),
	augmented_assignment_expression: (node, reading) => {
		const left = fieldOf(node, 'left');
		const right = reading.evaluate(fieldOf(node, 'right') ?? node);
		const operator = fieldOf(node, 'operator')?.text;
		return left?.type === 'identifier' && operator === '+='
			? concatenate(reading.lookup(left.text, left), right)
			: [opaque('an assignment with an operator')];
	},
	arrow_function: (node) => [{ kind: 'function', node }],
	function_expression: (node) => [{ kind: 'function', node }],
	function: (node) => [{ kind: 'function', node }],
};

function evaluateArray(node: CodeSyntaxNode, reading: CodeReading): Candidates {
	const items: Candidates[] = [];
	let open = false;
	for (const child of namedChildren(node)) {
		if (child.type === 'spread_element') {
			const values = first(child, reading);
			const only = values.length === 1 ? values[0] : undefined;
			if (only?.kind === 'list' && !only.open) {
				items.push(...only.items);
			} else {
				open = true;
			}
		} else {
			items.push(reading.evaluate(child));
		}
	}
	return [open ? { kind: 'list', items, open } : { kind: 'list', items }];
}

function evaluateObject(node: CodeSyntaxNode, reading: CodeReading): Candidates {
	const entries = new Map<string, Candidates>();
	let open = false;
	for (const child of namedChildren(node)) {
		if (child.type === 'shorthand_property_identifier') {
			entries.set(child.text, reading.evaluate(child));
		} else if (child.type === 'pair') {
			const key = fieldOf(child, 'key');
			const value = fieldOf(child, 'value');
			const names =
				key?.type === 'property_identifier'
					? [key.text]
					: key
						? textsOf(reading.evaluate(key)).map((name) =>
								name.kind === 'literal' ? name.text : undefined,
							)
						: [];
			if (value && names.length === 1 && names[0] !== undefined) {
				entries.set(names[0], reading.evaluate(value));
			} else {
				open = true;
			}
		} else if (child.type === 'spread_element') {
			const values = first(child, reading);
			const only = values.length === 1 ? values[0] : undefined;
			if (only?.kind === 'map' && !only.open) {
				for (const [key, value] of only.entries) {
					entries.set(key, value);
				}
			} else {
				open = true;
			}
		}
	}
	return [open ? { kind: 'map', entries, open } : { kind: 'map', entries }];
}

/**
 * A call or `new`: `f.call(self, …)` and `f.apply(self, [...])` call `f`, `f.bind(…)` is `f`; `import(x)` is a
 * `require`; a tagged template passes its text as the one argument.
 */
function evaluateCall(node: CodeSyntaxNode, reading: CodeReading): Candidates {
	const callee = fieldOf(node, 'function') ?? fieldOf(node, 'constructor');
	const argumentsNode = fieldOf(node, 'arguments');
	let args: Candidates[] = [];
	let spread = false;
	if (argumentsNode?.type === 'template_string') {
		args.push(reading.evaluate(argumentsNode));
	}
	for (const child of argumentsNode?.type === 'arguments' ? namedChildren(argumentsNode) : []) {
		if (child.type === 'spread_element') {
			const values = first(child, reading);
			const only = values.length === 1 ? values[0] : undefined;
			if (only?.kind === 'list' && !only.open) {
				args.push(...only.items);
			} else {
				args.push(elementsOf(values));
				spread = true;
			}
		} else {
			args.push(reading.evaluate(child));
		}
	}
	let callees: Candidates;
	const method =
		callee?.type === 'member_expression' ? fieldOf(callee, 'property')?.text : undefined;
	const target = callee?.type === 'member_expression' ? fieldOf(callee, 'object') : undefined;
	if (
		target &&
		(method === 'call' || method === 'apply') &&
		isFunctionLike(reading.evaluate(target), method, reading)
	) {
		callees = reading.evaluate(target);
		const [, listed] = args;
		args = method === 'call' ? args.slice(1) : applied(listed);
		spread ||= method === 'apply' && args.length === 0;
	} else if (
		target &&
		method === 'bind' &&
		isFunctionLike(reading.evaluate(target), method, reading)
	) {
		// `execSync.bind(null)` is `execSync` (arguments bound in advance are not followed).
		return reading.evaluate(target);
	} else if (callee?.type === 'import') {
		callees = [api('require')];
	} else {
		callees = callee ? reading.evaluate(callee) : [];
	}
	return reading.call(callees, { args, keywords: new Map(), spread, text: clip(node.text) });
}

/** Whether `target.call(…)`/`target.apply(…)` is Function.prototype's (not an API's own `apply`, like `Reflect.apply`). */
function isFunctionLike(values: Candidates, method: string, reading: CodeReading): boolean {
	return values.some(
		(value) =>
			value.kind === 'dynamic' ||
			(value.kind === 'api' && !reading.rules.apis[`${value.name}.${method}`]),
	);
}

/** The arguments `f.apply(self, list)` passes. */
function applied(listed: Candidates | undefined): Candidates[] {
	const only = listed?.length === 1 ? listed[0] : undefined;
	return only?.kind === 'list' && !only.open ? [...only.items] : [];
}
