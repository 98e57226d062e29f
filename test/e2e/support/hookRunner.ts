/**
 * Plays VS Code's agent-hook runner (Copilot Chat's Local harness, `hookExecutor.ts`; see
 * /work/shared/hooks-contract.md §2.2 and /work/shared/real-hook-runner.md §4) against a hook file on disk:
 * pick the entry for an event and OS, run its command through `/bin/sh -c` with the payload as one JSON document
 * on stdin, the workspace as cwd and the given environment, and read stdout as one JSON document.
 *
 * No `vscode` import: used by extension-host tests and by UI specs in plain Node alike.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { VSCODE_HOOK_EVENTS } from '../../../src/core/events/hookEventName';

/** The eight events VS Code's Local harness fires, in the order a session meets them. */
export const LOCAL_HOOK_EVENTS = VSCODE_HOOK_EVENTS;

export type LocalHookEvent = (typeof LOCAL_HOOK_EVENTS)[number];

/** One command entry as VS Code reads it (flat, or one of the `hooks` of a nested `{matcher, hooks}` entry). */
export interface HookFileEntry {
	readonly type?: string;
	readonly command?: string;
	readonly windows?: string;
	readonly linux?: string;
	readonly osx?: string;
	readonly powershell?: string;
	readonly bash?: string;
	readonly cwd?: string;
	readonly env?: Readonly<Record<string, string>>;
	readonly timeout?: number;
	readonly [key: string]: unknown;
}

export interface HookFileJson {
	readonly version?: number;
	readonly hooks: Readonly<Record<string, readonly unknown[]>>;
	readonly [key: string]: unknown;
}

/** Reads and parses a hook file; throws with the path when it is missing or not a hook file. */
export function readHookFileJson(file: string): HookFileJson {
	const json = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
	if (
		typeof json !== 'object' ||
		json === null ||
		typeof (json as { hooks?: unknown }).hooks !== 'object'
	) {
		throw new Error(`${file} is not a hook file (no "hooks" object)`);
	}
	return json as HookFileJson;
}

/** The command entries registered for an event (flat entries, and the inner hooks of nested ones), in file order. */
export function entriesFor(file: HookFileJson, event: string): HookFileEntry[] {
	const out: HookFileEntry[] = [];
	for (const raw of file.hooks[event] ?? []) {
		const nested = (raw as { hooks?: unknown }).hooks;
		for (const candidate of Array.isArray(nested) ? nested : [raw]) {
			const entry = candidate as HookFileEntry;
			if (entry.type === undefined || entry.type === 'command') {
				out.push(entry);
			}
		}
	}
	return out;
}

/** The command string VS Code runs for an entry on a platform: the OS-specific field when present, else `command`. */
export function commandFor(
	entry: HookFileEntry,
	platform: NodeJS.Platform = process.platform,
): string {
	const specific =
		platform === 'win32' ? entry.windows : platform === 'darwin' ? entry.osx : entry.linux;
	const command = specific ?? entry.command;
	if (!command) {
		throw new Error(`hook entry has no command for ${platform}: ${JSON.stringify(entry)}`);
	}
	return command;
}

/** What one hook process did. */
export interface HookRun {
	readonly command: string;
	/** null when killed by a signal. */
	readonly exitCode: number | null;
	readonly signal: NodeJS.Signals | null;
	readonly stdout: string;
	readonly stderr: string;
	/** `JSON.parse` of the whole stdout, as the runner does; undefined when stdout is empty or not JSON. */
	readonly json: Record<string, unknown> | undefined;
	readonly timedOut: boolean;
	readonly durationMs: number;
}

export interface RunHookOptions {
	/** The hook's cwd: VS Code uses the entry's `cwd`, else the workspace folder. */
	readonly cwd: string;
	/** The whole environment (the runner gives the extension host's `process.env`, minus OTel variables). */
	readonly env: NodeJS.ProcessEnv;
	/** Seconds before SIGTERM (then SIGKILL 5 s later); default the entry's `timeout`, else 30 as VS Code does. */
	readonly timeoutSeconds?: number;
}

/** The environment VS Code's runner gives a hook: the extension host's, without OpenTelemetry variables. */
export function runnerEnv(base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
	return Object.fromEntries(Object.entries(base).filter(([key]) => !key.startsWith('OTEL_')));
}

/** Runs one command as VS Code does on POSIX (`spawn(command, { shell: true })`, i.e. `/bin/sh -c`). */
export function runHookCommand(
	command: string,
	stdin: string | undefined,
	options: RunHookOptions,
): Promise<HookRun> {
	const started = Date.now();
	const timeoutMs = (options.timeoutSeconds ?? 30) * 1000;
	return new Promise((resolve, reject) => {
		const child = spawn('/bin/sh', ['-c', command], {
			cwd: options.cwd,
			env: options.env,
			stdio: ['pipe', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		let timedOut = false;
		let killTimer: NodeJS.Timeout | undefined;
		const timer = setTimeout(() => {
			timedOut = true;
			child.kill('SIGTERM');
			killTimer = setTimeout(() => child.kill('SIGKILL'), 5_000);
		}, timeoutMs);
		child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
		child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
		child.stdin.on('error', () => undefined); // a hook that exits without reading stdin (EPIPE)
		child.on('error', (err) => {
			clearTimeout(timer);
			clearTimeout(killTimer);
			reject(err);
		});
		child.on('close', (exitCode, signal) => {
			clearTimeout(timer);
			clearTimeout(killTimer);
			let json: Record<string, unknown> | undefined;
			if (stdout.trim() !== '') {
				try {
					const parsed = JSON.parse(stdout) as unknown;
					json =
						typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
							? (parsed as Record<string, unknown>)
							: undefined;
				} catch {
					json = undefined;
				}
			}
			resolve({
				command,
				exitCode,
				signal,
				stdout,
				stderr,
				json,
				timedOut,
				durationMs: Date.now() - started,
			});
		});
		if (stdin === undefined) {
			child.stdin.end();
		} else {
			child.stdin.end(stdin);
		}
	});
}

/**
 * Runs every entry a hook file registers for `event` with `payload` (JSON-stringified, as the runner writes it), in
 * order, the way VS Code does; returns one run per entry. Throws when the file registers nothing for the event.
 */
export async function runHookEvent(
	hookFile: string | HookFileJson,
	event: string,
	payload: unknown,
	options: Omit<RunHookOptions, 'timeoutSeconds'> & { readonly timeoutSeconds?: number },
): Promise<HookRun[]> {
	const file = typeof hookFile === 'string' ? readHookFileJson(hookFile) : hookFile;
	const entries = entriesFor(file, event);
	if (entries.length === 0) {
		throw new Error(
			`the hook file registers nothing for ${event}; events: ${Object.keys(file.hooks).join(', ')}`,
		);
	}
	const runs: HookRun[] = [];
	for (const entry of entries) {
		const cwd = entry.cwd ? path.resolve(options.cwd, entry.cwd) : options.cwd;
		runs.push(
			await runHookCommand(commandFor(entry), JSON.stringify(payload), {
				cwd,
				env: { ...options.env, ...entry.env },
				timeoutSeconds: options.timeoutSeconds ?? entry.timeout ?? 30,
			}),
		);
	}
	return runs;
}

/** One line describing a run, for assertion messages. */
export function describeRun(run: HookRun): string {
	return `exit ${run.exitCode ?? run.signal}${run.timedOut ? ' (timed out)' : ''} after ${run.durationMs} ms; stdout ${JSON.stringify(run.stdout)}; stderr ${JSON.stringify(run.stderr)}`;
}

// ---------------------------------------------------------------- payloads

/** What a session's payloads share: the session, the workspace (also `cwd`) and where the transcript lives. */
export interface PayloadSession {
	readonly sessionId: string;
	readonly workspace: string;
	/** The server's `--user-data-dir` (for `transcript_path`); any folder will do. */
	readonly userDataDir: string;
	/** Defaults to `7d1bc3a7`, as in the recorded runs. */
	readonly workspaceStorageId?: string;
}

/** The fields of one event, on top of the common ones; see {@link vscodePayload}. */
export type EventFields =
	| { readonly event: 'SessionStart'; readonly model?: string }
	| { readonly event: 'UserPromptSubmit'; readonly prompt: string }
	| {
			readonly event: 'PreToolUse';
			readonly toolName: string;
			readonly toolInput: Record<string, unknown>;
			readonly toolUseId: string;
	  }
	| {
			readonly event: 'PostToolUse';
			readonly toolName: string;
			readonly toolInput: Record<string, unknown>;
			readonly toolUseId: string;
			readonly toolResponse: string;
	  }
	| { readonly event: 'PreCompact' }
	| { readonly event: 'SubagentStart'; readonly agentId: string; readonly agentType?: string }
	| { readonly event: 'SubagentStop'; readonly agentId: string; readonly agentType?: string }
	| { readonly event: 'Stop' };

/**
 * A payload exactly as VS Code 1.139's Local runner writes it (field names and order recorded in
 * real-hook-runner.md §4): `timestamp`, `hook_event_name`, `session_id`, `transcript_path`, the event's own fields,
 * then `cwd`.
 */
export function vscodePayload(
	session: PayloadSession,
	fields: EventFields,
): Record<string, unknown> {
	const storage = session.workspaceStorageId ?? '7d1bc3a7';
	const common = {
		timestamp: new Date().toISOString(),
		hook_event_name: fields.event,
		session_id: session.sessionId,
		transcript_path: path.join(
			session.userDataDir,
			'User',
			'workspaceStorage',
			storage,
			'GitHub.copilot-chat',
			'transcripts',
			`${session.sessionId}.jsonl`,
		),
	};
	let specific: Record<string, unknown>;
	switch (fields.event) {
		case 'SessionStart':
			specific = { source: 'new', model: fields.model ?? 'fake-model' };
			break;
		case 'UserPromptSubmit':
			specific = { prompt: fields.prompt };
			break;
		case 'PreToolUse':
			specific = {
				tool_name: fields.toolName,
				tool_input: fields.toolInput,
				tool_use_id: fields.toolUseId,
			};
			break;
		case 'PostToolUse':
			specific = {
				tool_name: fields.toolName,
				tool_input: fields.toolInput,
				tool_response: fields.toolResponse,
				tool_use_id: fields.toolUseId,
			};
			break;
		case 'PreCompact':
			specific = { trigger: 'auto' };
			break;
		case 'SubagentStart':
			specific = { agent_id: fields.agentId, agent_type: fields.agentType ?? 'default' };
			break;
		case 'SubagentStop':
			specific = {
				agent_id: fields.agentId,
				agent_type: fields.agentType ?? 'default',
				stop_hook_active: false,
			};
			break;
		case 'Stop':
			specific = { stop_hook_active: false };
			break;
	}
	return { ...common, ...specific, cwd: session.workspace };
}

/** `run_in_terminal`'s `tool_input` as the recorded runs show it. */
export function terminalInput(command: string): Record<string, unknown> {
	return { command, explanation: 'x', goal: 'x', mode: 'sync', isBackground: false };
}

/** A tool-use id in VS Code's shape (`call_<n>__vscode-<number>`). */
export function toolUseId(n: number): string {
	return `call_${n}__vscode-${1795317900000 + n}`;
}

// ---------------------------------------------------------------- waiting

/** Polls `probe` until it returns something other than undefined; throws `describe()` after `timeoutMs`. */
export async function pollUntil<T>(
	probe: () => T | undefined | Promise<T | undefined>,
	options: { readonly timeoutMs?: number; readonly describe: () => string },
): Promise<T> {
	const deadline = Date.now() + (options.timeoutMs ?? 10_000);
	let lastError: unknown;
	for (;;) {
		try {
			const value = await probe();
			if (value !== undefined) {
				return value;
			}
		} catch (err) {
			lastError = err;
		}
		if (Date.now() >= deadline) {
			const cause =
				lastError === undefined
					? ''
					: ` (last error: ${lastError instanceof Error ? lastError.message : JSON.stringify(lastError)})`;
			throw new Error(
				`Timed out after ${options.timeoutMs ?? 10_000} ms: ${options.describe()}${cause}`,
			);
		}
		await new Promise((r) => setTimeout(r, 50));
	}
}

/**
 * The test process's environment without the HOOKWARDEN_* variables a developer's own VS Code terminal may carry
 * (endpoint, secret, settings), so a spec reaches only the window it started; the harness's own E2E variables stay.
 */
export function withoutHookwardenRouting(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
	return Object.fromEntries(
		Object.entries(env).filter(
			([key]) =>
				!key.startsWith('HOOKWARDEN_') ||
				key.startsWith('HOOKWARDEN_E2E_') ||
				key === 'HOOKWARDEN_ROOT',
		),
	);
}
