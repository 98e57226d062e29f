/** A session the host's own records show as started, with when it was first seen. */
export interface StartedSession {
	readonly id: string;
	/** Milliseconds since the epoch. */
	readonly startedAt: number;
	/** Where it was seen (`~/.copilot/session-state/<id>`, a Copilot Chat transcript). */
	readonly seenAt: string;
}

/**
 * The sessions that started after Hookwarden's hooks were installed and sent it no event within `graceMs`: the host
 * ran them without Hookwarden. A session older than the installation says nothing, nor does one still in its grace
 * time (its first event may be on its way), nor one Hookwarden has an event of.
 */
export function silentSessions(options: {
	readonly started: readonly StartedSession[];
	readonly heardFrom: (sessionId: string) => boolean;
	readonly installedAt: number;
	readonly now: number;
	readonly graceMs: number;
}): StartedSession[] {
	const { started, heardFrom, installedAt, now, graceMs } = options;
	return started.filter(
		(session) =>
			session.startedAt >= installedAt &&
			now - session.startedAt >= graceMs &&
			!heardFrom(session.id),
	);
}
