/*
 * Scenario: hookwarden.mcp.allowedServers in the real Copilot CLI, with a real MCP server (stdio) the CLI starts. The
 * CLI names an MCP tool `<server>-<tool>` before the call and `<server>/<tool>` when it asks for permission, whatever
 * hook format: a call to a server off the list never reaches the server and the model reads the rule's reason; a call
 * to a listed server runs; a server whose name starts like a listed one passes the name reading but not the server the
 * CLI names when it asks.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CopilotRun } from './support/copilotRun';
import { auditEvents, runCopilot, toolResults, waitFor } from './support/copilotRun';

const MCP_SERVER = join(__dirname, 'support', 'mcpServer.mjs');

let run: CopilotRun | undefined;
afterEach(() => run?.dispose());

/** Runs the CLI with one MCP server named `server`, the model calling its `create_issue`; returns what reached it. */
async function callServer(server: string) {
	const callLog = join(
		process.env.TMPDIR ?? '/tmp',
		`hookwarden-mcp-calls-${process.pid}-${Date.now()}.jsonl`,
	);
	const config = join(
		process.env.TMPDIR ?? '/tmp',
		`hookwarden-mcp-config-${process.pid}-${Date.now()}.json`,
	);
	writeFileSync(
		config,
		JSON.stringify({
			mcpServers: {
				[server]: {
					type: 'local',
					command: process.execPath,
					args: [MCP_SERVER],
					env: { MCP_CALL_LOG: callLog },
					tools: ['*'],
				},
			},
		}),
	);
	run = await runCopilot({
		prompt: 'file an issue',
		// A workspace list: it may only narrow, and narrowing is what it does here.
		workspaceSettings: { 'hookwarden.mcp.allowedServers': ['github'] },
		extraArgs: ['--additional-mcp-config', `@${config}`],
		script: [{ tool: `${server}-create_issue`, args: { title: 'hello' } }, { text: 'ok' }],
	});
	expect(run.timedOut, run.stderr).toBe(false);
	const current = run;
	const events = await waitFor(() => {
		const all = auditEvents(current.auditFile);
		return all.some((event) => event.event === 'SessionEnd') && all;
	}, 'SessionEnd in the audit log');
	const calls = existsSync(callLog) ? readFileSync(callLog, 'utf8').trim().split('\n') : [];
	return { events, calls, results: toolResults(run) };
}

describe('Copilot CLI: hookwarden.mcp.allowedServers', () => {
	it('a server off the list: denied before the call, which never reaches it', async () => {
		const { events, calls, results } = await callServer('pastebin');
		expect(calls).toEqual([]);
		const pre = events.find((event) => event.event === 'PreToolUse');
		expect(pre).toMatchObject({ verdict: 'deny', tool: 'pastebin-create_issue' });
		expect(pre?.decidedBy?.ruleId).toBe('mcp.allowedServers');
		expect(results[0]).toContain('Denied by preToolUse hook');
		expect(results[0]).toContain("MCP server 'pastebin'");
	});

	it('a server on the list: the call runs', async () => {
		const { events, calls, results } = await callServer('github');
		expect(calls).toHaveLength(1);
		expect(events.find((event) => event.event === 'PreToolUse')?.verdict).not.toBe('deny');
		expect(results[0]).toContain('issue created');
	});

	it('a server named like a listed one is held to the name the CLI gives it when it asks', async () => {
		const { events, calls, results } = await callServer('github-mirror');
		expect(calls).toEqual([]);
		const asked = events.find((event) => event.event === 'PermissionRequest');
		expect(asked).toMatchObject({ verdict: 'deny', tool: 'github-mirror/create_issue' });
		expect(asked?.decidedBy?.ruleId).toBe('mcp.allowedServers');
		expect(results[0]).toContain("MCP server 'github-mirror'");
	});
});
