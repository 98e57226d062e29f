import * as vscode from 'vscode';

import type { AuditRecord } from '../core/audit/auditRecord';
import type { ContextKeySetter } from '../host/contextKeys';
import type { ReadableDocumentPort } from '../host/documentPort';
import type { DecisionEngine } from '../host/engine/decisionEngine';
import type { RunningInstaller } from '../host/installer/startInstaller';
import type { PauseState } from '../host/pauseState';
import type { PolicyConfig } from '../host/policyConfig';
import { ApprovalService } from './approvals/approvalService';
import { registerInstallerCommands } from './installer/installerCommands';
import { policyFindings } from '../host/engine/policyFindings';
import { createStatusBarController } from './statusBar/statusBarController';
import { registerReadingCommands } from './readingCommands';
import { registerViewCommands } from './viewCommands';
import { registerLockedSettingsEditor } from './settingsLock/lockedSettingsEditor';
import { createViews } from './views';
import { registerRestore } from './restore/restoreFiles';
import { registerDenyNotices } from './denies/denyNotifier';

/** What the person-facing surfaces are built on. */
export interface SurfaceSources {
	readonly engine: DecisionEngine;
	readonly running: RunningInstaller;
	readonly pause: PauseState;
	readonly config: PolicyConfig;
	readonly userSettingsFile: string;
	readonly log: vscode.LogOutputChannel;
	readonly contextKeys: ContextKeySetter;
	readonly extensionUri: vscode.Uri;
	/** Where documents for people are shown, rendered. */
	readonly documents: ReadableDocumentPort;
	/** Every line of the audit log, for the picture of the day. */
	readonly auditRecords: () => readonly AuditRecord[];
}

/** Everything a person sees and answers: approval prompts, the three views, the status bar, and their commands. */
export function createSurfaces(sources: SurfaceSources): vscode.Disposable {
	const { engine, running, pause, config, userSettingsFile, log, contextKeys } = sources;
	const approvals = new ApprovalService({
		approvals: engine.approvals,
		log,
		subCommands: (line, dialect) => subCommandsOf(engine, line, dialect),
		findings: policyFindings(engine.policyProvider, (folder) => config.policyFor(folder)),
		onPersonAnswered: () => contextKeys.set('hookwarden.answeredApproval', true),
	});
	const views = createViews({
		approvals,
		sessions: engine.sessions,
		providers: () => engine.chain.providerStates(),
		grants: engine.grants,
		pause,
		config,
		userSettingsFile,
		contextKeys,
		diagnostics: running.diagnostics,
	});
	const { installer, diagnostics } = running;
	return vscode.Disposable.from(
		approvals,
		views.disposable,
		createStatusBarController({
			approvals,
			pause,
			diagnostics,
			installer,
			contextKeys,
			sessions: engine.sessions,
		}),
		registerViewCommands({
			approvals,
			events: views.events,
			policies: views.policies,
			pause,
			contextKeys,
			grants: engine.grants,
			log,
		}),
		registerInstallerCommands(installer, diagnostics),
		registerRestore({
			snapshots: engine.snapshots,
			sessions: engine.sessions,
			settingsFor: (folder) => config.policyFor(folder).snapshots,
			log,
		}),
		registerDenyNotices(engine.sessions),
		registerLockedSettingsEditor(config),
		registerReadingCommands({
			extensionUri: sources.extensionUri,
			documents: sources.documents,
			events: views.events,
			engine,
			sessions: engine.sessions,
			approvals,
			config,
			auditRecords: sources.auditRecords,
		}),
	);
}

/** The sub-commands of a shell line as the policy reads them, for the approval prompt; `undefined` when unreadable. */
async function subCommandsOf(
	engine: DecisionEngine,
	line: string,
	dialect: 'bash' | 'powershell',
): Promise<readonly string[] | undefined> {
	try {
		const analysis = await engine.analyzeShell(line, dialect);
		return analysis.parseError === undefined ? analysis.commands.map((c) => c.text) : undefined;
	} catch {
		return undefined;
	}
}
