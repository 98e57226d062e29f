import { namesStdin } from './stdinPaths';
import { programName } from './programName';
import { sedScriptActions, sedScriptFromStdin, sedScriptOf } from './sedScript';
import type { CodeEffect, InterpreterCode, InterpreterLanguage } from './codeTypes';
import { type Interpreter, traitsOf } from '../programs/vocabulary';
import { decodeEscapes, firstArgument, literal, matchesOf, stringList } from './codeLiterals';
import { awkEffects, LANGUAGE_CALLS, perlListRuns } from './patternLanguages';

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

/** Each call `pattern` finds in `text`: its name, its first argument and all of its arguments. */
function* callsOf(
	text: string,
	pattern: RegExp,
): Generator<{ readonly name: string; readonly first: string; readonly all: string }> {
	for (const match of text.matchAll(pattern)) {
		const open = (match.index ?? 0) + match[0].length - 1;
		yield { name: match[0].replace(/\s*\($/, ''), ...firstArgument(text, open) };
	}
}

/** `os.system("…")`, `subprocess.run([…])`, `spawn('rm', ['-rf', '/'])`: the command each runs, or an unknown one. */
function shellCallEffects(text: string): CodeEffect[] {
	return [...callsOf(text, SHELL_CALLS)].map(({ name, first, all }) => {
		const call = `${name}(${all})`;
		const words = stringList(first);
		if (words) {
			return { argv: words, text: call };
		}
		const value = literal(first);
		if (value === undefined) {
			return { argv: ['$UNKNOWN_COMMAND'], text: call };
		}
		// `spawn('rm', ['-rf', '/'])` names the program first and its words second.
		const rest = stringList(
			all
				.slice(first.length)
				.replace(/^\s*,/, '')
				.split(/,\s*\{/)[0] ?? '',
		);
		return rest && /spawn|execFile/.test(name)
			? { argv: [value, ...rest], text: call }
			: { shell: value, text: call };
	});
}

/** Tree and file deletes, as `rm -rf` and `rm`. */
function deleteEffects(text: string): CodeEffect[] {
	const trees = [...callsOf(text, TREE_DELETES)].map(({ name, first, all }) => {
		const recursive =
			!/^fs(\.promises)?\.(rm|rmdir)|^(rmSync|rmdirSync)/.test(name) || all.includes('recursive');
		return {
			argv: recursive ? ['rm', '-rf', pathWord(first)] : ['rm', pathWord(first)],
			text: `${name}(${all})`,
		};
	});
	const files = [...callsOf(text, FILE_DELETES)].map(({ name, first, all }) => {
		const argument = name.startsWith('Path(') ? (/^Path\(([^)]*)\)/.exec(name)?.[1] ?? '') : first;
		return { argv: ['rm', pathWord(argument)], text: `${name}(${all})` };
	});
	return [...trees, ...files];
}

/** Files read by a literal path, as `cat`; `open(p, "w")` and `io.open(p, "a")` only write (read per language). */
function readEffects(text: string): CodeEffect[] {
	return [...callsOf(text, FILE_READS)].flatMap(({ name, first, all }) => {
		const path = literal(first);
		const writesOnly = /^\s*,\s*(["'])[wa]b?\1/.test(all.slice(first.length));
		return path !== undefined && !writesOnly
			? [{ argv: ['cat', path], text: `${name}(${all})` }]
			: [];
	});
}

/** What only one language spells: awk's and Perl's commands, Julia's command literals, backticks and `system "…"`. */
function languageSpellings(language: string, text: string): CodeEffect[] {
	const effects: CodeEffect[] = [];
	if (language === 'awk') {
		effects.push(...awkEffects(text));
	}
	if (language === 'perl') {
		effects.push(...perlListRuns(text));
		for (const match of text.matchAll(/\bunlink\s+(?:glob\s*\(\s*)?(["'])([^"']+)\1/g)) {
			effects.push({ argv: ['rm', match[2] ?? ''], text: match[0] });
		}
	}
	if (language === 'julia') {
		// Julia's command literals: ``run(`rm -rf ~`)``.
		effects.push(...matchesOf(text, /`([^`]+)`/g, (match) => ({ shell: match[1] ?? '' })));
	}
	// Backticks and `%x(…)` run a shell in Perl, Ruby and PHP, and so do `system`/`exec` written without parentheses.
	if (['perl', 'ruby', 'php'].includes(language)) {
		for (const match of text.matchAll(
			/\b(?:system|exec)\s+(?:qq?\{([^}]*)\}|"([^"]*)"|'([^']*)')/g,
		)) {
			effects.push({ shell: match[1] ?? match[2] ?? match[3] ?? '', text: match[0] });
		}
		for (const match of text.matchAll(/`([^`]+)`|%x\(([^)]*)\)|\bqx\{([^}]*)\}/g)) {
			effects.push({ shell: match[1] ?? match[2] ?? match[3] ?? '', text: match[0] });
		}
	}
	return effects;
}

/** `exec(base64.b64decode(…))`, `eval(atob(…))`: code that hides what it runs. */
const RUNS_DECODED_CODE =
	/\b(?:exec|eval|Function)\s*\(\s*(?:[\w.]*\(?["']?base64|__import__|atob|Buffer\.from|codecs\.decode|bytes\.fromhex|zlib|marshal|pack\s*\(|decode_base64|unpack)/;

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
	const text = code.code;
	return [
		...(LANGUAGE_CALLS[code.language]?.(text) ?? []),
		...shellCallEffects(text),
		...deleteEffects(text),
		...readEffects(text),
		...languageSpellings(code.language, text),
		...(RUNS_DECODED_CODE.test(text)
			? [{ argv: [DECODED_CODE], text: 'decoded code run with exec/eval' }]
			: []),
	];
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
