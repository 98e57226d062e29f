import type { CodeReading, Parameter, WrittenArguments } from '../codeReading';
import { fieldOf, namedChildren } from '../codeNodes';
import type { CodeSyntaxNode } from '../codeParser';
import { elementsOf, itemAt } from '../symbolicOps';

/** Methods whose block's first parameter takes each item of the receiver. */
const ITERATING = new Set([
	'each',
	'each_with_index',
	'each_with_object',
	'map',
	'collect',
	'flat_map',
	'select',
	'filter',
	'reject',
	'each_entry',
	'find',
	'detect',
	'any?',
	'all?',
]);

/** Heredoc openings waiting for their bodies, per reading (a body comes lines after its opening). */
const openHeredocs = new WeakMap<CodeReading, CodeSyntaxNode[]>();
/** Bodies of backtick heredocs (``<<~`CMD` ``), which run as shell command lines, per reading. */
const commandHeredocs = new WeakMap<CodeReading, Set<number>>();

/** Whether a heredoc body is the text of a backtick heredoc. */
export function isCommandHeredoc(body: CodeSyntaxNode, reading: CodeReading): boolean {
	return commandHeredocs.get(reading)?.has(body.startIndex) ?? false;
}

/** The first pass over one Ruby node: what it assigns, includes, defines and hands to blocks. */
export function bindRubyNames(
	node: CodeSyntaxNode,
	parent: CodeSyntaxNode | undefined,
	reading: CodeReading,
): void {
	switch (node.type) {
		case 'assignment':
			return bindAssignment(node, reading);
		case 'operator_assignment': {
			const left = fieldOf(node, 'left');
			if (left && (left.type === 'identifier' || left.type === 'constant')) {
				reading.bind(left.text, { node }, node);
			}
			return;
		}
		case 'for': {
			const pattern = fieldOf(node, 'pattern');
			const value = fieldOf(node, 'value');
			const collection = value ? (namedChildren(value)[0] ?? value) : undefined;
			if (pattern?.type === 'identifier' && collection) {
				reading.bind(
					pattern.text,
					{ node: collection, select: (values) => elementsOf(values) },
					pattern,
				);
			}
			return;
		}
		case 'method':
			return defineMethod(node, reading);
		case 'call':
			return bindCall(node, reading);
		case 'heredoc_beginning':
			openHeredocs.set(reading, [...(openHeredocs.get(reading) ?? []), node]);
			return;
		case 'heredoc_body': {
			const [opening, ...rest] = openHeredocs.get(reading) ?? [];
			openHeredocs.set(reading, rest);
			if (opening) {
				reading.substitute(opening, node);
			}
			if (opening?.text.includes('`')) {
				commandHeredocs.set(
					reading,
					(commandHeredocs.get(reading) ?? new Set()).add(node.startIndex),
				);
			}
			return;
		}
		case 'identifier':
			if (parent && usedAsValue(node, parent)) {
				reading.notePassedAround(node.text);
			}
			return;
	}
}

/** An assignment's value takes effect at its end, so `p = File.join(p, 'x')` reads the earlier `p`. */
function bindAssignment(node: CodeSyntaxNode, reading: CodeReading): void {
	const left = fieldOf(node, 'left');
	const right = fieldOf(node, 'right');
	if (!left || !right) {
		return;
	}
	if (left.type === 'identifier' || left.type === 'constant') {
		reading.bind(left.text, { node: right }, node);
	} else if (left.type === 'left_assignment_list') {
		namedChildren(left).forEach((name, position) => {
			if (name.type === 'identifier') {
				reading.bind(name.text, { node: right, select: itemAt(position) }, node);
			}
		});
	}
}

function defineMethod(node: CodeSyntaxNode, reading: CodeReading): void {
	const name = fieldOf(node, 'name')?.text;
	if (name) {
		reading.defineFunction(name, rubyParameters(fieldOf(node, 'parameters'), reading));
	}
}

/** A method's, block's or lambda's parameters, binding each default value as one of the parameter's values. */
function rubyParameters(node: CodeSyntaxNode | undefined, reading: CodeReading): Parameter[] {
	let position = 0;
	return (node ? namedChildren(node) : []).flatMap((child): Parameter[] => {
		const name = child.type === 'identifier' ? child.text : fieldOf(child, 'name')?.text;
		const value = fieldOf(child, 'value');
		if (!name) {
			position++;
			return [];
		}
		if (value) {
			reading.bind(name, { node: value });
		}
		switch (child.type) {
			case 'identifier':
			case 'optional_parameter':
				return [{ name, position: position++ }];
			case 'keyword_parameter':
				return [{ name }];
			default:
				return [{ name, rest: true }];
		}
	});
}

/**
 * Records calls of methods the snippet defines, and binds block parameters: an iterating method's block takes each
 * item of the receiver; any other block (`File.open(p) { |f| … }`) takes what the call yields, read as its value.
 */
function bindCall(node: CodeSyntaxNode, reading: CodeReading): void {
	const method = fieldOf(node, 'method');
	const receiver = fieldOf(node, 'receiver');
	if (method && !receiver) {
		reading.recordCall(method.text, writtenArguments(fieldOf(node, 'arguments')));
	}
	if (!receiver && (method?.text === 'include' || method?.text === 'extend')) {
		// `include FileUtils` puts `rm_rf` and friends in scope unqualified.
		const modules = fieldOf(node, 'arguments');
		for (const module of modules ? namedChildren(modules) : []) {
			reading.openedModules.push(module.text.replace(/^::/, '').replace(/::/g, '.'));
		}
	}
	const block = fieldOf(node, 'block');
	const first = block ? rubyParameters(fieldOf(block, 'parameters'), reading)[0] : undefined;
	if (!first || !method) {
		return;
	}
	if (receiver && ITERATING.has(method.text)) {
		reading.bind(first.name, { node: receiver, select: (values) => elementsOf(values) });
	} else {
		reading.bind(first.name, { node });
	}
}

function writtenArguments(node: CodeSyntaxNode | undefined): WrittenArguments {
	const positional: CodeSyntaxNode[] = [];
	const keywords = new Map<string, CodeSyntaxNode>();
	for (const child of node ? namedChildren(node) : []) {
		const key = child.type === 'pair' ? fieldOf(child, 'key') : undefined;
		const value = child.type === 'pair' ? fieldOf(child, 'value') : undefined;
		if (key?.type === 'hash_key_symbol' && value) {
			keywords.set(key.text, value);
		} else if (child.type !== 'splat_argument' && child.type !== 'block_argument') {
			positional.push(child);
		}
	}
	return { positional, keywords };
}

function usedAsValue(node: CodeSyntaxNode, parent: CodeSyntaxNode): boolean {
	const at = (field: string) => fieldOf(parent, field)?.startIndex === node.startIndex;
	switch (parent.type) {
		case 'call':
			return !at('method');
		case 'method':
			return !at('name');
		case 'assignment':
			return !at('left');
		default:
			return true;
	}
}
