import { describe, expect, it } from 'vitest';

import type { ApprovalRequest } from '../../../../src/core/approvals/pendingApproval';
import { PendingApproval } from '../../../../src/core/approvals/pendingApproval';
import type { AnswerTools } from '../../../../src/ui/approvals/approvalAnswers';
import { MORE_ANSWERS, offeredAnswers } from '../../../../src/ui/approvals/approvalAnswers';
import { preToolUse, shellTool, stop, tool, WORKSPACE } from '../../../support/hookEventBuilder';

function approval(overrides: Partial<ApprovalRequest> = {}): PendingApproval {
	return new PendingApproval({
		id: 'a1',
		event: preToolUse({ tool: shellTool('npm publish') }),
		reason: 'Publishing needs a person.',
		askedBy: { providerId: 'hookwarden.policy', ruleId: 'ask-publish' },
		workspaceFolder: WORKSPACE,
		createdAt: 0,
		deadline: 1,
		...overrides,
	});
}

/** Tools whose proposals are fixed and whose prompts record what they were asked. */
function tools(
	can: {
		readonly always?: boolean;
		readonly exception?: boolean;
		readonly reason?: string;
		readonly edited?: string;
	} = {},
) {
	const asked: string[] = [];
	const fake: AnswerTools = {
		askForDenyReason: () => {
			asked.push('reason');
			return Promise.resolve(can.reason);
		},
		askForEditedValue: (field) => {
			asked.push(`edit ${field.what}: ${field.value}`);
			return Promise.resolve(can.edited);
		},
		alwaysAllowProposal: () =>
			Promise.resolve(
				can.always
					? {
							kind: 'rule',
							rule: { id: 'r', description: '', tool: 't', verdict: 'allow' },
							explanation: [],
						}
					: { kind: 'unavailable', why: 'no' },
			),
		writeAlwaysAllowRule: () => {
			asked.push('always');
			return Promise.resolve(true);
		},
		exceptionProposal: () =>
			Promise.resolve(
				can.exception
					? {
							kind: 'exception',
							exception: { rule: 'ask-publish', command: 'npm publish' },
							explanation: [],
							scopes: ['user'],
						}
					: { kind: 'unavailable', why: 'no' },
			),
		writeException: () => {
			asked.push('exception');
			return Promise.resolve(true);
		},
	};
	return { fake, asked };
}

const ids = async (a: PendingApproval, t: AnswerTools) =>
	(await offeredAnswers(a, t)).map((answer) => answer.id);

describe('the More… answers', () => {
	it('offers only what can work: Always Allow where a rule can be written, an exception where a rule can be lifted', async () => {
		expect(await ids(approval(), tools().fake)).toEqual(['edit', 'session', 'denyWithReason']);
		expect(await ids(approval(), tools({ always: true }).fake)).toEqual([
			'edit',
			'session',
			'always',
			'denyWithReason',
		]);
		expect(await ids(approval(), tools({ exception: true }).fake)).toEqual([
			'edit',
			'session',
			'exception',
			'denyWithReason',
		]);
	});

	it('offers no session grant for a call without a session or for another event', async () => {
		const noSession = approval({
			event: preToolUse({ sessionId: undefined, tool: shellTool('x') }),
		});
		expect(await ids(noSession, tools().fake)).toEqual(['edit', 'denyWithReason']);
		expect(await ids(approval({ event: stop() }), tools().fake)).toEqual(['denyWithReason']);
	});

	it('each answer resolves as it says, or not at all when the person backs out', async () => {
		const answer = (id: string) => MORE_ANSWERS.find((a) => a.id === id)!;
		const { fake, asked } = tools({ reason: 'bump the version first' });
		await expect(answer('session').answer(approval(), fake)).resolves.toEqual({
			kind: 'allowed',
			scope: 'session',
		});
		await expect(answer('always').answer(approval(), fake)).resolves.toEqual({
			kind: 'allowed',
			scope: 'always',
		});
		await expect(answer('exception').answer(approval(), fake)).resolves.toEqual({
			kind: 'allowed',
			scope: 'exception',
		});
		await expect(answer('denyWithReason').answer(approval(), fake)).resolves.toEqual({
			kind: 'denied',
			reason: 'bump the version first',
		});
		await expect(answer('denyWithReason').answer(approval(), tools().fake)).resolves.toBe(
			undefined,
		);
		expect(asked).toEqual(['always', 'exception', 'reason']);
		expect(answer('exception').description(approval())).toContain('ask-publish');
	});

	it('Allow with Changes… is offered only where there is one command or path to edit, and runs the edited call once', async () => {
		const patch = approval({
			event: preToolUse({ tool: tool('apply_patch', { input: '*** Begin Patch' }) }),
		});
		expect(await ids(patch, tools().fake)).not.toContain('edit');
		const edit = MORE_ANSWERS.find((a) => a.id === 'edit')!;
		const { fake, asked } = tools({ edited: 'npm publish --dry-run' });
		const { input } = shellTool('npm publish');
		await expect(edit.answer(approval(), fake)).resolves.toEqual({
			kind: 'allowed',
			scope: 'once',
			updatedInput: { ...input, command: 'npm publish --dry-run' },
		});
		expect(asked).toEqual(['edit command: npm publish']);
		await expect(edit.answer(approval(), tools().fake)).resolves.toBe(undefined);
		expect(edit.description(approval())).toContain('edit the command');
	});
});
