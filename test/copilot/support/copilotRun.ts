/*
 * Runs the real Copilot CLI once, non-interactively (`copilot -p`), offline, with Hookwarden installed the way the
 * installer installs it at user scope: the launcher in `~/.hookwarden/bin` (baked with the built `dist/bridge.js`)
 * and the hook file `$COPILOT_HOME/hooks/hookwarden.json`, in a temporary HOME. No VS Code window exists, so the
 * bridge decides headless from the settings files and writes the audit log. Every process has a deadline.
 */
import { spawn } from 'node:child_process';
import {
	chmodSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseAuditLine } from '../../../src/core/audit/parseAuditLine';
import type { AuditEventRecord } from '../../../src/core/audit/auditRecord';
import {
	HOOK_FILE_NAME,
	renderHookFile,
	vscodeHookFile,
} from '../../../src/host/installer/hookFile';
import { LAUNCHER_NAMES, posixLauncher } from '../../../src/host/installer/launcherScripts';
import { currentEndpointHost } from '../../../src/node/runtime/runtimeFolder';
import { runtimeFolder } from '../../../src/protocol/endpoint';
import type { ChatMessage, ModelServer, ModelStep } from './modelServer';
import { startModelServer } from './modelServer';

/** The repository root. */
export const ROOT = resolve(__dirname, '../../..');

/** The built bridge the launcher runs (`node esbuild.mjs --production` makes it). */
export const BRIDGE = join(ROOT, 'dist', 'bridge.js');

/** The Copilot CLI under test: `HOOKWARDEN_COPILOT_BIN`, else the pinned dev dependency's launcher. */
export const COPILOT_BIN =
	process.env.HOOKWARDEN_COPILOT_BIN ?? join(ROOT, 'node_modules', '.bin', 'copilot');

/** What one scenario sets up. */
export interface CopilotRunOptions {
	/** The model's steps, one per chat request. */
	readonly script: readonly ModelStep[];
	readonly prompt: string;
	/** The workspace's `.vscode/settings.json`. */
	readonly workspaceSettings?: Readonly<Record<string, unknown>>;
	/** Files to create in the workspace, relative path → content. */
	readonly files?: Readonly<Record<string, string>>;
	/** Pass `--allow-all-tools`, so only Hookwarden can stop a call. Default true. */
	readonly allowAllTools?: boolean;
	/** Milliseconds before the CLI is killed. Default 90 000. */
	readonly timeoutMs?: number;
	/** Install the per-user hook file in `$COPILOT_HOME/hooks`. Default true. */
	readonly userHook?: boolean;
	/** The CLI's user settings, `$COPILOT_HOME/settings.json`. */
	readonly copilotSettings?: Readonly<Record<string, unknown>>;
	/** More arguments for the CLI (`--additional-mcp-config`, for example). */
	readonly extraArgs?: readonly string[];
	/** Runs the CLI through another command (a private mount namespace, for example). */
	readonly wrap?: (command: string, args: readonly string[]) => { command: string; args: string[] };
}

/** What one run left behind. */
export interface CopilotRun {
	readonly exitCode: number | null;
	readonly timedOut: boolean;
	readonly stdout: string;
	readonly stderr: string;
	/** The messages of every chat request the model received. */
	readonly requests: readonly (readonly ChatMessage[])[];
	readonly unmatchedRoutes: readonly string[];
	/** The workspace folder the CLI ran in. */
	readonly workspace: string;
	/** The audit log file the headless bridge wrote. */
	readonly auditFile: string;
	/** The per-user launcher the hook file runs, and the environment the CLI ran in: to run it as a person would. */
	readonly launcher: string;
	readonly env: NodeJS.ProcessEnv;
	/** Removes the temporary folder (kept when `HOOKWARDEN_KEEP_COPILOT_RUNS=1`). */
	dispose(): void;
}

/** Polls `condition` every 50 ms until it holds or `timeoutMs` passes; throws with `what` on timeout. */
export async function waitFor<T>(
	condition: () => T | undefined | false,
	what: string,
	timeoutMs = 10_000,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = condition();
		if (value !== undefined && value !== false) {
			return value;
		}
		if (Date.now() > deadline) {
			throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
		}
		await new Promise((done) => setTimeout(done, 50));
	}
}

/** The event records of an audit log, in file order (empty when the file does not exist yet). */
export function auditEvents(file: string): AuditEventRecord[] {
	if (!existsSync(file)) {
		return [];
	}
	const records: AuditEventRecord[] = [];
	for (const line of readFileSync(file, 'utf8').split('\n')) {
		const parsed = parseAuditLine(line);
		if (parsed.kind === 'record' && parsed.record.kind === 'event') {
			records.push(parsed.record);
		}
	}
	return records;
}

/** Every tool-result message the model received, in order. */
export function toolResults(run: Pick<CopilotRun, 'requests'>): string[] {
	const seen = new Map<string, string>();
	for (const messages of run.requests) {
		for (const message of messages) {
			if (message.role === 'tool' && message.tool_call_id && typeof message.content === 'string') {
				seen.set(message.tool_call_id, message.content);
			}
		}
	}
	return [...seen.values()];
}

/** Sets up a temporary HOME with Hookwarden installed, runs `copilot -p` against a scripted model, and waits for exit. */
export async function runCopilot(options: CopilotRunOptions): Promise<CopilotRun> {
	const root = mkdtempSync(join(tmpdir(), 'hookwarden-copilot-'));
	const home = join(root, 'home');
	const copilotHome = join(home, '.copilot');
	const workspace = join(root, 'work');
	const runtime = join(root, 'run');
	const auditFile = join(root, 'audit.jsonl');
	const userSettings = join(root, 'user-settings.json');
	mkdirSync(join(copilotHome, 'hooks'), { recursive: true });
	mkdirSync(join(workspace, '.vscode'), { recursive: true });
	mkdirSync(runtime, { mode: 0o700 });
	// The person running the CLI owns this workspace and trusts it, so its own allow rules apply headless.
	writeFileSync(userSettings, `${JSON.stringify({ 'hookwarden.trustedFolders': [workspace] })}\n`);
	writeFileSync(
		join(workspace, '.vscode', 'settings.json'),
		`${JSON.stringify(options.workspaceSettings ?? {}, null, '\t')}\n`,
	);
	for (const [path, content] of Object.entries(options.files ?? {})) {
		mkdirSync(dirname(join(workspace, path)), { recursive: true });
		writeFileSync(join(workspace, path), content);
	}

	// Installed exactly as the installer does at user scope: the stable launcher and the VS Code-format hook file.
	const launcher = join(home, '.hookwarden', 'bin', LAUNCHER_NAMES.posix);
	mkdirSync(dirname(launcher), { recursive: true });
	// Test mode lets this tier's HOOKWARDEN_AUDIT_FILE through; the installer never writes such a launcher.
	writeFileSync(
		launcher,
		posixLauncher({
			bridgePath: BRIDGE,
			runtime: { path: process.execPath, electron: false },
			version: 'copilot-tier',
			userSettingsPath: userSettings,
			runtimeFolder: runtimeFolder(currentEndpointHost({ XDG_RUNTIME_DIR: runtime })),
			testMode: true,
		}),
	);
	chmodSync(launcher, 0o755);
	if (options.userHook !== false) {
		writeFileSync(
			join(copilotHome, 'hooks', HOOK_FILE_NAME),
			renderHookFile(vscodeHookFile({ approvalTimeoutSeconds: 10 })),
		);
	}
	if (options.copilotSettings) {
		writeFileSync(join(copilotHome, 'settings.json'), JSON.stringify(options.copilotSettings));
	}

	let model: ModelServer | undefined;
	try {
		model = await startModelServer(options.script);
		const env: NodeJS.ProcessEnv = {
			// A clean environment: nothing from the developer's shell (a live window's endpoint, a real token) leaks in.
			PATH: `${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
			HOME: home,
			COPILOT_HOME: copilotHome,
			XDG_RUNTIME_DIR: runtime,
			TMPDIR: tmpdir(),
			LANG: 'C.UTF-8',
			COPILOT_PROVIDER_BASE_URL: model.baseUrl,
			COPILOT_PROVIDER_API_KEY: 'scripted',
			COPILOT_MODEL: 'gpt-4.1',
			HOOKWARDEN_AUDIT_FILE: auditFile,
		};
		const args = [
			'-p',
			options.prompt,
			...(options.allowAllTools === false ? [] : ['--allow-all-tools']),
			...(options.extraArgs ?? []),
		];
		const command = options.wrap?.(COPILOT_BIN, args) ?? { command: COPILOT_BIN, args };
		const result = await runWithDeadline(
			command.command,
			command.args,
			workspace,
			env,
			options.timeoutMs ?? 90_000,
		);
		const done = model;
		return {
			...result,
			requests: done.requests,
			unmatchedRoutes: done.unmatched,
			workspace,
			auditFile,
			launcher,
			env,
			dispose: () => {
				endSnapshotKeepers(workspace);
				if (process.env.HOOKWARDEN_KEEP_COPILOT_RUNS !== '1') {
					rmSync(root, { recursive: true, force: true });
				}
			},
		};
	} finally {
		await model?.close();
	}
}

/**
 * Ends the snapshot keepers the run's bridges started (detached, so the CLI's process group does not hold them): they
 * would otherwise wait out their idle time in a folder about to be removed.
 */
function endSnapshotKeepers(workspace: string): void {
	for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
		try {
			const line = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
			if (line.includes('--snapshot-keeper') && line.includes(workspace)) {
				process.kill(Number(pid));
			}
		} catch {
			// Ended meanwhile.
		}
	}
}

function runWithDeadline(
	command: string,
	args: readonly string[],
	cwd: string,
	env: NodeJS.ProcessEnv,
	timeoutMs: number,
): Promise<{ exitCode: number | null; timedOut: boolean; stdout: string; stderr: string }> {
	return new Promise((done, fail) => {
		// Its own process group, so a deadline kills the CLI and every hook it started.
		const child = spawn(command, args, {
			cwd,
			env,
			detached: true,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		let timedOut = false;
		child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
		child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
		const timer = setTimeout(() => {
			timedOut = true;
			try {
				process.kill(-(child.pid ?? 0), 'SIGKILL');
			} catch {
				child.kill('SIGKILL');
			}
		}, timeoutMs);
		child.once('error', (error) => {
			clearTimeout(timer);
			fail(error);
		});
		child.once('close', (code) => {
			clearTimeout(timer);
			done({ exitCode: code, timedOut, stdout, stderr });
		});
	});
}
