import * as os from 'node:os';
import * as path from 'node:path';

import * as vscode from 'vscode';

import { loadShellAnalyzer } from './node/shell/shellBundle';
import { ApprovalQueue } from './core/approvals/approvalQueue';
import { HookPipeline } from './core/pipeline/hookPipeline';
import { DefaultHooksProvider } from './core/policy/defaultHooksProvider';
import { CompositeHooksProvider } from './core/provider/compositeHooksProvider';
import type { ShellAnalyzer, ShellDialect } from './core/shell/commandLine';
import { SessionTracker } from './core/sessions/sessionTracker';
import { SYSTEM_CLOCK } from './core/util/clock';
import type { HookwardenApi } from './host/hookwardenApi';
import { createHookwardenApi } from './host/hookwardenApi';
import { HookDiagnostics } from './host/installer/hookDiagnostics';
import { HookInstaller } from './host/installer/hookInstaller';
import { registerInstallerCommands } from './host/installer/installerCommands';
import { registerAuditCommands } from './host/auditCommands';
import { AuditLogService } from './host/auditLogService';
import { createLog } from './host/log';
import { PolicyConfig } from './host/policyConfig';
import { WindowEndpointService } from './host/windowEndpointService';
import { ApprovalService } from './host/approvalService';
import { COMMANDS, VIEWS } from './host/commandIds';
import { ContextKeySetter } from './host/contextKeys';
import { PauseState } from './host/pauseState';
import { readPoliciesInput, revealProvenance } from './ui/policies/policiesInput';
import { registerViewCommands } from './ui/viewCommands';
import { createApprovalsView } from './ui/approvals/approvalsTreeProvider';
import { EVENT_SCHEME, EventsTreeProvider } from './ui/events/eventsTreeProvider';
import { PoliciesTreeProvider } from './ui/policies/policiesTreeProvider';
import { presentStatus } from './ui/statusBar/statusPresenter';

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
	const pause = new PauseState(log);
	context.subscriptions.push(pause);
	const contextKeys = new ContextKeySetter();

	const sessions = new SessionTracker();
	const audit = AuditLogService.create(context, log);
	context.subscriptions.push(audit);
	// The newest events come back from the log after a reload; restoring fires nothing, so nothing is appended twice.
	audit.restoreInto(sessions);
	audit.start();
	const approvals = new ApprovalQueue(SYSTEM_CLOCK);
	const chain = new CompositeHooksProvider();
	const analyzers = new Map<ShellDialect, Promise<ShellAnalyzer>>();
	const analyzeShell = async (line: string, dialect: ShellDialect) => {
		// The grammar bundle is shared with the bridge and loaded on the first shell tool call of each dialect.
		let analyzer = analyzers.get(dialect);
		if (!analyzer) {
			// A long-lived host wants optimised wasm; the bridge's baseline-only flag is for one-shot processes.
			analyzer = loadShellAnalyzer(__dirname, dialect, false);
			analyzers.set(dialect, analyzer);
		}
		return (await analyzer).analyze(line, dialect);
	};
	const policyProvider = new DefaultHooksProvider({
		policy: (folder) => config.policyFor(folder),
		homeDir: os.homedir(),
		analyzeShell,
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
		paused: () => pause.paused,
		audit,
		stopSummary: (folder) => audit.stopSummary(folder),
	});

	const approvalService = new ApprovalService({
		approvals,
		log,
		subCommands: async (line, dialect) => {
			try {
				const analysis = await analyzeShell(line, dialect);
				return analysis.parseError === undefined ? analysis.commands.map((c) => c.text) : undefined;
			} catch {
				return undefined;
			}
		},
		revealRule: (askedBy) => revealProvenance(askedBy, userSettingsFile),
	});
	context.subscriptions.push(approvalService);

	context.subscriptions.push(
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

	// The views, the status bar and their commands: what a person sees and answers.
	context.subscriptions.push(createApprovalsView(VIEWS.approvals, approvalService));
	const eventsProvider = new EventsTreeProvider();
	for (const entry of sessions.events()) {
		eventsProvider.add(entry);
	}
	context.subscriptions.push(eventsProvider);
	context.subscriptions.push(
		vscode.window.createTreeView(VIEWS.events, { treeDataProvider: eventsProvider }),
		vscode.workspace.registerTextDocumentContentProvider(EVENT_SCHEME, eventsProvider),
		eventsProvider.onDidChangeEmpty((empty) => contextKeys.set('hookwarden.hasEvents', !empty)),
		new vscode.Disposable(sessions.onDidRecord((entry) => eventsProvider.add(entry))),
		pause.onDidChange(({ paused, at }) => {
			eventsProvider.addNote({ kind: paused ? 'paused' : 'resumed', at });
			contextKeys.set('hookwarden.paused', paused);
		}),
	);
	context.subscriptions.push(
		registerAuditCommands({
			audit,
			policyInput: policyProvider,
			policyFor: (f) => config.policyFor(f),
			log,
		}),
	);
	const policiesProvider = new PoliciesTreeProvider(
		() => readPoliciesInput(config, userSettingsFile),
		COMMANDS.revealRule,
	);
	context.subscriptions.push(policiesProvider);
	context.subscriptions.push(
		vscode.window.createTreeView(VIEWS.policies, { treeDataProvider: policiesProvider }),
		config.onDidChange(() => policiesProvider.refresh()),
	);

	const statusBar = vscode.window.createStatusBarItem(
		'hookwarden.status',
		vscode.StatusBarAlignment.Left,
		100,
	);
	context.subscriptions.push(statusBar);
	statusBar.name = 'Hookwarden';
	let hooksActive = false;
	const updateStatus = () => {
		const pending = approvalService.pending().length;
		contextKeys.set('hookwarden.pendingApprovals', pending);
		const view = presentStatus({ pending, paused: pause.paused, hooksActive });
		statusBar.text = view.text;
		statusBar.tooltip = view.tooltip;
		statusBar.backgroundColor = view.backgroundColorId
			? new vscode.ThemeColor(view.backgroundColorId)
			: undefined;
		statusBar.command =
			view.action === 'answer'
				? COMMANDS.answerApproval
				: view.action === 'resume'
					? COMMANDS.resume
					: 'workbench.view.extension.hookwarden';
		statusBar.show();
	};
	const updateHookState = async () => {
		const installed = await diagnostics.isRegistered();
		const disabled = diagnostics.problems.some((p) => p.id === 'hooksDisabled');
		contextKeys.set('hookwarden.hooksInstalled', installed);
		contextKeys.set('hookwarden.hooksDisabled', disabled);
		hooksActive = installed && !disabled;
		updateStatus();
	};
	context.subscriptions.push(
		approvalService.onDidChange(updateStatus),
		pause.onDidChange(updateStatus),
		diagnostics.onDidChangeProblems(() => void updateHookState()),
		installer.onDidChange(() => void updateHookState()),
	);
	contextKeys.set('hookwarden.paused', false);
	contextKeys.set('hookwarden.hasEvents', false);
	contextKeys.set('hookwarden.eventsFiltered', false);
	updateStatus();
	void updateHookState();

	context.subscriptions.push(
		registerViewCommands({
			approvals: approvalService,
			events: eventsProvider,
			policies: policiesProvider,
			pause,
			contextKeys,
		}),
	);

	const { api, disposable } = createHookwardenApi(chain, sessions, log);
	context.subscriptions.push(disposable);
	return api;
}

export function deactivate(): void {
	// Every resource is in context.subscriptions; VS Code disposes them.
}
