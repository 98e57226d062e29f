import type { HookEvent } from '../events/hookEvent';
import { Listeners } from '../util/listeners';

/** One *Allow for Session* answer in force: the exact call it covers, in which session, since when. */
export interface SessionGrant {
	/** Stable while the grant exists; what *Revoke* names. */
	readonly id: string;
	readonly sessionId: string;
	readonly tool: string;
	/** The command line, or the paths, the grant covers exactly. */
	readonly subject: string;
	/** Epoch milliseconds. */
	readonly grantedAt: number;
}

/**
 * The *Allow for Session* answers in force in this window: each covers one exact call (the tool and exactly what it
 * runs or touches) in one session, until the window closes or a person revokes it. Only the window holds grants.
 */
export class SessionGrants {
	private readonly grants = new Map<string, SessionGrant>();
	private readonly changes = new Listeners<void>();
	private counter = 0;

	/** Subscribes to grants given and revoked; the returned function unsubscribes. */
	onDidChange(listener: () => void): () => void {
		return this.changes.add(listener);
	}

	/** Grants the event's exact call for its session; false (nothing granted) when the call cannot be pinned down. */
	grant(event: HookEvent, now: number): boolean {
		const key = grantKey(event);
		if (key === undefined || event.name !== 'PreToolUse' || this.grants.has(key)) {
			return key !== undefined;
		}
		const { tool } = event;
		this.grants.set(key, {
			id: `g${++this.counter}`,
			sessionId: event.sessionId ?? '',
			tool: tool.name,
			subject: tool.commandLine ?? tool.paths.join(', '),
			grantedAt: now,
		});
		this.changes.fire();
		return true;
	}

	/** Whether a grant covers exactly this call in its session. */
	covers(event: HookEvent): boolean {
		const key = grantKey(event);
		return key !== undefined && this.grants.has(key);
	}

	/** The grants in force, oldest first. */
	list(): readonly SessionGrant[] {
		return [...this.grants.values()];
	}

	/** Ends one grant; the next identical call asks again. False when no grant has this id. */
	revoke(id: string): boolean {
		for (const [key, grant] of this.grants) {
			if (grant.id === id) {
				this.grants.delete(key);
				this.changes.fire();
				return true;
			}
		}
		return false;
	}
}

/** What makes two calls "the same" for *Allow for Session*: the session, the tool and exactly what it runs or touches. */
function grantKey(event: HookEvent): string | undefined {
	if (event.name !== 'PreToolUse' || event.sessionId === undefined) {
		return undefined;
	}
	const { tool } = event;
	return JSON.stringify([
		event.sessionId,
		tool.name,
		tool.commandLine ?? null,
		tool.commandLine === undefined ? tool.paths : null,
	]);
}
