import type { CodeReading } from '../codeReading';
import { clip } from '../codeReading';
import { fieldOf, namedChildren } from '../codeNodes';
import type { CodeSyntaxNode } from '../codeParser';
import { unknown } from '../codeValue';
import { emitShell } from '../apiHandlers';
import { concatenate, elementsOf } from '../symbolicOps';
import type { Candidates } from '../symbolicValue';
import { api, opaque, text, textsOf, union } from '../symbolicValue';
import { functionName, variableName } from './bindPhpNames';
import { phpString } from './phpString';
import { callables } from './phpValueApis';

type Evaluator = (node: CodeSyntaxNode, reading: CodeReading) => Candidates;

/** What one PHP expression stands for. */
export function evaluatePhp(node: CodeSyntaxNode, reading: CodeReading): Candidates {
	const evaluator = EVALUATORS[node.type];
	return evaluator ? evaluator(node, reading) : [opaque(`a PHP ${node.type.replace(/_/g, ' ')}`)];
}

const last: Evaluator = (node, reading) => {
	const inner = namedChildren(node).at(-1);
	return inner ? reading.evaluate(inner) : [{ kind: 'constant', value: null }];
};

function field(name: string): Evaluator {
	return (node, reading) => {
		const inner = fieldOf(node, name);
		return inner ? reading.evaluate(inner) : [{ kind: 'constant', value: null }];
	};
}

/** Backticks: the text runs as a shell command line; the value is its output. */
const shellCommand: Evaluator = (node, reading) => {
	emitShell(
		reading,
		{ api: 'shell_exec', args: [], keywords: new Map(), spread: false, text: clip(node.text) },
		phpString(node, reading),
	);
	return [text(unknown('the output of a command'))];
};

/**
 * `include $file`: a path computed at run time, or a stream that carries code rather than naming a file
 * (`data://…;base64,…`, `php://input`, a URL), loads code the reader cannot see.
 */
const includes: Evaluator = (node, reading) => {
	// Included code runs in this scope, so it may set any of the snippet's variables.
	reading.setsAnyName(`a variable ${clip(node.text)} may set`);
	for (const path of textsOf(last(node, reading))) {
		if (
			path.kind === 'unknown' ||
			/^(?:data|php|https?|ftps?|phar|zip|expect|glob):/i.test(path.text)
		) {
			reading.emit({
				kind: 'unknown',
				call: node.type.replace(/_expression$/, ''),
				why: `${clip(node.text)} runs code the reader cannot see`,
			});
		}
	}
	return [opaque('what included code returns')];
};

/** A bare name: a function or class the table knows (case-insensitive), else a constant. */
const name: Evaluator = (node, reading) => {
	const lower = functionName(node);
	return Object.prototype.hasOwnProperty.call(reading.rules.apis, lower)
		? [api(lower)]
		: [api(node.text.split('\\').at(-1) ?? node.text)];
};

const EVALUATORS: Readonly<Record<string, Evaluator>> = {
	string: phpString,
	encapsed_string: phpString,
	heredoc: phpString,
	nowdoc: phpString,
	shell_command_expression: shellCommand,
	integer: (node) => [{ kind: 'constant', value: Number(node.text.replace(/_/g, '')) }],
	float: (node) => [{ kind: 'constant', value: Number(node.text.replace(/_/g, '')) }],
	boolean: (node) => [{ kind: 'constant', value: node.text.toLowerCase() === 'true' }],
	null: () => [{ kind: 'constant', value: null }],
	variable_name: (node, reading) => reading.lookup(variableName(node) ?? '', node),
	dynamic_variable_name: (node) => [
		{ kind: 'dynamic', why: `${clip(node.text)} names a variable at run time` },
	],
	name,
	qualified_name: name,
	member_access_expression: (node, reading) =>
		reading.member(field('object')(node, reading), fieldOf(node, 'name')?.text ?? ''),
	subscript_expression: (node, reading) => {
		const [object, key] = namedChildren(node);
		return reading.subscript(
			object ? reading.evaluate(object) : [],
			key ? reading.evaluate(key) : [],
			node.text,
		);
	},
	function_call_expression: evaluateCall,
	member_call_expression: evaluateCall,
	nullsafe_member_call_expression: evaluateCall,
	scoped_call_expression: evaluateCall,
	object_creation_expression: evaluateCall,
	parenthesized_expression: last,
	cast_expression: field('value'),
	argument: last,
	array_creation_expression: evaluateArray,
	binary_expression: (node, reading) => {
		const operator = fieldOf(node, 'operator')?.text ?? '';
		const left = field('left')(node, reading);
		const right = field('right')(node, reading);
		return operator === '.'
			? concatenate(left, right)
			: ['??', '?:', '||', '&&', 'or', 'and'].includes(operator.toLowerCase())
				? union(left, right)
				: [opaque(`the result of ${operator}`)];
	},
	conditional_expression: (node, reading) =>
		union(
			fieldOf(node, 'body') ? field('body')(node, reading) : field('condition')(node, reading),
			field('alternative')(node, reading),
		),
	assignment_expression: field('right'),
	augmented_assignment_expression: (node, reading) => {
		const left = fieldOf(node, 'left');
		const operator = fieldOf(node, 'operator')?.text;
		return operator === '.=' && left
			? concatenate(reading.lookup(variableName(left) ?? '', left), field('right')(node, reading))
			: [opaque('an assignment with an operator')];
	},
	include_expression: includes,
	include_once_expression: includes,
	require_expression: includes,
	require_once_expression: includes,
	arrow_function: (node) => [{ kind: 'function', node }],
	anonymous_function: (node) => [{ kind: 'function', node }],
};

function evaluateArray(node: CodeSyntaxNode, reading: CodeReading): Candidates {
	const items: Candidates[] = [];
	const entries = new Map<string, Candidates>();
	let open = false;
	for (const element of namedChildren(node)) {
		const parts = namedChildren(element);
		if (element.text.startsWith('...')) {
			open = true;
		} else if (parts.length === 2 && parts[0] && parts[1]) {
			const keys = textsOf(reading.evaluate(parts[0]));
			const key = keys.length === 1 && keys[0]?.kind === 'literal' ? keys[0].text : undefined;
			if (key === undefined) {
				open = true;
			} else {
				entries.set(key, reading.evaluate(parts[1]));
			}
		} else if (parts[0]) {
			items.push(reading.evaluate(parts[0]));
		}
	}
	if (entries.size > 0) {
		items.forEach((item, index) => entries.set(String(index), item));
		return [open ? { kind: 'map', entries, open } : { kind: 'map', entries }];
	}
	return [open ? { kind: 'list', items, open } : { kind: 'list', items }];
}

/** A function, method, static method or constructor call. */
function evaluateCall(node: CodeSyntaxNode, reading: CodeReading): Candidates {
	const { args, keywords, spread } = evaluateArguments(
		fieldOf(node, 'arguments') ?? namedChildren(node).find((child) => child.type === 'arguments'),
		reading,
	);
	const site = { args, keywords, spread, text: clip(node.text) };
	return reading.call(callee(node, reading), site);
}

function callee(node: CodeSyntaxNode, reading: CodeReading): Candidates {
	switch (node.type) {
		case 'function_call_expression': {
			const values = field('function')(node, reading);
			return fieldOf(node, 'function')?.type === 'variable_name' ? callables(values) : values;
		}
		case 'scoped_call_expression': {
			const scope = fieldOf(node, 'scope');
			const method = fieldOf(node, 'name')?.text ?? '';
			return reading.member(scope ? reading.evaluate(scope) : [], method);
		}
		case 'object_creation_expression': {
			const type = namedChildren(node).find(
				(child) => child.type === 'name' || child.type === 'qualified_name',
			);
			return type ? reading.evaluate(type) : [opaque('an anonymous class')];
		}
		default:
			return reading.member(field('object')(node, reading), fieldOf(node, 'name')?.text ?? '');
	}
}

function evaluateArguments(
	node: CodeSyntaxNode | undefined,
	reading: CodeReading,
): { args: Candidates[]; keywords: Map<string, Candidates>; spread: boolean } {
	const args: Candidates[] = [];
	const keywords = new Map<string, Candidates>();
	let spread = false;
	for (const argument of node ? namedChildren(node) : []) {
		const named = fieldOf(argument, 'name')?.text;
		const value = namedChildren(argument).at(-1);
		const values = value ? reading.evaluate(value) : [];
		if (named) {
			keywords.set(named, values);
		} else if (argument.text.startsWith('...')) {
			const only = values.length === 1 ? values[0] : undefined;
			if (only?.kind === 'list' && !only.open) {
				args.push(...only.items);
			} else {
				args.push(elementsOf(values));
				spread = true;
			}
		} else {
			args.push(values);
		}
	}
	return { args, keywords, spread };
}
