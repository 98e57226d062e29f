import * as fs from 'node:fs';

import type { SessionTracker } from '../../core/sessions/sessionTracker';

/**
 * Whether a session reached Hookwarden: in this window's sessions, or in an audit log (a Copilot CLI session decided
 * headless never reaches the window). A session found once is remembered, so a log is read again only for sessions
 * not found yet.
 */
export function sessionsHeardFrom(
	sessions: SessionTracker,
	auditFiles: () => readonly string[],
): (sessionId: string) => boolean {
	const heard = new Set<string>();
	return (sessionId) => {
		if (heard.has(sessionId) || sessions.session(sessionId) !== undefined) {
			heard.add(sessionId);
			return true;
		}
		const found = auditFiles().some((file) => {
			try {
				return fs.readFileSync(file, 'utf8').includes(sessionId);
			} catch {
				return false;
			}
		});
		if (found) {
			heard.add(sessionId);
		}
		return found;
	};
}
