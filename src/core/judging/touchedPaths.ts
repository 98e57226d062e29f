import { resolvePath } from '../paths/pathMath';
import { effectsOf } from './judgeEffects';
import { lineCwds } from './lineCwds';
import type { PolicyInput } from './policyInput';
import { callFolder } from './policyInput';

/** One path a tool call touches, resolved to an absolute normalised path. */
export interface TouchedPath {
	/** As the tool or command wrote it. */
	readonly raw: string;
	readonly absolute: string;
	/** Whether the path was found in a shell command (written, moved or deleted) rather than a file tool's arguments. */
	readonly viaShell: boolean;
}

/**
 * Every path the event's tool touches, for `path` rules and `allowedWritePaths`: a file tool's paths (read or
 * written), plus every path its shell line changes (writes, deletes, moves, links, permission changes), resolved
 * against the folder each sub-command runs in.
 */
export function touchedPaths(input: PolicyInput): readonly TouchedPath[] {
	const { event } = input;
	if (event.name !== 'PreToolUse' && event.name !== 'PostToolUse') {
		return [];
	}
	const base = callFolder(input);
	const home = input.homeDir;
	const paths: TouchedPath[] = event.tool.paths.map((raw) => ({
		raw,
		absolute: resolvePath(raw, base, home),
		viaShell: false,
	}));
	const cwds = lineCwds(input.shell?.commands ?? [], base, home);
	const seen = new Set<string>();
	for (const effect of effectsOf(input)) {
		if (
			effect.path === undefined ||
			effect.kind === 'read' ||
			effect.kind === 'send' ||
			effect.reach === 'fileTool' ||
			effect.reach === 'mcpTool'
		) {
			continue;
		}
		const cwd = effect.command !== undefined ? cwds[effect.command]?.cwds[0] : base;
		const absolute = resolvePath(effect.path, cwd ?? base, home);
		if (!seen.has(absolute)) {
			seen.add(absolute);
			paths.push({ raw: effect.path, absolute, viaShell: true });
		}
	}
	return paths;
}
