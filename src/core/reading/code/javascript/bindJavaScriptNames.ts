import type { CodeReading, Parameter, WrittenArguments } from '../codeReading';
import { fieldOf, namedChildren } from '../codeNodes';
import type { CodeSyntaxNode } from '../codeParser';
import { elementsOf, itemAt } from '../symbolicOps';
import type { Candidates } from '../symbolicValue';
import { api, opaque } from '../symbolicValue';
import { canonicalJavaScriptModule } from './canonicalJavaScriptModule';

type Select = (values: Candidates, reading: CodeReading) => Candidates;

const FUNCTIONS = new Set([
	'arrow_function',
	'function_expression',
	'function',
	'generator_function',
]);
/** Array methods whose callback's first parameter takes each item. */
const ITERATING = new Set([
	'forEach',
	'map',
	'filter',
	'some',
	'every',
	'find',
	'findIndex',
	'flatMap',
]);

/** The first pass over one JavaScript node: what it imports, declares, assigns, loops over and defines. */
export function bindJavaScriptNames(
	node: CodeSyntaxNode,
	parent: CodeSyntaxNode | undefined,
	reading: CodeReading,
): void {
	switch (node.type) {
		case 'import_statement':
			return bindImport(node, reading);
		case 'variable_declarator':
			return bindDeclarator(fieldOf(node, 'name'), fieldOf(node, 'value'), reading, node);
		case 'assignment_expression':
			return bindDeclarator(fieldOf(node, 'left'), fieldOf(node, 'right'), reading, node);
		case 'augmented_assignment_expression': {
			const left = fieldOf(node, 'left');
			if (left?.type === 'identifier') {
				reading.bind(left.text, { node }, node);
			}
			return;
		}
		case 'with_statement':
			// Names inside `with (obj)` may be members of an object the reader cannot see.
			reading.setsAnyName('a name a with statement may take from its object', node);
			return;
		case 'for_in_statement':
			return bindPattern(fieldOf(node, 'left'), fieldOf(node, 'right'), reading, (values) =>
				elementsOf(values),
			);
		case 'function_declaration':
		case 'generator_function_declaration':
			return defineFunction(fieldOf(node, 'name')?.text, node, reading);
		case 'call_expression':
			return bindCall(node, reading);
		case 'identifier':
			if (parent && usedAsValue(node, parent)) {
				reading.notePassedAround(node.text);
			}
			return;
	}
}

function bindImport(node: CodeSyntaxNode, reading: CodeReading): void {
	const source = fieldOf(node, 'source');
	const module = canonicalJavaScriptModule(source ? (namedChildren(source)[0]?.text ?? '') : '');
	const clause = namedChildren(node).find((child) => child.type === 'import_clause');
	for (const part of clause ? namedChildren(clause) : []) {
		if (part.type === 'identifier') {
			reading.bind(part.text, { values: [api(module)] }, node);
		} else if (part.type === 'namespace_import') {
			const name = namedChildren(part)[0]?.text;
			if (name) {
				reading.bind(name, { values: [api(module)] }, node);
			}
		} else if (part.type === 'named_imports') {
			for (const specifier of namedChildren(part)) {
				const imported = fieldOf(specifier, 'name')?.text ?? '';
				const local = fieldOf(specifier, 'alias')?.text ?? imported;
				const value = imported === 'default' ? api(module) : api(`${module}.${imported}`);
				reading.bind(local, { values: [value] }, node);
			}
		}
	}
}

function bindDeclarator(
	target: CodeSyntaxNode | undefined,
	value: CodeSyntaxNode | undefined,
	reading: CodeReading,
	at: CodeSyntaxNode,
): void {
	const global = target ? globalObjectMember(target) : undefined;
	if (global !== undefined && value) {
		// `globalThis.p = …` sets the global `p`; `globalThis[k] = …` may set any.
		if (global === '') {
			reading.setsAnyName('a global set by a name computed at run time', at);
		} else {
			reading.bind(global, { node: value }, at);
		}
		return;
	}
	if (target?.type === 'identifier' && value && FUNCTIONS.has(value.type)) {
		defineFunction(target.text, value, reading);
	}
	bindPattern(target, value, reading, undefined, at);
}

/**
 * Binds the names of a declaration or loop target, taking destructured members and items one by one. The value takes
 * effect at the end of `at` (the whole declaration, so `p = join(p, 'x')` reads the earlier `p`; the target itself
 * for a loop).
 */
function bindPattern(
	target: CodeSyntaxNode | undefined,
	value: CodeSyntaxNode | undefined,
	reading: CodeReading,
	select?: Select,
	at?: CodeSyntaxNode,
): void {
	if (!target || !value) {
		return;
	}
	if (target.type === 'lexical_declaration' || target.type === 'variable_declaration') {
		// `for (const x of xs)` in some grammar versions wraps the name in a declaration.
		return bindPattern(
			fieldOf(namedChildren(target)[0] ?? target, 'name'),
			value,
			reading,
			select,
			at,
		);
	}
	const whole: Select = select ?? ((values) => values);
	if (target.type === 'identifier' || target.type === 'shorthand_property_identifier_pattern') {
		reading.bind(target.text, select ? { node: value, select } : { node: value }, at ?? target);
		return;
	}
	if (target.type === 'assignment_pattern' || target.type === 'object_assignment_pattern') {
		bindPattern(fieldOf(target, 'left'), value, reading, select, at);
		bindPattern(fieldOf(target, 'left'), fieldOf(target, 'right'), reading, undefined, at);
		return;
	}
	if (target.type === 'object_pattern') {
		for (const entry of namedChildren(target)) {
			const key = entry.type === 'pair_pattern' ? fieldOf(entry, 'key') : undefined;
			const inner = entry.type === 'pair_pattern' ? fieldOf(entry, 'value') : entry;
			const name =
				key?.text ??
				(inner?.type === 'object_assignment_pattern' ? fieldOf(inner, 'left')?.text : inner?.text);
			const pick: Select =
				entry.type === 'rest_pattern' || !name
					? () => [opaque('the rest of an object')]
					: (values, reading) =>
							reading.member(whole(values, reading), name.replace(/^['"]|['"]$/g, ''));
			bindPicked(
				entry.type === 'rest_pattern' ? namedChildren(entry)[0] : inner,
				value,
				reading,
				pick,
				at,
			);
		}
		return;
	}
	if (target.type === 'array_pattern') {
		namedChildren(target).forEach((item, position) => {
			const pick: Select =
				item.type === 'rest_pattern'
					? (values, reading) => elementsOf(whole(values, reading))
					: (values, reading) => itemAt(position)(whole(values, reading));
			bindPicked(
				item.type === 'rest_pattern' ? namedChildren(item)[0] : item,
				value,
				reading,
				pick,
				at,
			);
		});
	}
}

/** Binds a destructured part: a name directly, a nested pattern through the same selection. */
function bindPicked(
	target: CodeSyntaxNode | undefined,
	value: CodeSyntaxNode,
	reading: CodeReading,
	pick: Select,
	at: CodeSyntaxNode | undefined,
): void {
	if (!target) {
		return;
	}
	if (target.type === 'identifier' || target.type === 'shorthand_property_identifier_pattern') {
		reading.bind(target.text, { node: value, select: pick }, at ?? target);
	} else {
		bindPattern(target, value, reading, pick, at);
	}
}

function defineFunction(
	name: string | undefined,
	node: CodeSyntaxNode,
	reading: CodeReading,
): void {
	if (name) {
		reading.defineFunction(name, javaScriptParameters(node, reading));
	}
}

/** A function's parameters, binding each default value as one of the parameter's values. */
function javaScriptParameters(node: CodeSyntaxNode, reading: CodeReading): Parameter[] {
	const single = fieldOf(node, 'parameter');
	if (single) {
		return [{ name: single.text, position: 0 }];
	}
	const list = fieldOf(node, 'parameters');
	return (list ? namedChildren(list) : []).flatMap((child, position): Parameter[] => {
		if (child.type === 'identifier') {
			return [{ name: child.text, position }];
		}
		if (child.type === 'assignment_pattern') {
			const left = fieldOf(child, 'left');
			const right = fieldOf(child, 'right');
			if (left?.type === 'identifier' && right) {
				reading.bind(left.text, { node: right });
				return [{ name: left.text, position }];
			}
		}
		if (child.type === 'rest_pattern') {
			const name = namedChildren(child)[0]?.text;
			return name ? [{ name, rest: true }] : [];
		}
		return [];
	});
}

/**
 * Records calls of named functions; binds the parameters of a function called where it is written (an IIFE), of an
 * array method's callback (`['a'].forEach(p => …)`) and of a `then` callback (`import('fs').then(fs => …)`).
 */
function bindCall(node: CodeSyntaxNode, reading: CodeReading): void {
	const callee = fieldOf(node, 'function');
	const written = writtenArguments(fieldOf(node, 'arguments'));
	const inner = callee?.type === 'parenthesized_expression' ? namedChildren(callee)[0] : callee;
	if (inner && FUNCTIONS.has(inner.type)) {
		reading.bindParameters(javaScriptParameters(inner, reading), written);
		return;
	}
	if (callee?.type === 'identifier') {
		reading.recordCall(callee.text, written);
		return;
	}
	const method =
		callee?.type === 'member_expression' ? fieldOf(callee, 'property')?.text : undefined;
	const object = callee ? fieldOf(callee, 'object') : undefined;
	const callback = written.positional[0];
	if (!method || !object || !callback || !FUNCTIONS.has(callback.type)) {
		return;
	}
	const first = javaScriptParameters(callback, reading)[0];
	if (first && ITERATING.has(method)) {
		reading.bind(first.name, { node: object, select: (values) => elementsOf(values) });
	} else if (first && method === 'then') {
		reading.bind(first.name, { node: object });
	}
}

function writtenArguments(node: CodeSyntaxNode | undefined): WrittenArguments {
	const positional = (node ? namedChildren(node) : []).filter(
		(child) => child.type !== 'spread_element',
	);
	return {
		positional: node?.type === 'template_string' ? [node] : positional,
		keywords: new Map(),
	};
}

const GLOBAL_OBJECTS = new Set(['globalThis', 'global', 'window', 'self', 'this']);

/** The global a member of the global object names (`globalThis.p` → `p`), `''` when computed, else undefined. */
function globalObjectMember(target: CodeSyntaxNode): string | undefined {
	const object = fieldOf(target, 'object');
	if (!object || !GLOBAL_OBJECTS.has(object.text)) {
		return undefined;
	}
	if (target.type === 'member_expression') {
		return fieldOf(target, 'property')?.text;
	}
	const index = fieldOf(target, 'index');
	return target.type === 'subscript_expression' && index?.type === 'string'
		? index.text.slice(1, -1)
		: target.type === 'subscript_expression'
			? ''
			: undefined;
}

function usedAsValue(node: CodeSyntaxNode, parent: CodeSyntaxNode): boolean {
	const at = (field: string) => fieldOf(parent, field)?.startIndex === node.startIndex;
	switch (parent.type) {
		case 'call_expression':
			return !at('function');
		case 'variable_declarator':
		case 'function_declaration':
		case 'function_expression':
			return !at('name');
		case 'assignment_expression':
			return !at('left');
		default:
			return true;
	}
}
