import type { TimeoutOutcome } from '../core/approvals/pendingApproval';
import type { JudgedEffect } from '../core/judging/judgeEffects';
import type { SnapshotSettings } from '../core/settings/snapshotSettings';
import type { HookEvent } from '../core/events/hookEvent';
import type { FailMode } from '../core/provider/failVerdict';
import { compilePolicy } from '../core/policy/compilePolicy';
import type { CompiledPolicy } from '../core/policy/compilePolicy';
import { DefaultHooksProvider as PolicyProvider } from '../core/provider/defaultHooksProvider';
import type { OwnStateLocations } from '../core/judging/ownState';
import type { SessionFacts } from '../core/judging/policyInput';
import {
	describeSettingProblem,
	hookwardenValues,
	readPolicySettings,
} from '../core/settings/readPolicySettings';
import type { HookContext, HookResult, HooksProvider } from '../core/provider/hooksProvider';
import { HANDLER_NAME } from '../core/provider/hooksProvider';
import type { CommandLineAnalysis, ShellDialect } from '../core/reading/shell/commandLine';
import { plainCommandLine } from '../core/reading/shell/plainCommandLine';
import { SYSTEM_CLOCK } from '../core/util/clock';

/** What the SDK's policy provider is built from: the settings a `.vscode/settings.json` holds and the folder they belong to. */
export interface DefaultHooksProviderOptions {
	/** A settings.json object; its `hookwarden.*` keys are read exactly as the extension reads them, the rest ignored. */
	readonly settings: Readonly<Record<string, unknown>>;
	/** The absolute workspace folder: relative `path` globs and `allowedWritePaths` are resolved against it. */
	readonly workspaceFolder: string;
	/** The user's home folder, for `~/` globs and the protectedPaths pack; without it those see no home. */
	readonly homeDir?: string;
	/**
	 * Reads a shell command line into sub-commands. The installed package reads lines with the bridge's own tree-sitter
	 * grammars; without a reader (the pure module), only lines without shell syntax (`npm test`, `git push -f origin
	 * main`) are read, and any other line reaches rules as one whole line, is never allowed by an `allow` rule, and is
	 * not seen by the destructiveCommands pack.
	 */
	readonly analyzeShell?: (
		commandLine: string,
		dialect: ShellDialect,
	) => CommandLineAnalysis | Promise<CommandLineAnalysis>;
	/** How many subagents a session has started, for `hookwarden.subagents.maxPerSession`; default: counted in memory. */
	readonly sessionFacts?: (event: HookEvent) => SessionFacts | Promise<SessionFacts>;
	/** Hookwarden's own files on this machine, which the protectedPaths pack guards (the package fills them in). */
	readonly ownState?: OwnStateLocations;
	/**
	 * Where a path already on disk leads when it is, or sits under, a symbolic link (`build -> ~`), so a delete through
	 * the link is judged by where it lands. The installed package follows links on this machine as the bridge does;
	 * without it (the pure module) paths are judged as written.
	 */
	readonly realPath?: (absolute: string) => string | undefined;
}

/**
 * The parts of the policy a host acts on itself: its fail mode (what a provider's failure means for a tool call) and
 * how the settings want an `ask` answered. Plain types: the package's declarations carry nothing of the settings schema.
 */
export interface PolicyModes {
	readonly failMode: FailMode;
	readonly approval: {
		readonly mode: 'inline' | 'native';
		readonly timeoutSeconds: number;
		readonly onTimeout: TimeoutOutcome;
	};
}

/**
 * Reads a line the way the SDK can without a grammar: a plain line fully, anything else as one whole-line command with
 * a `parseError`, so deny and ask rules still see its text while no `allow` rule can let it through unread.
 */
export function readCommandLineWithoutGrammar(
	commandLine: string,
	dialect: ShellDialect,
): CommandLineAnalysis {
	return (
		plainCommandLine(commandLine, dialect) ?? {
			commandLine,
			dialect,
			commands: [{ argv: [], text: commandLine, wrappers: [], origin: 'line', redirects: [] }],
			parseError: 'the Hookwarden SDK reads only command lines without shell syntax',
		}
	);
}

/**
 * Hookwarden's settings-driven policy as a {@link HooksProvider} outside VS Code: the same rules, packs, limits and
 * session context the extension applies, from one settings object, always for its own workspace folder.
 * Settings problems never throw; they are listed in {@link problems}.
 */
export class DefaultHooksProvider implements HooksProvider {
	readonly id: string;
	/** Every invalid setting or rule that was skipped, one line each, as the extension reports them. */
	readonly problems: readonly string[];
	/** What the settings say a host should do itself: fail closed or open, and how `ask` is to be answered. */
	readonly policy: PolicyModes;
	private readonly compiled: CompiledPolicy;
	private readonly inner: PolicyProvider;
	private readonly workspaceFolder: string;

	constructor(options: DefaultHooksProviderOptions) {
		this.workspaceFolder = options.workspaceFolder;
		const { settings, problems } = readPolicySettings([
			{
				source: {
					kind: 'workspaceSettings',
					file: `${options.workspaceFolder.replace(/[\\/]+$/, '')}/.vscode/settings.json`,
				},
				values: hookwardenValues(options.settings),
			},
		]);
		const compiled = compilePolicy(settings);
		this.compiled = compiled;
		this.policy = { failMode: compiled.failMode, approval: compiled.approval };
		this.problems = [...problems, ...compiled.problems].map(describeSettingProblem);
		const started = new Map<string, number>();
		this.inner = new PolicyProvider({
			policy: () => this.compiled,
			analyzeShell: options.analyzeShell ?? readCommandLineWithoutGrammar,
			// Asked once per spawn attempt, so counting here counts the spawns this provider saw.
			sessionFacts:
				options.sessionFacts ??
				((event) => {
					const key = event.sessionId ?? '';
					const subagentsStarted = started.get(key) ?? 0;
					started.set(key, subagentsStarted + 1);
					return { subagentsStarted };
				}),
			...(options.homeDir !== undefined && { homeDir: options.homeDir }),
			...(options.ownState && { ownState: options.ownState }),
			...(options.realPath && { realPath: options.realPath }),
			clock: SYSTEM_CLOCK,
		});
		this.id = this.inner.id;
	}

	/** The snapshot limits its settings give (`hookwarden.snapshots.*`). */
	get snapshotSettings(): SnapshotSettings {
		return this.compiled.snapshots;
	}

	/** The judged effects of a tool call, as the policy reads them: what a snapshot of the call is planned from. */
	judgedEffects(event: HookEvent): Promise<readonly JudgedEffect[]> {
		return this.inner.judgedEffects(event, this.workspaceFolder);
	}

	readonly onSessionStart = (event: HookEvent, context: HookContext) => this.ask(event, context);
	readonly onUserPromptSubmit = (event: HookEvent, context: HookContext) =>
		this.ask(event, context);
	readonly onPreToolUse = (event: HookEvent, context: HookContext) => this.ask(event, context);
	readonly onPostToolUse = (event: HookEvent, context: HookContext) => this.ask(event, context);
	readonly onPreCompact = (event: HookEvent, context: HookContext) => this.ask(event, context);
	readonly onSubagentStart = (event: HookEvent, context: HookContext) => this.ask(event, context);
	readonly onSubagentStop = (event: HookEvent, context: HookContext) => this.ask(event, context);
	readonly onStop = (event: HookEvent, context: HookContext) => this.ask(event, context);
	readonly onSessionEnd = (event: HookEvent, context: HookContext) => this.ask(event, context);
	readonly onErrorOccurred = (event: HookEvent, context: HookContext) => this.ask(event, context);
	readonly onPostToolUseFailure = (event: HookEvent, context: HookContext) =>
		this.ask(event, context);
	readonly onPermissionRequest = (event: HookEvent, context: HookContext) =>
		this.ask(event, context);
	readonly onNotification = (event: HookEvent, context: HookContext) => this.ask(event, context);

	private ask(event: HookEvent, context: HookContext): HookResult {
		const handler = this.inner[HANDLER_NAME[event.name]];
		// The folder is always this provider's own: its settings' relative globs mean paths under it.
		return handler.call(this.inner, event, { ...context, workspaceFolder: this.workspaceFolder });
	}
}
