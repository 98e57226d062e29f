/*
 * Hookwarden bridge: the command an agent hook file runs, once per hook event.
 *
 *   node dist/bridge.js <EventName>            decide one event: JSON payload on stdin, one JSON verdict on stdout
 *   node dist/bridge.js --explain '<command>'  show how the policy reads a command line (add --powershell for PowerShell)
 *   node dist/bridge.js --explain --event <id> <audit.jsonl>
 *                                              show one logged event: who decided, and how today's policy reads it
 *   node dist/bridge.js --replay <audit.jsonl> [--session ID] [--fail-on tighten|loosen|any]
 *                                              replay logged events through today's policies (for CI)
 *
 * Constraints, in order of importance:
 *   1. stdout carries exactly one JSON document and nothing else; every diagnostic goes to stderr, one line each.
 *   2. Every input gets an answer: bad input of any kind gets the workspace's failMode verdict, never a stack trace.
 *   3. A running VS Code window decides first (over its private socket; see askWindow.ts); without one, the bridge
 *      decides headless from the workspace's settings files, so policies hold with VS Code closed.
 *   4. It starts once per hook event, so it loads only what every event needs; the shell grammar is a separate
 *      bundle (dist/bridge-shell.js) required only for shell tools. It never imports `vscode`.
 *   5. Every headless answer is appended to the audit log before it is printed (one open/write/close; see
 *      auditLogFile.ts); answers the window gives are logged by the window.
 *
 * Exit codes: 0 with a verdict on stdout (deny is expressed in JSON, which every host reads, because a non-zero exit
 * means different things to different hosts); 64 for a command-line usage error. `--replay` exits 1 when a verdict
 * of the failing kind changed, and 66 when the log cannot be read (as does `--explain --event`).
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

import type { AuditSettings } from '../core/audit/auditSettings';
import { DEFAULT_AUDIT_SETTINGS } from '../core/audit/auditSettings';
import type { HookEvent } from '../core/events/hookEvent';
import type { HookEventName } from '../core/events/hookEventName';
import { parseHookEventName } from '../core/events/hookEventName';
import { describeHookInputError } from '../core/events/hookInputError';
import { parseHookEvent } from '../core/events/parseHookEvent';
import { encodeHookOutput } from '../core/output/encodeHookOutput';
import type { MergedDecision } from '../core/provider/decision';
import type { FailMode } from '../core/provider/failVerdict';
import { failVerdict } from '../core/provider/failVerdict';
import { builtOnFirstUse } from '../core/util/builtOnFirstUse';
import type { HeadlessEnvironment } from './decideHeadless';
import {
	decideHeadless,
	headlessPolicyProvider,
	loadHeadlessPolicy,
	loadHeadlessSettings,
} from './decideHeadless';
import { AnalysisCache } from '../node/shell/analysisCache';
import { explainEventCommand, replayCommand } from './auditLogCommands';
import { auditHeadlessAnswer } from './auditLogHeadless';
import { askWindow } from './askWindow';
import { trustedRuntimeFolder } from '../node/runtime/trustedRuntimeFolder';
import { explainCommandLine } from '../core/policy/explainCommandLine';
import { findWorkspaceFolder } from './findWorkspaceFolder';
import { readHookInput } from './readHookInput';
import { SessionLedger } from '../node/sessionLedger';
import type { Handover } from './windowFirst';
import { writeOutput } from './writeOutput';
import { loadShellAnalyzer } from '../node/shell/shellBundle';

const USAGE = `Usage: hookwarden-bridge <EventName>            (hook payload on stdin)
       hookwarden-bridge --explain '<command line>' [--powershell]
       hookwarden-bridge --explain --event <id> <audit.jsonl>
       hookwarden-bridge --replay <audit.jsonl> [--session ID] [--fail-on tighten|loosen|any]`;

function warn(line: string): void {
	writeOutput(2, `hookwarden: ${line}\n`);
}

// Checked once per process, however many steps need it. Without a trusted runtime folder the bridge still decides;
// it just finds no window and remembers nothing between calls.
const runtimeFolder = builtOnFirstUse(() => trustedRuntimeFolder(process.env));

function environmentFor(start: string): HeadlessEnvironment {
	const home = homedir();
	const workspaceFolder = findWorkspaceFolder(start, home);
	const runtime = runtimeFolder();
	const analysisCache = runtime && AnalysisCache.open(runtime, join(__dirname, 'bridge-shell.js'));
	return {
		workspaceFolder,
		home,
		env: process.env,
		warn,
		ledger: new SessionLedger(runtime && join(runtime, 'sessions')),
		loadShellAnalyzer: (dialect) => loadShellAnalyzer(__dirname, dialect, true),
		...(analysisCache && { analysisCache }),
	};
}

/** The failMode of the workspace, read without letting a broken settings file stop the fail verdict. */
function failModeOf(environment: HeadlessEnvironment): FailMode {
	try {
		return loadHeadlessPolicy({ ...environment, warn: () => undefined }).failMode;
	} catch {
		return 'open';
	}
}

function answer(
	event: { name: HookEventName; dialect: HookEvent['dialect'] } | undefined,
	decision: MergedDecision,
): void {
	const output = event ? encodeHookOutput(event, decision) : topLevelOnly(decision);
	writeOutput(1, `${JSON.stringify(output)}\n`);
}

/** Without a known event there is no hookSpecificOutput to fill; the top-level fields still reach every host. */
function topLevelOnly(decision: MergedDecision): Record<string, unknown> {
	return decision.verdict
		? { permissionDecision: decision.verdict, permissionDecisionReason: decision.reason }
		: {};
}

async function decideEvent(hintArg: string | undefined, handover?: Handover): Promise<void> {
	const receivedAt = Date.now();
	const hint = hintArg === undefined ? undefined : parseHookEventName(hintArg);
	// Only a payload without a cwd, or one that cannot be read, is decided for the bridge's own cwd.
	const cwdEnvironment = builtOnFirstUse(() => environmentFor(process.cwd()));
	const fail = (
		cause: string,
		environment = cwdEnvironment(),
		name = hint,
		dialect: HookEvent['dialect'] = 'vscode',
	) => {
		warn(cause);
		answer(name && { name, dialect }, failVerdict(failModeOf(environment), name, cause));
	};
	if (hintArg !== undefined && hint === undefined) {
		warn(`unknown event argument '${hintArg}'; using the event named in the payload`);
	}

	const input = handover?.input ?? readHookInput(hintArg);
	if (input.kind === 'unreadable') {
		fail(input.cause);
		return;
	}
	// The running window decides first: it knows the session and can ask the person. A refusal from the window the
	// first stage asked stands; a window that was not listening there is not asked twice.
	const asked = handover?.asked;
	const reply =
		asked && asked.reply.kind !== 'unreachable'
			? asked.reply
			: await askWindow(process.env, runtimeFolder(), input.request, asked?.endpoint);
	if (reply?.kind === 'answer') {
		writeOutput(1, reply.body);
		return;
	}
	// A 400 means the window could not read the payload either; deciding headless reports why in one line.
	if (reply?.kind === 'refused' && reply.status !== 400) {
		warn(
			`the VS Code window refused the hook (${reply.status}: ${reply.message}); deciding without it`,
		);
	}
	const parsed = parseHookEvent(input.payload, hint);
	if (!parsed.ok) {
		fail(`hook input rejected: ${describeHookInputError(parsed.error)}`);
		return;
	}
	const { event } = parsed;
	const environment = event.cwd ? environmentFor(event.cwd) : cwdEnvironment();
	const audited = (decision: MergedDecision, audit: AuditSettings, problem?: string) =>
		auditHeadlessAnswer({
			event,
			decision,
			workspaceFolder: environment.workspaceFolder,
			audit,
			receivedAt,
			...(problem !== undefined && { problem }),
			env: process.env,
			home: environment.home,
			warn,
		});
	let decided: Awaited<ReturnType<typeof decideHeadless>>;
	try {
		decided = await decideHeadless(event, environment);
	} catch (error) {
		const problem = `could not decide ${event.name}: ${(error as Error).message}`;
		warn(problem);
		const decision = failVerdict(failModeOf(environment), event.name, problem);
		answer(event, audited(decision, auditSettingsOf(environment), problem));
		return;
	}
	answer(event, audited(decided.decision, decided.audit));
}

/** The audit settings of the workspace, read without letting a broken settings file stop the fail answer. */
function auditSettingsOf(environment: HeadlessEnvironment): AuditSettings {
	try {
		return loadHeadlessSettings({ ...environment, warn: () => undefined }).audit;
	} catch {
		return DEFAULT_AUDIT_SETTINGS;
	}
}

async function explain(args: readonly string[]): Promise<number> {
	const commandLine = args.find((arg) => !arg.startsWith('--'));
	if (commandLine === undefined) {
		writeOutput(2, `${USAGE}\n`);
		return 64;
	}
	const environment = environmentFor(process.cwd());
	const policy = loadHeadlessPolicy(environment);
	const provider = headlessPolicyProvider(environment, policy);
	const dialect = args.includes('--powershell') ? 'powershell' : 'bash';
	writeOutput(
		1,
		`${await explainCommandLine(commandLine, dialect, provider, policy, environment.workspaceFolder)}\n`,
	);
	return 0;
}

async function main(argv: readonly string[], handover?: Handover): Promise<number> {
	const [first, ...rest] = argv;
	if (first === '--help' || first === '-h') {
		writeOutput(1, `${USAGE}\n`);
		return 0;
	}
	const output = {
		out: (text: string) => writeOutput(1, text),
		err: (line: string) => warn(line),
	};
	if (first === '--explain' && rest.includes('--event')) {
		return explainEventCommand(rest, environmentFor(process.cwd()), output);
	}
	if (first === '--explain') {
		return explain(rest);
	}
	if (first === '--replay') {
		return replayCommand(rest, environmentFor(process.cwd()), output);
	}
	if (first?.startsWith('--')) {
		writeOutput(2, `hookwarden: unknown option ${first}\n${USAGE}\n`);
		return 64;
	}
	await decideEvent(first, handover);
	return 0;
}

/**
 * Runs the bridge for `argv` (the arguments after the script): dist/bridge.js calls this, with what its first stage
 * already read when it asked a named window first (see windowFirst.ts).
 */
export function runBridge(argv: readonly string[], handover?: Handover): void {
	main(argv, handover).then(
		(code) => {
			process.exitCode = code;
		},
		(error: unknown) => {
			// Last resort: something outside every handler failed. Still one line on stderr and a JSON answer on stdout.
			warn(`internal error: ${error instanceof Error ? error.message : String(error)}`);
			writeOutput(1, '{}\n');
		},
	);
}
