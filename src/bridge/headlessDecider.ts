import type { AuditSettings } from '../core/audit/auditSettings';
import { readAuditSettings } from '../core/audit/auditSettings';
import type { HookEvent } from '../core/events/hookEvent';
import { compilePolicy } from '../core/policy/compilePolicy';
import type { CompiledPolicy } from '../core/policy/compilePolicy';
import { DefaultHooksProvider } from '../core/policy/defaultHooksProvider';
import { describeSettingProblem, readPolicySettings } from '../core/policy/readPolicySettings';
import { CompositeHooksProvider } from '../core/provider/compositeHooksProvider';
import type { MergedDecision } from '../core/provider/decision';
import type { ShellAnalyzer, ShellDialect } from '../core/shell/commandLine';
import { plainCommandLine } from '../core/shell/plainCommandLine';
import { loadSettingsLayers } from '../node/settings/loadSettingsLayers';
import type { AnalysisCache } from '../node/shell/analysisCache';
import type { SessionLedger } from '../node/sessionLedger';

/** What the headless bridge needs from its process: where it is, whose it is, and how to load the shell grammar. */
export interface HeadlessEnvironment {
	readonly workspaceFolder: string;
	readonly home: string;
	readonly env: NodeJS.ProcessEnv;
	/** Loads the grammar of one shell dialect; the bridge never pays for a grammar its call does not need. */
	readonly loadShellAnalyzer: (dialect: ShellDialect) => Promise<ShellAnalyzer>;
	readonly ledger: SessionLedger;
	/** Remembers analyses across bridge processes; optional, the bridge works without it. */
	readonly analysisCache?: AnalysisCache;
	/** Receives one line per problem found on the way (bad settings, a grammar that failed to load). */
	readonly warn: (line: string) => void;
}

/** The workspace's policy as the headless bridge reads it from settings files, with every problem reported. */
export function loadHeadlessPolicy(environment: HeadlessEnvironment): CompiledPolicy {
	return loadHeadlessSettings(environment).policy;
}

/** The workspace's policy and audit settings, read from the settings files once. */
export function loadHeadlessSettings(environment: HeadlessEnvironment): {
	policy: CompiledPolicy;
	audit: AuditSettings;
} {
	const { layers, problems: fileProblems } = loadSettingsLayers(
		environment.workspaceFolder,
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

/** The policy provider wired for a bridge process: lazy shell grammar, the file-backed session ledger. */
export function headlessPolicyProvider(
	environment: HeadlessEnvironment,
	policy: CompiledPolicy,
): DefaultHooksProvider {
	const analyzers = new Map<ShellDialect, Promise<ShellAnalyzer | undefined>>();
	return new DefaultHooksProvider({
		policy: () => policy,
		homeDir: environment.home,
		analyzeShell: async (line, dialect) => {
			const known =
				plainCommandLine(line, dialect) ?? environment.analysisCache?.get(line, dialect);
			if (known) {
				return known;
			}
			let analyzer = analyzers.get(dialect);
			if (!analyzer) {
				analyzer = environment.loadShellAnalyzer(dialect).catch((error: unknown) => {
					environment.warn(
						`${dialect} grammar unavailable, command rules see whole lines: ${(error as Error).message}`,
					);
					return undefined;
				});
				analyzers.set(dialect, analyzer);
			}
			const loaded = await analyzer;
			if (!loaded) {
				return { commandLine: line, dialect, commands: [], parseError: 'no shell grammar' };
			}
			const analysis = loaded.analyze(line, dialect);
			environment.analysisCache?.set(analysis);
			return analysis;
		},
		sessionFacts: (event) => ({
			subagentsStarted: environment.ledger.subagentsStarted(event.sessionId),
		}),
	});
}

/**
 * Decides one event with no VS Code window: the workspace's settings files, the built-in packs, and a session ledger
 * on disk. This is what keeps policies in force for the Copilot CLI and for a closed editor.
 */
export async function decideHeadless(
	event: HookEvent,
	environment: HeadlessEnvironment,
): Promise<{ decision: MergedDecision; policy: CompiledPolicy; audit: AuditSettings }> {
	const { policy, audit } = loadHeadlessSettings(environment);
	const chain = new CompositeHooksProvider([
		{
			provider: headlessPolicyProvider(environment, policy),
			failAction: policy.failMode === 'closed' ? 'block' : 'warn',
		},
	]);
	const decision = await chain.decide(event, { workspaceFolder: environment.workspaceFolder });
	if (
		event.name === 'SubagentStart' &&
		policy.maxSubagentsPerSession !== null &&
		decision.verdict !== 'deny'
	) {
		environment.ledger.recordSubagentStart(event.sessionId, event.agentId);
	}
	for (const failure of decision.failures) {
		environment.warn(`provider ${failure.providerId} ${failure.kind}: ${failure.message}`);
	}
	return { decision, policy, audit };
}
