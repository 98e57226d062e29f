import { realPathOnDisk } from '../node/paths/realPathOnDisk';
import type { AuditPort } from '../core/audit/auditPort';
import type { AuditEventRecord } from '../core/audit/auditRecord';
import type { AuditSettings } from '../core/settings/auditSettings';
import { readAuditSettings } from '../core/settings/auditSettings';
import { recordedEventOf } from '../core/audit/parseAuditLine';
import type { HookCall } from '../core/pipeline/hookCall';
import { HookDecider } from '../core/pipeline/hookDecider';
import type { OwnStateLocations } from '../core/judging/ownState';
import type { CompiledPolicy } from '../core/policy/compilePolicy';
import { compilePolicy } from '../core/policy/compilePolicy';
import { DefaultHooksProvider } from '../core/provider/defaultHooksProvider';
import { describeSettingProblem, readPolicySettings } from '../core/settings/readPolicySettings';
import { CompositeHooksProvider } from '../core/provider/compositeHooksProvider';
import type { ProviderConfig } from '../core/settings/providerSettings';
import { readProviderSettings } from '../core/settings/providerSettings';
import type { CommandLineAnalysis, ShellDialect } from '../core/reading/shell/commandLine';
import type { SqlReader } from '../core/reading/statements/statementLoss';
import { SYSTEM_CLOCK } from '../core/util/clock';
import type { AuditLogTarget } from '../node/audit/auditLogFile';
import { resolveBridgeAuditFile } from '../node/audit/auditLogLocation';
import { fileAuditPort } from '../node/audit/auditLogPort';
import { describeSkipped, readAuditTail } from '../node/audit/auditLogReader';
import type { RecordedEvent } from '../core/sessions/recordedEvent';
import { ownStateLocations } from '../node/ownStateLocations';
import { HeadlessSessions } from '../node/sessions/headlessSessions';
import type { SessionLedger } from '../node/sessions/sessionLedger';
import { registerExternalProviders } from '../node/providers/externalProviders';
import { loadSettingsLayers } from '../node/settings/loadSettingsLayers';
import type { MachinePolicyReading } from '../node/settings/machinePolicy';
import type { ExportSettings } from '../core/settings/exportSettings';
import { readExportSettings } from '../core/settings/exportSettings';
import { findWorkspaceFolder } from './findWorkspaceFolder';
import { CallSnapshots } from '../core/pipeline/callSnapshots';
import type { SnapshotPort } from '../core/snapshots/snapshotPort';

/** What the headless bridge needs from its process: whose it is, how to read shell lines, and where state lives. */
export interface HeadlessEnvironment {
	readonly home: string;
	readonly env: NodeJS.ProcessEnv;
	/** The folder the bridge runs in, for calls whose payload names no `cwd`. */
	readonly cwd: string;
	/** Reads one shell line (see createShellAnalysis): the window and the bridge read lines the same way. */
	readonly analyzeShell: (line: string, dialect: ShellDialect) => Promise<CommandLineAnalysis>;
	/** Loads the SQL parser for a call that carries a statement that may lose data (see sqlReaderLoader). */
	readonly loadSqlReader?: () => Promise<SqlReader | undefined>;
	readonly ledger: SessionLedger;
	/** Receives one line per problem found on the way (bad settings, a grammar that failed to load, the log). */
	readonly warn: (line: string) => void;
	/**
	 * The folders a VS Code window recorded as trusted (a verified trust record), whose workspace settings may loosen
	 * the policy; called only for a workspace that has Hookwarden settings.
	 */
	readonly recordedTrust: () => readonly string[];
	/** The administrator's machine policy, read once per process; absent in tests that do not need one. */
	readonly machinePolicy?: () => MachinePolicyReading;
	/** Told after each decision is appended to a log, with that folder's settings (the bridge ships it later). */
	readonly onAppended?: (log: string, settings: HeadlessSettings) => void;
	/** Where snapshots are held and compared (the keeper, else the store itself); nothing is held without one. */
	readonly snapshots?: SnapshotPort;
}

/** The policy and audit settings of one workspace folder, read from its settings files. */
export interface HeadlessSettings {
	readonly policy: CompiledPolicy;
	readonly audit: AuditSettings;
	/** The `hookwarden.providers` that may run here. */
	readonly providers: readonly ProviderConfig[];
	/** Where decisions are exported (`hookwarden.otel.*`), before the environment's variables are added. */
	readonly exportSettings: ExportSettings;
}

// A Stop summary reads this much history of its session; sessions longer than that are summarised from their tail.
const SUMMARY_HISTORY = { maxRecords: 20_000, maxBytes: 8 * 1024 * 1024 };

/** The workspace folder's policy and audit settings as the headless bridge reads them, every problem reported. */
export function loadHeadlessSettings(
	environment: HeadlessEnvironment,
	workspaceFolder: string,
): HeadlessSettings {
	const { layers, problems: fileProblems } = loadSettingsLayers(
		workspaceFolder,
		environment.env,
		environment.home,
		environment.recordedTrust,
		environment.machinePolicy?.(),
	);
	for (const problem of fileProblems) {
		environment.warn(`settings file ${problem.file}: ${problem.message}`);
	}
	const { settings, problems } = readPolicySettings(layers);
	const policy = compilePolicy(settings);
	// Without a window nobody answered VS Code's trust prompt: a workspace's command providers run only when the
	// settings loader vouches for the folder by marking its layer `tightenOnly: false` (from the trust record).
	const providers = readProviderSettings(layers, {
		workspaceTrusted: (layer) => layer.tightenOnly === false,
	});
	for (const problem of [...problems, ...policy.problems, ...providers.problems]) {
		environment.warn(describeSettingProblem(problem));
	}
	return {
		policy,
		audit: readAuditSettings(layers),
		providers: providers.providers,
		exportSettings: readExportSettings(layers),
	};
}

/**
 * The policy provider of a bridge process, for the decider and for `--explain`/`--replay`. `auditFileFor` names the log
 * a workspace folder's events go to, which is guarded as Hookwarden's own state wherever its settings put it.
 */
export function headlessPolicyProvider(
	environment: HeadlessEnvironment,
	policyFor: (workspaceFolder: string | undefined) => CompiledPolicy,
	auditFileFor?: (workspaceFolder: string) => string | undefined,
): DefaultHooksProvider {
	const own = new Map<string, OwnStateLocations>();
	return new DefaultHooksProvider({
		policy: policyFor,
		homeDir: environment.home,
		ownState: (workspaceFolder) => {
			const key = workspaceFolder ?? '';
			let found = own.get(key);
			if (!found) {
				const log = workspaceFolder === undefined ? undefined : auditFileFor?.(workspaceFolder);
				found = ownStateLocations(environment.env, environment.home, {
					...(log !== undefined && { auditPaths: [log] }),
					...(workspaceFolder !== undefined && { workspaceFolder }),
				});
				own.set(key, found);
			}
			return found;
		},
		realPath: realPathOnDisk,
		clock: SYSTEM_CLOCK,
		analyzeShell: environment.analyzeShell,
		...(environment.loadSqlReader && { loadSqlReader: environment.loadSqlReader }),
		sessionFacts: (event) => ({
			subagentsStarted: environment.ledger.subagentsStarted(event.sessionId),
		}),
	});
}

/** What the bridge asks of its decider: one answer per hook call. */
export type HeadlessDecider = Pick<HookDecider, 'decide'>;

/**
 * The decider of a bridge process with no VS Code window: the same {@link HookDecider} the window runs, built from
 * the settings files of the workspace of each call's `cwd` (its policy, its audit log and its `hookwarden.providers`,
 * never the bridge process's own folder's), a session ledger on disk and the audit log file. This is what keeps
 * policies in force for the Copilot CLI and for a closed editor. Settings are read once per workspace folder.
 */
export function headlessDecider(environment: HeadlessEnvironment): HeadlessDecider {
	const settings = new Map<string, HeadlessSettings>();
	const workspaceFolderFor = (cwd: string | undefined) =>
		findWorkspaceFolder(cwd ?? environment.cwd, environment.home);
	const settingsFor = (folder: string | undefined) => {
		const key = folder ?? workspaceFolderFor(undefined);
		let found = settings.get(key);
		if (!found) {
			found = loadHeadlessSettings(environment, key);
			settings.set(key, found);
		}
		return found;
	};
	const { audit, history, fileFor } = headlessAuditLog(
		environment,
		settingsFor,
		workspaceFolderFor,
	);
	const policyFor = (folder: string | undefined) => settingsFor(folder).policy;
	const policyProvider = headlessPolicyProvider(environment, policyFor, fileFor);
	const sessions = new HeadlessSessions(environment.ledger, history);
	// One store for every window and bridge of this user: a call held here may be compared by the window, or back.
	const port = environment.snapshots;
	const snapshots =
		port &&
		new CallSnapshots({
			port,
			effectsOf: (event, folder) => policyProvider.judgedEffects(event, folder),
			ownFiles: (folder) => {
				const log = folder === undefined ? undefined : fileFor(folder);
				return log === undefined ? [] : [log];
			},
		});
	const deciders = new Map<string, HookDecider>();
	const deciderFor = (folder: string) => {
		let decider = deciders.get(folder);
		if (!decider) {
			const chain = new CompositeHooksProvider([
				{ provider: policyProvider, priority: 0, failAction: 'warn' },
			]);
			registerExternalProviders(chain, settingsFor(folder).providers, environment.warn);
			decider = new HookDecider({
				chain,
				policy: policyFor,
				workspaceFolderFor,
				sessions,
				clock: SYSTEM_CLOCK,
				origin: 'headless',
				audit,
				stopSummary: (workspaceFolder) => settingsFor(workspaceFolder).audit.stopSummary,
				...(snapshots && { snapshots }),
			});
			deciders.set(folder, decider);
		}
		return decider;
	};
	return { decide: (call) => deciderFor(workspaceFolderFor(cwdOf(call))).decide(call) };
}

/** The folder a call runs in as the decider reads it: the payload's `cwd`, else the hook process's. */
function cwdOf(call: HookCall): string | undefined {
	const stated = (call.payload as { cwd?: unknown } | null | undefined)?.cwd;
	return typeof stated === 'string' && stated !== '' ? stated : call.cwd;
}

/**
 * The audit log of a bridge process: where each workspace folder's log is (from its settings), the port the decider
 * appends to, and a session's earlier events for its summary.
 */
function headlessAuditLog(
	environment: HeadlessEnvironment,
	settingsFor: (folder: string | undefined) => HeadlessSettings,
	workspaceFolderFor: (cwd: string | undefined) => string,
): {
	audit: AuditPort;
	history: (sessionId: string) => RecordedEvent[];
	fileFor: (folder: string) => string | undefined;
} {
	const logs = new Map<string, AuditLogTarget | undefined>();
	const logFor = (folder: string | undefined) => {
		const key = folder ?? workspaceFolderFor(undefined);
		if (!logs.has(key)) {
			const { audit } = settingsFor(key);
			const location = resolveBridgeAuditFile({
				env: environment.env,
				home: environment.home,
				workspaceFolder: key,
				settingPath: audit.path,
				warn: environment.warn,
			});
			logs.set(
				key,
				location && { file: location.file, maxBytes: audit.maxBytes, retention: audit.retention },
			);
		}
		return logs.get(key);
	};
	const audit: AuditPort = {
		appendEvent: (entry) => {
			const folder = entry.recorded.workspaceFolder ?? workspaceFolderFor(undefined);
			const target = logFor(folder);
			if (target) {
				fileAuditPort(target, 'headless', environment.warn).appendEvent(entry);
				environment.onAppended?.(target.file, settingsFor(folder));
			}
		},
		appendSummary: (summary, context) => {
			const target = logFor(context.workspaceFolder);
			if (target) {
				fileAuditPort(target, 'headless', environment.warn).appendSummary(summary, context);
			}
		},
	};
	const history = (sessionId: string) => {
		const target = logFor(undefined);
		if (!target) {
			return [];
		}
		const read = readAuditTail(target.file, SUMMARY_HISTORY);
		const skipped = describeSkipped(read);
		if (skipped) {
			environment.warn(skipped);
		}
		return read.records
			.filter((r): r is AuditEventRecord => r.kind === 'event' && r.session === sessionId)
			.map((r, i) => recordedEventOf(r, i + 1));
	};
	return { audit, history, fileFor: (folder) => logFor(folder)?.file };
}
