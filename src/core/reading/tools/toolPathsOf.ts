import { pathsInPatch } from './pathsInPatch';
import type { ToolKind } from '../../terms/toolKind';

/**
 * Argument keys that hold one path, across harnesses and MCP servers: Local `filePath`/`dirPath`, CLI `path`, Claude
 * `file_path`/`notebook_path`, Cursor `target_file`, Windsurf `TargetFile`/`AbsolutePath`, move tools' `source` and
 * `destination`, `uri`, and the globs a search tool reads the files of (Local `grep_search` `includePattern`, Claude
 * `Grep` `glob`), and the repository whose changes Local `get_changed_files` reads (`repositoryPath`).
 */
export const PATH_KEY =
	/^(?:file_?path|filepath|path|dir_?path|dirpath|notebook_?path|target_?file|targetfile|absolute_?path|file|filename|file_?name|uri|directory|dir|folder|source|destination|old_?path|new_?path|source_?path|target_?path|from|to|target|dest|include_?pattern|glob|repository_?path|repo_?path)$/i;
/**
 * Argument keys that hold several paths: Local `get_errors` `filePaths`, MCP filesystem servers' `paths`, CLI
 * `grep`/`glob` `paths` (one folder as a string, or a list).
 */
export const PATH_LIST_KEY = /^(?:file_?paths|paths|files|uris|targets)$/i;
// Batch edits: Local `multi_replace_string_in_file` `replacements[]`; `edits[]` elsewhere carries the same shape.
const EDIT_LIST_KEYS = new Set(['replacements', 'edits']);
// Where a patch's text travels: Local and Codex `apply_patch` `input`, some harnesses `patch`.
const PATCH_KEYS = new Set(['input', 'patch']);

/** One path a tool's arguments name, with the key it was found under (an edit item's own key for a batch edit). */
export interface PathArgument {
	readonly key: string;
	readonly path: string;
}

/**
 * Every path-valued argument of a tool call, in input order: single-path keys, path lists, and each item of a batch
 * edit (`replacements[].filePath`); the paths a patch's text names are not among them (see {@link toolPathsOf}).
 */
export function pathArgumentsOf(input: Readonly<Record<string, unknown>>): PathArgument[] {
	const found: PathArgument[] = [];
	const push = (key: string, value: unknown): void => {
		if (typeof value === 'string' && value.trim() !== '') {
			found.push({ key, path: value });
		}
	};
	for (const [key, value] of Object.entries(input)) {
		if (PATH_KEY.test(key)) {
			push(key, value);
		} else if (PATH_LIST_KEY.test(key)) {
			(Array.isArray(value) ? value : [value]).forEach((item) => push(key, item));
		} else if (EDIT_LIST_KEYS.has(key) && Array.isArray(value)) {
			for (const edit of value) {
				if (isRecord(edit)) {
					Object.entries(edit)
						.filter(([itemKey]) => PATH_KEY.test(itemKey))
						.forEach(([itemKey, item]) => push(itemKey, item));
				}
			}
		}
	}
	return found;
}

/** The patch text a write tool carries (`apply_patch {input}`), or `undefined`; another tool's `input` is prose. */
export function patchTextOf(
	kind: ToolKind,
	input: Readonly<Record<string, unknown>>,
): string | undefined {
	if (kind !== 'fileWrite') {
		return undefined;
	}
	return [...PATCH_KEYS]
		.map((key) => input[key])
		.find((value): value is string => typeof value === 'string');
}

/** Every path a tool's arguments name, as sent, in input order, unique; patches contribute their file headers. */
export function toolPathsOf(kind: ToolKind, input: Readonly<Record<string, unknown>>): string[] {
	const patch = patchTextOf(kind, input);
	const paths = pathArgumentsOf(input).map((argument) => argument.path);
	return [...new Set([...paths, ...(patch === undefined ? [] : pathsInPatch(patch))])];
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
