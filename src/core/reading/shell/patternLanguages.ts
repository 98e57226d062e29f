import type { CodeEffect, InterpreterLanguage } from './codeTypes';
import {
	callWithLiteral,
	decodeEscapes,
	literal,
	matchesOf,
	QUOTED,
	quoted,
	quotedWords,
} from './codeLiterals';

/**
 * awk's `print "text" | "cmd"`: what is printed is `cmd`'s stdin, so `print "rm -rf ~" | "sh"` runs it. Read as the
 * shell pipe it is (`printf '%s\n' 'text' | cmd`), so a shell at the end reads the printed text as its script.
 */
function awkPrintPipes(text: string): CodeEffect[] {
	const pattern = /\bprintf?\s*\(?\s*((?:"(?:[^"\\]|\\.)*"\s*)+)\)?\s*\|\s*"((?:[^"\\]|\\.)*)"/g;
	return matchesOf(text, pattern, (match) => {
		const printed = [...(match[1] ?? '').matchAll(/"((?:[^"\\]|\\.)*)"/g)]
			.map((part) => decodeEscapes(part[1] ?? ''))
			.join('');
		return { shell: `printf '%s\\n' ${shellQuoted(printed)} | ${decodeEscapes(match[2] ?? '')}` };
	});
}

/** A text as one single-quoted shell word. */
function shellQuoted(text: string): string {
	return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * Perl's `system LIST` and `exec LIST` (`exec "rm", "-rf", $ENV{HOME}`, with or without parentheses): a program and
 * its words, run without a shell. `$ENV{X}` reads as `$X`; any other variable as a value known only at run time.
 */
export function perlListRuns(text: string): CodeEffect[] {
	const item = String.raw`(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\$ENV\{['"]?\w+['"]?\}|\$\w+)`;
	const pattern = new RegExp(
		String.raw`\b(?:system|exec)\s*\(?\s*(${item}(?:\s*,\s*${item})+)`,
		'g',
	);
	return [
		...matchesOf(text, pattern, (match) => ({
			argv: [...(match[1] ?? '').matchAll(new RegExp(item, 'g'))].map((word) => perlWord(word[0])),
		})),
		// `system @cmd`, `exec $cmd`: the words are a variable's, known only when the code runs.
		...matchesOf(text, /\b(?:system|exec)\s+[@$]\w+\s*(?:[;}]|$)/gm, () => ({
			argv: ['$UNKNOWN_COMMAND'],
		})),
	];
}

/** One word of a Perl list: a string's value, `$ENV{X}` as the shell's `$X`, another variable as unknown. */
function perlWord(written: string): string {
	const value = literal(written);
	if (value !== undefined) {
		return perlPath(value);
	}
	return written.startsWith('$ENV{') ? perlPath(written) : '$UNKNOWN_PATH';
}

/** awk's own ways to run a shell or read a file: `"cmd" | getline`, `print | "cmd"`, `getline < "file"`, escapes decoded. */
export function awkEffects(text: string): CodeEffect[] {
	const effects: CodeEffect[] = [...awkPrintPipes(text)];
	for (const match of text.matchAll(
		/"((?:[^"\\]|\\.)*)"\s*\|\s*getline|\|\s*"((?:[^"\\]|\\.)*)"/g,
	)) {
		effects.push({ shell: decodeEscapes(match[1] ?? match[2] ?? ''), text: match[0] });
	}
	for (const match of text.matchAll(/getline\b[^<;}]*<\s*"((?:[^"\\]|\\.)*)"/g)) {
		effects.push({ argv: ['cat', decodeEscapes(match[1] ?? '')], text: match[0] });
	}
	return effects;
}

/** A delete call's match from {@link callWithLiteral} as `rm`, or `rm -rf` when its other arguments ask for a tree. */
function removal(recursive: RegExp): (match: RegExpMatchArray) => Omit<CodeEffect, 'text'> {
	return (match) => ({
		argv: ['rm', ...(recursive.test(match[3] ?? '') ? ['-rf'] : []), decodeEscapes(match[2] ?? '')],
	});
}

/** Calls of the languages read only here, beyond the calls every language shares (`system(…)`, `unlink(…)`). */
export const LANGUAGE_CALLS: Partial<Record<InterpreterLanguage, (text: string) => CodeEffect[]>> =
	{
		r: (text) => [
			...matchesOf(text, callWithLiteral('unlink'), removal(/recursive\s*=\s*(?:TRUE|T)\b/)),
			...matchesOf(text, callWithLiteral(String.raw`file\.remove`), (m) => ({
				argv: ['rm', decodeEscapes(m[2] ?? '')],
			})),
			// `system2("rm", c("-rf", "~"))`: the program, then its words.
			...matchesOf(text, new RegExp(String.raw`\bsystem2\(\s*${QUOTED}([^)]*\)?)`, 'g'), (m) => ({
				argv: [decodeEscapes(m[2] ?? ''), ...quotedWords(m[3] ?? '')],
			})),
			...matchesOf(
				text,
				callWithLiteral(String.raw`readLines|readRDS|read\.(?:csv|table|delim)|scan|readChar`),
				(m) => ({
					argv: ['cat', decodeEscapes(m[2] ?? '')],
				}),
			),
		],
		perl: (text) => [
			// `open(F, '<', "$ENV{HOME}/.netrc")`, `open F, "<file"`: Perl's open reads unless its mode writes or pipes.
			...matchesOf(
				text,
				/\bopen\s*\(?\s*(?:my\s+)?[$\w]+\s*,\s*(?:(['"])\+?<\1\s*,\s*)?(["'])(<?)\s*([^"'|>]+)\2/g,
				(m) => ({ argv: ['cat', perlPath(m[4] ?? '')] }),
			),
			// `open(my $f, '>', "x")`, `open F, ">>x"`: a mode that writes, as `tee` (`tee -a` to append).
			...matchesOf(
				text,
				/\bopen\s*\(?\s*(?:my\s+)?[$\w]+\s*,\s*(?:(['"])\+?(>>?)\1\s*,\s*(["'])([^"']+)\3|(["'])\+?(>>?)\s*([^"'|]+)\5)/g,
				(m) => ({ argv: written(m[2] ?? m[6], perlPath(m[4] ?? m[7] ?? '')) }),
			),
			// `rename A, B`, File::Copy's `copy`/`move`, `symlink`: the shell's mv, cp and ln.
			...matchesOf(
				text,
				new RegExp(
					String.raw`\b(rename|move|copy|symlink|link)\s*\(?\s*${quoted(2)}\s*,\s*${quoted(4)}`,
					'g',
				),
				(m) => ({
					argv: [
						...(SHELL_OF_PERL[m[1] ?? ''] ?? ['mv', '-T']),
						perlPath(m[3] ?? ''),
						perlPath(m[5] ?? ''),
					],
				}),
			),
		],
		lua: (text) => [
			// `io.open(p, "w")`: a mode that writes or appends; a read was taken with the other languages' reads.
			...matchesOf(
				text,
				new RegExp(String.raw`\bio\.open\(\s*${QUOTED}\s*,\s*["']([wa])\+?b?["']`, 'g'),
				(m) => ({ argv: written(m[3] === 'a' ? '>>' : '>', decodeEscapes(m[2] ?? '')) }),
			),
			...matchesOf(
				text,
				new RegExp(String.raw`\bos\.rename\(\s*${QUOTED}\s*,\s*${quoted(3)}`, 'g'),
				(m) => ({ argv: ['mv', decodeEscapes(m[2] ?? ''), decodeEscapes(m[4] ?? '')] }),
			),
		],
		// `print … > "file"`, `printf … >> ENVIRON["HOME"] "/x"`: awk's output redirection writes the file it names.
		awk: (text) =>
			matchesOf(
				text,
				/\bprintf?\b(?:"(?:[^"\\]|\\.)*"|[^;}>|"])*(>>?)\s*((?:"(?:[^"\\]|\\.)*"|ENVIRON\s*\[\s*"\w+"\s*\]|\s)+)/g,
				(m) => ({ argv: written(m[1], awkPath(m[2] ?? '')) }),
			),
		julia: (text) => [
			...matchesOf(text, callWithLiteral('rm'), removal(/recursive\s*=\s*true/)),
			...matchesOf(text, callWithLiteral('read|readlines|readline|readchomp'), (m) => ({
				argv: ['cat', decodeEscapes(m[2] ?? '')],
			})),
		],
		tcl: (text) => [
			// `exec rm -rf ~` (Tcl) and `spawn …` (expect) run a program with the words up to the command's end.
			...matchesOf(text, /\b(?:exec|spawn)\s+([^\]\n;]+)/g, (m) => ({ shell: m[1] ?? '' })),
			...matchesOf(text, /\bfile\s+delete\s+((?:-\w+\s+)*)([^\]\n;]+)/g, (m) => ({
				argv: [
					'rm',
					...((m[1] ?? '').includes('-force') ? ['-rf'] : []),
					...(m[2] ?? '').trim().split(/\s+/),
				],
			})),
		],
	};

/** Perl's file calls as the shell commands that do the same. */
const SHELL_OF_PERL: Readonly<Record<string, readonly string[]>> = {
	rename: ['mv', '-T'],
	move: ['mv', '-T'],
	copy: ['cp', '-T'],
	symlink: ['ln', '-s', '-T'],
	link: ['ln', '-T'],
};

/** A write by a code's open mode (`>` truncates, `>>` appends) as the `tee` that does the same. */
function written(mode: string | undefined, path: string): string[] {
	return mode === '>>' ? ['tee', '-a', path] : ['tee', path];
}

/** An awk output target: its strings joined, `ENVIRON["HOME"]` as the shell's `$HOME`. */
function awkPath(target: string): string {
	return [...target.matchAll(/"((?:[^"\\]|\\.)*)"|ENVIRON\s*\[\s*"(\w+)"\s*\]/g)]
		.map((part) => (part[2] !== undefined ? `$${part[2]}` : decodeEscapes(part[1] ?? '')))
		.join('');
}

/** A Perl string's path with `$ENV{HOME}` written as the shell's `$HOME`, so the target resolver expands it. */
function perlPath(text: string): string {
	return decodeEscapes(text.trim()).replace(/\$ENV\{['"]?(\w+)['"]?\}/g, '$$$1');
}
