/**
 * FakeLM: a test-only extension (never in Hookwarden's .vsix) that lets VS Code's built-in Copilot Chat run real
 * agent-mode requests offline (/work/shared/real-hook-runner.md).
 *
 * - It registers a language model through the stable `vscode.lm.registerLanguageModelChatProvider` API whose answers
 *   follow a scripted scenario (./script.ts): a tool call, then text; `runSubagent` whose subagent calls a tool; ...
 * - *FakeLM: Send Agent Request* (`fakelm.send`) enables the built-in Copilot Chat when a fresh profile left it
 *   disabled, opens a new chat and sends the scenario's prompt in agent mode with the fake model.
 *
 * Control folder (`FAKELM_CONTROL_DIR` in the extension host's environment), how a test drives it:
 * - `scenario.json` (written by the test): the `AgentScenario` the next *Send Agent Request* sends;
 * - `requests.jsonl` (written here): one `RequestLogEntry` per model request, with the tool results it carried — this
 *   is how a test sees the deny reason the model received;
 * - `hookwarden-events.jsonl` (written here): every event Hookwarden's exported API reports (`onDidRecordEvent`);
 * - `status.jsonl` (written here): `sent` / `error` lines from the command, e.g. when Copilot Chat never appears.
 *
 * Every request picks its scenario from its own text (`scenarioFor`): scenarios sent by the command first (a test's
 * own scripts), then DEMO_SCENARIOS, so a prompt typed into Chat works before, after and between sends. Without a
 * control folder (the `npm start` demo) the command offers DEMO_SCENARIOS in a quick pick; with `FAKELM_DEMO=1` the
 * extension also gets Chat ready on start-up (Copilot Chat enabled, agent mode, Fake Model selected), so typing a
 * demo prompt needs no sign-in.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import * as vscode from 'vscode';

import {
	type AgentScenario,
	DEMO_SCENARIOS,
	type RequestLogEntry,
	type SeenRequest,
	answer,
	inWorkspace,
	scenarioFor,
	text,
	unscriptedReply,
} from './script';

export const VENDOR = 'fakelm';
export const MODEL_ID = 'fake-model';
const COPILOT_CHAT = 'GitHub.copilot-chat';

/** What the extension exports (`vscode.extensions.getExtension('hookwarden-test.fakelm')?.exports`). */
export interface FakeLmApi {
	readonly demoScenarios: readonly AgentScenario[];
	/** Sends a scenario as *Send Agent Request* does; resolves once the request is sent (not finished). */
	send(scenario: AgentScenario): Promise<void>;
}

/** Scenarios the command sent, newest first; a request whose text names none of them falls back to the demo ones. */
const sent: AgentScenario[] = [];
let callCounter = 0;

const controlDir =
	process.env.FAKELM_CONTROL_DIR === '' ? undefined : process.env.FAKELM_CONTROL_DIR;

function appendLine(file: string, value: unknown): void {
	if (!controlDir) {
		return;
	}
	fs.appendFileSync(path.join(controlDir, file), `${JSON.stringify(value)}\n`);
}

export function activate(context: vscode.ExtensionContext): FakeLmApi {
	context.subscriptions.push(
		vscode.lm.registerLanguageModelChatProvider(VENDOR, new ScriptedModel()),
		vscode.commands.registerCommand('fakelm.send', async () => {
			const scenario = readControlScenario() ?? (await pickDemoScenario());
			if (scenario) {
				await send(scenario);
			}
		}),
	);
	void watchHookwarden(context);
	if (process.env.FAKELM_DEMO === '1') {
		// A fresh browser profile disables Copilot Chat again on every window load, possibly after this ran:
		// whenever it goes missing, enable it again.
		context.subscriptions.push(
			vscode.extensions.onDidChange(() => {
				const present = vscode.extensions.getExtension(COPILOT_CHAT) !== undefined;
				appendLine('status.jsonl', { at: Date.now(), status: 'extensions-changed', present });
				if (!present) {
					void vscode.commands.executeCommand('workbench.extensions.action.enableAll');
				}
			}),
		);
		void prepareDemoChat();
	}
	return { demoScenarios: DEMO_SCENARIOS, send };
}

export function deactivate(): void {
	// Everything is in context.subscriptions.
}

function readControlScenario(): AgentScenario | undefined {
	if (!controlDir) {
		return undefined;
	}
	const file = path.join(controlDir, 'scenario.json');
	return fs.existsSync(file)
		? (JSON.parse(fs.readFileSync(file, 'utf8')) as AgentScenario)
		: undefined;
}

async function pickDemoScenario(): Promise<AgentScenario | undefined> {
	const picked = await vscode.window.showQuickPick(
		DEMO_SCENARIOS.map((s) => ({ label: s.prompt, description: s.id, scenario: s })),
		{ title: 'FakeLM: what should the scripted agent do?' },
	);
	return picked?.scenario;
}

async function send(scenario: AgentScenario): Promise<void> {
	try {
		for (const [key, value] of Object.entries(scenario.settings ?? {})) {
			await vscode.workspace
				.getConfiguration()
				.update(key, value ?? undefined, vscode.ConfigurationTarget.Global);
		}
		await ensureCopilotChat();
		sent.splice(0, sent.length, scenario, ...sent.filter((s) => s.id !== scenario.id));
		// A fresh chat each time, so each scenario is its own session (its own SessionStart and session_id).
		await vscode.commands.executeCommand('workbench.action.chat.newChat');
		await vscode.commands.executeCommand('workbench.action.chat.open', {
			query: scenario.prompt,
			mode: 'agent',
			modelSelector: { vendor: VENDOR, id: MODEL_ID },
		});
		appendLine('status.jsonl', { at: Date.now(), status: 'sent', scenario: scenario.id });
	} catch (error) {
		const message = error instanceof Error ? error.message : String(error);
		appendLine('status.jsonl', { at: Date.now(), status: 'error', scenario: scenario.id, message });
		void vscode.window.showErrorMessage(`FakeLM: ${message}`);
	}
}

/**
 * The demo's start-up: a fresh profile has Copilot Chat disabled, and a request typed then opens the GitHub sign-in
 * dialog. Installing Hookwarden's hooks in the demo folder, enabling Copilot Chat and opening Chat in agent mode with
 * the Fake Model selected lets a person just type.
 */
async function prepareDemoChat(): Promise<void> {
	try {
		// Hookwarden's hook file in the demo folder, as "Hookwarden: Install Hooks" (This Workspace) writes it.
		const folder = vscode.workspace.workspaceFolders?.[0];
		if (
			folder?.uri.scheme === 'file' &&
			!fs.existsSync(path.join(folder.uri.fsPath, '.github', 'hooks', 'hookwarden.json'))
		) {
			await vscode.commands.executeCommand('hookwarden.installHooks', 'workspace');
		}
		appendLine('status.jsonl', {
			at: Date.now(),
			status: 'demo-start',
			present: vscode.extensions.getExtension(COPILOT_CHAT) !== undefined,
		});
		// Typing before this finishes meets the sign-in dialog; say so while it lasts (a few seconds).
		await vscode.window.withProgress(
			{
				location: vscode.ProgressLocation.Notification,
				title: 'FakeLM: getting Chat ready for the Hookwarden demo…',
			},
			async () => {
				await createWalkthroughRegistry();
				await enableAllExtensions();
				await ensureCopilotChat();
			},
		);
		await vscode.commands.executeCommand('workbench.action.chat.open', {
			mode: 'agent',
			modelSelector: { vendor: VENDOR, id: MODEL_ID },
		});
		appendLine('status.jsonl', { at: Date.now(), status: 'demo-ready' });
		void vscode.window.setStatusBarMessage(
			'FakeLM: Chat is ready — type a demo prompt, e.g. "Publish the package."',
			30_000,
		);
	} catch (error) {
		const message = error instanceof Error ? error.message : String(error);
		appendLine('status.jsonl', { at: Date.now(), status: 'demo-error', message });
		void vscode.window.showErrorMessage(
			`FakeLM: could not get Chat ready (${message}). Run "Extensions: Enable All Extensions", then pick "Fake Model" in the Chat view.`,
		);
	}
}

/**
 * Makes the workbench create its walkthrough registry before Copilot Chat is enabled. The registry is created when
 * something first needs it (the Welcome page, *Open Walkthrough*), and its extension-point handler reads only the
 * newest change to the set of extensions, not the set: created after enabling Copilot Chat, it lists Copilot Chat's
 * walkthroughs and no one else's, so *Get Started with Hookwarden* was missing from a demo whose Welcome page had not
 * opened yet. *Mark Step as Incomplete* with a step id nobody has creates it and changes nothing; it then fails to find
 * the step, which is expected.
 */
async function createWalkthroughRegistry(): Promise<void> {
	try {
		await vscode.commands.executeCommand('welcome.markStepIncomplete', 'hookwarden-test.fakelm#none');
	} catch {
		// "step which does not exist": the registry exists now.
	}
}

/** *Extensions: Enable All Extensions*, retried while the workbench has not registered it yet (early start-up). */
async function enableAllExtensions(): Promise<void> {
	for (let attempt = 1; ; attempt++) {
		try {
			await vscode.commands.executeCommand('workbench.extensions.action.enableAll');
			return;
		} catch (error) {
			if (attempt >= 20) {
				throw error;
			}
			await new Promise((resolve) => setTimeout(resolve, 500));
		}
	}
}

/**
 * VS Code disables the built-in Copilot Chat on every fresh profile that never signed in
 * (`ensureChatExtensionInitialDisabledState`); *Extensions: Enable All Extensions* brings it back without a reload.
 */
async function ensureCopilotChat(timeoutMs = 30_000): Promise<void> {
	let chat = vscode.extensions.getExtension(COPILOT_CHAT);
	if (!chat) {
		const appeared = new Promise<vscode.Extension<unknown> | undefined>((resolve) => {
			const timer = setTimeout(() => {
				listener.dispose();
				resolve(vscode.extensions.getExtension(COPILOT_CHAT));
			}, timeoutMs);
			const listener = vscode.extensions.onDidChange(() => {
				const found = vscode.extensions.getExtension(COPILOT_CHAT);
				if (found) {
					clearTimeout(timer);
					listener.dispose();
					resolve(found);
				}
			});
		});
		await vscode.commands.executeCommand('workbench.extensions.action.enableAll');
		chat = vscode.extensions.getExtension(COPILOT_CHAT) ?? (await appeared);
	}
	if (!chat) {
		throw new Error(
			`Copilot Chat (${COPILOT_CHAT}) never became available within ${timeoutMs / 1000} s after "Extensions: Enable All Extensions"; installed: ${vscode.extensions.all
				.map((e) => e.id)
				.filter((id) => !id.startsWith('vscode.'))
				.join(', ')}`,
		);
	}
	if (!chat.isActive) {
		await chat.activate();
	}
	// Copilot Chat registers its agent a moment after activating; its own models appearing is the sign it did.
	const deadline = Date.now() + 15_000;
	while (Date.now() < deadline) {
		const models = await vscode.lm.selectChatModels();
		if (models.some((m) => m.vendor !== VENDOR)) {
			return;
		}
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

/** Mirrors Hookwarden's recorded events (its exported API) into the control folder, for tests to wait on. */
async function watchHookwarden(context: vscode.ExtensionContext): Promise<void> {
	if (!controlDir) {
		return;
	}
	interface Recorded {
		sequence: number;
		sessionId: string;
		agentId?: string;
		event: { name: string; tool?: { name?: string } };
		decision: {
			verdict?: string;
			reason?: string;
			decidedBy?: { providerId: string; ruleId?: string };
		};
		approval?: { kind: string };
	}
	interface Api {
		onDidRecordEvent: vscode.Event<Recorded>;
	}
	for (let attempt = 0; attempt < 120; attempt++) {
		const ext = vscode.extensions.getExtension<Api>('hookwarden.hookwarden');
		if (ext) {
			const api = ext.isActive ? ext.exports : await ext.activate();
			context.subscriptions.push(
				api.onDidRecordEvent((e) =>
					appendLine('hookwarden-events.jsonl', {
						sequence: e.sequence,
						name: e.event.name,
						tool: e.event.tool?.name,
						sessionId: e.sessionId,
						agentId: e.agentId,
						verdict: e.decision.verdict,
						reason: e.decision.reason,
						decidedBy: e.decision.decidedBy,
						approval: e.approval?.kind,
					}),
				),
			);
			return;
		}
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
}

/** Flattens the request into what the script looks at. Parts are duck-typed: text has `value`, results `callId`. */
function seenRequest(
	messages: readonly vscode.LanguageModelChatRequestMessage[],
	options: vscode.ProvideLanguageModelChatResponseOptions,
): SeenRequest {
	const userTexts: string[] = [];
	const resultsBefore: number[] = [];
	const toolResults: { callId: string; text: string }[] = [];
	for (const message of messages) {
		for (const part of message.content) {
			if (part instanceof vscode.LanguageModelToolResultPart || isToolResult(part)) {
				toolResults.push({ callId: part.callId, text: flattenText(part.content) });
			} else if (
				message.role === vscode.LanguageModelChatMessageRole.User &&
				(part instanceof vscode.LanguageModelTextPart || isTextPart(part))
			) {
				userTexts.push(part.value);
				resultsBefore.push(toolResults.length);
			}
		}
	}
	return {
		userTexts,
		toolResults,
		tools: (options.tools ?? []).map((t) => t.name),
		resultsBefore,
	};
}

function isToolResult(part: unknown): part is { callId: string; content: unknown[] } {
	return (
		typeof part === 'object' &&
		part !== null &&
		typeof (part as { callId?: unknown }).callId === 'string' &&
		Array.isArray((part as { content?: unknown }).content)
	);
}

function isTextPart(part: unknown): part is { value: string } {
	return (
		typeof part === 'object' &&
		part !== null &&
		typeof (part as { value?: unknown }).value === 'string'
	);
}

/** The text inside a tool result: text parts as they are, anything else (prompt-tsx trees, data) as JSON. */
function flattenText(content: readonly unknown[]): string {
	return content
		.map((c) => {
			if (isTextPart(c)) {
				return c.value;
			}
			if (c instanceof vscode.LanguageModelDataPart) {
				return Buffer.from(c.data).toString('utf8');
			}
			return JSON.stringify(c);
		})
		.join('\n');
}

const UNSCRIPTED: AgentScenario = {
	id: 'unscripted',
	prompt: '',
	steps: [text(unscriptedReply())],
};

class ScriptedModel implements vscode.LanguageModelChatProvider {
	provideLanguageModelChatInformation(): vscode.LanguageModelChatInformation[] {
		return [
			{
				id: MODEL_ID,
				name: 'Fake Model',
				family: 'fake',
				version: '1.0.0',
				tooltip: 'Scripted test model (Hookwarden end-to-end tests)',
				maxInputTokens: 128_000,
				maxOutputTokens: 4_096,
				capabilities: { toolCalling: true },
			},
		];
	}

	async provideLanguageModelChatResponse(
		_model: vscode.LanguageModelChatInformation,
		messages: readonly vscode.LanguageModelChatRequestMessage[],
		options: vscode.ProvideLanguageModelChatResponseOptions,
		progress: vscode.Progress<vscode.LanguageModelResponsePart>,
	): Promise<void> {
		const seen = seenRequest(messages, options);
		const scenario = scenarioFor(seen, [...sent, ...DEMO_SCENARIOS]) ?? UNSCRIPTED;
		const scripted = answer(scenario, seen);
		const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === 'file');
		const reply = { ...scripted, answer: inWorkspace(scripted.answer, folder?.uri.fsPath) };
		appendLine('requests.jsonl', {
			...reply,
			at: Date.now(),
			scenario: scenario.id,
			userTexts: seen.userTexts.map((t) => (t.length > 2000 ? `${t.slice(0, 2000)}…` : t)),
			toolResults: seen.toolResults,
			toolCount: seen.tools.length,
		} satisfies RequestLogEntry);
		const step = reply.answer;
		if (step.kind === 'tool') {
			progress.report(
				new vscode.LanguageModelToolCallPart(`fakelm_${++callCounter}`, step.tool, step.input),
			);
		} else {
			progress.report(new vscode.LanguageModelTextPart(step.text));
		}
		await Promise.resolve();
	}

	provideTokenCount(
		_model: vscode.LanguageModelChatInformation,
		value: string | vscode.LanguageModelChatRequestMessage,
	): Promise<number> {
		const length =
			typeof value === 'string'
				? value.length
				: value.content.reduce<number>(
						(n, part) => n + (isTextPart(part) ? part.value.length : JSON.stringify(part).length),
						0,
					);
		return Promise.resolve(Math.ceil(length / 4));
	}
}
