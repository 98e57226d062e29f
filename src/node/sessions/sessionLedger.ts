import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Remembers, across bridge processes, how many subagents each session started: one line per SubagentStart in a file
 * per session under a per-user state folder. Only touched when `hookwarden.subagents.maxPerSession` is set.
 */
export class SessionLedger {
	/** `folder` is `undefined` when there is no trusted place to keep state: every session then looks new. */
	constructor(private readonly folder: string | undefined) {}

	/** SubagentStart events recorded for the session so far. */
	subagentsStarted(sessionId: string | undefined): number {
		if (!sessionId || !this.folder) {
			return 0;
		}
		try {
			return readFileSync(this.file(sessionId), 'utf8').split('\n').filter(Boolean).length;
		} catch {
			return 0;
		}
	}

	/** Records one SubagentStart; appends are atomic for lines this short, so parallel bridges never lose a count. */
	recordSubagentStart(sessionId: string | undefined, agentId: string | undefined): void {
		if (!sessionId || !this.folder) {
			return;
		}
		mkdirSync(this.folder, { recursive: true, mode: 0o700 });
		appendFileSync(this.file(sessionId), `${agentId ?? '-'}\n`, { mode: 0o600 });
	}

	/** Records a tool call (its key) whose PreToolUse was denied, so a later PostToolUse for it proves the deny was ignored. */
	recordDenied(sessionId: string | undefined, callKey: string): void {
		if (!sessionId || !this.folder) {
			return;
		}
		mkdirSync(this.folder, { recursive: true, mode: 0o700 });
		appendFileSync(this.file(sessionId, 'denied'), `${JSON.stringify(callKey)}\n`, {
			mode: 0o600,
		});
	}

	/** Whether the tool call with this key was denied earlier in the session. */
	wasDenied(sessionId: string | undefined, callKey: string): boolean {
		if (!sessionId || !this.folder) {
			return false;
		}
		try {
			return readFileSync(this.file(sessionId, 'denied'), 'utf8')
				.split('\n')
				.includes(JSON.stringify(callKey));
		} catch {
			return false;
		}
	}

	private file(sessionId: string, kind: 'subagents' | 'denied' = 'subagents'): string {
		return join(
			this.folder ?? '.',
			`${sessionId.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 120)}.${kind}`,
		);
	}
}
