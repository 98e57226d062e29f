import type { CodeLanguage } from '../../src/core/reading/code/codeAction';
import {
	type LoadedCodeReader,
	parsedCodeReader,
} from '../../src/core/reading/code/codeActionEffects';
import { readCode } from '../../src/core/reading/code/readCode';
import type { CodeEffectReader } from '../../src/core/reading/shell/interpreterCode';
import { createCodeParser } from '../../src/node/shell/codeGrammars';

let loading: Promise<CodeEffectReader> | undefined;

/** The interpreter-code reader the bridge builds, with every language's grammar loaded once per test process. */
export function codeReader(): Promise<CodeEffectReader> {
	loading ??= (async () => {
		const readers = new Map<CodeLanguage, LoadedCodeReader>();
		for (const language of ['python', 'javascript', 'ruby', 'php'] as const) {
			const parser = await createCodeParser(language, { baselineWasmOnly: false });
			readers.set(language, (code) => readCode(language, code, parser));
		}
		return parsedCodeReader(readers);
	})();
	return loading;
}
