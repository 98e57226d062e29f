import type { CodeReading } from '../codeReading';
import { clip } from '../codeReading';
import { fieldOf, namedChildren } from '../codeNodes';
import type { CodeSyntaxNode } from '../codeParser';
import { unknown } from '../codeValue';
import { emitCode, emitShell } from '../apiHandlers';
import { memberNamed } from '../dynamicAccess';
import { concatenate, elementsOf, joinPaths } from '../symbolicOps';
import type { Candidates, SymbolicValue } from '../symbolicValue';
import { api, opaque, text, textsOf, union } from '../symbolicValue';
import { isCommandHeredoc } from './bindRubyNames';
import { rubyString } from './rubyString';

type Evaluator = (node: CodeSyntaxNode, reading: CodeReading) => Candidates;

/** What one Ruby expression stands for. */
export function evaluateRuby(node: CodeSyntaxNode, reading: CodeReading): Candidates {
	const evaluator = EVALUATORS[node.type];
	return evaluator ? evaluator(node, reading) : [opaque(`a Ruby ${node.type.replace(/_/g, ' ')}`)];
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

/** Backticks and `%x(…)`: the text runs as a shell command line; the value is its output. */
const subshell: Evaluator = (node, reading) => {
	const line = rubyString(node, reading);
	emitShell(
		reading,
		{ api: 'Kernel.`', args: [], keywords: new Map(), spread: false, text: clip(node.text) },
		line,
	);
	return [text(unknown('the output of a command'))];
};

/** A heredoc body: a backtick heredoc (``<<~`CMD` ``) runs its text. */
const heredocBody: Evaluator = (node, reading) =>
	isCommandHeredoc(node, reading) ? subshell(node, reading) : rubyString(node, reading);

const EVALUATORS: Readonly<Record<string, Evaluator>> = {
	string: rubyString,
	bare_string: rubyString,
	simple_symbol: rubyString,
	delimited_symbol: rubyString,
	hash_key_symbol: rubyString,
	heredoc_body: heredocBody,
	subshell,
	integer: (node) => [{ kind: 'constant', value: Number(node.text.replace(/_/g, '')) }],
	float: (node) => [{ kind: 'constant', value: Number(node.text.replace(/_/g, '')) }],
	true: () => [{ kind: 'constant', value: true }],
	false: () => [{ kind: 'constant', value: false }],
	nil: () => [{ kind: 'constant', value: null }],
	self: () => [api('Kernel')],
	identifier: (node, reading) => reading.lookup(node.text, node),
	constant: (node, reading) => reading.lookup(node.text, node),
	scope_resolution: (node, reading) => {
		const scope = fieldOf(node, 'scope');
		const name = fieldOf(node, 'name')?.text ?? '';
		return scope
			? reading.member(reading.evaluate(scope), name)
			: reading.rules.global(name, reading);
	},
	element_reference: (node, reading) => {
		const [object, key] = namedChildren(node);
		return reading.subscript(
			object ? reading.evaluate(object) : [],
			key ? reading.evaluate(key) : [],
			node.text,
		);
	},
	call: evaluateCall,
	array: evaluateItems,
	right_assignment_list: evaluateItems,
	string_array: evaluateItems,
	symbol_array: evaluateItems,
	hash: evaluateHash,
	parenthesized_statements: last,
	begin: last,
	interpolation: last,
	conditional: (node, reading) =>
		union(field('consequence')(node, reading), field('alternative')(node, reading)),
	binary: (node, reading) =>
		binary(
			fieldOf(node, 'operator')?.text ?? '',
			field('left')(node, reading),
			field('right')(node, reading),
		),
	assignment: field('right'),
	operator_assignment: (node, reading) => {
		const left = fieldOf(node, 'left');
		const operator = (fieldOf(node, 'operator')?.text ?? '').replace(/=$/, '');
		const before = left ? reading.lookup(left.text, left) : [];
		return binary(operator === '||' ? '||' : operator, before, field('right')(node, reading));
	},
	lambda: (node) => [{ kind: 'function', node }],
};

function binary(operator: string, left: Candidates, right: Candidates): Candidates {
	switch (operator) {
		case '+':
			return concatenate(left, right);
		case '/':
			// `Pathname.new('~') / '.ssh'` joins; between numbers it divides, which no call here cares about.
			return union(
				...left.map((value): Candidates =>
					value.kind === 'instance' && value.type === 'Pathname'
						? joinPaths([[value], right]).map((path) => pathname(path))
						: [opaque('a quotient')],
				),
			);
		case '||':
		case '&&':
		case 'or':
		case 'and':
			return union(left, right);
		default:
			return [opaque(`the result of ${operator}`)];
	}
}

/** A `Pathname` holding a path value. */
export function pathname(value: SymbolicValue): SymbolicValue {
	return { kind: 'instance', type: 'Pathname', path: textsOf([value])[0] ?? unknown('a path') };
}

function evaluateItems(node: CodeSyntaxNode, reading: CodeReading): Candidates {
	const items: Candidates[] = [];
	let open = false;
	for (const child of namedChildren(node)) {
		if (child.type === 'splat_argument') {
			open = true;
		} else {
			items.push(reading.evaluate(child));
		}
	}
	return [open ? { kind: 'list', items, open } : { kind: 'list', items }];
}

function evaluateHash(node: CodeSyntaxNode, reading: CodeReading): Candidates {
	const entries = new Map<string, Candidates>();
	let open = false;
	for (const pair of namedChildren(node)) {
		const key = fieldOf(pair, 'key');
		const value = fieldOf(pair, 'value');
		const names = key ? textsOf(reading.evaluate(key)) : [];
		if (pair.type === 'pair' && value && names.length === 1 && names[0]?.kind === 'literal') {
			entries.set(names[0].text, reading.evaluate(value));
		} else {
			open = true;
		}
	}
	return [open ? { kind: 'map', entries, open } : { kind: 'map', entries }];
}

/** Methods that evaluate a string as Ruby code, whatever object they are called on. */
const EVALS = new Set([
	'eval',
	'instance_eval',
	'class_eval',
	'module_eval',
	'class_exec',
	'instance_exec',
]);
/** Methods that call another method named by their first argument. */
const SENDS = new Set(['send', 'public_send', '__send__']);
/** Methods that return a method object named by their first argument (`method(:system)`). */
const METHOD_OBJECTS = new Set([
	'method',
	'public_method',
	'instance_method',
	'public_instance_method',
]);
/** Methods of a method object that give the same method back (`method(:system).to_proc`). */
const SAME_METHOD = new Set(['to_proc', 'bind', 'unbind', 'curry']);

/**
 * A method call. `obj.send(:name, …)` calls `obj.name`; `m.call(…)` and `m.(…)` call a method object
 * (`method(:system)`); `eval`-family methods run their string as code on any receiver; a call with no receiver is a
 * `Kernel` method or one the snippet defines.
 */
function evaluateCall(node: CodeSyntaxNode, reading: CodeReading): Candidates {
	const receiverNode = fieldOf(node, 'receiver');
	const methodNode = fieldOf(node, 'method');
	const method = methodNode?.text;
	const receiver = receiverNode ? reading.evaluate(receiverNode) : undefined;
	const { args, keywords, spread } = evaluateArguments(fieldOf(node, 'arguments'), reading);
	const site = { args, keywords, spread, text: clip(node.text) };
	if (method && EVALS.has(method) && (args[0] || !receiver)) {
		emitCode(
			reading,
			{ ...site, api: `Kernel.${method}` },
			'ruby',
			args[0] ?? [text(unknown('a block'))],
		);
		return [{ kind: 'dynamic', why: `the result of code run by ${method}` }];
	}
	// Every object has Kernel's methods, so `obj.send(:system, …)` is `Kernel.system` whatever `obj` is.
	const withKernel = union(receiver ?? [], [api('Kernel')]);
	if (method && SENDS.has(method)) {
		const target = memberNamed(reading, withKernel, args[0] ?? [], node.text);
		return reading.call(target, { ...site, args: args.slice(1) });
	}
	if (method && METHOD_OBJECTS.has(method)) {
		return memberNamed(reading, withKernel, args[0] ?? [], node.text);
	}
	if (
		receiver &&
		method &&
		SAME_METHOD.has(method) &&
		receiver.some((value) => value.kind === 'api')
	) {
		return receiver;
	}
	if (receiver && method === 'bind_call') {
		return reading.call(receiver, { ...site, args: args.slice(1) });
	}
	if (!receiver && methodNode?.type === 'constant') {
		// `URI('…')`, `Pathname('…')`, `Integer(x)`: a Kernel method named like a class.
		return reading.call([api(`Kernel.${methodNode.text}`)], site);
	}
	if (receiver && (method === undefined || method === 'call')) {
		return reading.call(receiver, site);
	}
	if (!method) {
		return [opaque('a call')];
	}
	return reading.call(
		receiver ? reading.member(receiver, method) : reading.lookup(method, node),
		site,
	);
}

function evaluateArguments(
	node: CodeSyntaxNode | undefined,
	reading: CodeReading,
): { args: Candidates[]; keywords: Map<string, Candidates>; spread: boolean } {
	const args: Candidates[] = [];
	const keywords = new Map<string, Candidates>();
	let spread = false;
	for (const child of node ? namedChildren(node) : []) {
		const key = child.type === 'pair' ? fieldOf(child, 'key') : undefined;
		const value = child.type === 'pair' ? fieldOf(child, 'value') : undefined;
		if (key && value) {
			const names = textsOf(reading.evaluate(key));
			const name = names.length === 1 && names[0]?.kind === 'literal' ? names[0].text : undefined;
			if (name !== undefined) {
				keywords.set(name, reading.evaluate(value));
			}
		} else if (child.type === 'splat_argument' || child.type === 'hash_splat_argument') {
			// `*words` of one known list passes its items; anything else passes what the reader cannot count.
			const inner = namedChildren(child)[0];
			const values = inner ? reading.evaluate(inner) : [];
			const only = values.length === 1 ? values[0] : undefined;
			if (child.type === 'splat_argument' && only?.kind === 'list' && !only.open) {
				args.push(...only.items);
			} else {
				args.push(elementsOf(values));
				spread = true;
			}
		} else if (child.type !== 'block_argument') {
			args.push(reading.evaluate(child));
		}
	}
	return { args, keywords, spread };
}
