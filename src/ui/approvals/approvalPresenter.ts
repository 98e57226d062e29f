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
	/** One line: what would run. */
	readonly title: string;
	/** The rule that asked and why, and how long is left. */
	readonly detail: string;
}

const MAX = 100;

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
	const description = settled ? describeResolution(settled) : `${secondsLeft(request, now)} s left`;
	return {
		id: request.id,
		label: what.text,
		description,
		tooltip: [
			`${what.tool}: ${what.text}`,
			`Asked by ${rule}: ${request.reason}`,
			settled
				? `Resolved: ${describeResolution(settled)}.`
				: `${secondsLeft(request, now)} s left.`,
		].join('\n'),
		iconId: resolutionIcon(settled),
		contextValue: approvalContextValue(!settled),
	};
}

/** The notification's question for a pending request. */
export function approvalQuestion(request: ApprovalRequest, now: number): ApprovalQuestion {
	const what = approvalSubject(request.event);
	return {
		title: `Allow ${what.tool} to ${what.verb} ${what.quoted}?`,
		detail: `${capitalize(describeRule(request.askedBy))}: ${request.reason} ${secondsLeft(request, now)} s left.`,
	};
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
				? 'Allowed once'
				: resolution.scope === 'session'
					? 'Allowed for this session'
					: 'Always allowed (rule written)';
		case 'denied':
			return resolution.reason?.trim() ? `Denied: ${resolution.reason.trim()}` : 'Denied';
		case 'timedOut':
			return `Timed out: ${resolution.outcome === 'ask' ? 'handed to the agent’s own confirmation' : resolution.outcome === 'deny' ? 'denied' : 'allowed'}`;
		case 'gone':
			return 'The hook process ended before an answer';
	}
}

/** What the event would do, for sentences: the tool, a verb and the quoted subject; secrets masked. */
export function approvalSubject(event: HookEvent): {
	readonly tool: string;
	readonly verb: string;
	readonly text: string;
	readonly quoted: string;
} {
	switch (event.name) {
		case 'PreToolUse':
		case 'PostToolUse': {
			const { tool } = event;
			if (tool.commandLine !== undefined) {
				const text = shorten(maskSecrets(tool.commandLine));
				return { tool: tool.name, verb: 'run', text, quoted: `“${text}”` };
			}
			if (tool.paths.length > 0) {
				const more = tool.paths.length > 1 ? ` and ${tool.paths.length - 1} more` : '';
				const text = `${shorten(tool.paths[0] ?? '')}${more}`;
				return { tool: tool.name, verb: 'use', text, quoted: text };
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

function shorten(text: string): string {
	const line = text.replace(/\s+/g, ' ').trim();
	return line.length > MAX ? `${line.slice(0, MAX - 1)}…` : line;
}

function capitalize(text: string): string {
	return text.charAt(0).toUpperCase() + text.slice(1);
}
