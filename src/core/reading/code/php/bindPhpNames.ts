import type { CodeReading, Parameter, WrittenArguments } from '../codeReading';
import { fieldOf, namedChildren } from '../codeNodes';
import type { CodeSyntaxNode } from '../codeParser';
import { elementsOf, itemAt, valuesOf } from '../symbolicOps';

const FUNCTIONS = new Set(['arrow_function', 'anonymous_function']);

/** The binding name of a PHP variable node (`$p` for `$p`), or undefined for another node. */
export function variableName(node: CodeSyntaxNode | undefined): string | undefined {
	return node?.type === 'variable_name' ? `$${namedChildren(node)[0]?.text ?? ''}` : undefined;
}

/** A function's name as PHP compares it: without a namespace, case-insensitive. */
export function functionName(node: CodeSyntaxNode): string {
	return (node.text.split('\\').at(-1) ?? node.text).toLowerCase();
}

/** The first pass over one PHP node: what it assigns, loops over and defines, and the calls of its own functions. */
export function bindPhpNames(
	node: CodeSyntaxNode,
	parent: CodeSyntaxNode | undefined,
	reading: CodeReading,
): void {
	switch (node.type) {
		case 'assignment_expression':
			return bindAssignment(node, reading);
		case 'augmented_assignment_expression': {
			const name = variableName(fieldOf(node, 'left'));
			if (name) {
				reading.bind(name, { node }, node);
			}
			return;
		}
		case 'foreach_statement':
			return bindForeach(node, reading);
		case 'function_definition': {
			const name = fieldOf(node, 'name');
			if (name) {
				reading.defineFunction(functionName(name), phpParameters(node, reading));
			}
			return;
		}
		case 'function_call_expression':
			return bindCall(node, reading);
		case 'variable_name':
			if (parent && usedAsValue(node, parent)) {
				reading.notePassedAround(variableName(node) ?? '');
			}
			return;
	}
}

/** An assignment's value takes effect at its end, so `$p = $p . '/x'` reads the earlier `$p`. */
function bindAssignment(node: CodeSyntaxNode, reading: CodeReading): void {
	const left = fieldOf(node, 'left');
	const right = fieldOf(node, 'right');
	if (!left || !right) {
		return;
	}
	if (left.type === 'dynamic_variable_name' || isGlobalsEntry(left)) {
		// `$$name = …`, `$GLOBALS[$k] = …`: a variable named at run time.
		reading.setsAnyName('a variable set by a name computed at run time', node);
	}
	const name = variableName(left);
	if (name) {
		if (FUNCTIONS.has(right.type)) {
			reading.defineFunction(name, phpParameters(right, reading));
		}
		reading.bind(name, { node: right }, node);
	} else if (left.type === 'list_literal' || left.type === 'array_creation_expression') {
		namedChildren(left).forEach((item, position) => {
			const itemName = variableName(
				item.type === 'array_element_initializer' ? namedChildren(item).at(-1) : item,
			);
			if (itemName) {
				reading.bind(itemName, { node: right, select: itemAt(position) }, node);
			}
		});
	}
}

function isGlobalsEntry(node: CodeSyntaxNode): boolean {
	return (
		node.type === 'subscript_expression' && variableName(namedChildren(node)[0]) === '$GLOBALS'
	);
}

/** `foreach ($items as $value)` and `foreach ($items as $key => $value)`. */
function bindForeach(node: CodeSyntaxNode, reading: CodeReading): void {
	const [collection, target] = namedChildren(node);
	const key = target?.type === 'pair' ? namedChildren(target)[0] : undefined;
	const value = target?.type === 'pair' ? namedChildren(target).at(-1) : target;
	const name = variableName(value);
	if (collection && name && value) {
		reading.bind(name, { node: collection, select: (values) => valuesOf(values) }, value);
	}
	const keyName = variableName(key);
	if (collection && keyName && key) {
		reading.bind(keyName, { node: collection, select: (values) => elementsOf(values) }, key);
	}
}

/** A function's parameters, binding each default value as one of the parameter's values. */
function phpParameters(node: CodeSyntaxNode, reading: CodeReading): Parameter[] {
	const list = fieldOf(node, 'parameters');
	return (list ? namedChildren(list) : []).flatMap((child, position): Parameter[] => {
		const name = variableName(fieldOf(child, 'name'));
		const value = fieldOf(child, 'default_value');
		if (!name) {
			return [];
		}
		if (value) {
			reading.bind(name, { node: value });
		}
		return child.type === 'variadic_parameter' ? [{ name, rest: true }] : [{ name, position }];
	});
}

/**
 * Records calls of the snippet's own functions (by name, or through a variable holding a closure), binds the
 * parameters of a closure called where it is written, and of `array_map`/`array_filter`/`array_walk` callbacks.
 */
function bindCall(node: CodeSyntaxNode, reading: CodeReading): void {
	const callee = fieldOf(node, 'function');
	const written = writtenArguments(fieldOf(node, 'arguments'));
	const inner = callee?.type === 'parenthesized_expression' ? namedChildren(callee)[0] : callee;
	if (inner && FUNCTIONS.has(inner.type)) {
		reading.bindParameters(phpParameters(inner, reading), written);
		return;
	}
	const name =
		callee?.type === 'name' || callee?.type === 'qualified_name'
			? functionName(callee)
			: variableName(callee);
	if (!name) {
		return;
	}
	reading.recordCall(name, written);
	const [first, second] = written.positional;
	const [callback, items] = name === 'array_map' ? [first, second] : [second, first];
	if (
		['array_map', 'array_filter', 'array_walk'].includes(name) &&
		callback &&
		items &&
		FUNCTIONS.has(callback.type)
	) {
		const parameter = phpParameters(callback, reading)[0];
		if (parameter) {
			reading.bind(parameter.name, { node: items, select: (values) => elementsOf(values) });
		}
	}
}

/** The values of a call's `argument` nodes, named arguments (PHP 8) by name. */
export function writtenArguments(node: CodeSyntaxNode | undefined): WrittenArguments {
	const positional: CodeSyntaxNode[] = [];
	const keywords = new Map<string, CodeSyntaxNode>();
	for (const argument of node ? namedChildren(node) : []) {
		const name = fieldOf(argument, 'name')?.text;
		const value = namedChildren(argument).at(-1);
		if (value && name) {
			keywords.set(name, value);
		} else if (value && !argument.text.startsWith('...')) {
			positional.push(value);
		}
	}
	return { positional, keywords };
}

function usedAsValue(node: CodeSyntaxNode, parent: CodeSyntaxNode): boolean {
	const at = (field: string) => fieldOf(parent, field)?.startIndex === node.startIndex;
	switch (parent.type) {
		case 'function_call_expression':
			return !at('function');
		case 'assignment_expression':
			return !at('left');
		default:
			return true;
	}
}
