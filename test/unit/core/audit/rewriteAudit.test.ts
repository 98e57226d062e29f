import { describe, expect, it } from 'vitest';

import { parseAuditLine, recordedEventOf } from '../../../../src/core/audit/parseAuditLine';
import { toAuditRecord } from '../../../../src/core/audit/toAuditRecord';
import type { HookEvent } from '../../../../src/core/events/hookEvent';
import type { MergedDecision } from '../../../../src/core/terms/decision';
import type { RecordedEvent } from '../../../../src/core/sessions/recordedEvent';
import { postToolUse, preToolUse, shellTool } from '../../../support/hookEventBuilder';

const TOKEN = `ghp_${'a1B2'.repeat(9)}`;
const RULE = {
	providerId: 'hookwarden.policy',
	ruleId: 'rtk',
	source: { kind: 'workspaceSettings', file: '/ws/.vscode/settings.json' },
} as const;
const PERSON = { providerId: 'hookwarden.person', ruleId: 'approval.edited' } as const;

function recorded(event: HookEvent, decision: Partial<MergedDecision>): RecordedEvent {
	return {
		sequence: 1,
		event,
		sessionId: 's1',
		decision: { contributors: [], failures: [], ...decision },
		workspaceFolder: '/ws',
		origin: 'window',
		receivedAt: 1_000,
		answeredAt: 1_042,
	};
}

describe('the audit log keeps both versions of a rewritten call', () => {
	const event = preToolUse({ tool: shellTool(`git status # ${TOKEN}`) });
	const rewritten = recorded(event, {
		verdict: 'allow',
		updatedInput: { ...event.tool.input, command: `rtk git status # ${TOKEN}` },
		rewrittenBy: [RULE, PERSON],
	});

	it('writes what the agent sent as the input and what ran as the rewrite, both masked, with who rewrote it', () => {
		const record = toAuditRecord({ recorded: rewritten }, 'id1');
		expect(record.input).toMatchObject({ tool: { commandLine: 'git status # ghp_…[masked]…B2' } });
		expect(record.rewrite).toEqual({
			input: expect.objectContaining({ command: 'rtk git status # ghp_…[masked]…B2' }) as unknown,
			commandLine: 'rtk git status # ghp_…[masked]…B2',
			by: [
				'rule rtk (workspace settings (/ws/.vscode/settings.json))',
				'person: edited in VS Code',
			],
			rewrittenBy: [RULE, PERSON],
		});
		expect(JSON.stringify(record)).not.toContain(TOKEN);
	});

	it('reads a rewrite back into the event the views show', () => {
		const line = JSON.stringify(toAuditRecord({ recorded: rewritten }, 'id1'));
		const parsed = parseAuditLine(line);
		if (parsed.kind !== 'record' || parsed.record.kind !== 'event') {
			throw new Error(JSON.stringify(parsed));
		}
		expect(recordedEventOf(parsed.record, 1).decision).toMatchObject({
			updatedInput: { command: 'rtk git status # ghp_…[masked]…B2' },
			rewrittenBy: [RULE, PERSON],
		});
	});
});

describe('the audit log says when a result was replaced for the model', () => {
	const by = { providerId: 'hookwarden.policy', ruleId: 'secrets.redactResult' };

	it.each([
		['copilotCli', true],
		['claude', true],
		['vscode', false],
	] as const)('%s: shown to the model is %s', (dialect, shown) => {
		const record = toAuditRecord(
			{
				recorded: recorded(postToolUse({ dialect, toolResponse: `token ${TOKEN}` }), {
					updatedToolOutput: 'token ghp_…[masked]…B2',
					resultReplacedBy: by,
				}),
			},
			'id2',
		);
		expect(record.resultReplaced).toEqual({
			by: 'rule secrets.redactResult',
			replacedBy: by,
			shown,
		});
		expect(JSON.stringify(record)).not.toContain(TOKEN);
	});
});
