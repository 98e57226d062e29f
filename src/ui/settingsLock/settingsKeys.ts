import { findNodeAtLocation, getLocation, parseTree } from 'jsonc-parser';
import type { JSONPath } from 'jsonc-parser';

/** Where a settings key sits in a settings file's text: the key's property node as an offset and a length. */
export interface KeySpan {
	readonly offset: number;
	readonly length: number;
}

// In a `.code-workspace` file the settings are the `settings` object; in a settings.json they are the top level.
function settingsPath(workspaceFile: boolean, path: JSONPath): JSONPath {
	return workspaceFile ? ['settings', ...path] : path;
}

/** The top-level setting (`hookwarden.failMode`) whose key or value is at `offset`, or `undefined`. */
export function settingKeyAt(
	text: string,
	offset: number,
	workspaceFile: boolean,
): string | undefined {
	const { path } = getLocation(text, offset);
	const key = workspaceFile ? (path[0] === 'settings' ? path[1] : undefined) : path[0];
	return typeof key === 'string' && key !== '' ? key : undefined;
}

/**
 * The span of a setting as a settings problem names it: `failMode` → the property `hookwarden.failMode`,
 * `rules[2]` → the third entry of `hookwarden.rules`, `packs` → the whole `hookwarden.packs` property.
 */
export function spanOfProblemKey(
	text: string,
	problemKey: string,
	workspaceFile: boolean,
): KeySpan | undefined {
	const root = parseTree(text, [], { allowTrailingComma: true });
	if (!root) {
		return undefined;
	}
	const entry = /^(.*)\[(\d+)\]$/.exec(problemKey);
	const path: JSONPath = entry
		? [`hookwarden.${entry[1] ?? ''}`, Number(entry[2])]
		: [`hookwarden.${problemKey}`];
	const node = findNodeAtLocation(root, settingsPath(workspaceFile, path));
	// The property (key and value) when the node is a property's value, else the node itself (an array entry).
	const span = node?.parent?.type === 'property' ? node.parent : node;
	return span && { offset: span.offset, length: span.length };
}
