import { COM_FILE_CALL } from '../programs/windows';
import type { Redirect } from './commandLine';
import type { CommandCollector, WalkContext } from './commandCollector';
import type { ShellScope } from './shellScope';
import { childrenOf, type SyntaxNode } from './syntaxTree';

/** The single node a chain of one-child expression wrappers (`array_literal_expression` → `unary_expression` → …) comes down to. */
function innermost(node: SyntaxNode): SyntaxNode {
	let current = node;
	// A string holding one variable (`"$HOME\x"`) stops at the string: its text is the whole literal.
	while (current.childCount === 1 && !current.type.endsWith('string_literal')) {
		const only = current.child(0);
		if (!only) {
			break;
		}
		current = only;
	}
	return current;
}

/**
 * The value PowerShell gives a command argument: string literals unquoted, anything else as written, with the
 * variables the line assigned a known value (`$p = "$HOME\.ssh\id_rsa"; gc $p`) put in, outside single quotes.
 */
function psWordValue(node: SyntaxNode, scope?: ShellScope): string {
	const inner = innermost(node);
	const text = inner.text;
	const joined = joinedLiterals(text, scope);
	if (joined !== undefined) {
		return joined;
	}
	if (
		inner.type.includes('string') &&
		text.length >= 2 &&
		text.startsWith("'") &&
		text.endsWith("'")
	) {
		return text.slice(1, -1).replace(/''/g, "'");
	}
	if (
		inner.type.includes('string') &&
		text.length >= 2 &&
		text.startsWith('"') &&
		text.endsWith('"')
	) {
		return withLineVariables(text.slice(1, -1).replace(/`(.)/g, '$1').replace(/""/g, '"'), scope);
	}
	return withLineVariables(text, scope);
}

/**
 * `('Remove-Item -Recurse ' + $HOME)`: strings and variables (one, or several joined with `+`) inside parentheses, as
 * the one string PowerShell builds before it runs anything, with the variables the line set filled in and others left
 * for the resolver (`$HOME`, `$env:USERPROFILE`); `undefined` for any other expression.
 */
function joinedLiterals(text: string, scope: ShellScope | undefined): string | undefined {
	const body = /^\(\s*([\s\S]*?)\s*\)$/.exec(text.trim())?.[1];
	const parts = body?.match(/'(?:[^']|'')*'|"(?:[^"`]|`.)*"|\+|[^\s+]+/g);
	if (!parts || parts.length % 2 === 0) {
		return undefined;
	}
	const values = parts.filter((_, at) => at % 2 === 0);
	if (
		parts.some((part, at) => (at % 2 === 1) !== (part === '+')) ||
		!values.every((value) => JOINABLE.test(value))
	) {
		return undefined;
	}
	return values
		.map((value) =>
			value.startsWith("'")
				? value.slice(1, -1).replace(/''/g, "'")
				: withLineVariables(value.replace(/^"|"$/g, '').replace(/`(.)/g, '$1'), scope),
		)
		.join('');
}

/** A part of a joined string: a single- or double-quoted string, or a variable (`$HOME`, `$env:X`, `${x}`). */
const JOINABLE = /^'(?:[^']|'')*'$|^"(?:[^"`]|`.)*"$|^\$(?:env:)?\w+$|^\$\{[^}]+\}$/;

/** A PowerShell variable reference: `$name` or `${name}`, but not a drive-qualified `$env:NAME`. */
const VARIABLE = /\$\{?(\w+)\}?(?!:)/g;

/**
 * `text` with each variable the line gave a known value replaced by it (PowerShell's names ignore case); `quoted`
 * puts each value in single quotes, for a call's argument list where a value stands as a string literal.
 */
function withLineVariables(text: string, scope: ShellScope | undefined, quoted = false): string {
	return scope
		? text.replace(VARIABLE, (whole, name: string) => {
				const value = scope.lookup(`ps:${name.toLowerCase()}`);
				return typeof value !== 'string'
					? whole
					: quoted
						? `'${value.replace(/'/g, "''")}'`
						: value;
			})
		: text;
}

/**
 * `$name = <value>`: a string or bare word is remembered with the line's variables put in; anything else (a command,
 * an expression, a variable the line made unknown) is known only when the line runs.
 */
function assign(node: SyntaxNode, collector: CommandCollector, context: WalkContext): void {
	const [left, , right] = childrenOf(node).map((child) => child.node);
	const name = /^\$\{?(\w+)\}?$/.exec(left ? innermost(left).text : '')?.[1];
	if (name === undefined || !right) {
		return;
	}
	const scope = collector.scope(context);
	const value = innermost(right);
	const literal = value.type.includes('string');
	const text = literal ? psWordValue(value, scope) : '';
	const unknown =
		!literal ||
		/\$\(|@\(/.test(text) ||
		[...text.matchAll(VARIABLE)].some(
			(match) => scope.lookup(`ps:${(match[1] ?? '').toLowerCase()}`) === null,
		);
	collector.variables.assign(`ps:${name.toLowerCase()}`, unknown ? null : text);
}

/** A .NET static method call: `[System.IO.File]::Delete(`. */
const STATIC_CALL = /^\[[\w.]+\]::\w+\s*\(/;

/**
 * A statement that is one variable (`$env:GITHUB_TOKEN`) prints its value, as `Write-Output` would: surfaced as that
 * command so a credential printed that way is judged like one.
 */
function printsVariable(
	node: SyntaxNode,
	collector: CommandCollector,
	context: WalkContext,
): boolean {
	if (!/^\$(?:env:)?[A-Za-z_]\w*$/.test(node.text.trim())) {
		return false;
	}
	collector.add(
		{
			argv: ['Write-Output', node.text.trim()],
			text: node.text.trim(),
			redirects: [],
			stdinScripts: [],
		},
		context,
	);
	return true;
}

/**
 * A pipeline that starts with an expression and redirects it (`'{}' > settings.json`, `$x >> log`) writes the
 * expression's value to the file, as `Write-Output` would: surfaced as that command with the redirections.
 */
function writesExpression(
	node: SyntaxNode,
	collector: CommandCollector,
	context: WalkContext,
): void {
	const children = childrenOf(node);
	const redirections = children.find((child) => child.node.type === 'redirections')?.node;
	if (!redirections || children.some((child) => child.node.type === 'command')) {
		return;
	}
	const scope = collector.scope(context);
	const redirects = childrenOf(redirections)
		.filter((child) => child.node.type === 'redirection')
		.map((child) => readRedirection(child.node, scope));
	const value = children.find((child) => child.node.type !== 'redirections')?.node;
	collector.add(
		{
			argv: ['Write-Output', value ? psWordValue(value, scope) : ''],
			text: node.text.trim(),
			redirects,
			stdinScripts: [],
		},
		context,
	);
}

/**
 * Method calls that change files or run code, each surfaced as a command the effects read: a .NET static call
 * (`[IO.File]::WriteAllText(…)`), a `Scripting.FileSystemObject` method (`$fso.DeleteFolder(…)`), and a script block
 * built from a string (`[scriptblock]::Create('…')`), which is run as `Invoke-Expression` of that string would be.
 */
function surfaceCall(node: SyntaxNode, collector: CommandCollector, context: WalkContext): void {
	const text = withLineVariables(node.text, collector.scope(context), true);
	const created =
		/^\[(?:System\.Management\.Automation\.)?ScriptBlock\]::Create\s*\(([\s\S]*)\)$/i.exec(
			node.text.trim(),
		)?.[1];
	if (created !== undefined) {
		const code = joinedLiterals(`(${created})`, collector.scope(context)) ?? created;
		collector.add(
			{ argv: ['Invoke-Expression', code], text, redirects: [], stdinScripts: [] },
			context,
		);
		return;
	}
	// A copy without the global flag: `exec` on the shared pattern would move its `lastIndex` for later readers.
	const method = new RegExp(COM_FILE_CALL.source, 'i').exec(text)?.[1];
	if (STATIC_CALL.test(node.text) || method !== undefined) {
		const callee =
			method !== undefined
				? `FileSystemObject.${method}`
				: node.text.slice(0, node.text.indexOf('(')).trim();
		collector.add({ argv: [callee], text, redirects: [], stdinScripts: [] }, context);
	}
}

/** Walks a tree-sitter-powershell tree and adds every command it holds to the collector. */
export function walkPowerShell(
	root: SyntaxNode,
	collector: CommandCollector,
	context: WalkContext,
): void {
	visit(root, collector, context);
}

function visit(node: SyntaxNode, collector: CommandCollector, context: WalkContext): void {
	switch (node.type) {
		case 'command':
			visitCommand(node, collector, context);
			return;
		case 'pipeline_chain':
			if (!printsVariable(node, collector, context)) {
				writesExpression(node, collector, context);
				visitPipeline(node, collector, context);
			}
			return;
		case 'invokation_expression':
			surfaceCall(node, collector, context);
			break;
		case 'assignment_expression':
			assign(node, collector, context);
			break;
		case 'ERROR':
			collector.errors.push(`cannot read ${JSON.stringify(node.text.slice(0, 40))}`);
			break;
		default:
			if (node.isMissing) {
				collector.errors.push(`missing ${node.type}`);
			}
	}
	for (const child of childrenOf(node)) {
		visit(child.node, collector, context);
	}
}

function visitPipeline(node: SyntaxNode, collector: CommandCollector, context: WalkContext): void {
	const stages = childrenOf(node).filter((child) => child.node.type !== '|');
	const id = stages.length > 1 ? collector.newPipeline() : undefined;
	stages.forEach((stage, index) => {
		visit(
			stage.node,
			collector,
			id === undefined ? context : { ...context, pipeline: { id, stage: index } },
		);
	});
}

function readRedirection(node: SyntaxNode, scope: ShellScope): Redirect {
	const children = childrenOf(node);
	const operator =
		children.find((child) => child.node.type.endsWith('redirection_operator'))?.node.text ??
		node.text;
	const file = children.find((child) => child.node.type === 'redirected_file_name')?.node;
	const target = file
		? childrenOf(file)
				.filter((child) => child.node.type !== 'command_argument_sep')
				.map((child) => psWordValue(child.node, scope))
				.join('')
		: '';
	return { operator: operator.trim(), target };
}

function visitCommand(node: SyntaxNode, collector: CommandCollector, context: WalkContext): void {
	const argv: string[] = [];
	const redirects: Redirect[] = [];
	const nestedNodes: SyntaxNode[] = [];
	const scope = collector.scope(context);
	const addElement = (element: SyntaxNode): void => {
		const type = element.type;
		if (type === 'command_argument_sep') {
			return;
		}
		if (type === 'redirection' || type.endsWith('redirection_operator')) {
			redirects.push(readRedirection(element, scope));
		} else {
			argv.push(psWordValue(element, scope));
		}
		nestedNodes.push(element);
	};
	const addParts = (parent: SyntaxNode): void => {
		for (const child of childrenOf(parent)) {
			if (child.field === 'command_name') {
				argv.push(psWordValue(child.node));
				nestedNodes.push(child.node);
			} else if (child.field === 'command_elements') {
				if (child.node.type === 'command_elements') {
					childrenOf(child.node).forEach((element) => {
						addElement(element.node);
					});
				} else {
					addElement(child.node);
				}
			} else if (child.node.type === 'foreach_command') {
				// `ForEach-Object { … }` has a node of its own, with the cmdlet name as a keyword token.
				addParts(child.node);
			} else if (child.node.type === 'foreach-object') {
				argv.push(child.node.text);
			}
		}
	};
	addParts(node);
	const index =
		argv.length > 0
			? collector.add({ argv, text: node.text.trim(), redirects, stdinScripts: [] }, context)
			: undefined;
	const inner: WalkContext = {
		...context,
		origin: 'substitution',
		pipeline: undefined,
		background: undefined,
		...(index !== undefined ? { parent: index } : {}),
	};
	for (const nestedNode of nestedNodes) {
		for (const child of childrenOf(nestedNode)) {
			visit(child.node, collector, inner);
		}
	}
}
