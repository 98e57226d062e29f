import type { Effect } from '../terms/effect';
import { lineEffects } from '../reading/effects/lineEffects';
import { toolEffects } from '../reading/effects/toolEffects';
import { normalizePath, resolvePath } from '../paths/pathMath';
import { lineCwds } from './lineCwds';
import type { ResolvedTarget, TargetContext } from './paths/resolveTarget';
import { resolveTarget } from './paths/resolveTarget';
import type { PolicyInput } from './policyInput';
import { callFolder } from './policyInput';

/** One effect of a call with the absolute paths (or globs) its path word may stand for. */
export interface ResolvedEffect {
	readonly effect: Effect;
	/** Absent for an effect on a subject rather than a path. */
	readonly target?: ResolvedTarget;
}

// Every pack, every rule, every exception and `--explain` read the same list: it is read and resolved once per input.
const read = new WeakMap<PolicyInput, readonly Effect[]>();
const resolved = new WeakMap<PolicyInput, readonly ResolvedEffect[]>();

/** Every effect of an event's tool call: its shell line's, or its file or MCP tool's; memoised per input. */
export function effectsOf(input: PolicyInput): readonly Effect[] {
	const { event } = input;
	if (event.name !== 'PreToolUse' && event.name !== 'PostToolUse') {
		return [];
	}
	let effects = read.get(input);
	if (!effects) {
		effects = [
			...lineEffects(input.shell?.commands ?? [], input.readSql),
			...toolEffects(event.tool, input.readSql),
		];
		read.set(input, effects);
	}
	return effects;
}

/** Without a home or a folder (a bare call), `~` and relative paths still name them: as placeholders. */
function placesOf(input: PolicyInput): { readonly home: string; readonly base: string } {
	return { home: input.homeDir ?? '/__home__', base: callFolder(input) ?? '/__cwd__' };
}

/**
 * Every effect of the call with its target resolved: variables (`$HOME`, `${HOME}`, `${V:-d}`), `~`, braces, the folder
 * each sub-command runs in after the line's `cd`s, and the links the line made before it. The one resolver everything
 * that judges a path uses: the packs, the person's path rules, `allowedWritePaths`, exceptions; memoised per input.
 */
export function resolvedEffects(input: PolicyInput): readonly ResolvedEffect[] {
	let found = resolved.get(input);
	if (!found) {
		found = resolveAll(input);
		resolved.set(input, found);
	}
	return found;
}

function resolveAll(input: PolicyInput): ResolvedEffect[] {
	const { home, base } = placesOf(input);
	let variables: Readonly<Record<string, string>> | undefined;
	const known = () => (variables ??= variablesOf(input, home));
	const cwds = lineCwds(input.shell?.commands ?? [], base, home, known);
	const links = new Map<string, string>();
	const results: ResolvedEffect[] = [];
	for (const effect of effectsOf(input)) {
		input.deadline?.check();
		if (effect.path === undefined) {
			results.push({ effect });
			continue;
		}
		const at = effect.command !== undefined ? cwds[effect.command] : undefined;
		const context: TargetContext = {
			cwds: at?.cwds ?? [normalizePath(base)],
			cwdUnknown: at?.unknown ?? false,
			home,
			variables: known(),
			links,
			...(input.realPath && { realPath: input.realPath }),
		};
		const target = resolveTarget(effect.path, context);
		if (effect.kind === 'link' && effect.linkTo !== undefined) {
			const to = resolvePath(effect.linkTo, context.cwds[0], home);
			for (const candidate of target.candidates) {
				links.set(candidate, to);
			}
		}
		results.push({ effect, target });
	}
	return results;
}

function variablesOf(input: PolicyInput, home: string): Readonly<Record<string, string>> {
	return { ...input.ownState?.variables, HOME: home };
}

/**
 * One path as the call names it outside any line (a file tool's argument, a finding's path), resolved as
 * {@link resolvedEffects} resolves an effect's: against the call's folder, with the known variables.
 */
export function resolveCallPath(input: PolicyInput, raw: string): ResolvedTarget {
	const { home, base } = placesOf(input);
	return resolveTarget(raw, {
		cwds: [normalizePath(base)],
		cwdUnknown: false,
		home,
		variables: variablesOf(input, home),
		links: new Map(),
		...(input.realPath && { realPath: input.realPath }),
	});
}
