import { describe, expect, it } from 'vitest';

import { proposeException } from '../../../../src/core/approvals/exceptionProposal';
import type { ApprovalRequest } from '../../../../src/core/approvals/pendingApproval';
import type { HookEvent } from '../../../../src/core/events/hookEvent';
import { BUILTIN_PACKS } from '../../../../src/core/judging/builtinPacks';
import { compilePolicy } from '../../../../src/core/policy/compilePolicy';
import { POLICY_PROVIDER_ID } from '../../../../src/core/provider/defaultHooksProvider';
import { evaluatePolicy } from '../../../../src/core/policy/evaluatePolicy';
import type { RuleSource } from '../../../../src/core/terms/decision';
import { readPolicySettings } from '../../../../src/core/settings/readPolicySettings';
import { fileWrite, preToolUse, shellTool, WORKSPACE } from '../../../support/hookEventBuilder';
import { analyze } from '../../../support/shellAnalyzer';

const USER: RuleSource = { kind: 'userSettings', file: '/u/settings.json' };
const WS: RuleSource = { kind: 'workspaceSettings', file: '/ws/.vscode/settings.json' };
const TODAY = '2026-11-27';

async function evaluate(values: Record<string, unknown>, event: HookEvent, source = USER) {
	const policy = compilePolicy(readPolicySettings([{ source, values }]).settings);
	const line = event.name === 'PreToolUse' ? event.tool.commandLine : undefined;
	return evaluatePolicy(
		policy,
		{
			event,
			workspaceFolder: WORKSPACE,
			homeDir: '/home/dev',
			...(line !== undefined && { shell: await analyze(line) }),
		},
		BUILTIN_PACKS,
	);
}

/** The approval the window would open for an event the policy asks about. */
async function askedAbout(values: Record<string, unknown>, event: HookEvent, source = USER) {
	const outcome = await evaluate(values, event, source);
	expect(outcome.verdict).toBe('ask');
	const request: ApprovalRequest = {
		id: 'a1',
		event,
		reason: outcome.winner?.reason ?? '',
		askedBy: {
			providerId: POLICY_PROVIDER_ID,
			ruleId: outcome.winner?.ruleId,
			source: outcome.winner?.source,
		},
		workspaceFolder: WORKSPACE,
		createdAt: 0,
		deadline: 1,
	};
	return { request, findings: outcome.findings };
}

describe('proposeException', () => {
	it('pins a pack rule to the exact sub-command it asked about; written, it lifts that call and no other', async () => {
		const line = 'rm -r ../notes';
		const event = preToolUse({ tool: shellTool(`echo start && ${line}`) });
		const { request, findings } = await askedAbout({}, event);
		const proposal = proposeException(request, findings, TODAY);
		expect(proposal).toMatchObject({
			kind: 'exception',
			exception: { rule: request.askedBy?.ruleId, command: [line] },
			scopes: ['workspace', 'user'],
		});
		if (proposal.kind !== 'exception') {
			return;
		}
		expect(proposal.explanation[0]).toContain(`“${line}”`);
		const written = { exceptions: [proposal.exception] };
		expect((await evaluate(written, event)).verdict).toBeUndefined();
		const other = preToolUse({ tool: shellTool('rm -r ../other') });
		expect((await evaluate(written, other)).verdict).toBe('ask');
	});

	it('pins a path rule to the exact file, written relative to the workspace so a teammate can share it', async () => {
		const event = preToolUse({ tool: fileWrite(`${WORKSPACE}/.env.local`) });
		const { request, findings } = await askedAbout({}, event);
		const proposal = proposeException(request, findings, TODAY);
		expect(proposal).toMatchObject({
			kind: 'exception',
			exception: { path: ['./.env.local'] },
		});
		if (proposal.kind === 'exception') {
			const written = { exceptions: [proposal.exception] };
			expect((await evaluate(written, event)).verdict).toBe(undefined);
			const deeper = preToolUse({ tool: fileWrite(`${WORKSPACE}/config/.env.local`) });
			expect((await evaluate(written, deeper)).verdict).toBe('ask');
		}
	});

	it('pins a path spelled through a variable to the file it resolves to', async () => {
		const rule = { id: 'ask-notes', tool: 'fileWrite', path: '~/notes/**', verdict: 'ask' };
		const event = preToolUse({ tool: fileWrite('$HOME/notes/today.md') });
		const { request, findings } = await askedAbout({ rules: [rule] }, event);
		const proposal = proposeException(request, findings, TODAY);
		expect(proposal).toMatchObject({
			kind: 'exception',
			exception: { rule: 'ask-notes', path: ['/home/dev/notes/today.md'] },
		});
		if (proposal.kind === 'exception') {
			const written = { rules: [rule], exceptions: [proposal.exception] };
			expect((await evaluate(written, event)).verdict).toBeUndefined();
			const other = preToolUse({ tool: fileWrite('~/notes/other.md') });
			expect((await evaluate(written, other)).verdict).toBe('ask');
		}
	});

	it('lifts a settings ask rule by its id; a user rule only from user settings', async () => {
		const rule = { id: 'ask-publish', command: 'npm publish', verdict: 'ask' };
		const event = preToolUse({ tool: shellTool('npm publish --dry-run') });
		const fromWorkspace = await askedAbout({ rules: [rule] }, event, WS);
		expect(proposeException(fromWorkspace.request, fromWorkspace.findings, TODAY)).toMatchObject({
			kind: 'exception',
			exception: { rule: 'ask-publish', command: ['npm publish --dry-run'] },
			scopes: ['workspace', 'user'],
		});
		const fromUser = await askedAbout({ rules: [rule] }, event, USER);
		expect(proposeException(fromUser.request, fromUser.findings, TODAY)).toMatchObject({
			scopes: ['user'],
		});
	});

	it('writes a sub-command shaped like a regex as an anchored regex, so it stays exact', async () => {
		const event = preToolUse({ tool: shellTool('/bin/truncate -s 0 /') });
		const { request, findings } = await askedAbout({}, event);
		const proposal = proposeException(request, findings, TODAY);
		expect(proposal).toMatchObject({
			exception: { command: ['/^\\/bin\\/truncate -s 0 \\/$/'] },
		});
	});

	it('offers none for the default verdict, a rule known by position, or a provider', async () => {
		const event = preToolUse({ tool: shellTool('make') });
		const byDefault = await askedAbout({ defaultVerdict: 'ask' }, event);
		expect(proposeException(byDefault.request, byDefault.findings, TODAY).kind).toBe('unavailable');
		const unnamed = await askedAbout({ rules: [{ command: 'make', verdict: 'ask' }] }, event);
		expect(unnamed.request.askedBy?.ruleId).toBe('rules[0]');
		expect(proposeException(unnamed.request, unnamed.findings, TODAY).kind).toBe('unavailable');
		const provider = {
			...byDefault.request,
			askedBy: { providerId: 'acme', ruleId: 'x', source: { kind: 'provider' as const } },
		};
		expect(proposeException(provider, [], TODAY)).toMatchObject({
			kind: 'unavailable',
			why: expect.stringContaining("rule 'x' in another extension is not one") as string,
		});
	});
});
