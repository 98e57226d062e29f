import type { LanguageRules } from '../codeReading';
import type { CodeSyntaxNode } from '../codeParser';
import type { FlowKind } from '../flowContext';
import { globalResolver } from '../globalNames';
import { canonicalJavaScriptModule } from './canonicalJavaScriptModule';
import { bindJavaScriptNames } from './bindJavaScriptNames';
import { evaluateJavaScript } from './evaluateJavaScript';
import { JAVASCRIPT_APIS } from './javaScriptApis';

const FLOW: Readonly<Record<string, FlowKind>> = {
	function_declaration: 'function',
	generator_function_declaration: 'function',
	function_expression: 'function',
	function: 'function',
	generator_function: 'function',
	arrow_function: 'function',
	method_definition: 'function',
	class_declaration: 'function',
	class: 'function',
	for_statement: 'loop',
	for_in_statement: 'loop',
	while_statement: 'loop',
	do_statement: 'loop',
	if_statement: 'branch',
	try_statement: 'branch',
	switch_statement: 'branch',
	ternary_expression: 'branch',
	binary_expression: 'branch',
};

/** Members that lead from any value to the `Function` constructor or to prototypes the reader cannot follow. */
const INTROSPECTIVE = new Set(['constructor', '__proto__', '__defineGetter__', '__lookupGetter__']);

/** How the shared reader reads JavaScript (Node, Deno and Bun one-liners and scripts). */
export const JAVASCRIPT_RULES: LanguageRules = {
	language: 'javascript',
	apis: JAVASCRIPT_APIS,
	membersAreKeys: true,
	introspective: INTROSPECTIVE,
	flowKind: (node: CodeSyntaxNode) => FLOW[node.type],
	bindNames: bindJavaScriptNames,
	isCall: (node: CodeSyntaxNode) =>
		node.type === 'call_expression' || node.type === 'new_expression',
	evaluate: evaluateJavaScript,
	global: globalResolver(JAVASCRIPT_APIS, '', canonicalJavaScriptModule),
};
