/*
 * Scenario: every event the Copilot CLI fires reaches Hookwarden, in order, and lands in the audit log under one
 * session: a tool that fails, a tool that succeeds, the stop and the session end; with a scripted model error,
 * ErrorOccurred and an `error` session end; without --allow-all-tools, the CLI's PermissionRequest and Notification.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { CopilotRun } from './support/copilotRun';
import { auditEvents, runCopilot, waitFor } from './support/copilotRun';

let run: CopilotRun | undefined;
afterEach(() => run?.dispose());

function eventsOf(current: CopilotRun) {
	return auditEvents(current.auditFile);
}

async function untilSessionEnd(current: CopilotRun) {
	// The CLI runs sessionEnd as it exits; the bridge appends before it answers. Poll rather than trust the timing.
	return waitFor(() => {
		const events = eventsOf(current);
		return events.some((event) => event.event === 'SessionEnd') && events;
	}, 'SessionEnd in the audit log');
}

describe('Copilot CLI: every event reaches Hookwarden', () => {
	it('a session with a failing and a succeeding tool call, in order, one session, all recorded', async () => {
		run = await runCopilot({
			prompt: 'look at missing.txt, then say hi',
			script: [
				{ tool: 'view', args: { path: 'missing.txt' } },
				{ tool: 'bash', args: { command: 'echo hi', description: 'say hi' } },
				{ text: 'all done' },
			],
		});
		expect(run.timedOut, run.stderr).toBe(false);
		expect(run.exitCode, run.stderr).toBe(0);
		const events = await untilSessionEnd(run);

		expect(events.map((event) => [event.event, event.tool ?? ''])).toEqual([
			['SessionStart', ''],
			['UserPromptSubmit', ''],
			['PreToolUse', 'Read'],
			['PostToolUseFailure', 'Read'],
			['PreToolUse', 'Bash'],
			['PermissionRequest', 'bash'],
			['PostToolUse', 'Bash'],
			['Stop', ''],
			['SessionEnd', ''],
		]);
		const sessions = new Set(events.map((event) => event.session));
		expect(sessions.size).toBe(1);
		expect([...sessions][0]).toMatch(/^[0-9a-f-]{36}$/);
		expect(events.every((event) => event.origin === 'headless')).toBe(true);
		expect(events.find((event) => event.event === 'PostToolUseFailure')?.summary).toBe(
			'Read failed: Path does not exist',
		);
		expect(events.at(-1)?.summary).toBe('session end (complete)');
		expect(run.unmatchedRoutes).toEqual([]);
	});

	it('a scripted model error fires ErrorOccurred, and the session ends with reason error', async () => {
		run = await runCopilot({
			prompt: 'say hi',
			// 400 is not retried; a 5xx would be retried five times over ~17 s.
			script: [{ error: 400, message: 'scripted failure' }],
		});
		expect(run.timedOut, run.stderr).toBe(false);
		expect(run.stderr).toContain('scripted failure');
		const events = await untilSessionEnd(run);

		expect(events.map((event) => event.event)).toEqual([
			'SessionStart',
			'UserPromptSubmit',
			'ErrorOccurred',
			'SessionEnd',
		]);
		expect(events[2]?.summary).toContain('scripted failure');
		expect(events[3]?.summary).toBe('session end (error)');
	});

	it('without --allow-all-tools the CLI asks: PermissionRequest and Notification reach Hookwarden', async () => {
		run = await runCopilot({
			prompt: 'say hi',
			allowAllTools: false,
			// `echo` is read-only and the CLI runs it unasked; `touch` writes, so the CLI asks (and, with nobody there, refuses).
			script: [
				{ tool: 'bash', args: { command: 'touch hello.txt', description: 'make a file' } },
				{ text: 'ok' },
			],
		});
		expect(run.timedOut, run.stderr).toBe(false);
		const events = await untilSessionEnd(run);
		const names = events.map((event) => event.event);
		expect(names).toEqual(
			expect.arrayContaining(['PreToolUse', 'PermissionRequest', 'Notification', 'SessionEnd']),
		);
		expect(names.indexOf('PermissionRequest')).toBeLessThan(names.indexOf('Notification'));
		expect(events.find((event) => event.event === 'Notification')?.summary).toBe(
			'notification (permission_prompt): Run command: touch hello.txt',
		);
		// Hookwarden had no opinion on either: the CLI's own permission flow stayed in charge.
		for (const name of ['PermissionRequest', 'Notification']) {
			expect(events.find((event) => event.event === name)?.verdict).toBe('none');
		}
	});
});
