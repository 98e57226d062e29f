import { realPathOnDisk } from '../../node/paths/realPathOnDisk';
import { createHash } from 'node:crypto';
import * as os from 'node:os';
import * as path from 'node:path';

import * as vscode from 'vscode';

import { ApprovalQueue } from '../../core/approvals/approvalQueue';
import { SessionGrants } from '../../core/approvals/sessionGrants';
import type { AuditPort } from '../../core/audit/auditPort';
import { ApprovalGate } from '../../core/pipeline/approvalGate';
import { HookDecider } from '../../core/pipeline/hookDecider';
import type { CompiledPolicy } from '../../core/policy/compilePolicy';
import { DefaultHooksProvider } from '../../core/provider/defaultHooksProvider';
import type { OwnStateLocations } from '../../core/judging/ownState';
import { CompositeHooksProvider } from '../../core/provider/compositeHooksProvider';
import type { CommandLineAnalysis, ShellDialect } from '../../core/reading/shell/commandLine';
import { SessionTracker } from '../../core/sessions/sessionTracker';
import { SYSTEM_CLOCK } from '../../core/util/clock';
import { ownStateLocations } from '../../node/ownStateLocations';
import { createShellAnalysis } from '../../node/shell/shellAnalysis';
import { sqlReaderLoader } from '../../node/sql/sqlReaderBundle';
import { CallSnapshots } from '../../core/pipeline/callSnapshots';
import { FileSnapshots } from '../../node/snapshots/fileSnapshots';

/** What the window's decision engine is built from: the policy in force, the audit log, the pause switch. */
export interface DecisionEngineParts {
	readonly policyFor: (workspaceFolder: string | undefined) => CompiledPolicy;
	readonly audit: AuditPort & { stopSummary(workspaceFolder: string | undefined): boolean };
	readonly paused: () => boolean;
	/** The folder holding the shell grammar bundle (the extension's `dist`). */
	readonly bundleFolder: string;
	readonly log: vscode.LogOutputChannel;
	/** This extension's own storage folders (global and workspace), where its audit logs and trust record live. */
	readonly storageFolders?: readonly string[];
	/** The folder this extension is installed in (its parent, the extensions folder, holds the records that disable it). */
	readonly extensionFolder?: string;
	/** The audit log a workspace folder's events go to now (it may be a file the folder's settings chose). */
	readonly auditFileFor?: (workspaceFolder: string | undefined) => string;
	/** The snapshot store (in global storage, where the bridges find it too). */
	readonly snapshotStore?: string;
}

/** The window's decision engine: the provider chain, what it remembers, the approvals it holds, and the decider. */
export interface DecisionEngine {
	readonly chain: CompositeHooksProvider;
	readonly sessions: SessionTracker;
	readonly approvals: ApprovalQueue;
	/** The *Allow for Session* answers in force, for the *Policies* view's *Grants*. */
	readonly grants: SessionGrants;
	readonly policyProvider: DefaultHooksProvider;
	readonly decider: HookDecider;
	readonly analyzeShell: (line: string, dialect: ShellDialect) => Promise<CommandLineAnalysis>;
	/** The snapshot store, for restores and pruning. */
	readonly snapshots: FileSnapshots;
}

/**
 * Builds the window's {@link HookDecider}: the same core decider the headless bridge builds, with what only a window
 * has (sessions in memory, a person to answer `ask`, pause) and Hookwarden's policy registered first in the chain.
 */
export function createDecisionEngine(
	parts: DecisionEngineParts,
): DecisionEngine & vscode.Disposable {
	const sessions = new SessionTracker();
	const approvals = new ApprovalQueue(SYSTEM_CLOCK);
	const grants = new SessionGrants();
	const chain = new CompositeHooksProvider();
	// A long-lived host wants optimised wasm; the bridge's baseline-only flag is for one-shot processes.
	const analyzeShell = createShellAnalysis({
		bundleFolder: parts.bundleFolder,
		baselineWasmOnly: false,
		keepInMemory: 1000,
		warn: (line) => parts.log.warn(line),
	});
	const policyProvider = new DefaultHooksProvider({
		policy: parts.policyFor,
		homeDir: os.homedir(),
		ownState: windowOwnState(parts),
		realPath: realPathOnDisk,
		clock: SYSTEM_CLOCK,
		analyzeShell,
		loadSqlReader: sqlReaderLoader(parts.bundleFolder, (line) => parts.log.warn(line)),
		sessionFacts: (event) => ({ subagentsStarted: sessions.subagentsStarted(event.sessionId) }),
	});
	const unregister = chain.register({
		provider: policyProvider,
		priority: 0,
		failAction: 'warn',
		source: 'built in: the hookwarden.* settings and packs',
	});
	const snapshots = new FileSnapshots({ storeRoot: parts.snapshotStore, watch: true });
	const decider = new HookDecider({
		chain,
		policy: parts.policyFor,
		workspaceFolderFor,
		sessions,
		clock: SYSTEM_CLOCK,
		origin: 'window',
		audit: parts.audit,
		gate: new ApprovalGate(approvals, SYSTEM_CLOCK, grants),
		paused: parts.paused,
		stopSummary: (folder) => parts.audit.stopSummary(folder),
		digest: (text) => createHash('sha256').update(text).digest('base64url'),
		snapshots: new CallSnapshots({
			port: snapshots,
			effectsOf: (event, folder) => policyProvider.judgedEffects(event, folder),
			ownFiles: (folder) => (parts.auditFileFor ? [parts.auditFileFor(folder)] : []),
		}),
	});
	return {
		chain,
		sessions,
		approvals,
		grants,
		policyProvider,
		decider,
		analyzeShell,
		snapshots,
		dispose: () => {
			unregister();
			snapshots.dispose();
		},
	};
}

/** The window's workspace folder that holds `cwd` (the first folder for a call without one). */
function workspaceFolderFor(cwd: string | undefined): string | undefined {
	return cwd === undefined
		? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath
		: vscode.workspace.getWorkspaceFolder(vscode.Uri.file(cwd))?.uri.fsPath;
}

/**
 * The window's own state for a workspace folder: the standard locations, its storage folders and extensions folder, and
 * the audit log the folder's settings chose. One object per distinct log, so the pack's cache follows a settings change.
 */
function windowOwnState(
	parts: DecisionEngineParts,
): (workspaceFolder: string | undefined) => OwnStateLocations {
	const byLog = new Map<string, OwnStateLocations>();
	return (workspaceFolder) => {
		const log = parts.auditFileFor?.(workspaceFolder) ?? '';
		let own = byLog.get(log);
		if (!own) {
			own = ownStateLocations(process.env, os.homedir(), {
				auditPaths: [...(parts.storageFolders ?? []), ...(log ? [log] : [])],
				...(parts.snapshotStore && { snapshotStores: [parts.snapshotStore] }),
				...(parts.extensionFolder && { extensionFolders: [path.dirname(parts.extensionFolder)] }),
			});
			byLog.set(log, own);
		}
		return own;
	};
}
