/*
 * The shell commands a job written in another language runs: a makefile's recipes and `$(shell …)` calls, and the
 * shell and file calls of Emacs Lisp. Read as text only; nothing is evaluated.
 */
import type { JobLanguage } from './commandRunners';

/** A makefile's recipe lines (tab-indented, or after `;` on a rule line) and `$(shell …)` texts, as shell lines. */
export function makefileCommands(text: string): string[] {
	const lines = text.replace(/\\\n\t?/g, ' ').split('\n');
	const commands: string[] = [];
	for (const line of lines) {
		if (line.startsWith('\t')) {
			commands.push(line.slice(1));
		} else {
			// `target: prerequisites ; recipe`: a rule with its recipe on the same line.
			const inline = /^[^\t#=]*?[^:=]:(?!=)[^;#]*;(.*)$/.exec(line)?.[1];
			if (inline !== undefined) {
				commands.push(inline);
			}
		}
		for (const match of line.matchAll(/\$[({]shell\s+([^)}]*)[)}]/g)) {
			commands.push(match[1] ?? '');
		}
	}
	// `@`, `-` and `+` before a recipe only change echoing and error handling; `$$` is a literal `$` for the shell.
	return commands
		.map((command) =>
			command
				.trim()
				.replace(/^[@+-]+/, '')
				.replace(/\$\$/g, '$'),
		)
		.filter((command) => command !== '');
}

/** An Emacs Lisp string literal's body, escapes undone. */
function lispString(body: string): string {
	return body.replace(/\\(.)/g, '$1');
}

const STRING = String.raw`"((?:[^"\\]|\\.)*)"`;

/** A path argument as the shell would spell it: a string, `(expand-file-name "x")`, or `(getenv "HOME")`. */
const PATH_ARGUMENT = String.raw`(?:${STRING}|\(expand-file-name\s+${STRING}[^)]*\)|\(getenv\s+${STRING}\))`;

function pathOf(match: RegExpMatchArray, first: number): string {
	const variable = match[first + 2];
	return variable !== undefined
		? `$${variable}`
		: lispString(match[first] ?? match[first + 1] ?? '');
}

/** Quotes a word for a shell line so it reads back as that one word. */
function quoted(word: string): string {
	return /^[\w@%+=:,./~$-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * What Emacs Lisp run from a command line does to the system, as shell lines: `shell-command` and its kin run a
 * shell; `call-process`/`process-lines` run a program with words; `delete-directory`, `delete-file`, `copy-file`
 * and `rename-file` change files as `rm`, `cp` and `mv` would.
 */
export function lispCommands(text: string): string[] {
	const shell = new RegExp(
		String.raw`\((?:shell-command(?:-to-string)?|async-shell-command|call-process-shell-command|start-process-shell-command\s+${STRING}\s+\S+)\s+${STRING}`,
		'g',
	);
	const commands = [...text.matchAll(shell)].map((match) => lispString(match[2] ?? match[1] ?? ''));
	for (const match of text.matchAll(
		new RegExp(
			String.raw`\((?:call-process|process-lines)\s+${STRING}((?:\s+(?:nil|t|${STRING}))*)\)`,
			'g',
		),
	)) {
		const words = [...(match[2] ?? '').matchAll(new RegExp(STRING, 'g'))].map((word) =>
			lispString(word[1] ?? ''),
		);
		commands.push([lispString(match[1] ?? ''), ...words].map(quoted).join(' '));
	}
	for (const match of text.matchAll(
		new RegExp(String.raw`\(delete-(directory|file)\s+${PATH_ARGUMENT}(\s+t\b)?`, 'g'),
	)) {
		const tree = match[1] === 'directory' && match[5] !== undefined;
		commands.push(`rm ${tree ? '-rf ' : ''}${quoted(pathOf(match, 2))}`);
	}
	for (const match of text.matchAll(
		new RegExp(String.raw`\((copy|rename)-file\s+${PATH_ARGUMENT}\s+${PATH_ARGUMENT}`, 'g'),
	)) {
		const program = match[1] === 'copy' ? 'cp' : 'mv';
		commands.push(`${program} ${quoted(pathOf(match, 2))} ${quoted(pathOf(match, 5))}`);
	}
	return commands;
}

/** The shell lines a job in `language` runs. */
export function jobCommands(text: string, language: JobLanguage): string[] {
	switch (language) {
		case 'shell':
			return [text];
		case 'makefile':
			return makefileCommands(text);
		case 'lisp':
			return lispCommands(text);
	}
}
