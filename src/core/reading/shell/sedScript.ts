/*
 * GNU sed's commands that reach outside the text it edits: `e` runs a shell command (`1e rm -rf ~`), the `s` flag `e`
 * runs each edited line as one, `w`/`W` (and the `s` flag `w`) write a file, and `r`/`R` read one into the output.
 * Everything else a script does stays inside the stream, so only these are found; `--sandbox` refuses all of them.
 */

/** What one sed script does outside its stream, each as the command it stands for. */
export interface SedAction {
	readonly kind: 'run' | 'runEditedLines' | 'write' | 'read';
	/** The shell command (`run`) or the file (`write`, `read`); empty for `runEditedLines`. */
	readonly operand: string;
	/** The sed command as written, for display. */
	readonly text: string;
}

/** Commands that take the rest of the line as their operand (a file, a command or text). */
const REST_OF_LINE: Readonly<Record<string, SedAction['kind'] | 'text'>> = {
	e: 'run',
	w: 'write',
	W: 'write',
	r: 'read',
	R: 'read',
	a: 'text',
	i: 'text',
	c: 'text',
};

/** The index after a delimited part that starts at `from` (just past the opening delimiter). */
function skipDelimited(line: string, from: number, delimiter: string): number {
	let at = from;
	while (at < line.length && line.charAt(at) !== delimiter) {
		at += line.charAt(at) === '\\' ? 2 : 1;
	}
	return at + 1;
}

/** The index after an address or address range (`1`, `$`, `/re/I`, `\%re%`, `1,+3`, `0~4`) and any `!`. */
function skipAddress(line: string, from: number): number {
	let at = from;
	for (let part = 0; part < 2; part++) {
		const char = line.charAt(at);
		if (char === '/') {
			at = skipDelimited(line, at + 1, '/');
			at += /^[IM]*/.exec(line.slice(at))?.[0].length ?? 0;
		} else if (char === '\\') {
			at = skipDelimited(line, at + 2, line.charAt(at + 1));
			at += /^[IM]*/.exec(line.slice(at))?.[0].length ?? 0;
		} else {
			at += /^(?:\$|[+~]?\d+(?:~\d+)?)?/.exec(line.slice(at))?.[0].length ?? 0;
		}
		if (part === 0 && line.charAt(at) === ',') {
			at++;
			continue;
		}
		break;
	}
	return at + (/^\s*!\s*/.exec(line.slice(at))?.[0].length ?? 0);
}

/** The actions of one `s` command at `at` and the index after it; its flags end at `;`, `}` or the line's end. */
function substitution(line: string, at: number, actions: SedAction[]): number {
	const delimiter = line.charAt(at + 1);
	const flagsAt = skipDelimited(line, skipDelimited(line, at + 2, delimiter), delimiter);
	const flags = /^[^;}\s]*/.exec(line.slice(flagsAt))?.[0] ?? '';
	const text = line.slice(at, flagsAt + flags.length);
	if (flags.includes('e')) {
		actions.push({ kind: 'runEditedLines', operand: '', text });
	}
	const write = flags.indexOf('w');
	if (write >= 0) {
		// `w` is the last flag: the file name is the rest of the line.
		const file = line.slice(flagsAt + write + 1).trim();
		actions.push({ kind: 'write', operand: file, text: line.slice(at).trim() });
		return line.length;
	}
	return flagsAt + flags.length;
}

/** The actions of one line of a sed script. */
function lineActions(line: string, actions: SedAction[]): void {
	let at = 0;
	while (at < line.length) {
		at += /^[\s;{}]*/.exec(line.slice(at))?.[0].length ?? 0;
		if (at >= line.length || line.charAt(at) === '#') {
			return;
		}
		at = skipAddress(line, at);
		const command = line.charAt(at);
		const rest = REST_OF_LINE[command];
		if (rest !== undefined) {
			const operand = line.slice(at + 1).trim();
			// A bare `e` runs the pattern space itself, as `s///e` does.
			const kind = rest === 'run' && operand === '' ? 'runEditedLines' : rest;
			if (kind !== 'text') {
				actions.push({ kind, operand, text: line.slice(at).trim() });
			}
			return;
		}
		if (command === 's') {
			at = substitution(line, at, actions);
		} else if (command === 'y') {
			const delimiter = line.charAt(at + 1);
			at = skipDelimited(line, skipDelimited(line, at + 2, delimiter), delimiter);
		} else {
			// Labels, branches and one-letter commands end at `;` or `}`.
			at += 1 + (/^[^;}]*/.exec(line.slice(at + 1))?.[0].length ?? 0);
		}
	}
}

/** What a sed script (its `-e` parts joined by newlines) does outside the text it edits. */
export function sedScriptActions(script: string): SedAction[] {
	const actions: SedAction[] = [];
	for (const line of script.split('\n')) {
		lineActions(line, actions);
	}
	return actions;
}

/** sed's options that take the next word as their value. */
const SED_VALUE_OPTIONS = new Set(['-l', '--line-length']);

/**
 * The script a sed command line runs: its `-e`/`--expression` parts joined by newlines, else its first operand.
 * `undefined` when it reads its script from a file (`-f`) or runs with `--sandbox`, which refuses `e`, `r` and `w`.
 */
export function sedScriptOf(argv: readonly string[]): string | undefined {
	const parts: string[] = [];
	let firstOperand: string | undefined;
	for (let index = 1; index < argv.length; index++) {
		const word = argv[index] ?? '';
		if (word === '--sandbox' || word === '-f' || word.startsWith('--file')) {
			return undefined;
		}
		if (word === '--') {
			firstOperand ??= argv[index + 1];
			break;
		}
		if (word === '--expression' || /^-[A-Za-z]*e$/.test(word)) {
			parts.push(argv[index + 1] ?? '');
			index++;
		} else if (word.startsWith('--expression=')) {
			parts.push(word.slice('--expression='.length));
		} else if (/^-[nrEsuz]*e./s.test(word)) {
			parts.push(word.slice(word.indexOf('e') + 1));
		} else if (/^-[A-Za-z]*f/.test(word) && !word.startsWith('--')) {
			return undefined;
		} else if (SED_VALUE_OPTIONS.has(word)) {
			index++;
		} else if (!word.startsWith('-') || word === '-') {
			firstOperand ??= word;
		}
	}
	return parts.length > 0 ? parts.join('\n') : firstOperand;
}

/** Whether sed reads its script from stdin (`sed -f - file`, `--file=/dev/stdin`), so what is piped in is the script. */
export function sedScriptFromStdin(argv: readonly string[]): boolean {
	return argv.some((word, index) => {
		const file = /^-[A-Za-z]*f$|^--file$/.test(word)
			? argv[index + 1]
			: word.startsWith('--file=')
				? word.slice('--file='.length)
				: undefined;
		return file === '-' || file === '/dev/stdin';
	});
}
