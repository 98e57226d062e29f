import type { LanguageRules } from '../codeReading';
import type { CodeSyntaxNode } from '../codeParser';
import type { FlowKind } from '../flowContext';
import { globalResolver } from '../globalNames';
import { bindRubyNames } from './bindRubyNames';
import { evaluateRuby } from './evaluateRuby';
import { RUBY_APIS } from './rubyApis';

const FLOW: Readonly<Record<string, FlowKind>> = {
	method: 'function',
	singleton_method: 'function',
	class: 'function',
	module: 'function',
	block: 'function',
	do_block: 'function',
	lambda: 'function',
	while: 'loop',
	until: 'loop',
	for: 'loop',
	while_modifier: 'loop',
	until_modifier: 'loop',
	if: 'branch',
	unless: 'branch',
	case: 'branch',
	begin: 'branch',
	if_modifier: 'branch',
	unless_modifier: 'branch',
	rescue_modifier: 'branch',
	conditional: 'branch',
	binary: 'branch',
};

/** Nodes read for actions: calls, commands in backticks and heredocs, and `Dir[…]`. */
const CALLS = new Set(['call', 'subshell', 'heredoc_body', 'element_reference']);

/** Methods that reach objects and bindings the reader cannot follow. */
const INTROSPECTIVE = new Set([
	'instance_variable_get',
	'class_variable_get',
	'binding',
	'singleton_class',
	'receiver',
	'each_object',
]);

/** How the shared reader reads Ruby. */
export const RUBY_RULES: LanguageRules = {
	language: 'ruby',
	apis: RUBY_APIS,
	membersAreKeys: false,
	introspective: INTROSPECTIVE,
	flowKind: (node: CodeSyntaxNode) => FLOW[node.type],
	bindNames: bindRubyNames,
	isCall: (node: CodeSyntaxNode) => CALLS.has(node.type),
	evaluate: evaluateRuby,
	global: globalResolver(RUBY_APIS, 'Kernel.'),
};
