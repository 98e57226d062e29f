import type { AuditPort } from '../audit/auditPort';
import { letsAgentStop, withStopSummary } from '../audit/stopSummary';
import type { HookEvent } from '../events/hookEvent';
import type { HookEventName } from '../events/hookEventName';
import { encodeHookOutput } from '../output/encodeHookOutput';
import { askWhereRewriteCannotRun } from '../output/harnessSupport';
import { rewrittenPayload } from '../provider/rewrittenEvent';
import type { CompiledPolicy } from '../policy/compilePolicy';
import type { CompositeHooksProvider } from '../provider/compositeHooksProvider';
import type { MergedDecision } from '../terms/decision';
import { NO_OPINION } from '../terms/decision';
import type { FailMode } from '../provider/failVerdict';
import {
	eventMismatchVerdict,
	failVerdict,
	unreadableToolCallVerdict,
	withFailMode,
} from '../provider/failVerdict';
import type { DecisionOrigin, RecordedEvent } from '../sessions/recordedEvent';
import { notHonoured } from '../sessions/honouredCheck';
import type { SessionMemory } from '../sessions/sessionMemory';
import { sessionIdOf } from '../sessions/sessionTracker';
import { SharedCalls } from '../sessions/sharedCalls';
import type { Clock } from '../util/clock';
import type { ApprovalGate, GatedDecision } from './approvalGate';
import type { HookAnswer, HookCall } from './hookCall';
import { recheckEditedCall } from './editedCall';
import { readHookCall } from './readHookCall';
import type { CallSnapshots } from './callSnapshots';
import { describeRestorability, describeUnforeseen } from '../snapshots/describeSnapshot';
import type { Observation, SnapshotOutcome } from '../snapshots/snapshotFacts';

/** What a decider is built from; each part is a port, so the window, the bridge and the tests build the same decider. */
export interface HookDeciderParts {
	/** Hookwarden's policy and every registered provider. */
	readonly chain: CompositeHooksProvider;
	/** The policy in force for a workspace folder, for its fail mode and approval settings. */
	readonly policy: (workspaceFolder: string | undefined) => CompiledPolicy;
	/** The workspace folder an event belongs to, from its `cwd`. */
	readonly workspaceFolderFor: (cwd: string | undefined) => string | undefined;
	readonly sessions: SessionMemory;
	readonly clock: Clock;
	readonly origin: DecisionOrigin;
	/** The audit log; every answer is appended before it is returned. */
	readonly audit?: AuditPort;
	/** Holds an `ask` for a person; only the window has one. */
	readonly gate?: ApprovalGate;
	/** Whether decisions are paused (every event gets no opinion, and is still recorded). */
	readonly paused?: () => boolean;
	/** Whether the session summary goes to the person at Stop (`hookwarden.context.stopSummary`). */
	readonly stopSummary?: (workspaceFolder: string | undefined) => boolean;
	/**
	 * A collision-resistant digest of a call's input. With it, identical calls (the same hook registered twice) share
	 * one answer; without it, nothing is shared.
	 */
	readonly digest?: (text: string) => string;
	/** How long the providers may take for one event, in milliseconds; past it the fail mode answers. Default 15 s. */
	readonly deadlineMs?: number;
	/**
	 * Holds the workspace before a call that may change files runs and compares it afterwards; absent where nothing is
	 * kept (tests of other parts, the SDK without a disk).
	 */
	readonly snapshots?: CallSnapshots;
}

/** The providers' answer for one event, before it is encoded: shared by identical calls. */
interface Decided extends GatedDecision {
	readonly problem?: string;
	/** What was held before the call runs (PreToolUse). */
	readonly snapshot?: SnapshotOutcome;
	/** What the calls this event closes changed (PostToolUse, the end of a turn). */
	readonly observed?: readonly Observation[];
}

const DEFAULT_DEADLINE_MS = 15_000;
const PAUSED: MergedDecision = {
	...NO_OPINION,
	decidedBy: { providerId: 'hookwarden', ruleId: 'paused' },
};

/**
 * The one place a hook event is decided, in the window and in the headless bridge alike: read the call (the hook
 * command's event argument is authoritative: a payload naming another event is denied, and a tool call that cannot be
 * read is asked, or denied under `closed`), ask the provider chain within a deadline, hold the fail mode when a
 * provider fails, let a person answer an `ask` where one can, add the session summary at Stop, record the answer and
 * append it to the audit log before returning it. It never throws: whatever goes wrong is answered by the fail mode.
 */
export class HookDecider {
	private readonly shared: SharedCalls<Decided>;

	constructor(private readonly parts: HookDeciderParts) {
		this.shared = new SharedCalls(parts.clock);
	}

	/** Answers one hook call. */
	async decide(call: HookCall): Promise<HookAnswer> {
		const receivedAt = this.parts.clock.now();
		const read = readHookCall(call);
		if (!read.ok) {
			const failMode = this.failModeFor(this.parts.workspaceFolderFor(call.cwd));
			const decision =
				read.why === 'eventMismatch'
					? eventMismatchVerdict(read.problem)
					: read.eventName === 'PreToolUse'
						? unreadableToolCallVerdict(failMode, read.problem)
						: failVerdict(failMode, read.eventName, read.problem);
			return {
				kind: 'unreadable',
				problem: read.problem,
				output: encodeFor(read.eventName, decision),
			};
		}
		const { event } = read;
		const workspaceFolder = this.parts.workspaceFolderFor(event.cwd ?? call.cwd);
		const agentId = this.parts.sessions.attribute(event);
		const { value, duplicate } = this.shared.share(this.shareKey(event), () =>
			this.decideEvent(event, workspaceFolder, call.signal, call.payload, receivedAt),
		);
		const decided = await value;
		let decision = decided.decision;
		const sessionId = sessionIdOf(event);
		if (
			!duplicate &&
			event.name === 'Stop' &&
			letsAgentStop(decision) &&
			this.safely(() => this.parts.stopSummary?.(workspaceFolder))
		) {
			const summary = this.parts.sessions.summary(sessionId);
			if (summary) {
				decision = withStopSummary(decision, summary);
			}
		}
		const ignored = this.safely(() =>
			notHonoured(event, (id) => this.parts.sessions.wasDenied(sessionId, id)),
		);
		const recorded: RecordedEvent = {
			sequence: duplicate ? 0 : this.parts.sessions.takeSequence(),
			event,
			sessionId,
			...(agentId !== undefined && { agentId }),
			decision,
			...(decided.approval && { approval: decided.approval }),
			...(workspaceFolder !== undefined && { workspaceFolder }),
			origin: this.parts.origin,
			receivedAt,
			answeredAt: this.parts.clock.now(),
			...(ignored !== undefined && { notHonoured: ignored }),
			...(call.traceparent !== undefined && { traceparent: call.traceparent }),
			...(decided.snapshot && { snapshot: decided.snapshot }),
			...(decided.observed && decided.observed.length > 0 && { observed: decided.observed }),
		};
		if (!duplicate) {
			this.remember(recorded, decided);
		}
		return {
			kind: 'answered',
			output: encodeHookOutput(event, decision),
			recorded,
			...(decided.problem !== undefined && { problem: decided.problem }),
		};
	}

	private async decideEvent(
		event: HookEvent,
		workspaceFolder: string | undefined,
		signal: AbortSignal | undefined,
		payload: unknown,
		arrivedAt: number,
	): Promise<Decided> {
		if (this.safely(() => this.parts.paused?.())) {
			return { decision: PAUSED };
		}
		let policy: CompiledPolicy | undefined;
		try {
			policy = this.parts.policy(workspaceFolder);
			const failMode = policy.failMode;
			const ask = async (about: HookEvent) =>
				withFailMode(
					await this.withinDeadline(
						this.parts.chain.decide(about, {
							...(workspaceFolder !== undefined && { workspaceFolder }),
							...(signal && { signal }),
							// An external provider reads the payload: about an edited call, the payload of the call that runs.
							payload: about === event ? payload : rewrittenPayload(payload, about),
						}),
					),
					failMode,
					about.name,
				);
			const observed = await this.observe(event, workspaceFolder, policy);
			// A rewrite the harness cannot run is asked here, before the gate, so a person can answer it.
			const decision = askWhereRewriteCannotRun(event, await ask(event));
			// Held before a person is asked, so the prompt can say what could be undone.
			let snapshot = await this.hold(event, decision, workspaceFolder, policy, arrivedAt);
			if (!this.parts.gate) {
				return this.answered({ decision }, policy, workspaceFolder, snapshot, observed);
			}
			const restorable = describeRestorability(snapshot, policy.snapshots, workspaceFolder);
			const gated = await this.parts.gate.pass(
				event,
				decision,
				policy,
				workspaceFolder,
				signal,
				restorable,
			);
			const rechecked = await recheckEditedCall(event, gated, ask);
			if (rechecked.approval && snapshot) {
				// While the person looked the workspace may have moved on, and an edit changes what runs: hold it again.
				snapshot = await this.hold(
					event,
					rechecked.decision,
					workspaceFolder,
					policy,
					this.parts.clock.now(),
				);
			}
			return this.answered(rechecked, policy, workspaceFolder, snapshot, observed);
		} catch (error) {
			const problem = `could not decide ${event.name}: ${error instanceof Error ? error.message : String(error)}`;
			return {
				decision: failVerdict(
					policy?.failMode ?? this.failModeFor(workspaceFolder),
					event.name,
					problem,
				),
				problem,
			};
		}
	}

	/**
	 * The answer with what was held and seen: an `ask` that leaves for the harness's own confirmation says what could be
	 * undone, and changes nobody predicted are said to the person in chat.
	 */
	private answered(
		gated: GatedDecision,
		policy: CompiledPolicy,
		workspaceFolder: string | undefined,
		snapshot: SnapshotOutcome | undefined,
		observed: readonly Observation[],
	): Decided {
		let decision = gated.decision;
		const restorable = describeRestorability(snapshot, policy.snapshots, workspaceFolder);
		if (decision.verdict === 'ask' && restorable !== undefined) {
			decision = {
				...decision,
				reason: `${decision.reason ?? 'A Hookwarden rule asks for approval.'} ${restorable}`,
			};
		}
		const unforeseen = observed.filter((observation) => observation.unforeseenCount > 0);
		if (unforeseen.length > 0) {
			const messages = unforeseen.map(describeUnforeseen);
			decision = {
				...decision,
				systemMessage: [decision.systemMessage, ...messages].filter(Boolean).join('\n'),
			};
		}
		return {
			...gated,
			decision,
			...(snapshot && { snapshot }),
			...(observed.length > 0 && { observed }),
		};
	}

	/** Holds what a PreToolUse call may change; a snapshot that fails never costs the answer. */
	private async hold(
		event: HookEvent,
		decision: MergedDecision,
		workspaceFolder: string | undefined,
		policy: CompiledPolicy,
		arrivedAt: number,
	): Promise<SnapshotOutcome | undefined> {
		const snapshots = this.parts.snapshots;
		if (!snapshots || event.name !== 'PreToolUse') {
			return undefined;
		}
		try {
			return await snapshots.before(event, decision, workspaceFolder, policy.snapshots, arrivedAt);
		} catch (error) {
			return {
				missed: `the snapshot failed (${error instanceof Error ? error.message : String(error)})`,
				uncovered: [],
			};
		}
	}

	/** Compares the disk with the snapshots this event closes; a comparison that fails is left out. */
	private async observe(
		event: HookEvent,
		workspaceFolder: string | undefined,
		policy: CompiledPolicy,
	): Promise<readonly Observation[]> {
		const snapshots = this.parts.snapshots;
		if (!snapshots) {
			return [];
		}
		try {
			return await snapshots.after(event, workspaceFolder, policy.snapshots);
		} catch {
			return [];
		}
	}

	private remember(recorded: RecordedEvent, decided: Decided): void {
		const { sessions, audit } = this.parts;
		this.safely(() => sessions.record(recorded));
		// The log must never cost an answer: a port that throws anyway is ignored here (it reports its own failures).
		this.safely(() =>
			audit?.appendEvent({
				recorded,
				...(decided.asked && { asked: decided.asked }),
				...(decided.problem !== undefined && { problem: decided.problem }),
			}),
		);
		const closing = recorded.event.name;
		if (closing === 'Stop' || closing === 'SessionEnd') {
			this.safely(() => {
				const summary = sessions.summary(recorded.sessionId);
				if (summary) {
					audit?.appendSummary(summary, {
						trigger: closing,
						...(recorded.workspaceFolder !== undefined && {
							workspaceFolder: recorded.workspaceFolder,
						}),
					});
				}
			});
		}
	}

	/**
	 * The key under which identical calls share one answer: the same event, session and tool call id, and the same
	 * input. Without a session id, a tool call id or a digest nothing is shared, so one call's answer can never be
	 * handed to another input.
	 */
	private shareKey(event: HookEvent): string | undefined {
		const { digest } = this.parts;
		if (
			!digest ||
			event.sessionId === undefined ||
			(event.name !== 'PreToolUse' && event.name !== 'PostToolUse') ||
			event.tool.useId === undefined
		) {
			return undefined;
		}
		const input = digest(JSON.stringify([event.tool.name, event.tool.input]));
		return JSON.stringify([event.name, event.sessionId, event.tool.useId, input]);
	}

	private withinDeadline(decision: Promise<MergedDecision>): Promise<MergedDecision> {
		const ms = this.parts.deadlineMs ?? DEFAULT_DEADLINE_MS;
		let cancel: (() => void) | undefined;
		const expired = new Promise<never>((_, reject) => {
			cancel = this.parts.clock.setTimer(
				() => reject(new Error(`no decision within ${ms} ms`)),
				ms,
			);
		});
		return Promise.race([decision, expired]).finally(() => cancel?.());
	}

	private failModeFor(workspaceFolder: string | undefined): FailMode {
		// An unreadable settings file must not stop the fail answer; its problem is reported where it is read.
		return this.safely(() => this.parts.policy(workspaceFolder).failMode) ?? 'closed';
	}

	private safely<T>(run: () => T): T | undefined {
		try {
			return run();
		} catch {
			return undefined;
		}
	}
}

/** The output for a fail verdict; without a known event only the top-level fields every host reads can be filled. */
function encodeFor(
	name: HookEventName | undefined,
	decision: MergedDecision,
): Record<string, unknown> {
	if (name !== undefined) {
		return encodeHookOutput({ name, dialect: 'vscode' }, decision);
	}
	return decision.verdict
		? { permissionDecision: decision.verdict, permissionDecisionReason: decision.reason }
		: {};
}
