import type { CodeAction } from '../codeAction';
import type { CodeParser } from '../codeParser';
import { readSnippet } from '../readSnippet';
import { PHP_RULES } from './phpRules';

/**
 * What PHP code does, read with the PHP grammar. Code without an opening tag is read as `php -r` and `eval` run it,
 * as PHP code; code with a tag (`<?php`, a piped script) is read as a file, where text outside the tags is output.
 */
export function readPhp(code: string, parser: CodeParser): readonly CodeAction[] {
	return readSnippet(PHP_RULES, code.includes('<?') ? code : `<?php ${code}`, parser);
}
