import * as path from 'node:path';

import * as vscode from 'vscode';

import { describeDecision } from './core/sessions/describeDecision';
import { registerAuditCommands } from './host/auditCommands';
import { AuditLogService } from './host/auditLogService';
import { ContextKeySetter } from './host/contextKeys';
import { createDecisionEngine } from './host/engine/decisionEngine';
import { watchSettingsProviders } from './host/engine/settingsProviders';
import type { HookwardenApi } from './host/hookwardenApi';
import { createHookwardenApi } from './host/hookwardenApi';
import { sessionsHeardFrom } from './host/installer/sessionsHeardFrom';
import { startInstaller } from './host/installer/startInstaller';
import { createLog } from './host/log';
import { PauseState } from './host/pauseState';
import { MachinePolicyService } from './host/machinePolicy/machinePolicyService';
import { productionMachinePolicy } from './node/settings/machinePolicy';
import { SNAPSHOT_FOLDER } from './node/snapshots/snapshotStore';
import { PolicyConfig } from './host/policyConfig';
import { startSnapshotPruning } from './host/snapshotPruning';
import { DecisionExportService } from './host/telemetry/decisionExportService';
import { TrustRecordService } from './host/trustRecordService';
import { WindowEndpointService } from './host/windowEndpointService';
import { COMMANDS } from './host/commandIds';
import { INSTALL_PROMPTS } from './ui/prompts/installPrompts';
import { createSurfaces } from './ui/surfaces';
import { armWalkthroughProgress, openWalkthroughOnFirstStart } from './ui/walkthrough';
import { ReadableDocuments } from './ui/webviews/readableDocuments';

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

/** Builds the window's parts in the order data flows: policy, audit, decisions, endpoint, installer, what people see. */
async function wire(
	context: vscode.ExtensionContext,
	log: vscode.LogOutputChannel,
): Promise<HookwardenApi> {
	const own = (disposable: vscode.Disposable) => context.subscriptions.push(disposable);
	const userSettingsFile = path.join(
		path.dirname(path.dirname(context.globalStorageUri.fsPath)),
		'settings.json',
	);

	// The administrator's machine policy, then policy, pause and the audit log.
	const machinePolicy = new MachinePolicyService(productionMachinePolicy(), log, (message) => {
		void vscode.window.showWarningMessage(message);
	});
	const config = new PolicyConfig(userSettingsFile, log, machinePolicy);
	const pause = new PauseState(log);
	const audit = AuditLogService.create(context, log, () => machinePolicy.layer());
	[machinePolicy, config, pause, audit].forEach(own);

	// The decision engine: the same core decider the headless bridge runs.
	const engine = createDecisionEngine({
		policyFor: (folder) => config.policyFor(folder),
		audit,
		paused: () => pause.paused,
		bundleFolder: __dirname,
		log,
		storageFolders: [context.globalStorageUri.fsPath, context.storageUri?.fsPath].filter(
			(folder): folder is string => folder !== undefined,
		),
		extensionFolder: context.extensionPath,
		auditFileFor: (folder) => audit.targetFor(folder).file,
		snapshotStore: path.join(context.globalStorageUri.fsPath, SNAPSHOT_FOLDER),
	});
	own(engine);
	own(watchSettingsProviders(engine.chain, config, log));
	// What agents changed stays restorable for its days, within its size.
	own(
		startSnapshotPruning(
			engine.snapshots,
			() => config.policyFor(vscode.workspace.workspaceFolders?.[0]?.uri.fsPath).snapshots,
			log,
		),
	);
	// Decisions to the team's OpenTelemetry collector, when one is configured: shipped from the audit logs.
	own(
		new DecisionExportService({
			config,
			logFiles: () => audit.files(),
			sessions: engine.sessions,
			bundleFolder: __dirname,
			log,
			version: (context.extension.packageJSON as { version: string }).version,
		}),
	);
	// The newest events come back from the log after a reload; restoring fires nothing, so nothing is appended twice.
	audit.restoreInto(engine.sessions);
	audit.start();
	own(
		new vscode.Disposable(
			engine.sessions.onDidRecord((entry) => log.info(describeDecision(entry))),
		),
	);

	// The window's private endpoint, which bridges reach over a socket, and the trust record bridges read.
	const endpoint = await WindowEndpointService.start(
		context,
		(call) => engine.decider.decide(call),
		log,
	);
	own(endpoint);
	own(new TrustRecordService(context.globalStorageUri.fsPath, endpoint.secret, log));

	// The hook files and launchers VS Code, the CLI and plugins run.
	const running = startInstaller(
		context,
		userSettingsFile,
		{ runtimeFolder: endpoint.runtime, identity: endpoint.identity },
		log,
		INSTALL_PROMPTS,
		{
			heardFrom: sessionsHeardFrom(engine.sessions, () => audit.files()),
			// Copilot Chat keeps the Local agent's transcripts beside this extension's workspace storage.
			transcriptFolders: context.storageUri
				? [path.join(path.dirname(context.storageUri.fsPath), 'GitHub.copilot-chat', 'transcripts')]
				: [],
		},
	);
	own(running.disposable);

	// What a person sees and answers, and the audit commands; documents render in webviews, whose links may run only
	// the commands listed here.
	const contextKeys = new ContextKeySetter();
	const documents = new ReadableDocuments(context.extensionUri, [
		COMMANDS.openAuditLogSource,
		COMMANDS.showActivity,
		COMMANDS.restoreFiles,
	]);
	own(documents);
	own(
		createSurfaces({
			engine,
			running,
			pause,
			config,
			userSettingsFile,
			log,
			contextKeys,
			extensionUri: context.extensionUri,
			documents,
			auditRecords: () => audit.readAll(),
		}),
	);
	own(
		registerAuditCommands({
			audit,
			policyInput: engine.policyProvider,
			policyFor: (folder) => config.policyFor(folder),
			log,
			documents,
		}),
	);

	// The walkthrough ticks its steps from copies of the context keys, which follow them once it is registered.
	own(armWalkthroughProgress(contextKeys, openWalkthroughOnFirstStart(context.globalStorageUri, log)));

	// The API other extensions register providers through.
	const { api, disposable } = createHookwardenApi(engine.chain, engine.sessions, log);
	own(disposable);
	return api;
}

export function deactivate(): void {
	// Every resource is in context.subscriptions; VS Code disposes them.
}
