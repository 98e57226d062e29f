import { namesStdin } from './stdinPaths';
import { programName } from './programName';
import { sedScriptActions, sedScriptFromStdin, sedScriptOf } from './sedScript';
import type { CodeEffect, InterpreterCode, InterpreterLanguage } from './codeTypes';
import { type Interpreter, traitsOf } from '../programs/vocabulary';

export type {
	CodeEffect,
	CodeEffectReader,
	InterpreterCode,
	InterpreterLanguage,
} from './codeTypes';

/** The command word standing for code an interpreter decodes and then runs (`exec(base64.b64decode(…))`). */
export const DECODED_CODE = '$DECODED_CODE';

/**
 * The command word standing for something interpreter code does that its reader cannot resolve (a computed callee,
 * `eval` of a built string, code that does not parse): the text after it says what and why, and it is asked about.
 */
export const UNRESOLVED_CODE = '$UNRESOLVED_CODE';

/** How code reaches the interpreter a program name stands for (`python3.12` is python), from the program vocabulary. */
function interpreterOf(argv0: string): Interpreter | undefined {
	const name = programName(argv0);
	return traitsOf(name)?.interpreter ?? traitsOf(name.replace(/[\d.]+$/, ''))?.interpreter;
}

/** The interpreter a program name stands for (`python3.12` → python), or `undefined`. */
export function interpreterLanguage(argv0: string): InterpreterLanguage | undefined {
	return interpreterOf(argv0)?.language;
}

/** The program text an interpreter runs from its arguments, or `undefined` when it runs a file or nothing. */
export function interpreterCode(argv: readonly string[]): InterpreterCode | undefined {
	const language = interpreterLanguage(argv[0] ?? '');
	if (!language) {
		return undefined;
	}
	if (language === 'sed') {
		const script = sedScriptOf(argv);
		return script === undefined ? undefined : { language, code: script };
	}
	if (language === 'awk') {
		for (let index = 1; index < argv.length; index++) {
			const word = argv[index] ?? '';
			if (word === '-f' || word.startsWith('--file')) {
				return undefined;
			}
			if (['-F', '-v'].includes(word)) {
				index++;
				continue;
			}
			if (!word.startsWith('-') || word === '--') {
				const code = word === '--' ? argv[index + 1] : word;
				return code === undefined ? undefined : { language, code };
			}
		}
		return undefined;
	}
	const options = interpreterOf(argv[0] ?? '')?.codeOptions ?? [];
	const codes: string[] = [];
	for (let index = 1; index < argv.length; index++) {
		const word = argv[index] ?? '';
		if (options.includes(word)) {
			const code = argv[index + 1];
			if (code !== undefined) {
				codes.push(code);
			}
			index++;
		} else if (word.startsWith('--eval=') || word.startsWith('--print=')) {
			codes.push(word.slice(word.indexOf('=') + 1));
		} else if (
			/^-[ceEr]./s.test(word) &&
			options.includes(word.slice(0, 2)) &&
			/\s|[(;'"]/.test(word)
		) {
			// Code glued to its option: `python -c'import os'`, `perl -e'system…'`.
			codes.push(word.slice(2));
		} else if (/^-[A-Za-z]*[ceEr]$/.test(word) && options.some((o) => o === `-${word.at(-1)}`)) {
			// Glued flags: `python3 -Bc '…'`, `perl -ne '…'`.
			const code = argv[index + 1];
			if (code !== undefined) {
				codes.push(code);
			}
			index++;
		} else if (!word.startsWith('-')) {
			break;
		}
	}
	return codes.length > 0 ? { language, code: codes.join('\n') } : undefined;
}

/** Whether an interpreter reads its program from stdin (`python3`, `python3 -`, `node -`), so a heredoc or pipe into it runs. */
export function interpreterReadsStdin(argv: readonly string[]): InterpreterLanguage | undefined {
	const language = interpreterLanguage(argv[0] ?? '');
	if (language === 'sed') {
		return sedScriptFromStdin(argv) ? language : undefined;
	}
	if (!language || language === 'awk' || interpreterCode(argv)) {
		return undefined;
	}
	const operands = argv.slice(1).filter((word) => !word.startsWith('-') || word === '-');
	return operands.length === 0 || operands[0] === '-' || namesStdin(operands[0] ?? '')
		? language
		: undefined;
}

// ---------------------------------------------------------------- reading the code

/** A string literal's value: quotes removed, common escapes decoded. */
function literal(text: string): string | undefined {
	const match = /^\s*[rbfu]{0,2}(['"`])([\s\S]*?)\1\s*$/.exec(text);
	if (!match) {
		return undefined;
	}
	return decodeEscapes(match[2] ?? '');
}

/** A string literal's escapes decoded: `\x20`, `\040`, `\u0020`, `\n`, quoted quotes. */
function decodeEscapes(body: string): string {
	return body
		.replace(/\\x([0-9a-fA-F]{2})/g, (_whole, hex: string) =>
			String.fromCharCode(parseInt(hex, 16)),
		)
		.replace(/\\u([0-9a-fA-F]{4})/g, (_whole, hex: string) =>
			String.fromCharCode(parseInt(hex, 16)),
		)
		.replace(/\\([0-7]{1,3})/g, (_whole, octal: string) => String.fromCharCode(parseInt(octal, 8)))
		.replace(/\\n/g, '\n')
		.replace(/\\(["'\\`])/g, '$1');
}

/** The first argument of a call whose `(` is at `open`, as written, found by matching brackets and quotes. */
function firstArgument(code: string, open: number): { first: string; all: string } {
	let depth = 0;
	let quote: string | undefined;
	let firstEnd = -1;
	let index = open;
	for (; index < code.length; index++) {
		const char = code.charAt(index);
		if (quote) {
			if (char === '\\') {
				index++;
			} else if (char === quote) {
				quote = undefined;
			}
			continue;
		}
		if (char === '"' || char === "'" || char === '`') {
			quote = char;
		} else if ('([{'.includes(char)) {
			depth++;
		} else if (')]}'.includes(char)) {
			depth--;
			if (depth === 0) {
				break;
			}
		} else if (char === ',' && depth === 1 && firstEnd < 0) {
			firstEnd = index;
		}
	}
	const all = code.slice(open + 1, index);
	return { first: code.slice(open + 1, firstEnd < 0 ? index : firstEnd), all };
}

/** Words of a list literal of string literals (`["rm", "-rf", "/"]`), or `undefined`. */
function stringList(text: string): string[] | undefined {
	const match = /^\s*[[(]([\s\S]*)[\])]\s*$/.exec(text);
	if (!match) {
		return undefined;
	}
	const words = (match[1] ?? '').split(',').map((part) => literal(part));
	return words.every((word): word is string => word !== undefined) ? words : undefined;
}

/** A call argument as a path word: its literal value, or a placeholder for a value the code computes. */
function pathWord(argument: string): string {
	return literal(argument) ?? '$UNKNOWN_PATH';
}

/** Calls that run a shell command line given as their first argument. */
const SHELL_CALLS =
	/\b(?:os\.system|os\.popen|commands\.getoutput|subprocess\.(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput)|execSync|exec|spawnSync|spawn|execFileSync|execFile|system|shell_exec|passthru|popen|proc_open|Kernel\.system|IO\.popen|Open3\.\w+|os\.execute|io\.popen|qx)\s*\(/g;

/** Calls that delete a tree, read as `rm -rf`. */
const TREE_DELETES =
	/\b(?:shutil\.rmtree|rmtree|remove_tree|FileUtils\.(?:rm_rf|rm_r|remove_dir|remove_entry|remove_entry_secure|rmtree)|fs(?:\.promises)?\.(?:rmSync|rm|rmdirSync|rmdir)|(?:rmSync|rmdirSync)|fse?\.(?:removeSync|remove|emptyDirSync|emptyDir)|rimraf(?:\.sync)?)\s*\(/g;

/** Calls that delete one file, read as `rm`. */
const FILE_DELETES =
	/\b(?:os\.(?:remove|unlink|rmdir|removedirs)|unlink|unlinkSync|fs(?:\.promises)?\.unlink(?:Sync)?|File\.(?:delete|unlink)|FileUtils\.rm(?:_f)?|os\.remove|Path\([^)]*\)\.unlink|\.unlink)\s*\(/g;

/** Calls that read a file named by their first argument, in the languages read here. */
const FILE_READS =
	/\b(?:open|readFileSync|readFile|File\.(?:read|readlines|open|binread)|IO\.(?:read|readlines)|file_get_contents|file|fopen|readfile|Bun\.file|Deno\.readTextFile(?:Sync)?|Deno\.readFile(?:Sync)?|Path|pathlib\.Path|io\.open|codecs\.open)\s*\(/g;

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
function perlListRuns(text: string): CodeEffect[] {
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
function awkEffects(text: string): CodeEffect[] {
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

/**
 * What interpreter code does that a shell policy judges: the shell commands it runs (`os.system`, `subprocess`,
 * `child_process.exec`, `system`, backticks) and the files it deletes (`shutil.rmtree`, `fs.rmSync`,
 * `FileUtils.rm_rf`, `os.remove`), each as an equivalent shell command. Reads text only; nothing is run.
 */
export function codeEffects(code: InterpreterCode): CodeEffect[] {
	if (code.language === 'sed') {
		return sedEffects(code.code);
	}
	if (code.language === 'applescript') {
		// AppleScript reaches the system through one command; everything else it does drives applications.
		return matchesOf(code.code, /do shell script\s+"((?:[^"\\]|\\.)*)"/g, (match) => ({
			shell: decodeEscapes(match[1] ?? ''),
		}));
	}
	const effects: CodeEffect[] = [];
	const text = code.code;
	effects.push(...(LANGUAGE_CALLS[code.language]?.(text) ?? []));
	for (const match of text.matchAll(SHELL_CALLS)) {
		const open = (match.index ?? 0) + match[0].length - 1;
		const { first, all } = firstArgument(text, open);
		const words = stringList(first);
		const value = literal(first);
		const name = match[0].replace(/\s*\($/, '');
		const call = `${name}(${all})`;
		if (words) {
			effects.push({ argv: words, text: call });
		} else if (value !== undefined) {
			// `spawn('rm', ['-rf', '/'])` names the program first and its words second.
			const rest = stringList(
				all
					.slice(first.length)
					.replace(/^\s*,/, '')
					.split(/,\s*\{/)[0] ?? '',
			);
			effects.push(
				rest && /spawn|execFile/.test(name)
					? { argv: [value, ...rest], text: call }
					: { shell: value, text: call },
			);
		} else {
			effects.push({ argv: ['$UNKNOWN_COMMAND'], text: call });
		}
	}
	for (const match of text.matchAll(TREE_DELETES)) {
		const open = (match.index ?? 0) + match[0].length - 1;
		const { first, all } = firstArgument(text, open);
		const name = match[0].replace(/\s*\($/, '');
		const recursive =
			!/^fs(\.promises)?\.(rm|rmdir)|^(rmSync|rmdirSync)/.test(name) || all.includes('recursive');
		effects.push({
			argv: recursive ? ['rm', '-rf', pathWord(first)] : ['rm', pathWord(first)],
			text: `${name}(${all})`,
		});
	}
	for (const match of text.matchAll(FILE_DELETES)) {
		const open = (match.index ?? 0) + match[0].length - 1;
		const { first, all } = firstArgument(text, open);
		const name = match[0].replace(/\s*\($/, '');
		const argument = name.startsWith('Path(') ? (/^Path\(([^)]*)\)/.exec(name)?.[1] ?? '') : first;
		effects.push({ argv: ['rm', pathWord(argument)], text: `${name}(${all})` });
	}
	for (const match of text.matchAll(FILE_READS)) {
		const open = (match.index ?? 0) + match[0].length - 1;
		const { first, all } = firstArgument(text, open);
		const path = literal(first);
		// `open(p, "w")`, `io.open(p, "a")`: a mode that only writes reads nothing (the write is read per language).
		const writesOnly = /^\s*,\s*(["'])[wa]b?\1/.test(all.slice(first.length));
		if (path !== undefined && !writesOnly) {
			effects.push({ argv: ['cat', path], text: `${match[0].replace(/\s*\($/, '')}(${all})` });
		}
	}
	if (code.language === 'awk') {
		effects.push(...awkEffects(text));
	}
	if (code.language === 'perl') {
		effects.push(...perlListRuns(text));
		for (const match of text.matchAll(/\bunlink\s+(?:glob\s*\(\s*)?(["'])([^"']+)\1/g)) {
			effects.push({ argv: ['rm', match[2] ?? ''], text: match[0] });
		}
	}
	if (code.language === 'julia') {
		// Julia's command literals: ``run(`rm -rf ~`)``.
		effects.push(...matchesOf(text, /`([^`]+)`/g, (match) => ({ shell: match[1] ?? '' })));
	}
	// Backticks and `%x(…)` run a shell in Perl, Ruby and PHP, and so do `system`/`exec` written without parentheses.
	if (['perl', 'ruby', 'php'].includes(code.language)) {
		for (const match of text.matchAll(
			/\b(?:system|exec)\s+(?:qq?\{([^}]*)\}|"([^"]*)"|'([^']*)')/g,
		)) {
			effects.push({ shell: match[1] ?? match[2] ?? match[3] ?? '', text: match[0] });
		}
		for (const match of text.matchAll(/`([^`]+)`|%x\(([^)]*)\)|\bqx\{([^}]*)\}/g)) {
			const shell = match[1] ?? match[2] ?? match[3] ?? '';
			effects.push({ shell, text: match[0] });
		}
	}
	// `exec(base64.b64decode(…))`, `eval(atob(…))`: code that hides what it runs.
	if (
		/\b(?:exec|eval|Function)\s*\(\s*(?:[\w.]*\(?["']?base64|__import__|atob|Buffer\.from|codecs\.decode|bytes\.fromhex|zlib|marshal|pack\s*\(|decode_base64|unpack)/.test(
			text,
		)
	) {
		effects.push({ argv: [DECODED_CODE], text: 'decoded code run with exec/eval' });
	}
	return effects;
}

/** sed's commands that run, write or read something (see sedScript.ts), as the shell commands they stand for. */
function sedEffects(script: string): CodeEffect[] {
	return sedScriptActions(script).map(({ kind, operand, text }) =>
		kind === 'write'
			? { argv: ['tee', operand], text }
			: kind === 'read'
				? { argv: ['cat', operand], text }
				: kind === 'run'
					? { shell: operand, text }
					: { argv: [UNRESOLVED_CODE, 'runs the lines it edits as shell commands'], text },
	);
}

/** A pattern's matches as effects: each match's words or shell text, by `toEffect`. */
function matchesOf(
	text: string,
	pattern: RegExp,
	toEffect: (match: RegExpMatchArray) => Omit<CodeEffect, 'text'>,
): CodeEffect[] {
	return [...text.matchAll(pattern)].map((match) => ({ ...toEffect(match), text: match[0] }));
}

/** A quoted string literal as groups `group` (the quote) and `group + 1` (its body, escapes still written). */
function quoted(group: number): string {
	const same = `\\${group}`;
	return String.raw`(["'])((?:(?!${same})[^\\]|\\.)*)${same}`;
}

/** A quoted string literal: group 1 is the quote, group 2 its body (escapes still written). */
const QUOTED = quoted(1);

/** The quoted words of a list's text (`"-rf", "~"`), unescaped. */
function quotedWords(text: string): string[] {
	return [...text.matchAll(new RegExp(QUOTED, 'g'))].map((word) => decodeEscapes(word[2] ?? ''));
}

/** A call of `names` whose first argument is a string literal: group 2 is that literal's body, group 3 what follows. */
function callWithLiteral(names: string): RegExp {
	return new RegExp(String.raw`\b(?:${names})\(\s*${QUOTED}([^)]*)\)`, 'g');
}

/** A delete call's match from {@link callWithLiteral} as `rm`, or `rm -rf` when its other arguments ask for a tree. */
function removal(recursive: RegExp): (match: RegExpMatchArray) => Omit<CodeEffect, 'text'> {
	return (match) => ({
		argv: ['rm', ...(recursive.test(match[3] ?? '') ? ['-rf'] : []), decodeEscapes(match[2] ?? '')],
	});
}

/** Calls of the languages read only here, beyond the calls every language shares (`system(…)`, `unlink(…)`). */
const LANGUAGE_CALLS: Partial<Record<InterpreterLanguage, (text: string) => CodeEffect[]>> = {
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
