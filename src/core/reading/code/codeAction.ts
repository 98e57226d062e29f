/** A scripting language whose code Hookwarden parses with a grammar rather than reads with patterns. */
export type CodeLanguage = 'python' | 'javascript' | 'ruby' | 'php';

/**
 * A string the code passes to a call: its exact text when the snippet fixes it, else why it does not, with the best
 * partial text in `hint` (an f-string's literal parts, `~/.ssh/` and then something computed). Paths keep `~` and
 * `$HOME` as a shell word would, for the target resolver to expand.
 */
export type CodeValue =
	| { readonly kind: 'literal'; readonly text: string }
	| { readonly kind: 'unknown'; readonly why: string; readonly hint?: string };

/** What a file call does to its targets. */
export type FileOp =
	| 'read'
	| 'write'
	| 'append'
	| 'truncate'
	| 'delete'
	| 'deleteTree'
	| 'move'
	| 'copy'
	| 'copyTree'
	| 'link'
	| 'chmod'
	| 'mkdir';

/**
 * One thing interpreter code does that a policy judges, with `call` naming the API by its canonical name
 * (`os.system` even when the code wrote `o.system` after `import os as o`):
 * - `shell`: runs `text` as a shell command line (`os.system`, `execSync`, backticks, `shell_exec`);
 * - `spawn`: runs a program with these words, no shell (`subprocess.run([...])`, `execFile`, `Bun.spawn`);
 * - `file`: acts on `targets` (for a move, copy or link the destinations), with `sources` where it has them (the
 *   files moved or copied, the existing file a link points to);
 * - `send`: talks to the network at `target` (a URL or `host:port`);
 * - `statement`: sends `text` to a data store as a statement (a database driver's `execute`, `query`, `exec`);
 * - `code`: runs `text` as code of `language` (`eval`/`exec` of a string the snippet fixes), which the caller reads
 *   in turn;
 * - `unknown`: does something the reader cannot resolve (a computed callee or module, `eval` of a built or decoded
 *   string, code that does not parse), which a policy asks about and never allows.
 */
export type CodeAction =
	| { readonly kind: 'shell'; readonly text: CodeValue; readonly call: string }
	| { readonly kind: 'spawn'; readonly argv: readonly CodeValue[]; readonly call: string }
	| {
			readonly kind: 'file';
			readonly op: FileOp;
			readonly targets: readonly CodeValue[];
			readonly sources?: readonly CodeValue[];
			readonly call: string;
	  }
	| { readonly kind: 'send'; readonly target: CodeValue; readonly call: string }
	| { readonly kind: 'statement'; readonly text: CodeValue; readonly call: string }
	| {
			readonly kind: 'code';
			readonly language: CodeLanguage;
			readonly text: string;
			readonly call: string;
	  }
	| { readonly kind: 'unknown'; readonly call: string; readonly why: string };
