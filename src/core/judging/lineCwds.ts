import { normalizePath, resolvePath } from '../paths/pathMath';
import { resolveTarget } from './paths/resolveTarget';
import type { SimpleCommand } from '../reading/shell/commandLine';
import { programName } from '../reading/shell/programName';

/** Where one sub-command of a line may run. */
export interface CommandCwd {
	/** Every folder it may run in: the line's cwd and wherever earlier `cd`s could have taken it. */
	readonly cwds: readonly string[];
	/** An earlier `cd` went somewhere only known when the line runs (`cd "$X"`, `cd -`). */
	readonly unknown: boolean;
}

const CHANGES_DIRECTORY = new Set(['cd', 'pushd', 'chdir', 'set-location', 'sl']);

/**
 * The folder each sub-command of a line runs in, following `cd`/`pushd`/`Set-Location` in order as bash would when
 * each `cd` succeeds; a `cd` target is resolved as any path is (`cd "$HOME"`, `cd ${HOME}/x`), with the variables
 * known before the line runs. Subshell scope is not modelled: a `cd` inside `( … )` counts for later commands too.
 */
export function lineCwds(
	commands: readonly SimpleCommand[],
	base: string | undefined,
	home: string | undefined,
	variables: () => Readonly<Record<string, string>> = () => ({}),
): CommandCwd[] {
	let current = base !== undefined ? normalizePath(base) : undefined;
	let lost = false;
	return commands.map((command) => {
		const here: CommandCwd =
			command.cwd !== undefined || command.cwdUnknown
				? {
						cwds: command.cwd !== undefined ? [resolvePath(command.cwd, base, home)] : [],
						unknown: command.cwdUnknown === true,
					}
				: { cwds: current !== undefined ? [current] : [], unknown: lost };
		if (CHANGES_DIRECTORY.has(programName(command.argv[0] ?? ''))) {
			const to = command.argv.slice(1).find((word) => !word.startsWith('-')) ?? '~';
			const next = command.argv.includes('-') ? undefined : folderOf(to, current, home, variables);
			lost = next === undefined;
			current = next ?? current;
		}
		return here;
	});
}

/** Where `cd to` goes when that is known before the line runs: one folder, no glob, no unknown variable. */
function folderOf(
	to: string,
	current: string | undefined,
	home: string | undefined,
	variables: () => Readonly<Record<string, string>>,
): string | undefined {
	if (!/[$`%]/.test(to)) {
		return resolvePath(to, current, home);
	}
	const { candidates, sure } = resolveTarget(to, {
		cwds: current !== undefined ? [current] : [],
		cwdUnknown: false,
		...(home !== undefined && { home }),
		variables: variables(),
		links: new Map(),
	});
	const [only] = candidates;
	return sure && candidates.length === 1 && only !== undefined && !/[*?[]/.test(only)
		? only
		: undefined;
}
