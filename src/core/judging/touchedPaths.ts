import type { PolicyInput } from './policyInput';
import { resolveCallPath, resolvedEffects } from './resolvedEffects';

/** One path a tool call touches, as written and as the effect model resolved it. */
export interface TouchedPath {
	/** As the tool or command wrote it. */
	readonly raw: string;
	/** Every absolute path or absolute glob it may stand for (candidate folders, links, braces), as the packs judge it. */
	readonly candidates: readonly string[];
	/** False when a variable, a run-time `cd` or a glob left the target only probable. */
	readonly sure: boolean;
	/** Whether the path was found in a shell command (written, moved or deleted) rather than a file tool's arguments. */
	readonly viaShell: boolean;
	/** The sub-command that touches it, for a path found in a shell line. */
	readonly subCommand?: string;
}

/**
 * Every path the event's tool touches, for `path` rules and `allowedWritePaths`: a file tool's paths (read or
 * written), plus every path its shell line changes (writes, deletes, moves, links, permission changes). Each is
 * resolved by the same resolver the packs judge with ({@link resolvedEffects}), so `$HOME/x`, `${HOME}/x`, `cd ~ && …
 * x` and a link the line made name the same file for a rule as for a pack.
 */
export function touchedPaths(input: PolicyInput): readonly TouchedPath[] {
	const { event } = input;
	if (event.name !== 'PreToolUse' && event.name !== 'PostToolUse') {
		return [];
	}
	const paths: TouchedPath[] = event.tool.paths.map((raw) => {
		const { candidates, sure } = resolveCallPath(input, raw);
		return { raw, candidates, sure, viaShell: false };
	});
	const seen = new Set(paths.map((path) => path.candidates.join('\0')));
	for (const { effect, target } of resolvedEffects(input)) {
		const fromTool = effect.reach === 'fileTool' || effect.reach === 'mcpTool';
		if (!target || (!fromTool && (effect.kind === 'read' || effect.kind === 'send'))) {
			continue;
		}
		const key = target.candidates.join('\0');
		if (!seen.has(key)) {
			seen.add(key);
			paths.push({
				raw: target.raw,
				candidates: target.candidates,
				sure: target.sure,
				viaShell: !fromTool,
				...(!fromTool && { subCommand: effect.source }),
			});
		}
	}
	return paths;
}
