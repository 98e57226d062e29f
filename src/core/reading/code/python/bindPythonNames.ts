import type { CodeReading, Parameter, WrittenArguments } from '../codeReading';
import { fieldOf, fieldsOf, namedChildren } from '../codeNodes';
import type { CodeSyntaxNode } from '../codeParser';
import { elementsOf, itemAt } from '../symbolicOps';
import type { Candidates } from '../symbolicValue';
import { api, opaque } from '../symbolicValue';
import { canonicalPythonModule } from './canonicalPythonModule';

/** The first pass over one Python node: what it imports, assigns, loops over, opens and defines. */
export function bindPythonNames(
	node: CodeSyntaxNode,
	parent: CodeSyntaxNode | undefined,
	reading: CodeReading,
): void {
	switch (node.type) {
		case 'import_statement':
			return bindImports(node, reading);
		case 'import_from_statement':
			return bindFromImports(node, reading);
		case 'assignment':
			return bindAssignment(node, reading);
		case 'augmented_assignment':
		case 'named_expression': {
			const target = fieldOf(node, node.type === 'named_expression' ? 'name' : 'left');
			if (target?.type === 'identifier') {
				reading.bind(
					target.text,
					{ node: node.type === 'named_expression' ? (fieldOf(node, 'value') ?? node) : node },
					node,
				);
			}
			return;
		}
		case 'for_statement':
		case 'for_in_clause':
			return bindPattern(fieldOf(node, 'left'), fieldOf(node, 'right'), reading, elementsOf);
		case 'as_pattern':
			return bindAsPattern(node, reading);
		case 'function_definition':
			return defineFunction(fieldOf(node, 'name')?.text, fieldOf(node, 'parameters'), reading);
		case 'call':
			return bindCall(node, reading);
		case 'identifier':
			if (parent && usedAsValue(node, parent)) {
				reading.notePassedAround(node.text);
			}
			return;
	}
}

function bindImports(node: CodeSyntaxNode, reading: CodeReading): void {
	for (const name of fieldsOf(node, 'name')) {
		if (name.type === 'aliased_import') {
			const module = fieldOf(name, 'name')?.text ?? '';
			const alias = fieldOf(name, 'alias')?.text;
			if (alias) {
				reading.bind(alias, { values: [api(canonicalPythonModule(module))] }, node);
			}
		} else {
			// `import os.path` binds `os`.
			const top = name.text.split('.')[0] ?? name.text;
			reading.bind(top, { values: [api(canonicalPythonModule(top))] }, node);
		}
	}
}

function bindFromImports(node: CodeSyntaxNode, reading: CodeReading): void {
	const moduleNode = fieldOf(node, 'module_name');
	const relative = moduleNode?.type === 'relative_import';
	const module = canonicalPythonModule(moduleNode?.text ?? '');
	if (namedChildren(node).some((child) => child.type === 'wildcard_import')) {
		if (!relative) {
			reading.openedModules.push(module);
		}
		return;
	}
	for (const name of fieldsOf(node, 'name')) {
		const imported =
			name.type === 'aliased_import' ? (fieldOf(name, 'name')?.text ?? '') : name.text;
		const local =
			name.type === 'aliased_import' ? (fieldOf(name, 'alias')?.text ?? imported) : imported;
		const value = relative
			? opaque(`${imported} from a local module`)
			: api(canonicalPythonModule(`${module}.${imported}`));
		reading.bind(local, { values: [value] }, node);
	}
}

function bindAssignment(node: CodeSyntaxNode, reading: CodeReading): void {
	const left = fieldOf(node, 'left');
	const right = fieldOf(node, 'right');
	if (left?.type === 'identifier' && right?.type === 'lambda') {
		defineFunction(left.text, fieldOf(right, 'parameters'), reading);
	}
	bindPattern(left, right, reading, undefined, node);
}

/**
 * Binds the names of an assignment or loop target, unpacking tuples item by item. The value takes effect at the end of
 * `at` (the whole assignment, so `p = join(p, 'x')` reads the earlier `p`; the target itself for a loop).
 */
function bindPattern(
	target: CodeSyntaxNode | undefined,
	value: CodeSyntaxNode | undefined,
	reading: CodeReading,
	select?: (values: Candidates) => Candidates,
	at: CodeSyntaxNode | undefined = target,
): void {
	if (!target || !value) {
		return;
	}
	if (target.type === 'identifier') {
		reading.bind(target.text, select ? { node: value, select } : { node: value }, at);
		return;
	}
	if (['pattern_list', 'tuple_pattern', 'list_pattern'].includes(target.type)) {
		namedChildren(target).forEach((item, position) => {
			const name = item.type === 'list_splat_pattern' ? namedChildren(item)[0] : item;
			if (name?.type === 'identifier') {
				const pick = item === name ? itemAt(position) : elementsOf;
				reading.bind(
					name.text,
					{ node: value, select: select ? (values) => pick(select(values)) : pick },
					at,
				);
			}
		});
	}
}

/** `with open(p) as f`, `except E as e`: the alias takes the value before `as`. */
function bindAsPattern(node: CodeSyntaxNode, reading: CodeReading): void {
	const value = namedChildren(node)[0];
	const alias = fieldOf(node, 'alias');
	const name = alias ? (namedChildren(alias)[0] ?? alias) : undefined;
	if (value && name?.type === 'identifier') {
		reading.bind(name.text, { node: value }, name);
	}
}

function defineFunction(
	name: string | undefined,
	parametersNode: CodeSyntaxNode | undefined,
	reading: CodeReading,
): void {
	if (name) {
		reading.defineFunction(name, pythonParameters(parametersNode, reading));
	}
}

/** A Python parameter list, binding each default value as one of the parameter's values. */
function pythonParameters(node: CodeSyntaxNode | undefined, reading: CodeReading): Parameter[] {
	const parameters: Parameter[] = [];
	let position = 0;
	let keywordOnly = false;
	for (const child of node ? namedChildren(node) : []) {
		if (child.type === 'list_splat_pattern' || child.type === 'dictionary_splat_pattern') {
			const name = namedChildren(child)[0]?.text;
			keywordOnly = true;
			if (name) {
				parameters.push({ name, rest: true });
			}
			continue;
		}
		if (child.type === 'keyword_separator') {
			keywordOnly = true;
			continue;
		}
		const nameNode =
			fieldOf(child, 'name') ?? (child.type === 'identifier' ? child : namedChildren(child)[0]);
		const defaultValue = fieldOf(child, 'value');
		if (nameNode?.type !== 'identifier') {
			continue;
		}
		if (defaultValue) {
			reading.bind(nameNode.text, { node: defaultValue });
		}
		parameters.push(
			keywordOnly ? { name: nameNode.text } : { name: nameNode.text, position: position++ },
		);
	}
	return parameters;
}

/** Records calls of named functions, binds a lambda called where it is written, and `map(lambda p: …, items)`. */
function bindCall(node: CodeSyntaxNode, reading: CodeReading): void {
	const callee = fieldOf(node, 'function');
	const written = writtenArguments(fieldOf(node, 'arguments'));
	const inner = callee?.type === 'parenthesized_expression' ? namedChildren(callee)[0] : callee;
	if (inner?.type === 'lambda') {
		reading.bindParameters(pythonParameters(fieldOf(inner, 'parameters'), reading), written);
	} else if (callee?.type === 'identifier') {
		reading.recordCall(callee.text, written);
		const [mapped, items] = written.positional;
		if (['map', 'filter'].includes(callee.text) && mapped?.type === 'lambda' && items) {
			const first = pythonParameters(fieldOf(mapped, 'parameters'), reading)[0];
			if (first) {
				reading.bind(first.name, { node: items, select: elementsOf });
			}
		}
	}
}

function writtenArguments(node: CodeSyntaxNode | undefined): WrittenArguments {
	const positional: CodeSyntaxNode[] = [];
	const keywords = new Map<string, CodeSyntaxNode>();
	for (const child of node ? namedChildren(node) : []) {
		if (child.type === 'keyword_argument') {
			const name = fieldOf(child, 'name')?.text;
			const value = fieldOf(child, 'value');
			if (name && value) {
				keywords.set(name, value);
			}
		} else if (child.type !== 'list_splat' && child.type !== 'dictionary_splat') {
			positional.push(child);
		}
	}
	return { positional, keywords };
}

/** Whether a name is used as a value: not called, not defined, not assigned to. */
function usedAsValue(node: CodeSyntaxNode, parent: CodeSyntaxNode): boolean {
	const at = (field: string) => fieldOf(parent, field)?.startIndex === node.startIndex;
	switch (parent.type) {
		case 'call':
			return !at('function');
		case 'function_definition':
			return !at('name');
		case 'assignment':
			return !at('left');
		default:
			return true;
	}
}
