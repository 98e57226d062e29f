import type { LanguageRules } from '../codeReading';
import type { CodeSyntaxNode } from '../codeParser';
import type { FlowKind } from '../flowContext';
import { globalResolver } from '../globalNames';
import { bindPythonNames } from './bindPythonNames';
import { evaluatePython } from './evaluatePython';
import { PYTHON_APIS } from './pythonApis';
import { PYTHON_FILE_PROPERTIES } from './pythonFileApis';
import { canonicalPythonModule } from './canonicalPythonModule';

const FLOW: Readonly<Record<string, FlowKind>> = {
	function_definition: 'function',
	lambda: 'function',
	class_definition: 'function',
	list_comprehension: 'function',
	set_comprehension: 'function',
	dictionary_comprehension: 'function',
	generator_expression: 'function',
	for_statement: 'loop',
	while_statement: 'loop',
	if_statement: 'branch',
	try_statement: 'branch',
	match_statement: 'branch',
	conditional_expression: 'branch',
	boolean_operator: 'branch',
};

/** Attributes that lead from any object to the interpreter's internals (the usual sandbox escapes). */
const INTROSPECTIVE = new Set([
	'__class__',
	'__base__',
	'__bases__',
	'__mro__',
	'__subclasses__',
	'__globals__',
	'__builtins__',
	'__dict__',
	'__getattribute__',
	'__code__',
	'__closure__',
	'__self__',
	'__func__',
	'__loader__',
	'__spec__',
	'__reduce__',
	'__reduce_ex__',
	'_module',
	'cdll',
	'pydll',
	'windll',
	'oledll',
	'f_globals',
	'f_builtins',
	'f_locals',
	'func_globals',
	'gi_frame',
	'tb_frame',
]);

/** How the shared reader reads Python. */
export const PYTHON_RULES: LanguageRules = {
	language: 'python',
	apis: PYTHON_APIS,
	properties: PYTHON_FILE_PROPERTIES,
	membersAreKeys: false,
	introspective: INTROSPECTIVE,
	flowKind: (node: CodeSyntaxNode) => FLOW[node.type],
	bindNames: bindPythonNames,
	isCall: (node: CodeSyntaxNode) => node.type === 'call',
	evaluate: evaluatePython,
	global: globalResolver(PYTHON_APIS, 'builtins.', canonicalPythonModule),
};
