import type { ApprovalQueue } from '../approvals/approvalQueue';
import type { ApprovalResolution } from '../approvals/pendingApproval';
import type { AuditPolicyVerdict } from '../audit/auditRecord';
import type { AuditPort } from '../audit/auditPort';
import { letsAgentStop, withStopSummary } from '../audit/stopSummary';
import { auditVerdictOf } from '../audit/toAuditRecord';
import { describeHookInputError } from '../events/hookInputError';
import type { HookEvent } from '../events/hookEvent';
import { parseHookEventName } from '../events/hookEventName';
import { parseHookEvent } from '../events/parseHookEvent';
import { encodeHookOutput } from '../output/encodeHookOutput';
import type { CompiledPolicy } from '../policy/compilePolicy';
import type { CompositeHooksProvider } from '../provider/compositeHooksProvider';
import type { MergedDecision } from '../provider/decision';
import { failVerdict } from '../provider/failVerdict';
import type { RecordedEvent } from '../sessions/recordedEvent';
import { sessionIdOf } from '../sessions/sessionTracker';
import type { SessionTracker } from '../sessions/sessionTracker';
import { SharedCalls } from '../sessions/sharedCalls';
import type { Clock } from '../util/clock';
import { applyApproval } from './applyApproval';

/** One hook call as it reaches the host: the event argument, the payload, where the hook runs, and a signal that fires if its process goes away. */
export interface HookCall {
	readonly eventHint?: string;
	readonly payload: unknown;
	readonly cwd?: string;
	readonly signal?: AbortSignal;
}

/**
 * The answer to one hook call: the JSON to print and what was recorded, or `rejected` with one line saying why the
 * payload cannot be read (the bridge then decides it headless, applying the workspace's fail mode and reporting it).
 */
export type HookAnswer =
	| {
			readonly output: Record<string, unknown>;
			readonly recorded?: RecordedEvent;
			readonly problem?: string;
	  }
	| { readonly rejected: string };

/** What the pipeline is built from; each part is a port so the whole pipeline runs in unit tests without VS Code. */
export interface HookPipelineParts {
	readonly chain: CompositeHooksProvider;
	readonly approvals: ApprovalQueue;
	readonly sessions: SessionTracker;
	readonly clock: Clock;
	/** The policy in force for a workspace folder, for fail mode and approval settings. */
	readonly policy: (workspaceFolder: string | undefined) => CompiledPolicy;
	/** The window's workspace folder that contains `cwd`, if any. */
	readonly workspaceFolderFor: (cwd: string | undefined) => string | undefined;
	/** Whether decisions are paused (every event gets no opinion, and is still recorded). */
	readonly paused?: () => boolean;
	/** The audit log; every answered event is appended before its answer is returned. */
	readonly audit?: AuditPort;
	/** Whether the session summary goes to the person at Stop (`hookwarden.context.stopSummary`). */
	readonly stopSummary?: (workspaceFolder: string | undefined) => boolean;
}

/** A decision, and when a person (or the timeout) answered an `ask`, how it ended and what the policy had said. */
interface Decided {
	readonly decision: MergedDecision;
	readonly approval?: ApprovalResolution;
	readonly asked?: AuditPolicyVerdict;
}

/**
 * Decides hook calls in the running window: parse the payload in any dialect, ask the provider chain, hold an `ask`
 * for a person (inline mode) until it resolves, record the result per session, and encode the output. The same hook
 * registered twice shares one answer (keyed by `tool_use_id`), so a person is asked once.
 */
export class HookPipeline {
	private readonly shared: SharedCalls<Decided>;
	private readonly sessionAllowances = new Map<string, Set<string>>();
	private approvalCounter = 0;

	constructor(private readonly parts: HookPipelineParts) {
		this.shared = new SharedCalls(parts.clock);
	}

	/** Answers one hook call; never throws. */
	async handle(call: HookCall): Promise<HookAnswer> {
		const receivedAt = this.parts.clock.now();
		const hint = call.eventHint === undefined ? undefined : parseHookEventName(call.eventHint);
		const parsed = parseHookEvent(call.payload, hint);
		if (!parsed.ok) {
			return { rejected: `hook input rejected: ${describeHookInputError(parsed.error)}` };
		}
		const event = parsed.event;
		const workspaceFolder = this.parts.workspaceFolderFor(event.cwd ?? call.cwd);
		const agentId = this.parts.sessions.attribute(event);
		const key =
			event.name === 'PreToolUse' || event.name === 'PostToolUse'
				? event.tool.useId && `${event.name}:${sessionIdOf(event)}:${event.tool.useId}`
				: undefined;
		const { value, duplicate } = this.shared.share(key, () =>
			this.decide(event, workspaceFolder, call.signal),
		);
		let result: Decided;
		try {
			result = await value;
		} catch (error) {
			const problem = `could not decide ${event.name}: ${(error as Error).message}`;
			const decision = failVerdict(
				this.parts.policy(workspaceFolder).failMode,
				event.name,
				problem,
			);
			if (!duplicate) {
				this.audit(() =>
					this.parts.audit?.appendEvent({
						recorded: {
							sequence: this.parts.sessions.takeSequence(),
							event,
							sessionId: sessionIdOf(event),
							...(agentId !== undefined && { agentId }),
							decision,
							...(workspaceFolder !== undefined && { workspaceFolder }),
							origin: 'window',
							receivedAt,
							answeredAt: this.parts.clock.now(),
						},
						problem,
					}),
				);
			}
			return { output: encodeHookOutput(event, decision), problem };
		}
		if (duplicate) {
			return { output: encodeHookOutput(event, result.decision) };
		}
		const sessionId = sessionIdOf(event);
		const closing = event.name === 'Stop' || event.name === 'SessionEnd' ? event.name : undefined;
		let decision = result.decision;
		if (
			closing === 'Stop' &&
			letsAgentStop(decision) &&
			this.parts.stopSummary?.(workspaceFolder)
		) {
			const summary = this.parts.sessions.summary(sessionId);
			if (summary) {
				decision = withStopSummary(decision, summary);
			}
		}
		const output = encodeHookOutput(event, decision);
		const recorded: RecordedEvent = {
			sequence: this.parts.sessions.takeSequence(),
			event,
			sessionId,
			...(agentId !== undefined && { agentId }),
			decision,
			...(result.approval && { approval: result.approval }),
			...(workspaceFolder !== undefined && { workspaceFolder }),
			origin: 'window',
			receivedAt,
			answeredAt: this.parts.clock.now(),
		};
		this.parts.sessions.record(recorded);
		this.audit(() =>
			this.parts.audit?.appendEvent({
				recorded,
				...(result.asked && { asked: result.asked }),
			}),
		);
		if (closing) {
			const summary = this.parts.sessions.summary(sessionId);
			if (summary) {
				this.audit(() =>
					this.parts.audit?.appendSummary(summary, {
						trigger: closing,
						...(workspaceFolder !== undefined && { workspaceFolder }),
					}),
				);
			}
		}
		return { output, recorded };
	}

	// The log must never cost an answer: a port that throws anyway is ignored here (the port reports its own failures).
	private audit(write: () => void): void {
		try {
			write();
		} catch {
			// See above.
		}
	}

	private async decide(
		event: HookEvent,
		workspaceFolder: string | undefined,
		signal: AbortSignal | undefined,
	): Promise<Decided> {
		if (this.parts.paused?.()) {
			return {
				decision: {
					contributors: [],
					failures: [],
					decidedBy: { providerId: 'hookwarden', ruleId: 'paused' },
				},
			};
		}
		const asked = await this.parts.chain.decide(event, { workspaceFolder, signal });
		const { approval } = this.parts.policy(workspaceFolder);
		if (asked.verdict !== 'ask' || approval.mode === 'native') {
			return { decision: asked };
		}
		const policyVerdict: AuditPolicyVerdict = {
			verdict: auditVerdictOf(asked),
			...(asked.decidedBy && { decidedBy: asked.decidedBy }),
		};
		const signature = callSignature(event);
		if (signature && this.sessionAllowances.get(sessionIdOf(event))?.has(signature)) {
			return {
				decision: applyApproval(
					asked,
					{ kind: 'allowed', scope: 'session' },
					approval.timeoutSeconds,
				),
				approval: { kind: 'allowed', scope: 'session' },
				asked: policyVerdict,
			};
		}
		const now = this.parts.clock.now();
		const pending = this.parts.approvals.openApproval(
			{
				id: `a${++this.approvalCounter}`,
				event,
				reason: asked.reason ?? 'A Hookwarden rule asks for approval.',
				...(asked.decidedBy && { askedBy: asked.decidedBy }),
				...(workspaceFolder !== undefined && { workspaceFolder }),
				createdAt: now,
				deadline: now + approval.timeoutSeconds * 1000,
			},
			approval.onTimeout,
		);
		const onGone = () => this.parts.approvals.resolve(pending.request.id, { kind: 'gone' });
		signal?.addEventListener('abort', onGone, { once: true });
		const resolution = await pending.answered;
		signal?.removeEventListener('abort', onGone);
		if (resolution.kind === 'allowed' && resolution.scope === 'session' && signature) {
			const allowances = this.sessionAllowances.get(sessionIdOf(event)) ?? new Set<string>();
			allowances.add(signature);
			this.sessionAllowances.set(sessionIdOf(event), allowances);
		}
		return {
			decision: applyApproval(asked, resolution, approval.timeoutSeconds),
			approval: resolution,
			asked: policyVerdict,
		};
	}
}

/** What makes two calls "the same" for *Allow for Session*: the tool and exactly what it runs or touches. */
function callSignature(event: HookEvent): string | undefined {
	if (event.name !== 'PreToolUse') {
		return undefined;
	}
	const { tool } = event;
	return JSON.stringify([
		tool.name,
		tool.commandLine ?? null,
		tool.commandLine === undefined ? tool.paths : null,
	]);
}
