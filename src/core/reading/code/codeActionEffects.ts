import type { CodeEffect, CodeEffectReader } from '../shell/interpreterCode';
import { codeEffects, DECODED_CODE, UNRESOLVED_CODE } from '../shell/interpreterCode';
import type { CodeAction, CodeLanguage, CodeValue, FileOp } from './codeAction';
import { DRIVER_STATEMENT } from '../programs/dataStoreClients';

/** Reads one snippet of a language whose grammar is loaded. */
export type LoadedCodeReader = (code: string) => readonly CodeAction[];

/** How many levels of `eval`/`exec` of fixed code are followed before the rest counts as unresolved. */
const MAX_NESTED_CODE = 4;

/** A word standing for a part of a value only known when the code runs; the path judges treat it as a variable. */
const UNKNOWN_WORD = '$UNKNOWN_VALUE';

/**
 * A value as a shell word: its text when the code fixes it, else what is known of it with the unknown parts as a
 * variable (`~/.ssh/$UNKNOWN_VALUE`), so a path judge still sees where it points.
 */
function word(value: CodeValue): string {
	if (value.kind === 'literal') {
		return value.text;
	}
	return value.hint === undefined ? UNKNOWN_WORD : value.hint.replace(/\*+/g, UNKNOWN_WORD);
}

/** Equivalent shell words of a file call, one command per target. */
const FILE_COMMANDS: Readonly<
	Record<FileOp, (target: string, source: string) => readonly string[]>
> = {
	read: (target) => ['cat', target],
	write: (target) => ['tee', target],
	append: (target) => ['tee', '-a', target],
	truncate: (target) => ['truncate', '-s', '0', target],
	// Code never asks before it deletes, as `rm -f` does not.
	delete: (target) => ['rm', '-f', target],
	deleteTree: (target) => ['rm', '-rf', target],
	move: (target, source) => ['mv', source, target],
	copy: (target, source) => ['cp', source, target],
	copyTree: (target, source) => ['cp', '-r', source, target],
	link: (target, source) => ['ln', '-sf', source, target],
	chmod: (target) => ['chmod', 'a mode the code sets', target],
	mkdir: (target) => ['mkdir', '-p', target],
};

function unresolved(call: string, why: string): CodeEffect {
	return { argv: [UNRESOLVED_CODE, why], text: call };
}

function fileEffects(action: CodeAction & { kind: 'file' }): CodeEffect[] {
	const command = FILE_COMMANDS[action.op];
	const sources = action.sources ?? [];
	return action.targets.flatMap((target, index) => {
		const source = sources[index] ?? sources[0];
		return { argv: command(word(target), source ? word(source) : UNKNOWN_WORD), text: action.call };
	});
}

/** A shell line the code runs: read as written, and asked about when part of it is only known at run time. */
function shellEffects(action: CodeAction & { kind: 'shell' }): CodeEffect[] {
	if (action.text.kind === 'literal') {
		return [{ shell: action.text.text, text: action.call }];
	}
	const known =
		action.text.hint === undefined ? [] : [{ shell: word(action.text), text: action.call }];
	return [
		...known,
		unresolved(action.call, `runs a command line built at run time: ${action.text.why}`),
	];
}

/** A program the code starts: its words, and an ask when the program itself is only known at run time. */
function spawnEffects(action: CodeAction & { kind: 'spawn' }): CodeEffect[] {
	const [program, ...rest] = action.argv;
	if (!program || program.kind === 'unknown') {
		const why = program?.kind === 'unknown' ? program.why : 'no program is named';
		return [unresolved(action.call, `starts a program chosen at run time: ${why}`)];
	}
	return [{ argv: [program.text, ...rest.map(word)], text: action.call }];
}

/** Text with whitespace and written whitespace escapes (`\n`, `\t`) removed, to compare code as a person reads it. */
function squeezed(text: string): string {
	return text.replace(/\\[ntr]|\s+/g, '');
}

/**
 * Code evaluated from a string the snippet does not show as written (decoded, joined, unescaped): read in turn, and
 * asked about as decoded code is on a shell line, since the person approving cannot read it either.
 */
function evaluatedCode(
	action: CodeAction & { kind: 'code' },
	snippet: string,
	nested: CodeEffect[],
): CodeEffect[] {
	return squeezed(snippet).includes(squeezed(action.text))
		? nested
		: [{ argv: [DECODED_CODE], text: action.call }, ...nested];
}

/**
 * Builds the reader the shell walkers use for interpreter code from the parsers this process has loaded: each action
 * becomes the equivalent shell command the policy already judges (a shell line read as shell, a spawn as its words, a
 * file call as `rm`/`tee`/`cat`/`mv`…), fixed code passed to `eval` is read in turn, and what cannot be resolved
 * becomes an {@link UNRESOLVED_CODE} command, which is asked about, as is code decoded or built before it is run. Network sends add nothing: what they send is
 * judged where it is read. Languages without a loaded parser answer `undefined`, for the patterns to read.
 */
export function parsedCodeReader(
	readers: ReadonlyMap<CodeLanguage, LoadedCodeReader>,
): CodeEffectReader {
	const read = (language: string, code: string, depth: number): CodeEffect[] | undefined => {
		const reader = readers.get(language as CodeLanguage);
		if (!reader) {
			return undefined;
		}
		return reader(code).flatMap((action): CodeEffect[] => {
			switch (action.kind) {
				case 'shell':
					return shellEffects(action);
				case 'spawn':
					return spawnEffects(action);
				case 'file':
					return fileEffects(action);
				case 'send':
					return [];
				case 'statement':
					return [{ argv: [DRIVER_STATEMENT, word(action.text)], text: action.call }];
				case 'code':
					return depth >= MAX_NESTED_CODE
						? [unresolved(action.call, `evaluates code nested over ${MAX_NESTED_CODE} levels deep`)]
						: evaluatedCode(
								action,
								code,
								read(action.language, action.text, depth + 1) ??
									codeEffects({ language: action.language, code: action.text }),
							);
				case 'unknown':
					return [unresolved(action.call, action.why)];
			}
		});
	};
	return (code) => read(code.language, code.code, 0);
}
