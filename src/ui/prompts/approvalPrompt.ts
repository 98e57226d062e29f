import * as vscode from 'vscode';

import { editableFieldOf } from '../../core/approvals/editableInput';
import type { PendingApproval } from '../../core/approvals/pendingApproval';
import type { ApprovalQuestion } from '../approvals/approvalPresenter';

/** The answers a person can give to one pending approval. */
export type ApprovalChoice = 'once' | 'edit' | 'session' | 'always' | 'deny' | 'denyWithReason';

/** Each answer's button or link title, in the order they are offered. */
export const APPROVAL_CHOICES: readonly {
	readonly choice: ApprovalChoice;
	readonly title: string;
}[] = [
	{ choice: 'once', title: 'Allow Once' },
	{ choice: 'edit', title: 'Allow with Changes…' },
	{ choice: 'session', title: 'Allow for Session' },
	{ choice: 'always', title: 'Always Allow…' },
	{ choice: 'deny', title: 'Deny' },
	{ choice: 'denyWithReason', title: 'Deny with Reason…' },
];

/** The answers offered for one approval: *Allow with Changes…* only where there is a command or a path to edit. */
export function choicesFor(approval: PendingApproval): typeof APPROVAL_CHOICES {
	const editable = editableFieldOf(approval.request.event) !== undefined;
	return APPROVAL_CHOICES.filter(({ choice }) => choice !== 'edit' || editable);
}

/** Where a settings rule can be written. */
export type RuleScope = 'workspace' | 'user';

/**
 * Shows the question in a notification that stays until the approval resolves, however it resolves, and then
 * closes. Its answers are one-click links, not buttons: VS Code keeps a toast on screen only while it shows progress
 * (or is an error with buttons), and only a progress notification can be closed by the extension when the request is
 * answered elsewhere or times out; a message with buttons slides into the Notification Center after a few seconds
 * and stays there, stale. `answerLink` builds the `command:` link for each answer. It is cancellable because VS Code
 * shows a cancellable progress notification expanded (links visible) rather than as one truncated line; the text says
 * what its *Cancel* button does (hide the prompt; the request stays in the *Approvals* view and the status bar).
 * The countdown is refreshed every few seconds.
 */
export function showApprovalNotification(
	approval: PendingApproval,
	question: (now: number) => ApprovalQuestion,
	answerLink: (choice: ApprovalChoice) => string,
): void {
	const links = choicesFor(approval)
		.map(({ choice, title }) => `[${title}](${answerLink(choice)})`)
		.join(' · ');
	void vscode.window.withProgress(
		{
			location: vscode.ProgressLocation.Notification,
			// VS Code shows "title: message"; the question goes into the message so it reads as one sentence.
			title: 'Hookwarden',
			cancellable: true,
		},
		async (progress, cancellation) => {
			const report = () => {
				const { title, detail } = question(Date.now());
				progress.report({
					message: `${title} ${detail} Answer: ${links}. (Cancel only hides this prompt; the request waits in the Approvals view.)`,
				});
			};
			report();
			const timer = setInterval(report, 5_000);
			let hidden: vscode.Disposable | undefined;
			try {
				await Promise.race([
					approval.answered,
					new Promise<void>(
						(resolve) => (hidden = cancellation.onCancellationRequested(() => resolve())),
					),
				]);
			} finally {
				clearInterval(timer);
				hidden?.dispose();
			}
		},
	);
}

/** Asks in a modal dialog (`hookwarden.approval.modal`); `undefined` when it was dismissed. */
export async function askToApproveModal(
	question: ApprovalQuestion,
	choices: typeof APPROVAL_CHOICES = APPROVAL_CHOICES,
): Promise<ApprovalChoice | undefined> {
	const items = choices.map(({ choice, title }) => ({ title, choice }));
	const picked = await vscode.window.showWarningMessage(
		`Hookwarden: ${question.title}`,
		{ modal: true, detail: question.detail },
		...items,
	);
	return picked?.choice;
}

/** Offers every answer in a quick pick (the status bar, the palette, *Choose…*); `undefined` when dismissed. */
export async function chooseApprovalAnswer(
	question: ApprovalQuestion,
	choices: typeof APPROVAL_CHOICES = APPROVAL_CHOICES,
): Promise<ApprovalChoice | undefined> {
	const picked = await vscode.window.showQuickPick(
		choices.map(({ choice, title }) => ({ label: title, choice })),
		{ title: question.title, placeHolder: question.detail, ignoreFocusOut: true },
	);
	return picked?.choice;
}

/** Lets the person pick one of several pending approvals; `undefined` when dismissed. */
export async function pickPendingApproval(
	items: readonly { readonly id: string; readonly label: string; readonly description: string }[],
): Promise<string | undefined> {
	const picked = await vscode.window.showQuickPick(
		items.map((item) => ({ label: item.label, description: item.description, id: item.id })),
		{ title: 'Hookwarden: Pending Approvals', placeHolder: 'Pick a request to answer' },
	);
	return picked?.id;
}

/** Asks why the call is denied; the text reaches the model as the deny reason so the agent can correct course. */
export async function askForDenyReason(): Promise<string | undefined> {
	return vscode.window.showInputBox({
		title: 'Deny with Reason',
		prompt: 'Tell the agent why, and what to do instead. It receives this text as the deny reason.',
		placeHolder: 'Use the staging database, not production.',
		ignoreFocusOut: true,
	});
}

/**
 * Shows the rule *Always Allow…* would write and what it covers, and asks where to write it; `undefined` when
 * the person declines. Only the scopes offered can be picked (an untrusted workspace's allow rules are ignored).
 */
export async function confirmAlwaysAllowRule(
	ruleJson: string,
	explanation: readonly string[],
	scopes: readonly RuleScope[],
): Promise<RuleScope | undefined> {
	const items = scopes.map((scope) => ({
		title: scope === 'workspace' ? 'Add to Workspace Settings' : 'Add to User Settings',
		scope,
	}));
	const picked = await vscode.window.showInformationMessage(
		'Hookwarden: Always allow this call?',
		{
			modal: true,
			detail: `${explanation.join('\n')}\n\nThis rule is added to "hookwarden.rules":\n${ruleJson}`,
		},
		...items,
	);
	return picked?.scope;
}

/** Says why no rule can be written; resolves `true` when the person asks to see the rule that asked. */
export async function explainNoAlwaysAllow(why: string, canOpenRule: boolean): Promise<boolean> {
	const open = { title: 'Open the Rule' };
	const picked = await vscode.window.showInformationMessage(
		'Hookwarden: no Always Allow rule for this call',
		{ modal: true, detail: why },
		...(canOpenRule ? [open] : []),
	);
	return picked === open;
}

/** Says that an answer came too late: another surface, the timeout or the hook process ended it first. */
export function reportAlreadyResolved(how: string): void {
	void vscode.window.showInformationMessage(
		`Hookwarden: this request was already resolved (${how}).`,
	);
}
