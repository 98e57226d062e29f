import type { CodeAction, CodeLanguage, CodeValue } from '../../src/core/reading/code/codeAction';
import { readCode } from '../../src/core/reading/code/readCode';
import { createCodeParser } from '../../src/node/shell/codeGrammars';

/** Reads a snippet with the real grammar of its language, loaded once per test process. */
export async function readWithGrammar(
	language: CodeLanguage,
	code: string,
): Promise<readonly CodeAction[]> {
	return readCode(language, code, await createCodeParser(language));
}

/** A value as tests write it: its text, or `?` and its hint (`?~/.ssh/*`) when the snippet does not fix it. */
export function shown(value: CodeValue): string {
	return value.kind === 'literal' ? value.text : `?${value.hint ?? ''}`;
}

/**
 * Actions as one line each, the way the tables write them: `shell rm -rf ~`, `spawn rm·-rf·/`, `delete ~/x`,
 * `move /b <- a`, `send https://x`, `statement DROP TABLE t`, `code python: print(1)`, `unknown`.
 */
export function summary(actions: readonly CodeAction[]): string[] {
	return actions.map((action) => {
		switch (action.kind) {
			case 'shell':
				return `shell ${shown(action.text)}`;
			case 'spawn':
				return `spawn ${action.argv.map(shown).join('·')}`;
			case 'file': {
				const sources = action.sources ? ` <- ${action.sources.map(shown).join(',')}` : '';
				return `${action.op} ${action.targets.map(shown).join(',')}${sources}`;
			}
			case 'send':
				return `send ${shown(action.target)}`;
			case 'statement':
				return `statement ${shown(action.text)}`;
			case 'code':
				return `code ${action.language}: ${action.text}`;
			case 'unknown':
				return 'unknown';
		}
	});
}

/** Reads a snippet and returns its summary. */
export async function readSummary(language: CodeLanguage, code: string): Promise<string[]> {
	return summary(await readWithGrammar(language, code));
}
