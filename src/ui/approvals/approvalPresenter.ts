import type {
	ApprovalRequest,
	ApprovalResolution,
	PendingApproval,
} from '../../core/approvals/pendingApproval';
import type { HookEvent } from '../../core/events/hookEvent';
import { describeRule } from '../../core/policy/describeSource';
import { maskSecrets } from '../../core/secrets/findSecrets';

/** How one approval looks in a tree, a notification or a quick pick; no VS Code types. */
export interface ApprovalView {
	readonly id: string;
	readonly label: string;
	readonly description: string;
	readonly tooltip: string;
	readonly iconId: string;
	/** `hookwarden:approval+pending` or `hookwarden:approval+resolved`; menus match `/hookwarden:approval\b.*\+pending\b/`. */
	readonly contextValue: string;
}

/** The question a notification or modal asks, in plain words. */
export interface ApprovalQuestion {
	/** One line: what would run, with the command or the paths in full. */
	readonly title: string;
	/** The rule that asked and why, and how long is left. */
	readonly detail: string;
}

const MAX = 100;
// A title holds the whole command; past this it is no longer something a person reads in a notification.
const FULL_MAX = 2_000;

/** The contextValue of an approval item, from the grammar `hookwarden:approval` + `+pending`/`+resolved`. */
export function approvalContextValue(pending: boolean): string {
	return `hookwarden:approval${pending ? '+pending' : '+resolved'}`;
}

/** Maps an approval (pending or settled) to what the *Approvals* view shows. */
export function presentApproval(approval: PendingApproval, now: number): ApprovalView {
	const { request } = approval;
	const settled = approval.settled;
	const what = approvalSubject(request.event);
	const rule = describeRule(request.askedBy);
	const description = settled
		? describeResolution(settled)
		: [`${secondsLeft(request, now)} s left`, request.restorable?.replace(/\.$/, '')]
				.filter(Boolean)
				.join(' · ');
	return {
		id: request.id,
		label: what.text,
		description,
		tooltip: [
			`${what.tool}: ${what.text}`,
			`Asked by ${rule}: ${request.reason}`,
			...(request.restorable !== undefined ? [request.restorable] : []),
			settled
				? `Resolved: ${describeResolution(settled)}.`
				: `${secondsLeft(request, now)} s left.`,
		].join('\n'),
		iconId: resolutionIcon(settled),
		contextValue: approvalContextValue(!settled),
	};
}

/** The question for a pending request (modal, quick pick): the call in full, the rule and its reason, the time left. */
export function approvalQuestion(request: ApprovalRequest, now: number): ApprovalQuestion {
	const what = approvalSubject(request.event, FULL_MAX);
	return {
		title: `Allow ${what.tool} to ${what.verb} ${what.quoted}?`,
		detail: `${capitalize(describeRule(request.askedBy))}: ${request.reason}${restorableOf(request)} ${secondsLeft(request, now)} s left.`,
	};
}

/**
 * The notification's text, one paragraph: the question with the call in full, the rule and its reason, and the local
 * time the request waits until (a notification cannot count down, so it names the time instead).
 */
export function approvalNotificationText(
	request: ApprovalRequest,
	clockTime: (epochMs: number) => string,
): string {
	const { title } = approvalQuestion(request, request.createdAt);
	return `${title} ${capitalize(describeRule(request.askedBy))}: ${request.reason}${restorableOf(request)} Waits for your answer until ${clockTime(request.deadline)}.`;
}

/** What could be undone if the call runs, as a sentence after the reason, or nothing. */
function restorableOf(request: ApprovalRequest): string {
	return request.restorable === undefined ? '' : ` ${request.restorable}`;
}

/** Whole seconds until the request times out, never negative. */
export function secondsLeft(request: ApprovalRequest, now: number): number {
	return Math.max(0, Math.ceil((request.deadline - now) / 1000));
}

/** How an approval ended, as a short phrase ("Denied: use staging"). */
export function describeResolution(resolution: ApprovalResolution): string {
	switch (resolution.kind) {
		case 'allowed':
			return resolution.scope === 'once'
				? resolution.updatedInput
					? 'Allowed once with changes'
					: 'Allowed once'
				: resolution.scope === 'session'
					? 'Allowed for this session'
					: resolution.scope === 'exception'
						? 'Allowed by an exception (written to settings)'
						: 'Always allowed (written to settings)';
		case 'denied':
			return resolution.reason?.trim() ? `Denied: ${resolution.reason.trim()}` : 'Denied';
		case 'timedOut':
			return `Timed out: ${resolution.outcome === 'ask' ? 'handed to the agent’s own confirmation' : resolution.outcome === 'deny' ? 'denied' : 'allowed'}`;
		case 'gone':
			return 'The hook process ended before an answer';
	}
}

/** The verb a sentence uses for what a tool of each kind does to its paths. */
const PATH_VERBS: Readonly<Record<string, string>> = {
	fileWrite: 'write',
	fileRead: 'read',
	web: 'fetch',
};

/**
 * What the event would do, for sentences: the tool, a verb and the quoted subject; secrets masked. The subject is cut
 * at `max` characters (the tree's width by default); paths beyond the first are counted unless `max` leaves room.
 */
export function approvalSubject(
	event: HookEvent,
	max = MAX,
): {
	readonly tool: string;
	readonly verb: string;
	readonly text: string;
	readonly quoted: string;
} {
	const shorten = (text: string) => cut(text, max);
	switch (event.name) {
		case 'PreToolUse':
		case 'PostToolUse': {
			const { tool } = event;
			if (tool.commandLine !== undefined) {
				const text = shorten(maskSecrets(tool.commandLine));
				return { tool: tool.name, verb: 'run', text, quoted: `“${text}”` };
			}
			if (tool.paths.length > 0) {
				const verb = PATH_VERBS[tool.kind] ?? 'use';
				const all = tool.paths.join(', ');
				const more = tool.paths.length > 1 ? ` and ${tool.paths.length - 1} more` : '';
				const text = all.length <= max ? all : `${shorten(tool.paths[0] ?? '')}${more}`;
				return { tool: tool.name, verb, text, quoted: text };
			}
			return { tool: tool.name, verb: 'run', text: tool.name, quoted: 'now' };
		}
		case 'UserPromptSubmit': {
			const text = shorten(maskSecrets(event.prompt));
			return { tool: 'the prompt', verb: 'send', text, quoted: `“${text}”` };
		}
		case 'SubagentStart': {
			const text = event.agentType ?? 'subagent';
			return { tool: 'the agent', verb: 'start', text, quoted: `a ${text} subagent` };
		}
		default:
			return { tool: event.name, verb: 'continue', text: event.name, quoted: 'now' };
	}
}

function resolutionIcon(settled: ApprovalResolution | undefined): string {
	switch (settled?.kind) {
		case undefined:
			return 'question';
		case 'allowed':
			return 'pass';
		case 'denied':
			return 'error';
		case 'timedOut':
			return 'watch';
		case 'gone':
			return 'debug-disconnect';
	}
}

function cut(text: string, max: number): string {
	const line = text.replace(/\s+/g, ' ').trim();
	return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

function capitalize(text: string): string {
	return text.charAt(0).toUpperCase() + text.slice(1);
}
