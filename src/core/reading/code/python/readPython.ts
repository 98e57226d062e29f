import type { CodeAction } from '../codeAction';
import type { CodeParser } from '../codeParser';
import { readSnippet } from '../readSnippet';
import { PYTHON_RULES } from './pythonRules';

/** What a Python snippet (`python -c` code, a piped or heredoc script) does, read with the Python grammar. */
export function readPython(code: string, parser: CodeParser): readonly CodeAction[] {
	return readSnippet(PYTHON_RULES, code, parser);
}
