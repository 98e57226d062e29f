import * as vscode from 'vscode';

import type { ApprovalQuestion } from '../approvals/approvalPresenter';
import type { ApprovalChoice, MoreAnswer } from '../approvals/approvalAnswers';

/** Where a settings entry can be written. */
export type RuleScope = 'workspace' | 'user';

/** The two answers a notification offers as buttons, and the button that opens the rest. */
const ALLOW_ONCE = 'Allow Once';
const DENY = 'Deny';
const MORE = 'More…';

/** What the person clicked on an approval notification; `undefined` when they closed it. */
export type NotificationAnswer = 'once' | 'deny' | 'more' | undefined;

/**
 * Shows the question as a warning notification with real buttons: *Allow Once*, *Deny* and *More…*. Like every
 * notification with buttons it slides into the Notification Center after a few seconds, and an extension cannot close
 * it; the request stays in the *Approvals* view and the status bar, and a click on a request that was answered
 * elsewhere (or timed out) says so and changes nothing.
 */
export async function showApprovalNotification(text: string): Promise<NotificationAnswer> {
	const picked = await vscode.window.showWarningMessage(
		`Hookwarden: ${text}`,
		ALLOW_ONCE,
		DENY,
		MORE,
	);
	return picked === ALLOW_ONCE ? 'once' : picked === DENY ? 'deny' : picked ? 'more' : undefined;
}

/** Asks in a modal dialog (`hookwarden.approval.modal`) with the same three buttons; `undefined` when dismissed. */
export async function askToApproveModal(question: ApprovalQuestion): Promise<NotificationAnswer> {
	const picked = await vscode.window.showWarningMessage(
		`Hookwarden: ${question.title}`,
		{ modal: true, detail: question.detail },
		ALLOW_ONCE,
		DENY,
		MORE,
	);
	return picked === ALLOW_ONCE ? 'once' : picked === DENY ? 'deny' : picked ? 'more' : undefined;
}

/**
 * Offers answers in a quick pick titled with the question: *Allow Once* and *Deny* first when `withButtons` (the status
 * bar and the palette, which have no buttons), then every *More…* answer that can work here. `undefined` when
 * dismissed.
 */
export async function chooseApprovalAnswer(
	question: ApprovalQuestion,
	more: readonly { readonly answer: MoreAnswer; readonly description: string }[],
	withButtons: boolean,
): Promise<ApprovalChoice | undefined> {
	type Item = vscode.QuickPickItem & { readonly choice?: ApprovalChoice };
	const items: Item[] = [
		...(withButtons
			? [
					{
						label: `$(check) ${ALLOW_ONCE}`,
						description: 'this call only',
						choice: 'once' as const,
					},
					{
						label: `$(close) ${DENY}`,
						description: 'the agent is told it was denied',
						choice: 'deny' as const,
					},
					{ label: '', kind: vscode.QuickPickItemKind.Separator },
				]
			: []),
		...more.map(({ answer, description }) => ({
			label: answer.label,
			description,
			choice: answer.id as ApprovalChoice,
		})),
	];
	const picked = await vscode.window.showQuickPick(items, {
		title: question.title,
		placeHolder: question.detail,
		ignoreFocusOut: true,
	});
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
 * Shows a settings entry an answer would write (*Always Allow…*'s rule, *Add an Exception…*'s exception) and what it
 * covers, and asks where to write it; `undefined` when the person declines. Only the scopes offered can be picked.
 */
export async function confirmSettingsEntry(
	question: string,
	setting: string,
	entryJson: string,
	explanation: readonly string[],
	scopes: readonly RuleScope[],
): Promise<RuleScope | undefined> {
	const items = scopes.map((scope) => ({
		title: scope === 'workspace' ? 'Add to Workspace Settings' : 'Add to User Settings',
		scope,
	}));
	const picked = await vscode.window.showInformationMessage(
		`Hookwarden: ${question}`,
		{
			modal: true,
			detail: `${explanation.join('\n')}\n\nThis is added to "${setting}":\n${entryJson}`,
		},
		...items,
	);
	return picked?.scope;
}

/** Says that an answer came too late: another surface, the timeout or the hook process ended it first. */
export function reportAlreadyResolved(how: string): void {
	void vscode.window.showInformationMessage(
		`Hookwarden: this request was already resolved (${how}).`,
	);
}
