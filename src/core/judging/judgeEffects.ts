import type { Verdict } from '../terms/decision';
import { VERDICT_RANK } from '../terms/decision';
import type { Effect } from '../terms/effect';
import { normalizePath } from '../paths/pathMath';
import type { Finding } from './finding';
import type { JudgedTarget, JudgeRow } from './judgeTable';
import { JUDGE_TABLE } from './judgeTable';
import type { PackId } from './pack';
import type { GuardedLocation } from './paths/guardedLocations';
import { guardedLocations } from './paths/guardedLocations';
import type { ClassMatch, Coverage, PathFacts } from './paths/pathClasses';
import { classifyCandidate } from './paths/pathClasses';
import type { ResolvedTarget } from './paths/resolveTarget';
import type { PolicyInput } from './policyInput';
import { callFolder } from './policyInput';
import { resolvedEffects } from './resolvedEffects';

/** One class (or, for a non-path effect, the subject) an effect is judged against, and why. */
export interface TargetMatch {
	readonly target: JudgedTarget;
	readonly why: string;
	readonly likely?: boolean;
	/** Every class the same path has (`temp` beside `secret` for `/tmp/k.pem`), for rows that look at both. */
	readonly alongside?: readonly JudgedTarget[];
}

/** One effect as judged: where its path resolved, what it is judged against, and per pack the row that decided it. */
export interface JudgedEffect {
	readonly effect: Effect;
	readonly target?: ResolvedTarget;
	readonly matches: readonly TargetMatch[];
	/** At most one finding per pack, with the row behind it and the target that row matched. */
	readonly decided: readonly {
		readonly finding: Finding;
		readonly row: JudgeRow;
		readonly match: TargetMatch;
	}[];
}

// Evaluations ask once per pack: the effects of one input are judged once.
const judged = new WeakMap<PolicyInput, readonly JudgedEffect[]>();

/** The events whose effects are judged: only a call that is about to run can be stopped. */
function judgesEvent(input: PolicyInput): boolean {
	return input.event.name === 'PreToolUse';
}

/** How an effect covers its path, for the path classes. */
function coverageOf(effect: Effect): Coverage {
	// `cat ~/.ssh/*`, `rm dir/**`: a glob for everything in a folder covers that folder's contents, as does a job
	// runner's unknown input (`{}`) in its place.
	const everything =
		effect.path !== undefined && /(?:^|\/)(?:\*|\*\*|\.\*)$|.\/\{\}$/.test(effect.path);
	// A permission change reaches what a folder holds only as far as its own path says (`chmod -R u+w .`).
	if ((!effect.tree && !everything) || effect.kind === 'chmod') {
		return 'path';
	}
	if (effect.kind === 'read' || effect.kind === 'send') {
		return effect.kind === 'send' ? 'treeSend' : 'treeRead';
	}
	return effect.contentsUnknown ? 'treeUnknown' : 'tree';
}

/** Every effect of the input, each with its resolved target, classes and deciding row; memoised per input. */
export function judgeEffects(input: PolicyInput): readonly JudgedEffect[] {
	let found = judged.get(input);
	if (!found) {
		found = judgesEvent(input) ? judgeAll(input) : [];
		judged.set(input, found);
	}
	return found;
}

function judgeAll(input: PolicyInput): JudgedEffect[] {
	const { event } = input;
	// Without a home or a folder (a bare call), `~` and relative paths still name them: as placeholders.
	const home = input.homeDir ?? '/__home__';
	const workspace =
		input.workspaceFolder ??
		(event.cwd === undefined ? (callFolder(input) ?? '/__cwd__') : undefined);
	let guarded: readonly GuardedLocation[] | undefined;
	const facts: PathFacts = {
		home: normalizePath(home),
		...(workspace !== undefined && { workspace: normalizePath(workspace) }),
		// Worked out for the first path judged: most lines name none.
		get guarded() {
			return (guarded ??= guardedLocations(input.ownState, home, input.workspaceFolder));
		},
	};
	return resolvedEffects(input).map(({ effect, target }) => {
		input.deadline?.check();
		return judgeOne(effect, target, facts);
	});
}

/** The classes (or the subject) an effect is judged against. */
function matchesOf(
	effect: Effect,
	target: ResolvedTarget | undefined,
	facts: PathFacts,
): TargetMatch[] {
	if (effect.subject !== undefined) {
		return [{ target: effect.subject, why: effect.action }];
	}
	if (!target) {
		return [{ target: 'unknown', why: 'paths known only when the call runs' }];
	}
	if (target.unknown) {
		return [{ target: 'unknown', why: `\`${target.raw}\` is known only when the call runs` }];
	}
	const coverage = coverageOf(effect);
	return target.candidates.flatMap((candidate) => {
		const classes = classifyCandidate(candidate, facts, coverage);
		const alongside = classes.map((match) => match.pathClass);
		return classes.map(({ pathClass, why, likely }: ClassMatch) => ({
			target: pathClass,
			why,
			...(likely && { likely }),
			alongside,
		}));
	});
}

/** The verdict a row gives an effect: a `deny` read only as likely (a variable, a glob, a guess) asks instead. */
function verdictOf(
	row: JudgeRow,
	effect: Effect,
	target: ResolvedTarget | undefined,
	match: TargetMatch,
): Verdict {
	const sure = effect.certainty === 'sure' && (target?.sure ?? true) && match.likely !== true;
	return row.verdict === 'deny' && !sure ? 'ask' : row.verdict;
}

/** Classes a possible effect of an unread program counts on (see {@link Effect.onlyWhere}). */
const COUNTS_ON: Readonly<Record<NonNullable<Effect['onlyWhere']>, ReadonlySet<JudgedTarget>>> = {
	guarded: new Set(['ownSecret', 'ownState', 'secret', 'startup']),
	outside: new Set([
		'ownSecret',
		'ownState',
		'secret',
		'startup',
		'outside',
		'home',
		'root',
		'system',
		'device',
	]),
};

function judgeOne(
	effect: Effect,
	target: ResolvedTarget | undefined,
	facts: PathFacts,
): JudgedEffect {
	const counted = effect.onlyWhere && COUNTS_ON[effect.onlyWhere];
	const matches = matchesOf(effect, target, facts).filter(
		(match) => !counted || counted.has(match.target),
	);
	const best = new Map<PackId, { row: JudgeRow; verdict: Verdict; match: TargetMatch }>();
	for (const match of matches) {
		for (const row of rowsFor(effect, match)) {
			const verdict = verdictOf(row, effect, target, match);
			const earlier = best.get(row.pack);
			if (!earlier || VERDICT_RANK[verdict] > VERDICT_RANK[earlier.verdict]) {
				best.set(row.pack, { row, verdict, match });
			}
		}
	}
	const decided = [...best.values()].map(({ row, verdict, match }) => ({
		row,
		match,
		finding: findingOf(row, verdict, effect, target, match),
	}));
	return { effect, ...(target && { target }), matches, decided };
}

/** The first row of each pack that fits an effect and one of its targets. */
function rowsFor(effect: Effect, match: TargetMatch): JudgeRow[] {
	const rows: JudgeRow[] = [];
	for (const row of JUDGE_TABLE) {
		if (
			row.kinds.includes(effect.kind) &&
			row.targets.includes(match.target) &&
			!row.unlessAlso?.some((other) => match.alongside?.includes(other)) &&
			(row.when?.(effect) ?? true) &&
			!rows.some((earlier) => earlier.pack === row.pack)
		) {
			rows.push(row);
		}
	}
	return rows;
}

function findingOf(
	row: JudgeRow,
	verdict: Verdict,
	effect: Effect,
	target: ResolvedTarget | undefined,
	match: TargetMatch,
): Finding {
	return {
		verdict,
		ruleId: `${row.pack}.${row.rule}`,
		reason: row.reason({
			source: effect.source,
			action: effect.action,
			...(effect.path !== undefined && { target: effect.path }),
			why: match.why,
			verdict,
		}),
		source: { kind: 'builtin', pack: row.pack },
		// A file tool's "sub-command" is only its name: an exception or a rule pins such a call by its path.
		...(effect.reach !== 'fileTool' && { subCommand: effect.source }),
		...(effect.path !== undefined && { path: effect.path }),
		...(target && { targets: target.candidates }),
		...(row.context !== undefined && { context: row.context }),
	};
}

/** The findings of one built-in pack: one per effect its rows decided, duplicates (same rule, same sub-command) once. */
export function packFindings(input: PolicyInput, pack: PackId): Finding[] {
	const findings: Finding[] = [];
	const seen = new Set<string>();
	for (const { finding, row } of judgeEffects(input).flatMap((judged) => judged.decided)) {
		if (row.pack !== pack) {
			continue;
		}
		const key = `${finding.ruleId}\0${finding.subCommand ?? ''}\0${finding.path ?? ''}`;
		if (!seen.has(key)) {
			seen.add(key);
			findings.push(finding);
		}
	}
	return findings;
}
