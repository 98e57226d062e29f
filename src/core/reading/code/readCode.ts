import type { CodeAction, CodeLanguage } from './codeAction';
import type { CodeParser } from './codeParser';
import { readJavaScript } from './javascript/readJavaScript';
import { readPhp } from './php/readPhp';
import { readPython } from './python/readPython';
import { readRuby } from './ruby/readRuby';

const READERS: Readonly<
	Record<CodeLanguage, (code: string, parser: CodeParser) => readonly CodeAction[]>
> = {
	python: readPython,
	javascript: readJavaScript,
	ruby: readRuby,
	php: readPhp,
};

/**
 * What a snippet of interpreter code does, read with `parser` (the grammar of `language`): the shell lines and
 * programs it runs, the files it touches, where it sends data, the code it evaluates, and what it does that cannot be
 * resolved. Pure and synchronous; code that does not parse or is over a limit gives one `unknown` action.
 */
export function readCode(
	language: CodeLanguage,
	code: string,
	parser: CodeParser,
): readonly CodeAction[] {
	return READERS[language](code, parser);
}
