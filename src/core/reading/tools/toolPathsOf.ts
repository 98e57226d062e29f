import { pathsInPatch } from './pathsInPatch';
import type { ToolKind } from '../../terms/toolKind';

/**
 * Argument keys that hold one path, across harnesses and MCP servers: Local `filePath`/`dirPath`, CLI `path`, Claude
 * `file_path`/`notebook_path`, Cursor `target_file`, Windsurf `TargetFile`/`AbsolutePath`, move tools' `source` and
 * `destination`, `uri`, and the globs a search tool reads the files of (Local `grep_search` `includePattern`, Claude
 * `Grep` `glob`).
 */
export const PATH_KEY =
	/^(?:file_?path|filepath|path|dir_?path|dirpath|notebook_?path|target_?file|targetfile|absolute_?path|file|filename|file_?name|uri|directory|dir|folder|source|destination|old_?path|new_?path|source_?path|target_?path|from|to|target|dest|include_?pattern|glob)$/i;
/** Argument keys that hold several paths: Local `get_errors` `filePaths`, MCP filesystem servers' `paths`. */
export const PATH_LIST_KEY = /^(?:file_?paths|paths|files|uris|targets)$/i;
// Local `multi_replace_string_in_file` `replacements[]`; `edits[]` elsewhere carries the same shape.
const EDIT_LIST_KEYS = new Set(['replacements', 'edits']);
// Where a patch's text travels: Local and Codex `apply_patch` `input`, some harnesses `patch`.
const PATCH_KEYS = new Set(['input', 'patch']);

/** Every path a tool's arguments name, as sent, in input order, unique; patches contribute their file headers. */
export function toolPathsOf(kind: ToolKind, input: Readonly<Record<string, unknown>>): string[] {
	const paths: string[] = [];
	for (const [key, value] of Object.entries(input)) {
		if (PATH_KEY.test(key)) {
			pushPath(paths, value);
		} else if (PATH_LIST_KEY.test(key) && Array.isArray(value)) {
			value.forEach((item) => pushPath(paths, item));
		} else if (EDIT_LIST_KEYS.has(key) && Array.isArray(value)) {
			for (const edit of value) {
				if (isRecord(edit)) {
					pushPath(paths, edit.filePath);
					pushPath(paths, edit.file_path);
				}
			}
		} else if (kind === 'fileWrite' && PATCH_KEYS.has(key) && typeof value === 'string') {
			// Only a write tool's `input` is a patch; a subagent's or web tool's `input` is prose.
			paths.push(...pathsInPatch(value));
		}
	}
	return [...new Set(paths)];
}

function pushPath(paths: string[], value: unknown): void {
	if (typeof value === 'string' && value.trim() !== '') {
		paths.push(value);
	}
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
