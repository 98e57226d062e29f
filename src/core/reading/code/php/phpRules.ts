import type { LanguageRules } from '../codeReading';
import type { CodeSyntaxNode } from '../codeParser';
import type { FlowKind } from '../flowContext';
import { globalResolver } from '../globalNames';
import type { SymbolicValue } from '../symbolicValue';
import { api, fixedText } from '../symbolicValue';
import { bindPhpNames } from './bindPhpNames';
import { evaluatePhp } from './evaluatePhp';
import { PHP_APIS } from './phpApis';

const FLOW: Readonly<Record<string, FlowKind>> = {
	function_definition: 'function',
	anonymous_function: 'function',
	arrow_function: 'function',
	method_declaration: 'function',
	class_declaration: 'function',
	for_statement: 'loop',
	foreach_statement: 'loop',
	while_statement: 'loop',
	do_statement: 'loop',
	if_statement: 'branch',
	switch_statement: 'branch',
	try_statement: 'branch',
	conditional_expression: 'branch',
	binary_expression: 'branch',
};

const CALLS = new Set([
	'function_call_expression',
	'member_call_expression',
	'nullsafe_member_call_expression',
	'scoped_call_expression',
	'object_creation_expression',
	'shell_command_expression',
	'include_expression',
	'include_once_expression',
	'require_expression',
	'require_once_expression',
]);

/** PHP calls the function a string names: `$f = 'system'; $f('id')`. */
function callText(value: SymbolicValue & { kind: 'text' }): SymbolicValue {
	const name = fixedText(value);
	return name !== undefined
		? api((name.split('\\').at(-1) ?? '').toLowerCase())
		: { kind: 'dynamic', why: 'calls a function named by a string computed at run time' };
}

/** How the shared reader reads PHP. */
export const PHP_RULES: LanguageRules = {
	language: 'php',
	apis: PHP_APIS,
	membersAreKeys: false,
	flowKind: (node: CodeSyntaxNode) => FLOW[node.type],
	bindNames: bindPhpNames,
	isCall: (node: CodeSyntaxNode) => CALLS.has(node.type),
	evaluate: evaluatePhp,
	global: globalResolver(PHP_APIS, ''),
	callText,
};
