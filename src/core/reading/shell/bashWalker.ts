import type { Redirect } from './commandLine';
import type { CommandCollector, WalkContext } from './commandCollector';
import { bashWordValue, expandedWords } from './bashWords';
import { listedPaths } from './listings';
import { pathPrintedBy } from '../programs/printedPaths';
import { childrenOf, type SyntaxNode } from './syntaxTree';
import type { ShellScope } from './shellScope';

/** Redirects and stdin scripts a `redirected_statement` hands to the commands of its body. */
interface Attached {
	readonly redirects: readonly Redirect[];
	readonly stdinScripts: readonly string[];
	/** The statement's text, shown for the command when the body is a single command. */
	readonly text?: string;
	/** Words written after a redirect's target (`git checkout >f -- a`): arguments of the command, as bash reads them. */
	readonly words?: readonly string[];
}

const NONE: Attached = { redirects: [], stdinScripts: [] };

/** Environment variables whose value programs run as a shell command line. */
const SHELL_COMMAND_VARIABLES = new Set([
	'GIT_SSH_COMMAND',
	'GIT_SSH',
	'GIT_EDITOR',
	'GIT_SEQUENCE_EDITOR',
	'GIT_PAGER',
	'GIT_EXTERNAL_DIFF',
	'GIT_ASKPASS',
	'GIT_PROXY_COMMAND',
	'PAGER',
	'MANPAGER',
	'SYSTEMD_PAGER',
	'EDITOR',
	'VISUAL',
	'BROWSER',
	'PROMPT_COMMAND',
	'SSH_ASKPASS',
	'SUDO_ASKPASS',
	'RSYNC_RSH',
	'CVS_RSH',
	'LESSOPEN',
	'LESSCLOSE',
]);

/**
 * The command line a variable's value stands for, when the variable is one programs run: `less` runs LESSOPEN's
 * value after a leading `|`, `||` or `-`, which only say how it reads the output.
 */
function variableCommand(name: string, value: string): string | undefined {
	if (!SHELL_COMMAND_VARIABLES.has(name)) {
		return undefined;
	}
	return name.startsWith('LESS') ? value.replace(/^\|{0,2}-?/, '') : value;
}

/** Prompt strings the shell expands at every prompt: their `$(…)` and backquotes run each time. */
const PROMPT_VARIABLES = new Set(['PS0', 'PS1', 'PS2', 'PS4']);

/** The commands a prompt string runs when it is shown (`PS1='$(git branch) $ '` runs `git branch`), one per line. */
function promptCommands(name: string, value: string): string | undefined {
	if (!PROMPT_VARIABLES.has(name)) {
		return undefined;
	}
	const commands = [...value.matchAll(/\$\(((?:[^()]|\([^()]*\))*)\)|`([^`]*)`/g)].map(
		(match) => match[1] ?? match[2] ?? '',
	);
	return commands.length > 0 ? commands.join('\n') : undefined;
}

/**
 * The body of a here-document tree-sitter read as words of the redirect (a body whose first line starts with a
 * backslash, `\\! rm -rf ~`, leaves `heredoc_body` empty): the lines between the start and the delimiter.
 */
function bodyReadAsWords(
	node: SyntaxNode,
	children: ReturnType<typeof childrenOf>,
): string | undefined {
	const text = node.text;
	const firstBreak = text.indexOf('\n');
	const lastBreak = text.lastIndexOf('\n');
	return children.some((child) => child.field === 'argument') && firstBreak < lastBreak
		? text.slice(firstBreak + 1, lastBreak + 1)
		: undefined;
}

/** Reads one redirect node (`2>>log`, `<<EOF … EOF`, `<<< "$x"`) into a redirect and, for here-documents, the text fed to stdin. */
function readRedirect(
	node: SyntaxNode,
	scope?: ShellScope,
): {
	redirects: Redirect[];
	stdin?: string;
	words?: string[];
} {
	const children = childrenOf(node);
	if (node.type === 'heredoc_redirect') {
		const start = children.find((child) => child.node.type === 'heredoc_start');
		const operator = children.find((child) => child.node.type.startsWith('<<'))?.node.type ?? '<<';
		const body = children.find((child) => child.node.type === 'heredoc_body');
		// Redirects written after the delimiter on the same line (`cat <<EOF > out`) sit inside the heredoc node.
		const more = children
			.filter((child) => child.node.type.endsWith('_redirect'))
			.map((child) => readRedirect(child.node, scope).redirects)
			.flat();
		const written = body?.node.text;
		const stdin =
			written === undefined || written === ''
				? (bodyReadAsWords(node, children) ?? written)
				: written;
		return {
			redirects: [{ operator, target: (start?.node.text ?? '').replace(/['"\\]/g, '') }, ...more],
			...(stdin !== undefined ? { stdin } : {}),
		};
	}
	const descriptor =
		children.find((child) => child.node.type === 'file_descriptor')?.node.text ?? '';
	const operator = children.find(
		(child) => !/^[a-z_]+$/.exec(child.node.type) && child.field !== 'destination',
	);
	const destinations = children.filter(
		(child) =>
			child.field === 'destination' ||
			(node.type === 'herestring_redirect' &&
				child.node !== operator?.node &&
				child.node.type !== 'file_descriptor'),
	);
	if (node.type === 'herestring_redirect') {
		const text = destinations.map((child) => bashWordValue(child.node)).join(' ');
		return {
			redirects: [{ operator: `${descriptor}${operator?.node.type ?? ''}`, target: text }],
			stdin: text,
		};
	}
	// tree-sitter-bash hangs the words after a redirect's target on the redirect; bash gives them to the command.
	// The target is expanded as bash expands it, with the variables the line set (`p=~/.bashrc; echo x >> "$p"`).
	const [first, ...rest] = destinations.map((child) =>
		scope ? expandedWords(child.node, scope).join(' ') : bashWordValue(child.node),
	);
	const redirect = { operator: `${descriptor}${operator?.node.type ?? ''}`, target: first ?? '' };
	return { redirects: [redirect], ...(rest.length > 0 && { words: rest }) };
}

/** Walks a tree-sitter-bash tree and adds every simple command it holds to the collector. */
export function walkBash(
	root: SyntaxNode,
	collector: CommandCollector,
	context: WalkContext,
): void {
	visit(root, collector, context, NONE);
}

function visit(
	node: SyntaxNode,
	collector: CommandCollector,
	context: WalkContext,
	attached: Attached,
): void {
	switch (node.type) {
		case 'command':
			visitCommand(node, collector, context, attached);
			return;
		case 'redirected_statement':
			visitRedirected(node, collector, context, attached);
			return;
		case 'pipeline':
			visitPipeline(node, collector, context, attached);
			return;
		case 'list':
			visitList(node, collector, context, attached);
			return;
		case 'variable_assignment':
			assign(node, collector, context);
			return;
		case 'declaration_command':
			visitDeclaration(node, collector, context, attached);
			return;
		case 'for_statement':
			visitFor(node, collector, context, attached);
			return;
		case 'function_definition':
			visitFunction(node, collector, context, attached);
			return;
		case 'subshell':
			visitChildren(
				node,
				collector,
				{ ...context, subshell: `${context.subshell ?? ''}/${collector.newSubshell()}` },
				attached,
			);
			return;
		case 'command_substitution':
			visitCommandSubstitution(node, collector, context);
			return;
		case 'process_substitution':
			visitProcessSubstitution(node, collector, context);
			return;
		case 'ERROR':
			collector.errors.push(`cannot read ${JSON.stringify(node.text.slice(0, 40))}`);
			visitChildren(node, collector, context, attached);
			return;
		default:
			if (node.isMissing) {
				collector.errors.push(`missing ${node.type}`);
			}
			visitChildren(node, collector, context, attached);
	}
}

/** tree-sitter-bash hangs `a && b > f`'s redirect on the list, but bash gives it to the last command only. */
function visitList(
	node: SyntaxNode,
	collector: CommandCollector,
	context: WalkContext,
	attached: Attached,
): void {
	const statements = childrenOf(node).filter((child) => !['&&', '||'].includes(child.node.type));
	statements.forEach((child, index) => {
		visit(child.node, collector, context, index === statements.length - 1 ? attached : NONE);
	});
}

/** A function's body, read where it is defined and marked with its name so a later call can run it. */
function visitFunction(
	node: SyntaxNode,
	collector: CommandCollector,
	context: WalkContext,
	attached: Attached,
): void {
	const name = childrenOf(node).find((child) => child.field === 'name')?.node.text;
	visitChildren(
		node,
		collector,
		name === undefined
			? context
			: { ...context, inFunction: name, functionScope: context.subshell ?? '' },
		attached,
	);
}

/** `$(…)` runs on its own; `$(< file)` is bash's `$(cat file)`: the file is read though no program is named. */
function visitCommandSubstitution(
	node: SyntaxNode,
	collector: CommandCollector,
	context: WalkContext,
): void {
	const redirects = childrenOf(node).filter((child) => !['$(', ')', '`'].includes(child.node.type));
	if (redirects.length === 0 || redirects.some((child) => child.node.type !== 'file_redirect')) {
		visitChildren(node, collector, nested(context, 'substitution'), NONE);
		return;
	}
	collector.add(
		{
			argv: ['cat'],
			text: node.text,
			redirects: redirects.flatMap(
				(child) => readRedirect(child.node, collector.scope(context)).redirects,
			),
			stdinScripts: [],
		},
		nested(context, 'substitution'),
	);
}

/** `>(…)` reads what its writer writes: for a shell in it, that output is the script it runs. */
function visitProcessSubstitution(
	node: SyntaxNode,
	collector: CommandCollector,
	context: WalkContext,
): void {
	const writer = collector.writerInto(node.text);
	const inner = nested(context, 'processSubstitution');
	visitChildren(node, collector, writer === undefined ? inner : { ...inner, fedBy: writer }, NONE);
}

/** Context for commands inside a substitution: they run on their own, outside the enclosing pipeline and `&`. */
function nested(context: WalkContext, origin: WalkContext['origin']): WalkContext {
	return { ...context, origin, pipeline: undefined, fedBy: undefined, background: undefined };
}

function visitChildren(
	node: SyntaxNode,
	collector: CommandCollector,
	context: WalkContext,
	attached: Attached,
): void {
	const children = childrenOf(node);
	children.forEach((child, index) => {
		const background = children[index + 1]?.node.type === '&';
		visit(child.node, collector, background ? { ...context, background: true } : context, attached);
	});
}

function visitRedirected(
	node: SyntaxNode,
	collector: CommandCollector,
	context: WalkContext,
	attached: Attached,
): void {
	const redirects = [...attached.redirects];
	const stdinScripts = [...attached.stdinScripts];
	const words = [...(attached.words ?? [])];
	const children = childrenOf(node);
	for (const child of children) {
		if (child.field === 'redirect' || child.node.type.endsWith('_redirect')) {
			const read = readRedirect(child.node, collector.scope(context));
			redirects.push(...read.redirects);
			words.push(...(read.words ?? []));
			if (read.stdin !== undefined) {
				stdinScripts.push(read.stdin);
			}
		}
	}
	const body = children.find((child) => child.field === 'body')?.node;
	const tail = body ? heredocPipeTail(children) : undefined;
	const pipeline = tail ? collector.newPipeline() : undefined;
	if (body) {
		visit(
			body,
			collector,
			pipeline === undefined ? context : { ...context, pipeline: { id: pipeline, stage: 0 } },
			{
				redirects,
				stdinScripts,
				words,
				text: body.type === 'command' ? node.text : undefined,
			},
		);
	} else if (redirects.length > 0) {
		// A redirect alone (`> .git/index`) still opens, and truncates, its target: as `: > .git/index` would.
		collector.add({ argv: [':'], text: node.text, redirects, stdinScripts }, context);
	}
	if (tail && pipeline !== undefined) {
		// `cat <<EOF | sh`: the stages after the heredoc's start read what the command before them writes.
		pipeStages(tail).forEach((stage, index) => {
			visit(stage, collector, { ...context, pipeline: { id: pipeline, stage: index + 1 } }, NONE);
		});
	}
	for (const child of children) {
		if (child.node !== body) {
			visitRedirectNode(child.node, collector, context, tail);
		}
	}
}

/** The stages of a pipe tail, flattened: tree-sitter nests `| grep x | wc` as a pipe holding a pipeline. */
function pipeStages(node: SyntaxNode): SyntaxNode[] {
	return childrenOf(node)
		.filter((child) => child.node.type !== '|' && child.node.type !== '|&')
		.flatMap((child) => (child.node.type === 'pipeline' ? pipeStages(child.node) : [child.node]));
}

/** The `| sh …` tree-sitter hangs under a heredoc when the line goes on with a pipe after the heredoc's start. */
function heredocPipeTail(children: ReturnType<typeof childrenOf>): SyntaxNode | undefined {
	for (const child of children) {
		if (child.node.type === 'heredoc_redirect') {
			const tail = childrenOf(child.node).find(
				(part) => part.node.type === 'pipeline' && part.node.text.startsWith('|'),
			);
			if (tail) {
				return tail.node;
			}
		}
	}
	return undefined;
}

/**
 * Visits what a redirect holds: substitutions in targets and unquoted heredoc bodies run first, on their own; and
 * tree-sitter hangs the rest of the line after a heredoc start (`bash <<EOF && rm x`) under the heredoc node.
 */
function visitRedirectNode(
	node: SyntaxNode,
	collector: CommandCollector,
	context: WalkContext,
	pipeTail?: SyntaxNode,
): void {
	// The binding makes a new node object on every visit, so the tail is known by what it is, not by identity.
	if (node.type === pipeTail?.type && node.text === pipeTail.text) {
		return;
	}
	if (node.type !== 'heredoc_redirect') {
		visit(node, collector, nested(context, 'substitution'), NONE);
		return;
	}
	for (const child of childrenOf(node)) {
		if (child.field === 'right') {
			visit(child.node, collector, context, NONE);
		} else {
			visitRedirectNode(child.node, collector, context, pipeTail);
		}
	}
}

function visitPipeline(
	node: SyntaxNode,
	collector: CommandCollector,
	context: WalkContext,
	attached: Attached,
): void {
	const id = collector.newPipeline();
	const stages = childrenOf(node).filter(
		(child) => child.node.type !== '|' && child.node.type !== '|&',
	);
	stages.forEach((child, stage) => {
		// As with lists, a redirect after `a | b` belongs to the last stage.
		visit(
			child.node,
			collector,
			{ ...context, pipeline: { id, stage } },
			stage === stages.length - 1 ? attached : NONE,
		);
	});
}

function visitCommand(
	node: SyntaxNode,
	collector: CommandCollector,
	context: WalkContext,
	attached: Attached,
): void {
	const argv: string[] = [];
	const redirects = [...attached.redirects];
	const stdinScripts = [...attached.stdinScripts];
	const children = childrenOf(node);
	const scope = collector.scope(context);
	const env: Record<string, string> = {};
	for (const child of children) {
		if (child.field === 'name' || child.field === 'argument') {
			argv.push(...expandedWords(child.node, scope));
		} else if (child.node.type === 'variable_assignment') {
			const [name, value] = assignmentOf(child.node, collector, context);
			env[name] = value ?? '$UNKNOWN';
		} else if (child.node.type.endsWith('_redirect')) {
			const read = readRedirect(child.node, collector.scope(context));
			redirects.push(...read.redirects);
			argv.push(...(read.words ?? []));
			if (read.stdin !== undefined) {
				stdinScripts.push(read.stdin);
			}
		}
	}
	argv.push(...(attached.words ?? []));
	const hasEnv = Object.keys(env).length > 0;
	const index =
		argv.length > 0
			? collector.add(
					{
						argv,
						text: attached.text ?? node.text,
						redirects,
						stdinScripts,
						...(hasEnv && { env }),
					},
					context,
				)
			: redirects.length > 0
				? collector.add(
						{ argv: [':'], text: attached.text ?? node.text, redirects, stdinScripts },
						context,
					)
				: undefined;
	const inner = {
		...nested(context, 'substitution'),
		...(index !== undefined ? { parent: index } : {}),
	};
	for (const child of children) {
		visit(child.node, collector, inner, NONE);
	}
}

/** A `name=value` node's name and value (`null` when the value is only known at run time). */
function assignmentOf(
	node: SyntaxNode,
	collector: CommandCollector,
	context: WalkContext,
): [string, string | null] {
	const parts = childrenOf(node);
	const name = parts.find((part) => part.field === 'name')?.node.text ?? '';
	const value = parts.find((part) => part.field === 'value')?.node;
	if (!value) {
		return [name, ''];
	}
	const scope = collector.scope(context);
	const text = expandedWords(value, scope).join(' ');
	return [name, knownOnlyAtRunTime(text, scope) ? (printedPath(text) ?? null) : text];
}

/** `$(mktemp -d)`: the path a substitution's one command prints, when its program's output can be named. */
function printedPath(text: string): string | undefined {
	const inner = /^\$\(\s*([^()`$;&|<>'"\\]*)\)$/.exec(text)?.[1];
	return inner === undefined ? undefined : pathPrintedBy(inner.trim().split(/\s+/));
}

/**
 * Whether a value is known only when the line runs: a command substitution, a special parameter, or a variable the
 * line itself made unknown. A variable of the environment (`p="$HOME/.ssh/id_rsa"`) stays in the value, as it would
 * in a word, for the target resolver to expand.
 */
function knownOnlyAtRunTime(text: string, scope: ShellScope): boolean {
	if (/\$[(@*#?!$\d-]|\$\{[^}\w]|`/.test(text)) {
		return true;
	}
	return [...text.matchAll(/\$\{?(\w+)/g)].some(
		(match) => scope.lookup(match[1] ?? '') !== undefined,
	);
}

/** `W='rm -rf ~'` on its own: later words that expand `$W` read its value. */
function assign(node: SyntaxNode, collector: CommandCollector, context: WalkContext): void {
	const [name, value] = assignmentOf(node, collector, context);
	collector.variables.assign(name, value);
	// `GIT_SSH_COMMAND='rm -rf ~' git fetch` runs it; so does the same assignment alone or exported, later in the
	// same terminal (`PROMPT_COMMAND='rm -rf ~'` at the next prompt).
	const valueNode = childrenOf(node).find((part) => part.field === 'value')?.node;
	const command =
		valueNode &&
		(variableCommand(name, bashWordValue(valueNode)) ??
			promptCommands(name, bashWordValue(valueNode)));
	if (command) {
		collector.runShellText(command, context);
	}
	// The value may run something itself: `x=$(rm -rf ~)`.
	for (const child of childrenOf(node)) {
		visit(child.node, collector, nested(context, 'substitution'), NONE);
	}
}

/** `export A=1 B`, `local x=…`, `declare -x`: the assignments, and the command itself (so `export NODE_OPTIONS=…` is seen). */
function visitDeclaration(
	node: SyntaxNode,
	collector: CommandCollector,
	context: WalkContext,
	attached: Attached,
): void {
	const argv: string[] = [];
	const exporting = /^export\b/.test(node.text);
	const words: SyntaxNode[] = [];
	for (const { node: child } of childrenOf(node)) {
		if (child.type === 'variable_assignment') {
			assign(child, collector, context);
			const [name, value] = assignmentOf(child, collector, context);
			if (exporting) {
				collector.exportVariable(name, value);
			}
			argv.push(`${name}=${value ?? ''}`);
		} else {
			argv.push(...expandedWords(child, collector.scope(context)));
			words.push(child);
		}
	}
	const index =
		argv.length > 0
			? collector.add(
					{
						argv,
						text: attached.text ?? node.text,
						redirects: attached.redirects,
						stdinScripts: [],
					},
					context,
				)
			: undefined;
	// A word may run something itself: `export $(cat .env | xargs)`.
	const inner = {
		...nested(context, 'substitution'),
		...(index !== undefined ? { parent: index } : {}),
	};
	for (const word of words) {
		visit(word, collector, inner, NONE);
	}
}

/** The first simple command inside a node (a substitution's first pipeline stage), depth first. */
function firstCommand(node: SyntaxNode): SyntaxNode | undefined {
	for (const { node: child } of childrenOf(node)) {
		const found = child.type === 'command' ? child : firstCommand(child);
		if (found) {
			return found;
		}
	}
	return undefined;
}

/**
 * The names a `for` loop's value stands for when it is a listing's output (`for f in $(git ls-files)`, `$(find .
 * -name '*.py')`), as globs; `undefined` for any other value, whose names stay unknown.
 */
function listingGlobs(node: SyntaxNode, scope: ShellScope): string[] | undefined {
	const command = node.type === 'command_substitution' ? firstCommand(node) : undefined;
	if (!command) {
		return undefined;
	}
	const argv = childrenOf(command)
		.filter((child) => child.field === 'name' || child.field === 'argument')
		.flatMap((child) => expandedWords(child.node, scope));
	return listedPaths(argv);
}

/** Most values a `for` loop is read with, one pass each; beyond that its variable is unknown and the body read once. */
const MAX_LOOP_VALUES = 16;

/** `for d in dist build; do rm -rf "$d"; done`: the body read once per value, with the loop variable set to it. */
function visitFor(
	node: SyntaxNode,
	collector: CommandCollector,
	context: WalkContext,
	attached: Attached,
): void {
	const children = childrenOf(node);
	const variable = children.find((child) => child.field === 'variable')?.node.text;
	const body = children.find((child) => child.field === 'body')?.node;
	const scope = collector.scope(context);
	const values = children
		.filter((child) => child.field === 'value')
		.flatMap((child) => expandedWords(child.node, scope));
	for (const child of children.filter((entry) => entry.field === 'value')) {
		visit(child.node, collector, nested(context, 'substitution'), NONE);
	}
	if (variable === undefined || !body) {
		visitChildren(node, collector, context, attached);
		return;
	}
	const listed = children
		.filter((child) => child.field === 'value')
		.map((child) => listingGlobs(child.node, scope));
	const loopValues = listed.every((globs) => globs !== undefined) ? listed.flat() : values;
	const known =
		loopValues.length > 0 &&
		loopValues.length <= MAX_LOOP_VALUES &&
		loopValues.every((value) => !/[$`]/.test(value));
	for (const value of known ? loopValues : [null]) {
		collector.variables.assign(variable, value);
		visit(body, collector, context, attached);
	}
}
