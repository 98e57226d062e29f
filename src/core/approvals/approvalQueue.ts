import type { Clock } from '../util/clock';
import { Listeners } from '../util/listeners';
import type { ApprovalRequest, ApprovalResolution, TimeoutOutcome } from './pendingApproval';
import { PendingApproval } from './pendingApproval';

/** A change to the set of pending approvals, for views that list them. */
export type ApprovalChange =
	| { readonly kind: 'opened'; readonly approval: PendingApproval }
	| {
			readonly kind: 'resolved';
			readonly approval: PendingApproval;
			readonly resolution: ApprovalResolution;
	  };

/**
 * The approvals waiting for a person, each with its own timeout. Several pending approvals never block each other;
 * each resolves exactly once and leaves the queue when it does.
 */
export class ApprovalQueue {
	private readonly open = new Map<string, PendingApproval>();
	private readonly changes = new Listeners<ApprovalChange>();

	constructor(private readonly clock: Clock) {}

	/** Subscribes to openings and resolutions; the returned function unsubscribes. */
	onDidChange(listener: (change: ApprovalChange) => void): () => void {
		return this.changes.add(listener);
	}

	/** Opens an approval that times out at `request.deadline` into `onTimeout`. */
	openApproval(request: ApprovalRequest, onTimeout: TimeoutOutcome): PendingApproval {
		const approval = new PendingApproval(request);
		this.open.set(request.id, approval);
		const cancelTimer = this.clock.setTimer(
			() => this.resolve(request.id, { kind: 'timedOut', outcome: onTimeout }),
			Math.max(0, request.deadline - this.clock.now()),
		);
		void approval.answered.then((resolution) => {
			cancelTimer();
			this.open.delete(request.id);
			this.changes.fire({ kind: 'resolved', approval, resolution });
		});
		this.changes.fire({ kind: 'opened', approval });
		return approval;
	}

	/** Resolves one approval by id; false when it is unknown or already resolved (someone else answered first). */
	resolve(id: string, resolution: ApprovalResolution): boolean {
		return this.open.get(id)?.settle(resolution) ?? false;
	}

	/** The approvals still waiting, oldest first. */
	pending(): readonly PendingApproval[] {
		return [...this.open.values()];
	}

	/** Looks one pending approval up by id. */
	get(id: string): PendingApproval | undefined {
		return this.open.get(id);
	}
}
