import type { JudgedEffect } from '../judging/judgeEffects';
import type { JudgeRow } from '../judging/judgeTable';

/**
 * The lines `--explain` prints for judged effects: what each effect does to which target, where that target
 * resolved and what it is, how it was reached and how sure the reading is, then the judge-table row that decided it
 * for each pack (or that no row did).
 */
export function explainEffects(effects: readonly JudgedEffect[], indent: string): string[] {
	return effects.flatMap((judged) => [
		`${indent}effect: ${describeEffect(judged)}`,
		...judged.decided.map(
			({ row, match, finding }) =>
				`${indent}  row ${describeRow(row)} matched ${match.target} (${match.why}) → ${finding.verdict}`,
		),
		...(judged.decided.length === 0 ? [`${indent}  no row of the judge table matches`] : []),
	]);
}

function describeEffect({ effect, target, matches }: JudgedEffect): string {
	const shape = [effect.tree && 'tree', effect.force && 'forced', effect.whole && 'whole'].filter(
		Boolean,
	);
	const what = [effect.kind, ...shape].join(' ');
	const on =
		effect.path !== undefined
			? ` \`${effect.path}\`${resolvedTo(target)}`
			: effect.subject !== undefined
				? ` ${effect.subject}`
				: '';
	const classes =
		matches.length > 0 ? `; is ${[...new Set(matches.map((m) => m.target))].join(', ')}` : '';
	const counts =
		effect.onlyWhere === undefined
			? ''
			: ` (a possibility, counted only ${effect.onlyWhere === 'guarded' ? 'on a guarded path' : 'on a guarded path or outside the workspace'})`;
	return `${what}${on}${classes}${counts} [${effect.reach}, ${effect.certainty}]`;
}

function resolvedTo(target: JudgedEffect['target']): string {
	if (!target) {
		return '';
	}
	if (target.unknown) {
		return ' → unknown before it runs';
	}
	const shown = target.candidates.slice(0, 3).join(', ');
	const more = target.candidates.length > 3 ? ` (+${target.candidates.length - 3})` : '';
	return target.candidates.length === 1 && target.candidates[0] === target.raw
		? ''
		: ` → ${shown}${more}`;
}

/** A row as data: its id, the effect kinds and targets it covers, its verdict. */
function describeRow(row: JudgeRow): string {
	return `${row.pack}.${row.rule} (${row.kinds.join('|')} × ${row.targets.join('|')}: ${row.verdict})`;
}
