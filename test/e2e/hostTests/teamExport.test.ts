/**
 * The window exports its decisions: with `hookwarden.otel.endpoint` in User settings naming a receiver in this
 * extension host, a PreToolUse sent through the installed launcher (the window answers over its socket, the sh fast
 * path forwarding `TRACEPARENT`) reaches the receiver as a span `execute_hook PreToolUse` in the caller's trace and a
 * log record `hookwarden.decision`, from the window's audit log, once.
 */
import * as assert from 'node:assert/strict';
import * as os from 'node:os';
import * as path from 'node:path';

import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';

import { attributesOf, OtlpReceiver } from '../../support/otlpReceiver';
import {
	describeRun,
	pollUntil,
	runHookCommand,
	runnerEnv,
	terminalInput,
	vscodePayload,
} from '../support/hookRunner';

const EXTENSION_ID = 'hookwarden.hookwarden';
const PARENT = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
const RULE = { id: 'no-telnet', command: 'telnet', verdict: 'deny', reason: 'No telnet.' };

describe('decision export from the window', function () {
	const receiver = new OtlpReceiver();
	let workspace: string;

	function config(): vscode.WorkspaceConfiguration {
		return vscode.workspace.getConfiguration('hookwarden');
	}

	before(async () => {
		await vscode.extensions.getExtension(EXTENSION_ID)?.activate();
		workspace = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
		assert.ok(workspace, 'the extension-host tests need a workspace folder');
		await receiver.start();
		await config().update('rules', [RULE], vscode.ConfigurationTarget.Global);
		await config().update('otel.endpoint', receiver.endpoint, vscode.ConfigurationTarget.Global);
	});

	after(async () => {
		await config().update('otel.endpoint', undefined, vscode.ConfigurationTarget.Global);
		await config().update('rules', undefined, vscode.ConfigurationTarget.Global);
		await receiver.stop();
	});

	it('ships a window decision as a span in the caller trace and a log record, once', async () => {
		const launcher = path.join(os.homedir(), '.hookwarden', 'bin', 'hookwarden-hook');
		const payload = vscodePayload(
			{ sessionId: 'export-session', workspace, userDataDir: path.join(os.tmpdir(), 'user-data') },
			{
				event: 'PreToolUse',
				toolName: 'run_in_terminal',
				toolInput: terminalInput('telnet example.com'),
				toolUseId: 'call_export__vscode-1',
			},
		);
		const run = await runHookCommand(`'${launcher}' PreToolUse`, JSON.stringify(payload), {
			cwd: workspace,
			env: { ...runnerEnv(process.env), TRACEPARENT: PARENT },
		});
		assert.equal(run.exitCode, 0, describeRun(run));
		assert.match(run.stdout, /"deny"/, describeRun(run));

		const spans = await pollUntil(
			() => {
				const found = receiver
					.spans()
					.filter(
						(s) => attributesOf(s.attributes)['gen_ai.tool.call.id'] === 'call_export__vscode-1',
					);
				return found.length > 0 ? found : undefined;
			},
			{ timeoutMs: 20_000, describe: () => `no span; requests: ${receiver.requests.length}` },
		);
		const span = spans[0]!;
		assert.equal(span.name, 'execute_hook PreToolUse');
		assert.equal(span.traceId, '0af7651916cd43dd8448eb211c80319c');
		assert.equal(span.parentSpanId, 'b7ad6b7169203331');
		const attributes = attributesOf(span.attributes);
		assert.equal(attributes['hookwarden.origin'], 'window');
		assert.equal(attributes['hookwarden.rule.id'], RULE.id);
		assert.equal(attributes['gen_ai.conversation.id'], 'export-session');
		assert.equal(attributes['hookwarden.content.command'], undefined);
		await pollUntil(
			() =>
				receiver
					.logRecords()
					.some(
						(r) => attributesOf(r.attributes)['gen_ai.tool.call.id'] === 'call_export__vscode-1',
					) || undefined,
			{ timeoutMs: 20_000, describe: () => 'no log record' },
		);
		assert.equal(spans.length, 1, 'the decision was sent more than once');
	});
});
