import type { AlwaysAllowProposal } from '../../core/approvals/alwaysAllowRule';
import type { EditableField } from '../../core/approvals/editableInput';
import { editableFieldOf, withEditedField } from '../../core/approvals/editableInput';
import type { ExceptionProposal } from '../../core/approvals/exceptionProposal';
import type { ApprovalResolution, PendingApproval } from '../../core/approvals/pendingApproval';

/**
 * What an answer in *More…* may use: prompts that ask the person for more, and what the policy says about the call.
 * Proposals are worked out once per approval and kept, so deciding what to offer and answering agree.
 */
export interface AnswerTools {
	/** Asks why the call is denied; the model reads it. `undefined` when dismissed. */
	askForDenyReason(): Promise<string | undefined>;
	/** Asks for the edited command line or path, prefilled with the call's. `undefined` when dismissed. */
	askForEditedValue(field: EditableField): Promise<string | undefined>;
	/** The narrowest allow rule for the call, or why *Always Allow* cannot work here. */
	alwaysAllowProposal(approval: PendingApproval): Promise<AlwaysAllowProposal>;
	/** Shows the proposed allow rule and writes it where the person picks; true once written. */
	writeAlwaysAllowRule(approval: PendingApproval): Promise<boolean>;
	/** The narrowest exception to the rule that asked, or why there is none. */
	exceptionProposal(approval: PendingApproval): Promise<ExceptionProposal>;
	/** Shows the proposed exception and writes it where the person picks; true once written. */
	writeException(approval: PendingApproval): Promise<boolean>;
}

/** One answer of the *More…* quick pick. */
export interface MoreAnswer {
	readonly id: string;
	/** The quick pick row, with a codicon. */
	readonly label: string;
	/** What the answer does for this approval, in a few words. */
	readonly description: (approval: PendingApproval) => string;
	/** Whether the answer can work for this approval; an answer that cannot is not offered at all. */
	readonly offered: (approval: PendingApproval, tools: AnswerTools) => boolean | Promise<boolean>;
	/** Asks for anything else it needs; resolves how the approval ends, or `undefined` when the person backed out. */
	readonly answer: (
		approval: PendingApproval,
		tools: AnswerTools,
	) => Promise<ApprovalResolution | undefined>;
}

/**
 * Every answer but the two a notification shows as buttons (*Allow Once*, *Deny*), in the order *More…* offers them.
 * One row per answer: a new answer is one more entry here, and every surface (notification, status bar, palette,
 * the *Approvals* view) offers it.
 */
export const MORE_ANSWERS = [
	{
		id: 'edit',
		label: '$(edit) Allow with Changes…',
		description: (approval) =>
			`edit the ${editableFieldOf(approval.request.event)?.what ?? 'input'}; the edited call runs and is judged again`,
		offered: (approval) => editableFieldOf(approval.request.event) !== undefined,
		answer: async (approval, tools) => {
			const { event } = approval.request;
			const field = editableFieldOf(event);
			const edited = field && (await tools.askForEditedValue(field));
			// The person may take a while to edit: a request answered elsewhere meanwhile stays answered.
			return field === undefined || edited === undefined || approval.settled
				? undefined
				: { kind: 'allowed', scope: 'once', updatedInput: withEditedField(event, field, edited) };
		},
	},
	{
		id: 'session',
		label: '$(check-all) Allow for This Session',
		description: () =>
			'this exact call runs without asking until the session ends or you revoke it',
		offered: (approval) =>
			approval.request.event.name === 'PreToolUse' &&
			approval.request.event.sessionId !== undefined,
		answer: () => Promise.resolve({ kind: 'allowed', scope: 'session' }),
	},
	{
		id: 'always',
		label: '$(pass-filled) Always Allow…',
		description: () => 'writes an allow rule for exactly this call',
		offered: async (approval, tools) => (await tools.alwaysAllowProposal(approval)).kind === 'rule',
		answer: async (approval, tools) =>
			(await tools.writeAlwaysAllowRule(approval))
				? { kind: 'allowed', scope: 'always' }
				: undefined,
	},
	{
		id: 'exception',
		label: '$(shield) Add an Exception…',
		description: (approval) =>
			`lifts rule ${approval.request.askedBy?.ruleId ?? ''} for exactly this call`,
		offered: async (approval, tools) =>
			(await tools.exceptionProposal(approval)).kind === 'exception',
		answer: async (approval, tools) =>
			(await tools.writeException(approval)) ? { kind: 'allowed', scope: 'exception' } : undefined,
	},
	{
		id: 'denyWithReason',
		label: '$(comment) Deny with Reason…',
		description: () => 'the agent reads your reason and can correct course',
		offered: () => true,
		answer: async (_approval, tools) => {
			const reason = await tools.askForDenyReason();
			return reason === undefined ? undefined : { kind: 'denied', reason };
		},
	},
] as const satisfies readonly MoreAnswer[];

/** The id of one *More…* answer. */
export type MoreAnswerId = (typeof MORE_ANSWERS)[number]['id'];

/** Every answer a person can give: the two buttons, or one from *More…*. */
export type ApprovalChoice = 'once' | 'deny' | MoreAnswerId;

/** The *More…* answers that can work for this approval, in table order. */
export async function offeredAnswers(
	approval: PendingApproval,
	tools: AnswerTools,
): Promise<readonly MoreAnswer[]> {
	const offered = await Promise.all(
		MORE_ANSWERS.map(async (answer) => ((await answer.offered(approval, tools)) ? answer : [])),
	);
	return offered.flat();
}
