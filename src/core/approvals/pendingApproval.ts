import type { HookEvent } from '../events/hookEvent';
import type { Provenance } from '../terms/decision';

/**
 * How long an approval keeps a person's "allow" in force: this call, the session, or for good, either by an allow
 * rule (*Always Allow…*) or by an exception that lifts the rule that asked (*Add an Exception…*).
 */
export type ApprovalScope = 'once' | 'session' | 'always' | 'exception';

/** What the configured timeout does: deny, hand over to the agent's own confirmation (`ask`), or allow. */
export type TimeoutOutcome = 'deny' | 'ask' | 'allow';

/** How a pending approval ended; exactly one of these happens to each approval. */
export type ApprovalResolution =
	| {
			readonly kind: 'allowed';
			readonly scope: ApprovalScope;
			/**
			 * The tool input the person edited before allowing (*Allow with Changes…*): what runs instead of the original,
			 * through the same rewrite every harness encodes. Only with scope `once`.
			 */
			readonly updatedInput?: Readonly<Record<string, unknown>>;
	  }
	| { readonly kind: 'denied'; readonly reason?: string }
	| { readonly kind: 'timedOut'; readonly outcome: TimeoutOutcome }
	| { readonly kind: 'gone' };

/** What a person is asked to approve: the event, why it needs approval and which rule asked. */
export interface ApprovalRequest {
	readonly id: string;
	/** The call as it would run: when a provider rewrote it, the rewritten call. */
	readonly event: HookEvent;
	/** The call as the agent sent it, present only when a provider rewrote it. */
	readonly original?: HookEvent;
	readonly reason: string;
	readonly askedBy?: Provenance;
	readonly workspaceFolder?: string;
	/** What could be undone if the call runs (`Restorable: 12 files, 48 KB.`), when it changes files. */
	readonly restorable?: string;
	/** Epoch milliseconds. */
	readonly createdAt: number;
	/** Epoch milliseconds after which the approval times out. */
	readonly deadline: number;
}

/**
 * One `ask` waiting for a person. It resolves exactly once — by a person, by its timeout, or because the hook process
 * went away — and every later attempt is refused, so whichever surface answers first wins.
 */
export class PendingApproval {
	private resolution: ApprovalResolution | undefined;
	private resolveAnswer!: (resolution: ApprovalResolution) => void;
	/** Settles when the approval resolves, with how it did. */
	readonly answered: Promise<ApprovalResolution>;

	constructor(readonly request: ApprovalRequest) {
		this.answered = new Promise((resolve) => (this.resolveAnswer = resolve));
	}

	/** How it ended, or `undefined` while it is still pending. */
	get settled(): ApprovalResolution | undefined {
		return this.resolution;
	}

	/** Resolves the approval; returns false (and changes nothing) when it was already resolved. */
	settle(resolution: ApprovalResolution): boolean {
		if (this.resolution) {
			return false;
		}
		this.resolution = resolution;
		this.resolveAnswer(resolution);
		return true;
	}
}
