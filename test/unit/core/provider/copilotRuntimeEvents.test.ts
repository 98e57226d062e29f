import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAuditLine, recordedEventOf } from '../../../../src/core/audit/parseAuditLine';
import { toAuditRecord } from '../../../../src/core/audit/toAuditRecord';
import type { HookEvent } from '../../../../src/core/events/hookEvent';
import { parseHookEvent } from '../../../../src/core/reading/tools/parseHookEvent';
import { encodeHookOutput } from '../../../../src/core/output/encodeHookOutput';
import { compilePolicy } from '../../../../src/core/policy/compilePolicy';
import { DefaultHooksProvider } from '../../../../src/core/provider/defaultHooksProvider';
import { readPolicySettings } from '../../../../src/core/settings/readPolicySettings';
import { CompositeHooksProvider } from '../../../../src/core/provider/compositeHooksProvider';
import type { MergedDecision } from '../../../../src/core/terms/decision';
import { SessionTracker } from '../../../../src/core/sessions/sessionTracker';
import { presentEvent } from '../../../../src/ui/events/eventPresenter';
import {
	errorOccurred,
	notification,
	permissionRequest,
	postToolUseFailure,
	sessionEnd,
	shellTool,
} from '../../../support/hookEventBuilder';

const NEW_EVENTS: readonly HookEvent[] = [
	postToolUseFailure({ sessionId: 's1' }),
	permissionRequest({ sessionId: 's1', tool: shellTool('rm -rf build') }),
	notification({ sessionId: 's1' }),
	errorOccurred({ sessionId: 's1' }),
	sessionEnd({ sessionId: 's1', reason: 'error' }),
];

const none: MergedDecision = { contributors: [], failures: [] };

describe('the Copilot-runtime events reach providers', () => {
	it('each new event calls its own optional provider method', async () => {
		const seen: string[] = [];
		const chain = new CompositeHooksProvider([
			{
				provider: {
					id: 'acme.watch',
					onPostToolUseFailure: (event) => {
						seen.push(`failure ${event.tool.name}: ${event.error ?? ''}`);
						return {
							additionalContext: 'try another path',
							provenance: { providerId: 'acme.watch' },
						};
					},
					onPermissionRequest: (event) => {
						seen.push(`permission ${event.tool.commandLine ?? ''}`);
						return {
							verdict: 'deny',
							reason: 'not here',
							provenance: { providerId: 'acme.watch' },
						};
					},
					onNotification: (event) => {
						seen.push(`notification ${event.notificationType ?? ''}`);
						return undefined;
					},
					onErrorOccurred: (event) => {
						seen.push(`error ${event.errorContext ?? ''}`);
						return undefined;
					},
					onSessionEnd: (event) => {
						seen.push(`end ${event.reason ?? ''}`);
						return undefined;
					},
				},
			},
		]);
		const decisions = [];
		for (const event of NEW_EVENTS) {
			decisions.push(await chain.decide(event));
		}
		expect(seen).toEqual([
			'failure run_in_terminal: Path does not exist',
			'permission rm -rf build',
			'notification permission_prompt',
			'error model_call',
			'end error',
		]);
		expect(encodeHookOutput(NEW_EVENTS[0]!, decisions[0]!)).toMatchObject({
			additionalContext: 'try another path',
		});
		expect(encodeHookOutput(NEW_EVENTS[1]!, decisions[1]!)).toMatchObject({
			behavior: 'deny',
			message: 'not here',
		});
	});
});

describe('the Copilot-runtime events are recorded and shown', () => {
	it.each(NEW_EVENTS.map((event) => [event.name, event] as const))(
		'%s survives an audit line and reads back as the same event',
		(_name, event) => {
			const record = toAuditRecord(
				{
					recorded: {
						sequence: 1,
						event,
						sessionId: 's1',
						decision: none,
						origin: 'headless',
						receivedAt: 1000,
						answeredAt: 1005,
					},
				},
				'id-1',
			);
			expect(record.event).toBe(event.name);
			expect(record.summary).not.toBe('');
			const line = parseAuditLine(JSON.stringify(record));
			expect(line.kind).toBe('record');
			if (line.kind === 'record' && line.record.kind === 'event') {
				expect(recordedEventOf(line.record, 1).event).toEqual(event);
			}
		},
	);

	it('the Events view labels each with what it was about', () => {
		const labels = NEW_EVENTS.map(
			(event) =>
				presentEvent({
					sequence: 1,
					event,
					sessionId: 's1',
					decision: none,
					origin: 'headless',
					receivedAt: 1000,
					answeredAt: 1005,
				}).label,
		);
		expect(labels).toEqual([
			'failed · run_in_terminal · failed: Path does not exist',
			'rm -rf build · no rule',
			'shown · notification · Run command: echo hi',
			'reported · error · Network timeout',
			'ended · session · error',
		]);
	});

	it('the session counts failed tools and errors and keeps why it ended', () => {
		const tracker = new SessionTracker();
		for (const event of NEW_EVENTS) {
			tracker.record({
				sequence: tracker.takeSequence(),
				event,
				sessionId: 's1',
				decision: none,
				origin: 'headless',
				receivedAt: 1000,
				answeredAt: 1005,
			});
		}
		expect(tracker.session('s1')).toMatchObject({
			failedToolCalls: 1,
			errors: 1,
			endReason: 'error',
			stopped: true,
		});
		expect(tracker.events().map((entry) => entry.event.name)).toEqual(
			NEW_EVENTS.map((event) => event.name),
		);
	});
});

describe("the Copilot CLI's PascalCase SessionStart", () => {
	it('reads as Claude-format, and its additionalContext still goes where the CLI reads it (top level)', () => {
		const line = readFileSync(
			join(__dirname, '../../fixtures/payloads/copilot-cli-1.0.102.log'),
			'utf8',
		)
			.split('\n')
			.find((candidate) => candidate.startsWith('P:SessionStart\t'));
		const result = parseHookEvent(JSON.parse(line!.split('\t')[1]!), 'SessionStart');
		expect(result.ok && result.event.dialect).toBe('claude');
		const output = encodeHookOutput(
			result.ok ? result.event : { name: 'SessionStart', dialect: 'claude' },
			{
				...none,
				additionalContext: 'house rules',
			},
		);
		expect(output.additionalContext).toBe('house rules');
	});
});

describe('rules naming a Copilot-runtime event', () => {
	it('decide it through the default provider, and tool criteria are refused there, not silently widened', async () => {
		const policy = compilePolicy(
			readPolicySettings([
				{
					source: { kind: 'workspaceSettings', file: '/w/.vscode/settings.json' },
					values: {
						rules: [
							{
								id: 'no-prompts',
								event: 'PermissionRequest',
								verdict: 'deny',
								reason: 'CI has no person',
							},
							{
								id: 'hint',
								event: 'PostToolUseFailure',
								verdict: 'allow',
								context: 'Check the path first.',
							},
							{ id: 'too-specific', event: 'PermissionRequest', command: 'rm', verdict: 'allow' },
						],
					},
				},
			]).settings,
		);
		expect(policy.problems.map((problem) => problem.key)).toEqual(['rules[2]']);
		const provider = new DefaultHooksProvider({ policy: () => policy });
		const signal = new AbortController().signal;
		const chain = new CompositeHooksProvider([{ provider }]);
		const permission = await chain.decide(permissionRequest(), { signal });
		expect(encodeHookOutput(permissionRequest(), permission)).toMatchObject({
			behavior: 'deny',
			message: 'CI has no person',
		});
		const failure = await chain.decide(postToolUseFailure(), { signal });
		expect(encodeHookOutput(postToolUseFailure(), failure)).toEqual({
			additionalContext: 'Check the path first.',
			hookSpecificOutput: {
				hookEventName: 'PostToolUseFailure',
				additionalContext: 'Check the path first.',
			},
		});
		expect(await provider.onNotification(notification(), { signal })).toBeUndefined();
	});
});
