import { normalizePath, resolvePath } from '../paths/pathMath';
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
 * each `cd` succeeds. Subshell scope is not modelled: a `cd` inside `( … )` counts for later commands too.
 */
export function lineCwds(
	commands: readonly SimpleCommand[],
	base: string | undefined,
	home: string | undefined,
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
			if (/[$`]/.test(to) || command.argv.includes('-')) {
				lost = true;
			} else {
				current = resolvePath(to, current, home);
				lost = false;
			}
		}
		return here;
	});
}
