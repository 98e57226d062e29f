import type { HookEvent } from '../events/hookEvent';
import { pathInside } from '../paths/pathMath';
import { POLICY_PROVIDER_ID } from '../provider/defaultHooksProvider';
import type { RuleSource, Verdict } from '../terms/decision';
import type { AuditEventRecord, AuditRecord, AuditVerdict } from './auditRecord';

/** What the current policy says about a replayed event: its verdict (none when it has no opinion) and which rule. */
export interface ReplayVerdict {
	readonly verdict?: Verdict;
	readonly ruleId?: string;
	readonly source?: RuleSource;
	readonly reason?: string;
	/** The command line (or input) a rewrite rule makes of the call today; the verdict is then about it. */
	readonly rewrite?: string;
}

/** What a replay knows beyond the event: the workspace its paths are relative to, and the session so far. */
export interface ReplayContext {
	readonly workspaceFolder?: string;
	/** SubagentStart events of the session replayed before this one and not denied now. */
	readonly subagentsStarted: number;
}

/** Evaluates one recorded event against the policies as they are now; may parse a command line. */
export type ReplayEvaluate = (
	event: HookEvent,
	context: ReplayContext,
) => ReplayVerdict | Promise<ReplayVerdict>;

/** How a recorded verdict compares with today's: more restrictive now, less, the same, or not comparable. */
export type ReplayStatus = 'same' | 'tightened' | 'loosened' | 'notReplayable';

/** A verdict with the rule behind it, as the side-by-side shows it. */
export interface ReplaySide {
	readonly verdict: AuditVerdict;
	readonly ruleId?: string;
	readonly source?: RuleSource;
	readonly reason?: string;
	/** What the policy rewrote the call to, when it did. */
	readonly rewrite?: string;
}

/** One recorded event, its recorded policy verdict, today's verdict and how they compare. */
export interface ReplayEntry {
	readonly record: AuditEventRecord;
	readonly recorded: ReplaySide;
	/** Missing when the event is not replayable. */
	readonly now?: ReplaySide;
	readonly status: ReplayStatus;
	/** Why the event was not replayed, or a caveat on the comparison. */
	readonly note?: string;
	/** Set when the policy's rewrite of the call differs today (whatever the verdict did): what changed, in words. */
	readonly rewriteChange?: string;
}

/** The outcome of a replay: every event in log order and a count per status. */
export interface ReplayReport {
	readonly entries: readonly ReplayEntry[];
	readonly counts: Readonly<Record<ReplayStatus, number>>;
}

/** Options of a replay: the workspace folder to evaluate in, when it differs from where the log was written (CI). */
export interface ReplayOptions {
	readonly workspaceFolder?: string;
}

/** Which changes fail a replay run: a recorded verdict now more restrictive, less restrictive, or either. */
export type ReplayFailOn = 'tighten' | 'loosen' | 'any';

// `none` leaves the call to the agent's own confirmation, which sits between an allow and an explicit ask.
const RESTRICTION: Readonly<Record<AuditVerdict, number>> = { allow: 0, none: 1, ask: 2, deny: 3 };

/**
 * Replays recorded events through the policies as they are now, in log order, and compares each recorded policy
 * verdict (the one before any person answered) with today's. Summary lines are ignored. Session facts (subagents
 * started) are rebuilt from the replay itself. An event is not replayable when the log cannot reproduce its input
 * (a cut command line or prompt), when something other than Hookwarden's policy decided it, or when its verdict came
 * from a credential that the log masked: the secrets pack cannot re-detect a masked secret, and guessing would report
 * changes that did not happen.
 */
export async function replaySession(
	records: readonly AuditRecord[],
	evaluate: ReplayEvaluate,
	options: ReplayOptions = {},
): Promise<ReplayReport> {
	const entries: ReplayEntry[] = [];
	const subagents = new Map<string, number>();
	for (const record of records) {
		if (record.kind !== 'event') {
			continue;
		}
		const recorded = recordedSide(record);
		const obstacle = notReplayableBecause(record);
		let entry: ReplayEntry;
		if (obstacle !== undefined) {
			entry = { record, recorded, status: 'notReplayable', note: obstacle };
		} else {
			const workspaceFolder = options.workspaceFolder ?? record.workspaceFolder;
			const verdict = await evaluate(rebase(record, options.workspaceFolder), {
				...(workspaceFolder !== undefined && { workspaceFolder }),
				subagentsStarted: subagents.get(record.session) ?? 0,
			});
			const now: ReplaySide = {
				verdict: verdict.verdict ?? 'none',
				...(verdict.ruleId !== undefined && { ruleId: verdict.ruleId }),
				...(verdict.source && { source: verdict.source }),
				...(verdict.reason !== undefined && { reason: verdict.reason }),
				...(verdict.rewrite !== undefined && { rewrite: verdict.rewrite }),
			};
			const rewriteChange =
				policyRewriteOf(record) === undefined
					? undefined
					: describeRewriteChange(recorded.rewrite, now.rewrite);
			entry = {
				record,
				recorded,
				now,
				status: compare(recorded.verdict, now.verdict),
				...(rewriteChange !== undefined && { rewriteChange }),
				...(record.masked && {
					note: 'a credential was masked in the log, so the secrets pack was not re-evaluated',
				}),
			};
		}
		const finalVerdict = entry.now?.verdict ?? record.verdict;
		if (record.event === 'SubagentStart' && finalVerdict !== 'deny') {
			subagents.set(record.session, (subagents.get(record.session) ?? 0) + 1);
		}
		entries.push(entry);
	}
	const counts = { same: 0, tightened: 0, loosened: 0, notReplayable: 0 };
	for (const entry of entries) {
		counts[entry.status]++;
	}
	return { entries, counts };
}

/** Whether a replay fails under `--fail-on`: any tightened (or loosened, or either) verdict. */
export function replayFails(report: ReplayReport, failOn: ReplayFailOn): boolean {
	const { tightened, loosened } = report.counts;
	switch (failOn) {
		case 'tighten':
			return tightened > 0;
		case 'loosen':
			return loosened > 0;
		case 'any':
			return tightened + loosened > 0;
	}
}

function recordedSide(record: AuditEventRecord): ReplaySide {
	const basis = record.asked ?? { verdict: record.verdict, decidedBy: record.decidedBy };
	const rewrite = policyRewriteOf(record)?.text;
	return {
		verdict: basis.verdict,
		...(rewrite !== undefined && { rewrite }),
		...(basis.decidedBy?.ruleId !== undefined && { ruleId: basis.decidedBy.ruleId }),
		...(basis.decidedBy?.source && { source: basis.decidedBy.source }),
	};
}

/**
 * What Hookwarden's policy rewrote a recorded call to (`text` undefined: it ran as sent); `undefined` when a person
 * or another provider rewrote it, which a replay of the policy cannot compare.
 */
function policyRewriteOf(record: AuditEventRecord): { readonly text?: string } | undefined {
	const { rewrite } = record;
	if (!rewrite) {
		return {};
	}
	if (!rewrite.rewrittenBy.every((by) => by.providerId === POLICY_PROVIDER_ID)) {
		return undefined;
	}
	return { text: rewrite.commandLine ?? JSON.stringify(rewrite.input) };
}

function describeRewriteChange(
	before: string | undefined,
	after: string | undefined,
): string | undefined {
	if (before === after) {
		return undefined;
	}
	if (after === undefined) {
		return `was rewritten to \`${before ?? ''}\`; now runs as sent`;
	}
	return before === undefined
		? `ran as sent; now rewritten to \`${after}\``
		: `was rewritten to \`${before}\`; now to \`${after}\``;
}

function notReplayableBecause(record: AuditEventRecord): string | undefined {
	if (record.problem !== undefined) {
		return 'Hookwarden could not decide it at the time; its fail mode answered';
	}
	const decidedBy = record.asked?.decidedBy ?? record.decidedBy;
	if (decidedBy?.ruleId === 'paused') {
		return 'decisions were paused';
	}
	if (decidedBy && decidedBy.providerId !== POLICY_PROVIDER_ID) {
		return `decided by ${decidedBy.providerId}, not by Hookwarden's policy`;
	}
	const cut = (record.truncated ?? []).filter(
		(field) => field === 'tool.commandLine' || field === 'prompt' || field === 'tool.paths',
	);
	if (cut.length > 0) {
		return `the log keeps only part of its ${cut.join(' and ')}`;
	}
	if (record.masked && decidedBy?.ruleId?.startsWith('secrets.')) {
		return 'decided by the secrets pack on a credential the log masked; a masked secret cannot be re-detected';
	}
	return undefined;
}

function compare(before: AuditVerdict, after: AuditVerdict): ReplayStatus {
	const delta = RESTRICTION[after] - RESTRICTION[before];
	return delta > 0 ? 'tightened' : delta < 0 ? 'loosened' : 'same';
}

/** Moves the event's cwd and paths from the folder the log was written in to the folder the replay runs in. */
function rebase(record: AuditEventRecord, target: string | undefined): HookEvent {
	const event = record.input;
	const origin = record.workspaceFolder;
	if (target === undefined || origin === undefined || origin === target) {
		return event;
	}
	const move = (path: string) => {
		const inside = pathInside(path, origin);
		return inside === undefined ? path : inside === '' ? target : `${target}/${inside}`;
	};
	const moved = { ...event, ...(event.cwd !== undefined && { cwd: move(event.cwd) }) };
	if (moved.name === 'PreToolUse' || moved.name === 'PostToolUse') {
		return { ...moved, tool: { ...moved.tool, paths: moved.tool.paths.map(move) } };
	}
	return moved;
}
