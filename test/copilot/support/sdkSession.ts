/*
 * Runs one real Copilot SDK session (`@github/copilot-sdk`, its bundled Copilot runtime, offline) against the scripted
 * model, governed the way an SDK app governs it with `hookwarden/sdk`: `asSessionHooks` for the session's hooks and
 * `asPermissionHandler` for its permission requests, both asking the same chain (Hookwarden's settings-driven policy
 * plus the scenario's own providers). Every decision is appended to an audit log file in Hookwarden's format, as an app
 * would do from `onDecision`. A temporary HOME holds no hook files, so only the app's own hooks govern the session.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

// The SDK is an ES module; this tier's TypeScript is CommonJS, so it is loaded with import() and typed as ESM.
import type { CopilotClient } from '@github/copilot-sdk' with { 'resolution-mode': 'import' };

import type { HookEvent } from '../../../src/core/events/hookEvent';
import type { MergedDecision } from '../../../src/core/terms/decision';
import { toAuditRecord } from '../../../src/core/audit/toAuditRecord';
import { appendAuditLine, newAuditId } from '../../../src/node/audit/auditLogFile';
import type { FailMode, HooksProvider } from '../../../src/sdk';
import {
	CompositeHooksProvider,
	DefaultHooksProvider,
	asPermissionHandler,
	asSessionHooks,
} from '../../../src/sdk';
import type { CopilotPermissionRequest } from '../../../src/sdk/copilotSdkTypes';
import type { ChatMessage, ModelStep } from './modelServer';
import { startModelServer } from './modelServer';

/** One question the permission handler put to the person, and what the person answered. */
export interface AskedPerson {
	readonly kind: string;
	readonly reason?: string;
	readonly command?: string;
	readonly answer: boolean;
}

/** What one SDK scenario sets up. */
export interface SdkSessionOptions {
	readonly prompt: string;
	/** The model's steps, one per chat request. */
	readonly script: readonly ModelStep[];
	/** `hookwarden.*` settings for the policy provider, as a `.vscode/settings.json` holds them. */
	readonly settings?: Readonly<Record<string, unknown>>;
	/** Providers after Hookwarden's policy in the chain. */
	readonly providers?: readonly HooksProvider[];
	readonly failMode?: FailMode;
	/** The person: answers each question the permission handler asks (default: no). */
	readonly person?: (question: Omit<AskedPerson, 'answer'>) => boolean;
	/** Files to create in the workspace, relative path → content. */
	readonly files?: Readonly<Record<string, string>>;
	/** Milliseconds the whole session may take. Default 60 000. */
	readonly timeoutMs?: number;
}

/** What one SDK session left behind. */
export interface SdkSession {
	readonly workspace: string;
	readonly home: string;
	readonly auditFile: string;
	/** The messages of every chat request the model received. */
	readonly requests: readonly (readonly ChatMessage[])[];
	/** Every question the person was asked. */
	readonly asked: readonly AskedPerson[];
	/** The assistant's last message, or the error the session ended with. */
	readonly outcome: { readonly reply?: string; readonly error?: string };
	/** Tool results for calls the adapter had denied (`onDecision`'s not-honoured lines). */
	readonly notHonoured: readonly string[];
	dispose(): void;
}

/** Starts the SDK's runtime, runs one prompt to the end, stops the runtime, and returns what happened. */
export async function runSdkSession(options: SdkSessionOptions): Promise<SdkSession> {
	const root = mkdtempSync(join(tmpdir(), 'hookwarden-sdk-'));
	const home = join(root, 'home');
	const workspace = join(root, 'work');
	const auditFile = join(root, 'audit.jsonl');
	mkdirSync(join(home, '.copilot'), { recursive: true });
	mkdirSync(workspace, { recursive: true });
	for (const [path, content] of Object.entries(options.files ?? {})) {
		mkdirSync(dirname(join(workspace, path)), { recursive: true });
		writeFileSync(join(workspace, path), content);
	}

	const policy = new DefaultHooksProvider({
		settings: options.settings ?? {},
		workspaceFolder: workspace,
		homeDir: home,
	});
	if (policy.problems.length > 0) {
		throw new Error(`the scenario's settings have problems: ${policy.problems.join('; ')}`);
	}
	const chain = new CompositeHooksProvider([policy, ...(options.providers ?? [])]);
	const asked: AskedPerson[] = [];
	const notHonoured: string[] = [];
	let sequence = 0;
	const record = (event: HookEvent, decision: MergedDecision, ignored?: string) => {
		const now = Date.now();
		const recorded = {
			sequence: ++sequence,
			event,
			sessionId: event.sessionId ?? 'no-session',
			decision,
			workspaceFolder: workspace,
			origin: 'headless' as const,
			receivedAt: now,
			answeredAt: now,
			...(ignored !== undefined && { notHonoured: ignored }),
		};
		appendAuditLine(
			{ file: auditFile, maxBytes: 10 * 1024 * 1024, retention: 1 },
			JSON.stringify(toAuditRecord({ recorded }, newAuditId(now))),
		);
	};

	const { CopilotClient: Client } = await import('@github/copilot-sdk');
	const model = await startModelServer(options.script);
	const client = new Client({
		useLoggedInUser: false,
		workingDirectory: workspace,
		// Nothing of the developer's environment (a token, a COPILOT_HOME with hook files) reaches the runtime.
		env: {
			PATH: `${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
			HOME: home,
			COPILOT_HOME: join(home, '.copilot'),
			TMPDIR: tmpdir(),
			LANG: 'C.UTF-8',
		},
		logLevel: 'error',
	});
	const outcome: { reply?: string; error?: string } = {};
	try {
		await client.start();
		const session = await client.createSession({
			model: 'gpt-4.1',
			workingDirectory: workspace,
			provider: {
				type: 'openai',
				wireApi: 'completions',
				baseUrl: model.baseUrl,
				apiKey: 'scripted',
			},
			hooks: asSessionHooks(chain, {
				workspaceFolder: workspace,
				...(options.failMode !== undefined && { failMode: options.failMode }),
				onDecision: (event, decision, check) => {
					if (check.notHonoured !== undefined) {
						notHonoured.push(check.notHonoured);
					}
					record(event, decision, check.notHonoured);
				},
			}),
			// Calls the policy has no opinion on run (the app trusts its tools); only a rule's `ask` reaches the person.
			onPermissionRequest: asPermissionHandler(chain, {
				workspaceFolder: workspace,
				noOpinion: 'approve',
				ask: (request: CopilotPermissionRequest, question) => {
					const command =
						question.event.name === 'PreToolUse' ? question.event.tool.commandLine : undefined;
					const shown = {
						kind: request.kind,
						...(question.reason !== undefined && { reason: question.reason }),
						...(command !== undefined && { command }),
					};
					const answer = options.person?.(shown) ?? false;
					asked.push({ ...shown, answer });
					return answer;
				},
			}),
		});
		try {
			const last = await session.sendAndWait(
				{ prompt: options.prompt },
				options.timeoutMs ?? 60_000,
			);
			const content = (last?.data as { content?: unknown } | undefined)?.content;
			if (typeof content === 'string') {
				outcome.reply = content;
			}
		} catch (error) {
			outcome.error = (error as Error).message;
		}
		await session.disconnect();
	} finally {
		await stopWithin(client, 10_000);
		await model.close();
	}
	return {
		workspace,
		home,
		auditFile,
		requests: model.requests,
		asked,
		outcome,
		notHonoured,
		dispose: () => {
			if (process.env.HOOKWARDEN_KEEP_COPILOT_RUNS !== '1') {
				rmSync(root, { recursive: true, force: true });
			}
		},
	};
}

// The SDK's own advice: a stop that hangs is forced, so a broken runtime never outlives the scenario.
async function stopWithin(client: CopilotClient, ms: number): Promise<void> {
	let timer: ReturnType<typeof setTimeout> | undefined;
	const stopped = await Promise.race([
		client.stop().then(
			() => true,
			() => false,
		),
		new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
	]);
	clearTimeout(timer);
	if (!stopped) {
		await client.forceStop();
	}
}
