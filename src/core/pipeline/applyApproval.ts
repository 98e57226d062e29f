import type { ApprovalResolution, ApprovalScope } from '../approvals/pendingApproval';
import type { MergedDecision, Provenance } from '../terms/decision';

/** The provider id of a person's answer (or its timeout) in a decision's provenance. */
export const PERSON_PROVIDER = 'hookwarden.person';
const PERSON = PERSON_PROVIDER;

/** What the model reads an allow was for. */
const APPROVED_FOR: Readonly<Record<ApprovalScope, string>> = {
	once: 'this call',
	session: 'for the session',
	always: 'for the future',
	exception: 'an exception now lifts the rule for this call',
};

/**
 * The decision that goes back to the hook runner once an approval resolved: the person's answer (with their reason
 * for a deny, so the agent can correct course), or the configured timeout outcome, with provenance saying which. An
 * allow with the person's edits (*Allow with Changes…*) is a rewrite: the edited input is what runs, and the person
 * joins whoever rewrote the call before.
 */
export function applyApproval(
	asked: MergedDecision,
	resolution: ApprovalResolution,
	timeoutSeconds: number,
): MergedDecision {
	const by = (ruleId: string, kind: 'person' | 'failMode'): Provenance => ({
		providerId: PERSON,
		ruleId,
		source: { kind },
	});
	const decided = (
		verdict: MergedDecision['verdict'],
		reason: string,
		provenance: Provenance,
	): MergedDecision => ({
		...asked,
		verdict,
		reason,
		decidedBy: provenance,
		contributors: [...asked.contributors, provenance],
	});
	switch (resolution.kind) {
		case 'allowed': {
			if (resolution.updatedInput) {
				const person = by('approval.edited', 'person');
				return {
					...decided('allow', 'Approved in VS Code with changes made by the person.', person),
					updatedInput: resolution.updatedInput,
					rewrittenBy: [...(asked.rewrittenBy ?? []), person],
				};
			}
			return decided(
				'allow',
				`Approved in VS Code (${APPROVED_FOR[resolution.scope]}).`,
				by(`approval.${resolution.scope}`, 'person'),
			);
		}
		case 'denied':
			return decided(
				'deny',
				resolution.reason?.trim()
					? resolution.reason.trim()
					: `Denied by the person in VS Code. ${asked.reason ?? ''}`.trim(),
				by('approval.denied', 'person'),
			);
		case 'timedOut': {
			const why = `No answer within ${timeoutSeconds} s`;
			const provenance = by(`approval.timeout.${resolution.outcome}`, 'failMode');
			if (resolution.outcome === 'ask') {
				// Handing over to the agent's own confirmation keeps the original reason visible in its dialog.
				return decided(
					'ask',
					`${why} in Hookwarden; ${asked.reason ?? 'confirmation needed'}`,
					provenance,
				);
			}
			return decided(
				resolution.outcome,
				`${why}; ${resolution.outcome === 'deny' ? 'denied' : 'allowed'} by hookwarden.approval.onTimeout. ${asked.reason ?? ''}`.trim(),
				provenance,
			);
		}
		case 'gone':
			return { ...asked, decidedBy: by('approval.gone', 'failMode') };
	}
}
