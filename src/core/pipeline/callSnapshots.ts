import { summarizeEvent } from '../audit/summarizeEvent';
import type { HookEvent, HookEventOf } from '../events/hookEvent';
import type { JudgedEffect } from '../judging/judgeEffects';
import type { MergedDecision } from '../terms/decision';
import { rewrittenEvent } from '../provider/rewrittenEvent';
import { maskSecrets } from '../secrets/findSecrets';
import { noChanges } from '../snapshots/describeSnapshot';
import type { ChangeKind, Observation, SnapshotOutcome } from '../snapshots/snapshotFacts';
import { LISTED_CHANGES } from '../snapshots/snapshotFacts';
import type { SnapshotPlan } from '../snapshots/snapshotPlan';
import { needsSnapshot, NOTHING_TO_HOLD, planSnapshot } from '../snapshots/snapshotPlan';
import type { ComparedCall, SnapshotPort } from '../snapshots/snapshotPort';
import type { SnapshotSettings } from '../settings/snapshotSettings';
import { unforeseenChanges } from '../snapshots/unforeseenChanges';

/** What the decider's snapshot step is built from: the store, and the effects the policy judged for a call. */
export interface CallSnapshotParts {
	readonly port: SnapshotPort;
	/** The judged effects of a tool call (the policy provider reads them once and keeps them for the call). */
	readonly effectsOf: (
		event: HookEvent,
		workspaceFolder: string | undefined,
	) => Promise<readonly JudgedEffect[]>;
	/** Hookwarden's own files for a workspace folder (its audit log, which it writes during every call). */
	readonly ownFiles?: (workspaceFolder: string | undefined) => readonly string[];
}

/** Events after which every call of the session still waiting for its comparison has finished. */
const SETTLING_EVENTS: ReadonlySet<HookEvent['name']> = new Set([
	'UserPromptSubmit',
	'Stop',
	'SessionEnd',
	'PreCompact',
]);

/**
 * The decider's snapshot step: before a call that may change files runs, the workspace is held (unless the call is
 * denied); after it ran, the disk is compared with that snapshot and every change no prediction covered is marked.
 * A harness that sends no PostToolUse for a failed call has its calls compared when the turn ends.
 */
export class CallSnapshots {
	constructor(private readonly parts: CallSnapshotParts) {}

	/**
	 * Holds what the call that will run may change; `undefined` for a denied call or one that changes nothing. The
	 * call read is the one that runs: a rewrite or a person's edit is applied first.
	 */
	async before(
		event: HookEventOf<'PreToolUse'>,
		decision: MergedDecision,
		workspaceFolder: string | undefined,
		settings: SnapshotSettings,
		arrivedAt: number,
	): Promise<SnapshotOutcome | undefined> {
		if (decision.verdict === 'deny' || decision.stop) {
			return undefined;
		}
		const runs =
			(decision.updatedInput ? rewrittenEvent(event, decision.updatedInput) : undefined) ?? event;
		if (runs.name !== 'PreToolUse') {
			return undefined;
		}
		const plan = await this.planOf(runs, workspaceFolder);
		if (!needsSnapshot(plan)) {
			return plan.uncovered.length > 0 ? { uncovered: plan.uncovered } : undefined;
		}
		if (!settings.enabled) {
			return {
				missed: 'snapshots are off (hookwarden.snapshots.enabled)',
				uncovered: plan.uncovered,
			};
		}
		return this.parts.port.hold({
			sessionId: runs.sessionId ?? 'no-session',
			tool: runs.tool,
			summary: maskSecrets(summarizeEvent(runs)),
			...(workspaceFolder !== undefined && { workspaceFolder }),
			plan,
			settings,
			...this.ownFilesOf(workspaceFolder),
			arrivedAt,
		});
	}

	private ownFilesOf(workspaceFolder: string | undefined): { ownFiles?: readonly string[] } {
		const ownFiles = this.parts.ownFiles?.(workspaceFolder) ?? [];
		return ownFiles.length > 0 ? { ownFiles } : {};
	}

	/** What the call may change; a call whose effects cannot be read (its reading ran out of time) is unread. */
	private async planOf(
		event: HookEvent,
		workspaceFolder: string | undefined,
	): Promise<SnapshotPlan> {
		try {
			return planSnapshot(await this.parts.effectsOf(event, workspaceFolder), workspaceFolder);
		} catch {
			return { ...NOTHING_TO_HOLD, unread: true };
		}
	}

	/**
	 * Compares the disk with the snapshots this event closes: its own call's after PostToolUse (or PostToolUseFailure),
	 * every call still waiting in the session at the end of a turn; nothing for other events.
	 */
	async after(
		event: HookEvent,
		workspaceFolder: string | undefined,
		settings: SnapshotSettings,
	): Promise<readonly Observation[]> {
		const sessionId = event.sessionId ?? 'no-session';
		const closes =
			event.name === 'PostToolUse' || event.name === 'PostToolUseFailure'
				? { tool: event.tool }
				: SETTLING_EVENTS.has(event.name)
					? {}
					: undefined;
		if (!closes) {
			return [];
		}
		const compared = await this.parts.port.observe({
			sessionId,
			...closes,
			...(workspaceFolder !== undefined && { workspaceFolder }),
			settings,
			...this.ownFilesOf(workspaceFolder),
		});
		return compared.map(observationOf);
	}
}

/** A compared call as the records keep it: counts, the first changes, and the changes no prediction covered. */
export function observationOf(compared: ComparedCall): Observation {
	const counts: Record<ChangeKind, number> = noChanges();
	for (const change of compared.changes) {
		counts[change.change]++;
	}
	const unforeseen = unforeseenChanges(compared.plan, compared.changes, compared.workspaceFolder);
	return {
		snapshot: compared.snapshot,
		tool: compared.tool,
		summary: compared.summary,
		counts,
		changes: compared.changes.slice(0, LISTED_CHANGES),
		unforeseen: unforeseen.slice(0, LISTED_CHANGES),
		unforeseenCount: unforeseen.length,
		...(compared.incomplete !== undefined && { incomplete: compared.incomplete }),
	};
}
