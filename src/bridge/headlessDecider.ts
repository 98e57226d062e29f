import type { AuditPort } from '../core/audit/auditPort';
import type { AuditEventRecord } from '../core/audit/auditRecord';
import type { AuditSettings } from '../core/audit/auditSettings';
import { readAuditSettings } from '../core/audit/auditSettings';
import { recordedEventOf } from '../core/audit/parseAuditLine';
import { HookDecider } from '../core/pipeline/hookDecider';
import type { CompiledPolicy } from '../core/policy/compilePolicy';
import { compilePolicy } from '../core/policy/compilePolicy';
import { DefaultHooksProvider } from '../core/policy/defaultHooksProvider';
import { describeSettingProblem, readPolicySettings } from '../core/policy/readPolicySettings';
import { CompositeHooksProvider } from '../core/provider/compositeHooksProvider';
import type { CommandLineAnalysis, ShellDialect } from '../core/shell/commandLine';
import { SYSTEM_CLOCK } from '../core/util/clock';
import type { AuditLogTarget } from '../node/audit/auditLogFile';
import { resolveBridgeAuditFile } from '../node/audit/auditLogLocation';
import { fileAuditPort } from '../node/audit/auditLogPort';
import { describeSkipped, readAuditTail } from '../node/audit/auditLogReader';
import { ownStateLocations } from '../node/ownStateLocations';
import { HeadlessSessions } from '../node/sessions/headlessSessions';
import type { SessionLedger } from '../node/sessions/sessionLedger';
import { loadSettingsLayers } from '../node/settings/loadSettingsLayers';
import { findWorkspaceFolder } from './findWorkspaceFolder';

/** What the headless bridge needs from its process: whose it is, how to read shell lines, and where state lives. */
export interface HeadlessEnvironment {
	readonly home: string;
	readonly env: NodeJS.ProcessEnv;
	/** The folder the bridge runs in, for calls whose payload names no `cwd`. */
	readonly cwd: string;
	/** Reads one shell line (see createShellAnalysis): the window and the bridge read lines the same way. */
	readonly analyzeShell: (line: string, dialect: ShellDialect) => Promise<CommandLineAnalysis>;
	readonly ledger: SessionLedger;
	/** Receives one line per problem found on the way (bad settings, a grammar that failed to load, the log). */
	readonly warn: (line: string) => void;
}

/** The policy and audit settings of one workspace folder, read from its settings files. */
export interface HeadlessSettings {
	readonly policy: CompiledPolicy;
	readonly audit: AuditSettings;
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
	);
	for (const problem of fileProblems) {
		environment.warn(`settings file ${problem.file}: ${problem.message}`);
	}
	const { settings, problems } = readPolicySettings(layers);
	const policy = compilePolicy(settings);
	for (const problem of [...problems, ...policy.problems]) {
		environment.warn(describeSettingProblem(problem));
	}
	return { policy, audit: readAuditSettings(layers) };
}

/** The policy provider of a bridge process, for the decider and for `--explain`/`--replay`. */
export function headlessPolicyProvider(
	environment: HeadlessEnvironment,
	policyFor: (workspaceFolder: string | undefined) => CompiledPolicy,
): DefaultHooksProvider {
	return new DefaultHooksProvider({
		policy: policyFor,
		homeDir: environment.home,
		ownState: ownStateLocations(environment.env, environment.home),
		clock: SYSTEM_CLOCK,
		analyzeShell: environment.analyzeShell,
		sessionFacts: (event) => ({
			subagentsStarted: environment.ledger.subagentsStarted(event.sessionId),
		}),
	});
}

/**
 * The decider of a bridge process with no VS Code window: the same {@link HookDecider} the window runs, built from
 * the workspace's settings files, a session ledger on disk and the audit log file. This is what keeps policies in
 * force for the Copilot CLI and for a closed editor. Settings are read once per workspace folder.
 */
export function headlessDecider(environment: HeadlessEnvironment): HookDecider {
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
			const target = logFor(entry.recorded.workspaceFolder);
			if (target) {
				fileAuditPort(target, 'headless', environment.warn).appendEvent(entry);
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
	const policyFor = (folder: string | undefined) => settingsFor(folder).policy;
	return new HookDecider({
		chain: new CompositeHooksProvider([
			{ provider: headlessPolicyProvider(environment, policyFor), failAction: 'warn' },
		]),
		policy: policyFor,
		workspaceFolderFor,
		sessions: new HeadlessSessions(environment.ledger, history),
		clock: SYSTEM_CLOCK,
		origin: 'headless',
		audit,
		stopSummary: (folder) => settingsFor(folder).audit.stopSummary,
	});
}
