import type { CodeAction } from '../codeAction';
import type { CodeParser } from '../codeParser';
import { readSnippet } from '../readSnippet';
import { JAVASCRIPT_RULES } from './javaScriptRules';

/** What a JavaScript snippet (`node -e`, `deno eval`, `bun -e` code, a piped script) does, read with the JavaScript grammar. */
export function readJavaScript(code: string, parser: CodeParser): readonly CodeAction[] {
	return readSnippet(JAVASCRIPT_RULES, code, parser);
}
