import * as vscode from 'vscode';

import type { ApprovalResolution, PendingApproval } from '../../core/approvals/pendingApproval';
import { describeApprovalSubject } from './describeApprovalSubject';

const ALLOW_ONCE: vscode.MessageItem = { title: 'Allow Once' };
const ALLOW_SESSION: vscode.MessageItem = { title: 'Allow for Session' };
const DENY: vscode.MessageItem = { title: 'Deny' };
const DENY_WITH_REASON: vscode.MessageItem = { title: 'Deny with Reason…' };

/**
 * Asks the person about one pending approval in a notification and returns their answer, or `undefined` when they
 * dismissed it (the approval then stays pending in the view and times out as configured).
 */
export async function askToApprove(
	approval: PendingApproval,
	modal: boolean,
): Promise<ApprovalResolution | undefined> {
	const { request } = approval;
	const seconds = Math.max(0, Math.round((request.deadline - Date.now()) / 1000));
	const rule = request.askedBy?.ruleId ? ` Rule: ${request.askedBy.ruleId}.` : '';
	const choice = await vscode.window.showWarningMessage(
		`Hookwarden: allow ${describeApprovalSubject(request.event)}?`,
		{ modal, detail: `${request.reason}${rule} Answer within ${seconds} s.` },
		ALLOW_ONCE,
		ALLOW_SESSION,
		DENY,
		DENY_WITH_REASON,
	);
	switch (choice) {
		case ALLOW_ONCE:
			return { kind: 'allowed', scope: 'once' };
		case ALLOW_SESSION:
			return { kind: 'allowed', scope: 'session' };
		case DENY:
			return { kind: 'denied' };
		case DENY_WITH_REASON:
			return askForDenyReason();
		default:
			return undefined;
	}
}

/** Asks why the call is denied; the text reaches the model as the deny reason so the agent can correct course. */
export async function askForDenyReason(): Promise<ApprovalResolution | undefined> {
	const reason = await vscode.window.showInputBox({
		title: 'Deny with Reason',
		prompt: 'Tell the agent why, and what to do instead. It receives this text as the deny reason.',
		placeHolder: 'Use the staging database, not production.',
		ignoreFocusOut: true,
	});
	return reason === undefined ? undefined : { kind: 'denied', reason };
}
