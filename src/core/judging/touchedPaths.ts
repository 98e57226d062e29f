import { resolvePath } from '../paths/pathMath';
import { writtenPaths } from '../reading/shell/writtenPaths';
import type { PolicyInput } from './policyInput';

/** One path a tool call touches, resolved to an absolute normalised path. */
export interface TouchedPath {
	/** As the tool or command wrote it. */
	readonly raw: string;
	readonly absolute: string;
	/** Whether the path was found in a shell command (written or deleted) rather than a file tool's arguments. */
	readonly viaShell: boolean;
}

/** Every path the event's tool touches: a file tool's paths plus what its shell command writes, resolved against `cwd`. */
export function touchedPaths(input: PolicyInput): readonly TouchedPath[] {
	const { event } = input;
	if (event.name !== 'PreToolUse' && event.name !== 'PostToolUse') {
		return [];
	}
	const base = event.cwd ?? input.workspaceFolder;
	const resolve = (raw: string, viaShell: boolean): TouchedPath => ({
		raw,
		absolute: resolvePath(raw, base, input.homeDir),
		viaShell,
	});
	const paths = event.tool.paths.map((raw) => resolve(raw, false));
	for (const command of input.shell?.commands ?? []) {
		// After `cd /srv &&`, a relative path is relative to /srv (when the reader could tell where cd went).
		const cwd = command.cwd !== undefined ? resolvePath(command.cwd, base, input.homeDir) : base;
		for (const raw of writtenPaths(command)) {
			paths.push({ raw, absolute: resolvePath(raw, cwd, input.homeDir), viaShell: true });
		}
	}
	return paths;
}
