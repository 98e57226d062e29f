import type * as Crypto from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, normalize, sep } from 'node:path';

import type { ToolCall } from '../../core/events/hookEvent';
import { normalizePath } from '../../core/paths/pathMath';

// This file is in every bridge call's bundle; node:crypto costs a cold process about 8 ms to load, so only a call that
// hashes (one that holds or closes files) loads it.
const lazyRequire = createRequire(__filename);
const createHash = (algorithm: string): Crypto.Hash =>
	(lazyRequire('node:crypto') as typeof Crypto).createHash(algorithm);

/** A workspace folder as the store names it: normalised, with forward slashes. */
export function storedWorkspacePath(workspace: string): string {
	const normalized = normalize(workspace);
	return sep === '\\' ? normalizePath(normalized) : normalized;
}

/** The store's folder of one workspace (its index, lock and waiting calls), named by a digest of its path. */
export function workspaceFolderIn(storeRoot: string, workspace: string): string {
	const key = createHash('sha256')
		.update(storedWorkspacePath(workspace))
		.digest('hex')
		.slice(0, 24);
	return join(storeRoot, 'workspaces', key);
}

/**
 * The name a waiting call is filed under: its session, then the call (the harness's tool call id, or its tool and
 * input where the harness sends no id), so its PostToolUse finds it and the end of a turn finds all of a session's.
 */
export function pendingName(
	session: string,
	tool?: Pick<ToolCall, 'name' | 'input' | 'useId'>,
): string {
	const sessionKey = digest(session).slice(0, 16);
	if (!tool) {
		return sessionKey;
	}
	const call = tool.useId !== undefined ? ['id', tool.useId] : ['input', tool.name, tool.input];
	return `${sessionKey}-${digest(JSON.stringify(call)).slice(0, 32)}`;
}

/**
 * Whether a call (or, without one, any call of the session) waits for its comparison: asked before the store's code
 * is loaded, so the events that close nothing (most of them) cost a hash and a `stat`.
 */
export function hasWaitingCalls(
	storeRoot: string,
	workspace: string | undefined,
	session: string,
	tool?: Pick<ToolCall, 'name' | 'input' | 'useId'>,
): boolean {
	const folder = join(workspaceFolderIn(storeRoot, workspace ?? ''), 'pending');
	const name = pendingName(session, tool);
	try {
		return tool
			? existsSync(join(folder, `${name}.json`))
			: readdirSync(folder).some((file) => file.startsWith(`${name}-`));
	} catch {
		return false;
	}
}

function digest(text: string): string {
	return createHash('sha256').update(text).digest('hex');
}

/** A path with forward slashes, as records and the core keep paths. */
export function slashed(path: string): string {
	return sep === '\\' ? normalizePath(path) : path;
}

/** A stored path (forward slashes) as the platform spells it. */
export function unslashed(path: string): string {
	return sep === '\\' ? path.replace(/\//g, '\\') : path;
}
