import type { AuditPort } from '../audit/auditPort';
import { letsAgentStop, withStopSummary } from '../audit/stopSummary';
import type { HookEvent } from '../events/hookEvent';
import type { HookEventName } from '../events/hookEventName';
import { encodeHookOutput } from '../output/encodeHookOutput';
import type { CompiledPolicy } from '../policy/compilePolicy';
import type { CompositeHooksProvider } from '../provider/compositeHooksProvider';
import type { MergedDecision } from '../provider/decision';
import { NO_OPINION } from '../provider/decision';
import type { FailMode } from '../provider/failVerdict';
import { failVerdict, withFailMode } from '../provider/failVerdict';
import type { DecisionOrigin, RecordedEvent } from '../sessions/recordedEvent';
import { notHonoured } from '../sessions/honouredCheck';
import type { SessionMemory } from '../sessions/sessionMemory';
import { sessionIdOf } from '../sessions/sessionTracker';
import { SharedCalls } from '../sessions/sharedCalls';
import type { Clock } from '../util/clock';
import type { ApprovalGate, GatedDecision } from './approvalGate';
import type { HookAnswer, HookCall } from './hookCall';
import { readHookCall } from './readHookCall';

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
}

/** The providers' answer for one event, before it is encoded: shared by identical calls. */
interface Decided extends GatedDecision {
	readonly problem?: string;
}

const DEFAULT_DEADLINE_MS = 15_000;
const PAUSED: MergedDecision = {
	...NO_OPINION,
	decidedBy: { providerId: 'hookwarden', ruleId: 'paused' },
};

/**
 * The one place a hook event is decided, in the window and in the headless bridge alike: read the call (the hook
 * command's event argument is authoritative), ask the provider chain within a deadline, hold the fail mode when a
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
			return {
				kind: 'unreadable',
				problem: read.problem,
				output: encodeFor(read.eventName, failVerdict(failMode, read.eventName, read.problem)),
			};
		}
		const { event } = read;
		const workspaceFolder = this.parts.workspaceFolderFor(event.cwd ?? call.cwd);
		const agentId = this.parts.sessions.attribute(event);
		const { value, duplicate } = this.shared.share(this.shareKey(event), () =>
			this.decideEvent(event, workspaceFolder, call.signal, call.payload),
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
	): Promise<Decided> {
		if (this.safely(() => this.parts.paused?.())) {
			return { decision: PAUSED };
		}
		let policy: CompiledPolicy | undefined;
		try {
			policy = this.parts.policy(workspaceFolder);
			const chained = await this.withinDeadline(
				this.parts.chain.decide(event, {
					...(workspaceFolder !== undefined && { workspaceFolder }),
					...(signal && { signal }),
					payload,
				}),
			);
			const decision = withFailMode(chained, policy.failMode, event.name);
			return this.parts.gate
				? await this.parts.gate.pass(event, decision, policy, workspaceFolder, signal)
				: { decision };
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
