/*
 * Hookwarden bridge: the command an agent hook file runs, once per hook event.
 *
 *   node dist/bridge.js <EventName>            decide one event: JSON payload on stdin, one JSON verdict on stdout
 *   node dist/bridge.js --explain '<command>'  show how the policy reads a command line (add --powershell for PowerShell)
 *   node dist/bridge.js --explain --event <id> <audit.jsonl>
 *                                              show one logged event: who decided, and how today's policy reads it
 *   node dist/bridge.js --replay <audit.jsonl> [--session ID] [--fail-on tighten|loosen|any]
 *                                              replay logged events through today's policies (for CI)
 *   node dist/bridge.js --restore <record-id> [<audit.jsonl>] [--dry-run] [--remove-created]
 *                                              put back the files a call changed, from its snapshot
 *   node dist/bridge.js --install-policy-hook  (as root) install the Copilot policy.d hook for every user
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

import type { HookCall } from '../core/pipeline/hookCall';
import { explainCommandLine } from '../core/provider/explainCommandLine';
import { parseHookEventName } from '../core/events/hookEventName';
import { resolveExportTarget } from '../core/settings/exportSettings';
import { builtOnFirstUse } from '../core/util/builtOnFirstUse';
import { bridgeGlobalStorage } from '../node/audit/auditLogLocation';
import { noteCallKind } from '../node/cachedBundle';
import { openRuntimeFolder } from '../node/runtime/runtimeFolder';
import { ensureSecret, readSecret } from '../node/runtime/secret';
import { SessionLedger } from '../node/sessions/sessionLedger';
import { shipInBackground } from '../node/telemetry/shipInBackground';
import { productionMachinePolicy, readMachinePolicy } from '../node/settings/machinePolicy';
import { readTrustedFolders } from '../node/settings/trustRecord';
import { AnalysisCache } from '../node/shell/analysisCache';
import { createShellAnalysis } from '../node/shell/shellAnalysis';
import { sqlReaderLoader } from '../node/sql/sqlReaderBundle';
import { askWindow } from './askWindow';
import { explainEventCommand, replayCommand } from './auditLogCommands';
import { findWorkspaceFolder } from './findWorkspaceFolder';
import { policyHookCommand } from './policyHookCommand';
import { restoreCommand } from './restoreCommand';
import {
	bridgeSnapshotPort,
	keepSnapshots,
	pruneNow,
	pruneWhenDue,
	snapshotBundle,
	storeRootOf,
} from './bridgeSnapshots';
import type { HeadlessDecider, HeadlessEnvironment, HeadlessSettings } from './headlessDecider';
import { headlessDecider, headlessPolicyProvider, loadHeadlessSettings } from './headlessDecider';
import { readHookInput } from './readHookInput';
import type { Handover } from './windowFirst';
import { writeOutput } from './writeOutput';

const USAGE = `Usage: hookwarden-bridge <EventName>            (hook payload on stdin)
       hookwarden-bridge --explain '<command line>' [--powershell]
       hookwarden-bridge --explain --event <id> <audit.jsonl>
       hookwarden-bridge --replay <audit.jsonl> [--session ID] [--fail-on tighten|loosen|any]
       hookwarden-bridge --restore <record-id> [<audit.jsonl>] [--dry-run] [--remove-created]
       hookwarden-bridge --install-policy-hook | --uninstall-policy-hook   (as root: the Copilot policy.d hook)`;

function warn(line: string): void {
	writeOutput(2, `hookwarden: ${line}\n`);
}

// The log this process appended its decision to, with that folder's settings: shipped after the answer is out.
let appended: { readonly log: string; readonly settings: HeadlessSettings } | undefined;

// Checked once per process, however many steps need it. Without a trustworthy runtime folder the bridge still
// decides; it just finds no window, caches no shell readings and remembers no subagents between calls.
const runtimeFolder = builtOnFirstUse(() => {
	const opened = openRuntimeFolder(process.env, { create: true });
	if (!opened.ok) {
		warn(`${opened.problem}; deciding without shared state`);
		return undefined;
	}
	return opened.folder;
});

// Headless with no window ever started, the bridge makes the per-install secret itself (a window adopts it later).
const secret = builtOnFirstUse((): string | undefined => {
	const runtime = runtimeFolder();
	return runtime ? secretFor(runtime) : undefined;
});

// Verifying the record costs node:crypto, so it is read only for a workspace whose settings could loosen anything.
const recordedTrust = builtOnFirstUse((): readonly string[] => {
	const storage = bridgeGlobalStorage(process.env, homedir());
	const key = secret();
	return storage && key ? readTrustedFolders(storage, key) : [];
});

const environment = builtOnFirstUse((): HeadlessEnvironment => {
	const runtime = runtimeFolder();
	const key = secret();
	// The cache is keyed by the per-install secret: an entry nobody with the secret wrote is never believed.
	const diskCache =
		runtime && key
			? AnalysisCache.open(runtime, join(__dirname, 'bridge-shell.js'), key)
			: undefined;
	const snapshots = bridgeSnapshotPort(runtime, key);
	return {
		home: homedir(),
		env: process.env,
		cwd: process.cwd(),
		warn,
		recordedTrust,
		// Always the platform's fixed location: nothing in the environment can move it (see machinePolicy.ts).
		machinePolicy: builtOnFirstUse(() => readMachinePolicy(productionMachinePolicy())),
		onAppended: (log, settings) => {
			appended = { log, settings };
		},
		ledger: new SessionLedger(runtime && join(runtime, 'sessions')),
		...(snapshots !== undefined && { snapshots }),
		analyzeShell: createShellAnalysis({
			bundleFolder: __dirname,
			baselineWasmOnly: true,
			warn,
			...(diskCache && { diskCache }),
		}),
		loadSqlReader: sqlReaderLoader(__dirname, warn),
	};
});

function secretFor(runtime: string): string | undefined {
	const read = readSecret(runtime);
	if (read.ok) {
		return read.token;
	}
	try {
		return ensureSecret(runtime).token;
	} catch (error) {
		warn(`no shell-analysis cache: ${(error as Error).message}`);
		return undefined;
	}
}

function print(output: Record<string, unknown>): void {
	writeOutput(1, `${JSON.stringify(output)}\n`);
}

async function decideEvent(eventArg: string | undefined, handover?: Handover): Promise<void> {
	if (eventArg !== undefined && parseHookEventName(eventArg) === undefined) {
		warn(`unknown event argument '${eventArg}'; using the event named in the payload`);
	}
	const input = handover?.input ?? readHookInput(eventArg);
	// Built only when the bridge decides itself: a call the window answers never reads a settings file.
	const decider = builtOnFirstUse(() => headlessDecider(environment()));
	if (input.kind === 'unreadable') {
		// The decider answers an unreadable call with the workspace's fail verdict, as for any payload it cannot read.
		const answer = await decider().decide({
			...(eventArg !== undefined && { eventArg }),
			payload: undefined,
			cwd: process.cwd(),
		});
		warn(input.cause);
		print(answer.output);
		return;
	}
	// The running window decides first: it knows the session and can ask the person. A refusal from the window the
	// first stage asked stands; a window that was not listening there is not asked twice.
	const asked = handover?.asked;
	const reply =
		asked && asked.reply.kind !== 'unreachable'
			? asked.reply
			: await askWindow(process.env, runtimeFolder(), input.request, warn, asked?.endpoint);
	if (reply?.kind === 'answer') {
		writeOutput(1, reply.body);
		return;
	}
	if (reply?.kind === 'impostor' && asked) {
		warn(`the socket ${asked.endpoint} ${reply.message}; deciding without it`);
	}
	// A 400 means the window could not read the payload either; deciding headless reports why in one line.
	if (reply?.kind === 'refused' && reply.status !== 400) {
		warn(
			`the VS Code window refused the hook (${reply.status}: ${reply.message}); deciding without it`,
		);
	}
	const call: HookCall = {
		...(eventArg !== undefined && { eventArg }),
		payload: input.payload,
		cwd: input.request.cwd,
		...(input.request.runner !== undefined && { runner: input.request.runner }),
		...(input.request.traceparent !== undefined && { traceparent: input.request.traceparent }),
	};
	const answer = await decider().decide(call);
	if (answer.problem !== undefined) {
		warn(answer.problem);
	}
	if (answer.kind === 'answered') {
		const { event } = answer.recorded;
		noteCallKind(`${event.name}:${'tool' in event ? event.tool.kind : 'none'}`);
		if (answer.recorded.notHonoured !== undefined) {
			warn(answer.recorded.notHonoured);
		}
		for (const failure of answer.recorded.decision.failures) {
			warn(`provider ${failure.providerId} ${failure.kind}: ${failure.message}`);
		}
	}
	print(answer.output);
	shipAfterAnswer();
	pruneAfterAnswer(answer);
}

/**
 * With export on, starts the detached shipper for the log this decision went to (the answer is already printed).
 * With export off this reads a few environment variables and nothing else.
 */
function shipAfterAnswer(): void {
	const target = appended && resolveExportTarget(appended.settings.exportSettings, process.env);
	if (!appended || !target) {
		return;
	}
	try {
		shipInBackground(__dirname, appended.log, target);
	} catch (error) {
		warn(`could not start exporting decisions: ${(error as Error).message}`);
	}
}

/** Once a day, after a call that held files, starts a detached prune of the snapshot store (its days and size). */
function pruneAfterAnswer(answer: Awaited<ReturnType<HeadlessDecider['decide']>>): void {
	if (answer.kind !== 'answered' || answer.recorded.snapshot === undefined) {
		return;
	}
	try {
		pruneWhenDue();
	} catch (error) {
		warn(`could not start pruning snapshots: ${(error as Error).message}`);
	}
}

/**
 * `--snapshot-keeper [workspace]`: the snapshot keeper a headless bridge starts when none answers (see
 * snapshotKeeper.ts); it holds the workspace at once, then serves bridges until it has been idle for ten minutes.
 */
async function keeper(workspace: string | undefined): Promise<number> {
	const runtime = runtimeFolder();
	const key = secret();
	if (runtime === undefined || key === undefined) {
		warn('no runtime folder or secret: no snapshot keeper');
		return 1;
	}
	const folder = workspace === undefined ? undefined : findWorkspaceFolder(workspace, homedir());
	const served = await keepSnapshots({
		runtime,
		secret: key,
		...(folder !== undefined && {
			warm: {
				workspace: folder,
				settings: loadHeadlessSettings(environment(), folder).policy.snapshots,
			},
		}),
		log: warn,
	});
	return served ? 0 : 1;
}

/** `--prune-snapshots`: drops snapshots past their days, then the oldest while the store is over its size. */
function pruneSnapshots(): number {
	const workspaceFolder = findWorkspaceFolder(process.cwd(), homedir());
	pruneNow(loadHeadlessSettings(environment(), workspaceFolder).policy.snapshots);
	return 0;
}

async function explain(args: readonly string[]): Promise<number> {
	const commandLine = args.find((arg) => !arg.startsWith('--'));
	if (commandLine === undefined) {
		writeOutput(2, `${USAGE}\n`);
		return 64;
	}
	const workspaceFolder = findWorkspaceFolder(process.cwd(), homedir());
	const { policy } = loadHeadlessSettings(environment(), workspaceFolder);
	const provider = headlessPolicyProvider(environment(), () => policy);
	const dialect = args.includes('--powershell') ? 'powershell' : 'bash';
	writeOutput(
		1,
		`${await explainCommandLine(commandLine, dialect, provider, policy, workspaceFolder)}\n`,
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
		return explainEventCommand(rest, environment(), output);
	}
	if (first === '--explain') {
		return explain(rest);
	}
	if (first === '--replay') {
		return replayCommand(rest, environment(), output);
	}
	if (first === '--prune-snapshots') {
		return pruneSnapshots();
	}
	if (first === '--snapshot-keeper') {
		return keeper(rest[0]);
	}
	if (first === '--restore') {
		return restoreCommand(rest, environment(), output, () => {
			const storeRoot = storeRootOf();
			return storeRoot === undefined
				? undefined
				: new (snapshotBundle().FileSnapshots)({ storeRoot });
		});
	}
	if (first === '--install-policy-hook' || first === '--uninstall-policy-hook') {
		return policyHookCommand(first === '--uninstall-policy-hook', output);
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
	// Everything the bridge writes is written synchronously (output, audit log, caches), so once the answer is out the
	// process ends at once: waiting for the event loop to drain only ran V8's idle-time garbage collection, a few
	// milliseconds of every hook call.
	main(argv, handover).then(
		(code) => process.exit(code),
		(error: unknown) => {
			// Last resort: something outside every handler failed. Still one line on stderr and a JSON answer on stdout.
			warn(`internal error: ${error instanceof Error ? error.message : String(error)}`);
			writeOutput(1, '{}\n');
			process.exit(0);
		},
	);
}
