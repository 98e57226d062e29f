import * as os from 'node:os';
import * as path from 'node:path';

import * as vscode from 'vscode';

import { loadShellAnalyzer } from './bridge/shellBundle';
import { ApprovalQueue } from './core/approvals/approvalQueue';
import { HookPipeline } from './core/pipeline/hookPipeline';
import { DefaultHooksProvider } from './core/policy/defaultHooksProvider';
import { CompositeHooksProvider } from './core/provider/compositeHooksProvider';
import type { ShellAnalyzer, ShellDialect } from './core/shell/commandLine';
import { SessionTracker } from './core/sessions/sessionTracker';
import { SYSTEM_CLOCK } from './core/util/clock';
import type { HookwardenApi } from './host/hookwardenApi';
import { createHookwardenApi } from './host/hookwardenApi';
import { HookDiagnostics } from './host/hookDiagnostics';
import { HookInstaller } from './host/hookInstaller';
import { registerInstallerCommands } from './host/installerCommands';
import { createLog } from './host/log';
import { PolicyConfig } from './host/policyConfig';
import { WindowEndpointService } from './host/windowEndpointService';
import { askToApprove } from './ui/prompts/approvalPrompt';

export async function activate(context: vscode.ExtensionContext): Promise<HookwardenApi> {
	const log = createLog();
	context.subscriptions.push(log);
	try {
		return await wire(context, log);
	} catch (error) {
		// VS Code does not tell the person when an extension fails to activate, so Hookwarden says it itself.
		const message = `Hookwarden could not start: ${error instanceof Error ? error.message : String(error)}. Hooks are decided headless from settings files until it can.`;
		log.error(message);
		void vscode.window.showErrorMessage(message, 'Show Log').then((choice) => choice && log.show());
		throw error;
	}
}

async function wire(
	context: vscode.ExtensionContext,
	log: vscode.LogOutputChannel,
): Promise<HookwardenApi> {
	const userSettingsFile = path.join(
		path.dirname(path.dirname(context.globalStorageUri.fsPath)),
		'settings.json',
	);
	const config = new PolicyConfig(userSettingsFile, log);
	context.subscriptions.push(config);

	const sessions = new SessionTracker();
	const approvals = new ApprovalQueue(SYSTEM_CLOCK);
	const chain = new CompositeHooksProvider();
	const analyzers = new Map<ShellDialect, Promise<ShellAnalyzer>>();
	const policyProvider = new DefaultHooksProvider({
		policy: (folder) => config.policyFor(folder),
		homeDir: os.homedir(),
		analyzeShell: async (line, dialect) => {
			// The grammar bundle is shared with the bridge and loaded on the first shell tool call of each dialect.
			let analyzer = analyzers.get(dialect);
			if (!analyzer) {
				// A long-lived host wants optimised wasm; the bridge's baseline-only flag is for one-shot processes.
				analyzer = loadShellAnalyzer(__dirname, dialect, false);
				analyzers.set(dialect, analyzer);
			}
			return (await analyzer).analyze(line, dialect);
		},
		sessionFacts: (event) => ({ subagentsStarted: sessions.subagentsStarted(event.sessionId) }),
	});
	context.subscriptions.push(
		new vscode.Disposable(
			chain.register({ provider: policyProvider, priority: 0, failAction: 'warn' }),
		),
	);

	const workspaceFolderFor = (cwd: string | undefined) =>
		cwd === undefined
			? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath
			: vscode.workspace.getWorkspaceFolder(vscode.Uri.file(cwd))?.uri.fsPath;
	const pipeline = new HookPipeline({
		chain,
		approvals,
		sessions,
		clock: SYSTEM_CLOCK,
		policy: (folder) => config.policyFor(folder),
		workspaceFolderFor,
	});

	context.subscriptions.push(
		new vscode.Disposable(
			approvals.onDidChange((change) => {
				if (change.kind === 'opened') {
					void askToApprove(change.approval, false).then(
						(answer) => answer && approvals.resolve(change.approval.request.id, answer),
					);
				} else {
					log.info(`approval ${change.approval.request.id} ${change.resolution.kind}`);
				}
			}),
		),
		new vscode.Disposable(
			sessions.onDidRecord((entry) => {
				const by = entry.decision.decidedBy;
				log.info(
					`${entry.event.name} ${entry.decision.verdict ?? 'no opinion'}${by ? ` by ${by.providerId}${by.ruleId ? `/${by.ruleId}` : ''}` : ''} (${entry.answeredAt - entry.receivedAt} ms, session ${entry.sessionId})`,
				);
			}),
		),
	);

	const endpoint = await WindowEndpointService.start(context, (call) => pipeline.handle(call), log);
	context.subscriptions.push(endpoint);

	const installer = HookInstaller.create(context, userSettingsFile, log);
	context.subscriptions.push(installer);
	const diagnostics = new HookDiagnostics(installer);
	context.subscriptions.push(diagnostics, registerInstallerCommands(installer, diagnostics));
	// Launchers and stale files are refreshed first, so the one-time scope question installs current paths.
	void installer
		.refreshIfStale()
		.then(() => installer.askForScopeOnce())
		.then(() => diagnostics.check())
		.catch((error: unknown) =>
			log.error(
				`hook installation check failed: ${error instanceof Error ? error.message : String(error)}`,
			),
		);

	const { api, disposable } = createHookwardenApi(chain, sessions, log);
	context.subscriptions.push(disposable);
	return api;
}

export function deactivate(): void {
	// Every resource is in context.subscriptions; VS Code disposes them.
}
