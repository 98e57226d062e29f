/*
 * The shapes interpreter code is read into, apart from the readers: the command-line types and the program vocabulary
 * name them without depending on how code is read.
 */

/** A scripting language whose one-liners are read for destructive calls. */
export type InterpreterLanguage =
	| 'python'
	| 'javascript'
	| 'perl'
	| 'ruby'
	| 'php'
	| 'awk'
	| 'lua'
	| 'r'
	| 'julia'
	| 'tcl'
	| 'applescript'
	| 'sed';

/** Program code handed to an interpreter on its command line (`python -c`, `node -e`, `awk 'BEGIN{…}'`). */
export interface InterpreterCode {
	readonly language: InterpreterLanguage;
	readonly code: string;
}

/** What a piece of interpreter code does that a shell policy cares about, as an equivalent shell command. */
export interface CodeEffect {
	/** A shell command line the code runs (`os.system("rm -rf /")`), to be read with the bash grammar. */
	readonly shell?: string;
	/** Words of an equivalent shell command for a file call (`shutil.rmtree(p)` reads as `rm -rf p`). */
	readonly argv?: readonly string[];
	/** The call as written in the code, for display. */
	readonly text: string;
}

/**
 * Reads interpreter code with a parser rather than the pattern reader in `interpreterCode.ts`: the code's effects, or
 * `undefined` when this process cannot parse that language (no grammar for it, or it is not loaded), so the patterns
 * read it instead.
 */
export type CodeEffectReader = (code: InterpreterCode) => readonly CodeEffect[] | undefined;
