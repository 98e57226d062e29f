import type { CodeAction } from '../codeAction';
import type { CodeParser } from '../codeParser';
import { readSnippet } from '../readSnippet';
import { RUBY_RULES } from './rubyRules';

/** What a Ruby snippet (`ruby -e` code, a piped or heredoc script) does, read with the Ruby grammar. */
export function readRuby(code: string, parser: CodeParser): readonly CodeAction[] {
	return readSnippet(RUBY_RULES, code, parser);
}
