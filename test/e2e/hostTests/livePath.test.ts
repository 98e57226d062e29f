/**
 * The live path inside the real extension host: *Install Hooks* writes the workspace hook file, then these tests
 * play VS Code's hook runner on it (`/bin/sh -c <entry.command>`, cwd = the workspace, the extension host's own
 * environment, a payload shaped exactly like VS Code 1.139's) and check that the running window decides, records
 * and follows its settings. *Uninstall Hooks* runs last.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';

import type { RecordedEvent } from '../../../src/core/sessions/recordedEvent';
import { REGISTERED_HOOK_EVENTS } from '../../../src/host/installer/hookFile';
import type { HookwardenApi } from '../../../src/host/hookwardenApi';
import {
	type EventFields,
	type HookFileJson,
	type HookRun,
	LOCAL_HOOK_EVENTS,
	describeRun,
	pollUntil,
	readHookFileJson,
	runHookEvent,
	runnerEnv,
	terminalInput,
	toolUseId,
	vscodePayload,
} from '../support/hookRunner';

const EXTENSION_ID = 'hookwarden.hookwarden';
const WINDOW_RULE = {
	id: 'window-only',
	command: 'make deploy',
	verdict: 'deny',
	reason: 'Deploys go through CI.',
} as const;

let callCounter = 0;

function config(): vscode.WorkspaceConfiguration {
	return vscode.workspace.getConfiguration('hookwarden');
}

async function setUserSetting(key: string, value: unknown): Promise<void> {
	await config().update(key, value, vscode.ConfigurationTarget.Global);
	// The update resolves once the extension host's configuration holds the value; check it did.
	assert.deepEqual(
		config().inspect(key)?.globalValue,
		value,
		`User setting hookwarden.${key} did not take`,
	);
}

/** The single run of a single-entry event, checked for what every Hookwarden hook must do: exit 0, one JSON object. */
function onlyRun(runs: HookRun[]): HookRun & { json: Record<string, unknown> } {
	assert.equal(runs.length, 1, `expected one entry, ran ${runs.length}`);
	const run = runs[0]!;
	assert.equal(run.exitCode, 0, describeRun(run));
	assert.ok(run.json, `stdout is not one JSON object: ${describeRun(run)}`);
	return run as HookRun & { json: Record<string, unknown> };
}

describe('live path in the extension host', function () {
	let api: HookwardenApi;
	let workspace: string;
	let hookFile: string;
	let hookJson: HookFileJson;
	let userDataDir: string;

	/** Runs the installed entry for one event as VS Code's runner would, in this window's workspace. */
	async function play(
		sessionId: string,
		fields: EventFields,
	): Promise<HookRun & { json: Record<string, unknown> }> {
		const payload = vscodePayload({ sessionId, workspace, userDataDir }, fields);
		return onlyRun(
			await runHookEvent(hookJson, fields.event, payload, {
				cwd: workspace,
				env: runnerEnv(process.env),
			}),
		);
	}

	function preToolUse(command: string): EventFields & { toolUseId: string } {
		return {
			event: 'PreToolUse',
			toolName: 'run_in_terminal',
			toolInput: terminalInput(command),
			toolUseId: toolUseId(++callCounter),
		};
	}

	/** The event this window recorded for a tool-use id (each call uses a fresh one). */
	function recordedCall(useId: string): RecordedEvent {
		const found = api
			.recentEvents()
			.find((e) => e.event.name === 'PreToolUse' && e.event.tool.useId === useId);
		assert.ok(
			found,
			`the window recorded no PreToolUse ${useId}; recorded: ${api.recentEvents().length} events`,
		);
		return found;
	}

	before(async () => {
		const ext = vscode.extensions.getExtension<HookwardenApi>(EXTENSION_ID);
		assert.ok(ext, `${EXTENSION_ID} is not loaded`);
		api = await ext.activate();
		const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
		assert.ok(folder, 'the extension-host tests need a workspace folder');
		workspace = folder;
		hookFile = path.join(workspace, '.github', 'hooks', 'hookwarden.json');
		userDataDir = path.join(os.tmpdir(), 'user-data');
		await setUserSetting('rules', [WINDOW_RULE]);
	});

	after(async () => {
		await config().update('rules', undefined, vscode.ConfigurationTarget.Global);
		await config().update('approval.timeoutSeconds', undefined, vscode.ConfigurationTarget.Global);
	});

	describe('Install Hooks (workspace scope)', () => {
		it('writes .github/hooks/hookwarden.json: the eight events, one flat entry each, a windows override, a timeout above the approval timeout', async () => {
			assert.ok(!fs.existsSync(hookFile), `${hookFile} exists before Install Hooks`);
			await vscode.commands.executeCommand('hookwarden.installHooks', 'workspace');
			assert.ok(fs.existsSync(hookFile), `Install Hooks wrote no ${hookFile}`);
			hookJson = readHookFileJson(hookFile);

			assert.equal(hookJson.version, undefined, 'VS Code format has no version');
			// Every event a runner may fire is registered; VS Code skips the names it does not know.
			assert.deepEqual(Object.keys(hookJson.hooks), [...REGISTERED_HOOK_EVENTS]);
			const approvalTimeout = config().get<number>('approval.timeoutSeconds');
			assert.equal(approvalTimeout, 120, 'default hookwarden.approval.timeoutSeconds');
			for (const event of LOCAL_HOOK_EVENTS) {
				const entries = hookJson.hooks[event] ?? [];
				assert.equal(entries.length, 1, `${event}: ${entries.length} entries`);
				const entry = entries[0] as Record<string, unknown>;
				assert.equal(entry.type, 'command', event);
				assert.ok(
					!('hooks' in entry) && !('matcher' in entry),
					`${event}: nested entry ${JSON.stringify(entry)}`,
				);
				assert.equal(typeof entry.command, 'string', event);
				assert.ok(
					(entry.command as string).includes(`/.hookwarden/bin/hookwarden-hook" ${event}`),
					`${event}: ${String(entry.command)}`,
				);
				assert.equal(typeof entry.windows, 'string', `${event}: no windows override`);
				const windows = entry.windows as string;
				assert.ok(
					windows.includes('\\.hookwarden\\bin\\hookwarden-hook.ps1"') &&
						windows.includes(`& $h ${event};`),
					`${event}: ${windows}`,
				);
				assert.notEqual(
					windows,
					entry.command,
					`${event}: the windows override is the POSIX command`,
				);
				assert.equal(typeof entry.timeout, 'number', event);
				assert.ok(
					(entry.timeout as number) > approvalTimeout,
					`${event}: timeout ${String(entry.timeout)} <= ${approvalTimeout}`,
				);
			}
		});

		it("writes nothing into the user scope, and the launcher it runs lives in this run's temporary HOME", () => {
			const home = process.env.HOOKWARDEN_E2E_HOME;
			assert.ok(
				home && os.homedir() === home,
				`HOME is ${os.homedir()}, not the harness's temp HOME ${home}`,
			);
			assert.ok(
				!fs.existsSync(path.join(home, '.copilot', 'hooks', 'hookwarden.json')),
				'a user-scope hook file was written',
			);
			const launcher = path.join(home, '.hookwarden', 'bin', 'hookwarden-hook');
			assert.ok(fs.statSync(launcher).mode & 0o100, `${launcher} is missing or not executable`);
		});

		it('rewrites the hook timeout when hookwarden.approval.timeoutSeconds changes', async () => {
			await setUserSetting('approval.timeoutSeconds', 200);
			const rewritten = await pollUntil(
				() => {
					const json = readHookFileJson(hookFile);
					return (json.hooks.PreToolUse?.[0] as { timeout?: number } | undefined)?.timeout !==
						120 + 30
						? json
						: undefined;
				},
				{
					describe: () =>
						`${hookFile} still has the old timeout: ${fs.readFileSync(hookFile, 'utf8')}`,
				},
			);
			for (const event of LOCAL_HOOK_EVENTS) {
				const timeout =
					(rewritten.hooks[event]?.[0] as { timeout?: number } | undefined)?.timeout ?? 0;
				assert.ok(timeout > 200, `${event}: timeout ${timeout} <= 200`);
			}
			await setUserSetting('approval.timeoutSeconds', undefined);
			hookJson = await pollUntil(
				() => {
					const json = readHookFileJson(hookFile);
					return (json.hooks.PreToolUse?.[0] as { timeout?: number } | undefined)?.timeout === 150
						? json
						: undefined;
				},
				{
					describe: () =>
						`${hookFile} was not rewritten back: ${fs.readFileSync(hookFile, 'utf8')}`,
				},
			);
		});
	});

	describe('the installed command, run as VS Code runs it (/bin/sh -c, cwd = workspace, the extension host env)', () => {
		it("PreToolUse `make deploy` gets the deny of the rule set in this window's User settings", async () => {
			const call = preToolUse('make deploy');
			const run = await play('host-session-1', call);
			assert.deepEqual(
				run.json.hookSpecificOutput,
				{
					hookEventName: 'PreToolUse',
					permissionDecision: 'deny',
					permissionDecisionReason: WINDOW_RULE.reason,
				},
				describeRun(run),
			);
			assert.equal(run.json.permissionDecision, 'deny');
			assert.equal(run.stderr, '', 'the live path writes nothing on stderr');
			const recorded = recordedCall(call.toolUseId);
			assert.equal(recorded.origin, 'window');
			assert.equal(recorded.decision.decidedBy?.providerId, 'hookwarden.policy');
			assert.equal(recorded.decision.decidedBy?.ruleId, WINDOW_RULE.id);
			assert.equal(recorded.decision.decidedBy?.source?.kind, 'userSettings');
		});

		it("a harmless call gets {} (no opinion), and a rule from the workspace's .vscode/settings.json applies too", async () => {
			const harmless = await play('host-session-1', preToolUse('echo hi'));
			assert.equal(harmless.stdout.trim(), '{}', describeRun(harmless));

			const destroy = preToolUse('cd infra && terraform destroy -auto-approve');
			const denied = await play('host-session-1', destroy);
			assert.equal(denied.json.permissionDecision, 'deny', describeRun(denied));
			assert.equal(
				denied.json.permissionDecisionReason,
				'Infrastructure is torn down through the release pipeline.',
			);
			const recorded = recordedCall(destroy.toolUseId);
			assert.equal(recorded.decision.decidedBy?.ruleId, 'workspace-no-terraform-destroy');
			assert.equal(recorded.decision.decidedBy?.source?.kind, 'workspaceSettings');
		});
	});

	describe('what the window recorded', () => {
		it('recentEvents(), sessions() and onDidRecordEvent show every event of two sessions under its session_id, with the deciding rule', async () => {
			const seen: RecordedEvent[] = [];
			const subscription = api.onDidRecordEvent((e) => seen.push(e));
			const [s1, s2] = [`session-a-${Date.now()}`, `session-b-${Date.now()}`];
			const deploy = preToolUse('make deploy');
			const echo = preToolUse('echo hi');
			const subagentEcho = preToolUse('ls');
			const s1Events: EventFields[] = [
				{ event: 'SessionStart' },
				{ event: 'UserPromptSubmit', prompt: 'deploy it using the terminal' },
				deploy,
				echo,
				{
					event: 'PostToolUse',
					toolName: 'run_in_terminal',
					toolInput: terminalInput('echo hi'),
					toolUseId: echo.toolUseId,
					toolResponse: 'hi',
				},
				{ event: 'PreCompact' },
				{ event: 'SubagentStart', agentId: 'call_9' },
				subagentEcho,
				{ event: 'SubagentStop', agentId: 'call_9' },
				{ event: 'Stop' },
			];
			try {
				for (const fields of s1Events) {
					const run = await play(s1, fields);
					if (fields !== deploy) {
						assert.deepEqual(run.json, {}, `${fields.event}: ${describeRun(run)}`);
					}
				}
				await play(s2, { event: 'SessionStart' });
				await play(s2, preToolUse('git status'));
			} finally {
				subscription.dispose();
			}

			const names = (sessionId: string, events: readonly RecordedEvent[]) =>
				events.filter((e) => e.sessionId === sessionId).map((e) => e.event.name);
			const expected = s1Events.map((f) => f.event);
			assert.deepEqual(names(s1, api.recentEvents()), expected);
			assert.deepEqual(names(s1, seen), expected, 'onDidRecordEvent');
			assert.deepEqual(names(s2, api.recentEvents()), ['SessionStart', 'PreToolUse']);
			assert.ok(api.recentEvents().every((e) => e.origin === 'window'));
			assert.ok(
				api
					.recentEvents()
					.filter((e) => e.sessionId === s1)
					.every((e) => e.workspaceFolder === workspace),
				'events are attributed to the workspace folder',
			);

			const denied = recordedCall(deploy.toolUseId);
			assert.equal(denied.sessionId, s1);
			assert.deepEqual(
				{
					verdict: denied.decision.verdict,
					provider: denied.decision.decidedBy?.providerId,
					rule: denied.decision.decidedBy?.ruleId,
				},
				{ verdict: 'deny', provider: 'hookwarden.policy', rule: WINDOW_RULE.id },
			);
			assert.equal(
				recordedCall(subagentEcho.toolUseId).agentId,
				'call_9',
				'a tool call inside a subagent is attributed to it',
			);

			const sessions = api.sessions();
			const one = sessions.find((s) => s.id === s1);
			const two = sessions.find((s) => s.id === s2);
			assert.ok(one && two, `sessions: ${sessions.map((s) => s.id).join(', ')}`);
			assert.deepEqual(
				{
					toolCalls: one.toolCalls,
					denials: one.denials,
					subagents: [...one.subagents.keys()],
					stopped: one.stopped,
					running: one.running,
				},
				{ toolCalls: 3, denials: 1, subagents: ['call_9'], stopped: true, running: [] },
			);
			assert.equal(one.subagents.get('call_9')?.toolCalls, 1);
			assert.deepEqual(
				{ toolCalls: two.toolCalls, denials: two.denials, stopped: two.stopped },
				{ toolCalls: 1, denials: 0, stopped: false },
			);
			assert.equal(sessions[0]?.id, s2, 'most recently active session first');
		});
	});

	describe('registerHooksProvider', () => {
		it('a provider with failAction "block" that throws turns the call into a deny; disposing it gives the policy back', async () => {
			let calls = 0;
			const registration = api.registerHooksProvider(
				{
					id: 'e2e.crashing',
					onPreToolUse: () => {
						calls++;
						throw new Error('the e2e guard crashed');
					},
				},
				{ failAction: 'block' },
			);
			let run: HookRun & { json: Record<string, unknown> };
			const call = preToolUse('ls -la');
			try {
				run = await play('host-session-provider', call);
			} finally {
				registration.dispose();
			}
			assert.equal(calls, 1, 'the provider was asked once');
			assert.equal(run.json.permissionDecision, 'deny', describeRun(run));
			assert.match(
				String(run.json.permissionDecisionReason),
				/Hooks provider 'e2e\.crashing' failed \(the e2e guard crashed\) and is configured to block on failure/,
			);
			const recorded = recordedCall(call.toolUseId);
			assert.equal(recorded.decision.decidedBy?.providerId, 'e2e.crashing');
			assert.deepEqual(
				recorded.decision.failures.map((f) => [f.providerId, f.kind, f.failAction]),
				[['e2e.crashing', 'error', 'block']],
			);

			const after = await play('host-session-provider', preToolUse('ls -la'));
			assert.deepEqual(after.json, {}, `after dispose: ${describeRun(after)}`);
			assert.equal(calls, 1, 'a disposed provider is not asked again');
		});
	});

	describe('settings changes', () => {
		it('apply to the very next call', async () => {
			try {
				await setUserSetting('rules', [
					{ id: 'window-allow', command: 'make deploy', verdict: 'allow' },
				]);
				const allowed = await play('host-session-settings', preToolUse('make deploy'));
				assert.equal(allowed.json.permissionDecision, 'allow', describeRun(allowed));

				await setUserSetting('rules', [
					{
						id: 'window-frozen',
						command: 'make deploy',
						verdict: 'deny',
						reason: 'Deploys are frozen this week.',
					},
				]);
				const call = preToolUse('make deploy');
				const frozen = await play('host-session-settings', call);
				assert.equal(
					frozen.json.permissionDecisionReason,
					'Deploys are frozen this week.',
					describeRun(frozen),
				);
				assert.equal(recordedCall(call.toolUseId).decision.decidedBy?.ruleId, 'window-frozen');

				await setUserSetting('rules', undefined);
				const none = await play('host-session-settings', preToolUse('make deploy'));
				assert.deepEqual(none.json, {}, describeRun(none));
			} finally {
				await setUserSetting('rules', [WINDOW_RULE]);
			}
		});
	});

	describe('Uninstall Hooks', () => {
		it("removes exactly the file Install Hooks wrote: a teammate's hook file next to it and the launcher stay", async () => {
			const team = path.join(path.dirname(hookFile), 'team.json');
			const teamText = `${JSON.stringify({ hooks: { Stop: [{ type: 'command', command: 'echo {}' }] } }, null, '\t')}\n`;
			fs.writeFileSync(team, teamText);
			await vscode.commands.executeCommand('hookwarden.uninstallHooks');
			assert.ok(!fs.existsSync(hookFile), `${hookFile} is still there`);
			assert.equal(fs.readFileSync(team, 'utf8'), teamText, "the teammate's file changed");
			assert.deepEqual(fs.readdirSync(path.dirname(hookFile)), ['team.json']);
			assert.ok(
				fs.existsSync(path.join(os.homedir(), '.hookwarden', 'bin', 'hookwarden-hook')),
				'the launcher was removed',
			);
			fs.rmSync(team);
		});
	});
});
