/*
 * A real Copilot SDK session (`@github/copilot-sdk` 1.0.14 and the Copilot runtime it ships) on the scripted offline
 * model, governed by `hookwarden/sdk`: `asSessionHooks` decides its hook events and `asPermissionHandler` answers its
 * permission requests, as an SDK app wires them. What each scenario checks comes from outside the adapters: the file
 * system (did the tool run), the model's requests (what it was told), the person's questions, and the audit log.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import type { HooksProvider } from '../../src/sdk';
import { auditEvents } from './support/copilotRun';
import type { ChatMessage } from './support/modelServer';
import type { SdkSession } from './support/sdkSession';
import { runSdkSession } from './support/sdkSession';

let run: SdkSession | undefined;
afterEach(() => run?.dispose());

/** Every tool-result message the model received, by call, in order. */
function toolResults(requests: readonly (readonly ChatMessage[])[]): string[] {
	const seen = new Map<string, string>();
	for (const message of requests.flat()) {
		if (message.role === 'tool' && message.tool_call_id && typeof message.content === 'string') {
			seen.set(message.tool_call_id, message.content);
		}
	}
	return [...seen.values()];
}

const NO_DELETES = {
	id: 'no-deletes',
	command: 'rm',
	verdict: 'deny',
	reason: 'Deleting needs a person at the keyboard.',
};
const ASK_TOUCH = {
	id: 'ask-touch',
	command: 'touch',
	verdict: 'ask',
	reason: 'New files need a person.',
};

describe('a real Copilot SDK session governed by hookwarden/sdk', () => {
	it("a rule's deny stops the tool, and its reason reaches the model", async () => {
		run = await runSdkSession({
			prompt: 'clean up',
			settings: { 'hookwarden.rules': [NO_DELETES] },
			files: { 'keep/sentinel.txt': 'still here\n' },
			script: [
				{ tool: 'bash', args: { command: 'rm -rf keep', description: 'clean up' } },
				{ text: 'I left it alone.' },
			],
		});
		expect(run.outcome).toEqual({ reply: 'I left it alone.' });
		expect(existsSync(join(run.workspace, 'keep', 'sentinel.txt'))).toBe(true);
		expect(toolResults(run.requests)).toEqual([`Denied by preToolUse hook: ${NO_DELETES.reason}`]);
		const pre = auditEvents(run.auditFile).find((e) => e.event === 'PreToolUse');
		expect(pre).toMatchObject({ verdict: 'deny', decidedBy: { ruleId: 'no-deletes' } });
		expect(pre?.input.harness).toBe('copilotSdk');
		// The runtime honoured the deny: no tool result came back for the denied call.
		expect(run.notHonoured).toEqual([]);
	});

	it("an ask reaches the permission handler with the rule's reason; yes runs the tool, no keeps it from running and tells the model", async () => {
		run = await runSdkSession({
			prompt: 'make two files',
			settings: { 'hookwarden.rules': [ASK_TOUCH] },
			person: (question) => question.command === 'touch yes.txt',
			script: [
				{ tool: 'bash', args: { command: 'touch yes.txt', description: 'first file' } },
				{ tool: 'bash', args: { command: 'touch no.txt', description: 'second file' } },
				{ text: 'done' },
			],
		});
		expect(run.asked).toEqual([
			{ kind: 'hook', reason: ASK_TOUCH.reason, command: 'touch yes.txt', answer: true },
			{ kind: 'hook', reason: ASK_TOUCH.reason, command: 'touch no.txt', answer: false },
		]);
		expect(existsSync(join(run.workspace, 'yes.txt'))).toBe(true);
		expect(existsSync(join(run.workspace, 'no.txt'))).toBe(false);
		expect(toolResults(run.requests)[1]).toBe(
			`Denied by user via preToolUse hook prompt: ${ASK_TOUCH.reason}. The user provided the following feedback: The user declined this request.`,
		);
		const asks = auditEvents(run.auditFile).filter((e) => e.event === 'PreToolUse');
		expect(asks.map((e) => [e.verdict, e.decidedBy?.ruleId])).toEqual([
			['ask', 'ask-touch'],
			['ask', 'ask-touch'],
		]);
	});

	it('session-start context reaches the model', async () => {
		const context = 'House rule 7: every change gets a test (SDK-SESSION-CONTEXT).';
		run = await runSdkSession({
			prompt: 'hello',
			settings: { 'hookwarden.context.sessionStart': context },
			script: [{ text: 'hi' }],
		});
		expect(run.outcome.reply).toBe('hi');
		const told = run.requests[0]?.map((m) => m.content ?? '').join('\n') ?? '';
		expect(told).toContain(context);
	});

	it('every hook event the adapter forwards fires, in order, under one session, and is in the audit log', async () => {
		run = await runSdkSession({
			prompt: 'look around',
			script: [
				{ tool: 'view', args: { path: 'missing.txt' } },
				{ tool: 'bash', args: { command: 'echo hi', description: 'say hi' } },
				{ text: 'all done' },
			],
		});
		const events = auditEvents(run.auditFile);
		expect(events.map((e) => [e.event, e.tool ?? ''])).toEqual([
			['UserPromptSubmit', ''],
			['SessionStart', ''],
			['PreToolUse', 'view'],
			['PostToolUseFailure', 'view'],
			['PreToolUse', 'bash'],
			['PostToolUse', 'bash'],
			['Stop', ''],
			['SessionEnd', ''],
		]);
		expect(new Set(events.map((e) => e.session)).size).toBe(1);
		expect(events.every((e) => e.input.harness === 'copilotSdk')).toBe(true);
		// The failed view arrived through onPostToolUseFailure: its error is what the tool result says.
		expect(events[3]?.summary).toContain('Path does not exist');
	});

	it('a model error fires onErrorOccurred, and the session ends with reason error; both are in the audit log', async () => {
		run = await runSdkSession({
			prompt: 'say hi',
			// 400 is not retried; a 5xx would be retried for ~17 s.
			script: [{ error: 400, message: 'scripted failure' }],
		});
		expect(run.outcome.error ?? '').toContain('scripted failure');
		const events = auditEvents(run.auditFile);
		expect(events.map((e) => e.event)).toEqual([
			'UserPromptSubmit',
			'SessionStart',
			'ErrorOccurred',
			'SessionEnd',
		]);
		expect(events[2]?.summary).toContain('scripted failure');
		expect(events[3]?.summary).toBe('session end (error)');
	});

	it("a Stop gate keeps the agent working: the block's reason reaches the model and the agent goes on", async () => {
		let blocked = 0;
		const gate: HooksProvider = {
			id: 'tests-before-stop',
			onStop: () =>
				blocked++ === 0
					? {
							verdict: 'deny',
							reason: 'Run the tests before you stop.',
							provenance: { providerId: 'tests-before-stop' },
						}
					: undefined,
		};
		run = await runSdkSession({
			prompt: 'finish up',
			providers: [gate],
			script: [{ text: 'finished' }, { text: 'ran the tests, finished' }],
		});
		expect(run.outcome.reply).toBe('ran the tests, finished');
		expect(run.requests).toHaveLength(2);
		expect(JSON.stringify(run.requests[1])).toContain('Run the tests before you stop.');
		const stops = auditEvents(run.auditFile).filter((e) => e.event === 'Stop');
		expect(stops.map((e) => e.verdict)).toEqual(['deny', 'none']);
	});

	it('a provider that throws under failMode closed denies the tool call, and the model is told', async () => {
		const broken: HooksProvider = {
			id: 'acme.guard',
			onPreToolUse: () => {
				throw new Error('guard database unreachable');
			},
		};
		run = await runSdkSession({
			prompt: 'say hi',
			failMode: 'closed',
			providers: [broken],
			script: [
				{ tool: 'bash', args: { command: 'echo hi > said.txt', description: 'say hi' } },
				{ text: 'could not' },
			],
		});
		expect(existsSync(join(run.workspace, 'said.txt'))).toBe(false);
		const pre = auditEvents(run.auditFile).find((e) => e.event === 'PreToolUse');
		expect(pre?.verdict).toBe('deny');
		expect(pre?.reason).toMatch(/acme\.guard/);
		expect(toolResults(run.requests)).toEqual([`Denied by preToolUse hook: ${pre?.reason ?? ''}`]);
		expect(readFileSync(run.auditFile, 'utf8')).toContain('guard database unreachable');
	});
});
