/** How the approvals of a session ended, by answer. */
export interface ApprovalAnswers {
	readonly allowedOnce: number;
	readonly allowedForSession: number;
	readonly allowedAlways: number;
	readonly denied: number;
	readonly timedOut: number;
	readonly gone: number;
}

/** A subagent as the summary reports it. */
export interface SubagentSummary {
	readonly agentId: string;
	readonly agentType?: string;
	readonly toolCalls: number;
	/** Missing while the subagent is still running. */
	readonly durationMs?: number;
}

/**
 * What a session did, as of its latest Stop or SessionEnd: tool calls, denials, asks and their answers, files
 * touched, subagents spawned and duration. Files are capped (the newest kept out of the count in `moreFilesTouched`).
 */
export interface SessionSummary {
	readonly sessionId: string;
	/** Epoch milliseconds of the first and the latest event. */
	readonly startedAt: number;
	readonly endedAt: number;
	readonly durationMs: number;
	readonly toolCalls: number;
	readonly denials: number;
	readonly asks: number;
	readonly answers: ApprovalAnswers;
	readonly filesTouched: readonly string[];
	readonly moreFilesTouched: number;
	readonly subagents: readonly SubagentSummary[];
}

/** The most files a summary lists by name. */
export const SUMMARY_MAX_FILES = 200;

/** An all-zero tally of approval answers. */
export function noAnswers(): ApprovalAnswers {
	return {
		allowedOnce: 0,
		allowedForSession: 0,
		allowedAlways: 0,
		denied: 0,
		timedOut: 0,
		gone: 0,
	};
}

/**
 * The summary in one short paragraph for a person: `12 tool calls, 1 denied, 2 asked (1 allowed once, 1 denied),
 * 5 files touched, 1 subagent (Plan), 4 min 12 s.`
 */
export function describeSessionSummary(summary: SessionSummary): string {
	const parts = [
		plural(summary.toolCalls, 'tool call'),
		`${summary.denials} denied`,
		`${summary.asks} asked${describeAnswers(summary.answers)}`,
		plural(summary.filesTouched.length + summary.moreFilesTouched, 'file') + ' touched',
		plural(summary.subagents.length, 'subagent') + describeSubagents(summary.subagents),
		formatDuration(summary.durationMs),
	];
	return `Hookwarden session summary: ${parts.join(', ')}.`;
}

/** A duration for people: `850 ms`, `42 s`, `4 min 12 s`, `2 h 5 min`. */
export function formatDuration(ms: number): string {
	if (ms < 1000) {
		return `${Math.round(ms)} ms`;
	}
	const seconds = Math.round(ms / 1000);
	if (seconds < 60) {
		return `${seconds} s`;
	}
	const minutes = Math.floor(seconds / 60);
	if (minutes < 60) {
		return `${minutes} min ${seconds % 60} s`;
	}
	return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

function describeAnswers(answers: ApprovalAnswers): string {
	const named: [number, string][] = [
		[answers.allowedOnce, 'allowed once'],
		[answers.allowedForSession, 'allowed for the session'],
		[answers.allowedAlways, 'allowed always'],
		[answers.denied, 'denied'],
		[answers.timedOut, 'timed out'],
		[answers.gone, 'abandoned'],
	];
	const said = named.filter(([count]) => count > 0).map(([count, what]) => `${count} ${what}`);
	return said.length > 0 ? ` (${said.join(', ')})` : '';
}

function describeSubagents(subagents: readonly SubagentSummary[]): string {
	const types = [...new Set(subagents.map((s) => s.agentType).filter(Boolean))];
	return types.length > 0 ? ` (${types.join(', ')})` : '';
}

function plural(count: number, noun: string): string {
	return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
