import type { CodeLanguage } from './codeAction';

/** Interpreter program names, as a word of the line (`python3.12`, `/usr/bin/node`, `env ruby`, `| php`). */
const INTERPRETERS =
	/(?:^|[\s;&|()`'"/\\=<>])(python[\d.]*|pypy[\d.]*|node(?:js)?|deno|bun|ruby[\d.]*|php[\d.]*)(?:\.exe)?(?=$|[\s;&|()`'"<>])/gi;

const LANGUAGE_OF: Readonly<Record<string, CodeLanguage>> = {
	python: 'python',
	pypy: 'python',
	node: 'javascript',
	nodejs: 'javascript',
	deno: 'javascript',
	bun: 'javascript',
	ruby: 'ruby',
	php: 'php',
};

/**
 * The languages whose grammar a command line may need, from the interpreter names written in it: a cheap scan
 * (one regular expression, no parsing) so a line without interpreter code loads no code grammar. It may name a
 * language the line does not run (`echo python`); it never misses an interpreter spelled out as a word, but a name
 * the shell builds (`p\ython`, `${R}by`) is only found by the walker, whose request `createShellAnalysis` then loads.
 */
export function codeLanguagesIn(commandLine: string): CodeLanguage[] {
	const found = new Set<CodeLanguage>();
	INTERPRETERS.lastIndex = 0;
	for (const match of commandLine.matchAll(INTERPRETERS)) {
		const language = LANGUAGE_OF[(match[1] ?? '').toLowerCase().replace(/[\d.]+$/, '')];
		if (language) {
			found.add(language);
		}
	}
	return [...found];
}

const CODE_LANGUAGES: ReadonlySet<string> = new Set<CodeLanguage>([
	'python',
	'javascript',
	'ruby',
	'php',
]);

/** The parsed language an interpreter language is (`python` is; `perl`, `awk` and `lua` are read with patterns). */
export function asCodeLanguage(language: string): CodeLanguage | undefined {
	return CODE_LANGUAGES.has(language) ? (language as CodeLanguage) : undefined;
}
