/*
 * A scripted fake of the Copilot API on loopback: the model for VS Code's Copilot harness (the Agent Host), which takes
 * its models from the Copilot API rather than from an extension (recipe: /work/shared/real-agent-host.md). The Agent
 * Host and its Copilot runtime are pointed at it with `VSCODE_AGENT_HOST_CAPI_URL_OVERRIDE` and
 * `COPILOT_DEBUG_GITHUB_API_URL`; it answers the user lookup, the model list, and each model turn as OpenAI Responses
 * server-sent events. Like FakeLM, it chooses each answer from the request alone: the step is the number of tool
 * results since the last user message, so a turn replayed or retried gets the same answer. Every request is logged.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The model's id and the name the model picker shows. */
export const FAKE_CAPI_MODEL = { id: 'fake-model', name: 'Fake CAPI Model' } as const;

/** One model turn: a tool call, a text answer, or an HTTP error. */
export type CapiStep =
	| { readonly tool: string; readonly args: Readonly<Record<string, unknown>> }
	| { readonly text: string }
	| { readonly error: number; readonly message?: string };

/** A scenario: the steps of the main agent, chosen by how many tool results its conversation holds since the prompt. */
export interface CapiScript {
	readonly steps: readonly CapiStep[];
	/**
	 * Steps for a subagent's conversation, told apart by `marker` in its first user message (the `task` tool's prompt).
	 */
	readonly subagent?: { readonly marker: string; readonly steps: readonly CapiStep[] };
}

/** One model turn the fake answered. */
export interface CapiTurn {
	readonly role: 'agent' | 'subagent';
	readonly step: number;
	/** The last user message's text. */
	readonly prompt: string;
	/** Tool results in the conversation since the prompt, in order (`output` of each `function_call_output`). */
	readonly toolResults: readonly string[];
	/** All text the model was given (instructions and messages), for finding injected context. */
	readonly context: string;
	/** The tool names offered. */
	readonly tools: readonly string[];
	readonly answer: CapiStep;
}

/** A running fake. */
export interface FakeCopilotApi {
	/** `http://127.0.0.1:<port>`: the value of both environment variables. */
	readonly url: string;
	/** Every model turn, in arrival order. */
	readonly turns: readonly CapiTurn[];
	/** Every request as `METHOD path status`, in arrival order. */
	readonly requests: readonly string[];
	/** The script later turns follow. */
	setScript(script: CapiScript): void;
	close(): Promise<void>;
}

/** The environment the VS Code server needs so its Agent Host and Copilot runtime use this fake. */
export function fakeCopilotApiEnv(api: Pick<FakeCopilotApi, 'url'>): Record<string, string> {
	return { COPILOT_DEBUG_GITHUB_API_URL: api.url, VSCODE_AGENT_HOST_CAPI_URL_OVERRIDE: api.url };
}

/** How the Copilot runtime opens a user message that carries a hook's `additionalContext` to the model. */
export const HOOK_CONTEXT_PREFIX = 'Additional context from ';

interface ResponsesInputItem {
	readonly type?: string;
	readonly role?: string;
	readonly content?: unknown;
	readonly output?: unknown;
}

/** Starts the fake on an ephemeral loopback port; past the end of a script it answers "Done.". */
export async function startFakeCopilotApi(
	initial: CapiScript = { steps: [] },
): Promise<FakeCopilotApi> {
	let script = initial;
	const turns: CapiTurn[] = [];
	const requests: string[] = [];
	let url = '';
	const server = createServer((req: IncomingMessage, res: ServerResponse) => {
		let body = '';
		req.setEncoding('utf8');
		req.on('data', (chunk: string) => (body += chunk));
		req.on('end', () => {
			const route = (req.url ?? '').split('?')[0] ?? '';
			const log = (status: number) => requests.push(`${req.method ?? '?'} ${route} ${status}`);
			if (req.method === 'GET' && route === '/copilot_internal/user') {
				log(200);
				json(res, 200, {
					login: 'fake-user',
					copilot_plan: 'individual',
					chat_enabled: true,
					endpoints: { api: url, proxy: url },
				});
				return;
			}
			if (req.method === 'GET' && route === '/models') {
				log(200);
				json(res, 200, { object: 'list', data: [modelEntry()] });
				return;
			}
			if (req.method === 'POST' && route === '/responses') {
				let parsed: { input?: unknown; instructions?: unknown; tools?: unknown } = {};
				try {
					parsed = JSON.parse(body) as typeof parsed;
				} catch {
					// An unreadable request is answered like an empty conversation.
				}
				const turn = turnOf(parsed, script);
				turns.push(turn);
				log('error' in turn.answer ? turn.answer.error : 200);
				respond(res, turn.answer, turns.length);
				return;
			}
			log(404);
			json(res, 404, { message: `no route ${req.method ?? '?'} ${route}` });
		});
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(0, '127.0.0.1', resolve);
	});
	url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	return {
		url,
		turns,
		requests,
		setScript: (next) => {
			script = next;
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}

function modelEntry() {
	return {
		id: FAKE_CAPI_MODEL.id,
		name: FAKE_CAPI_MODEL.name,
		object: 'model',
		vendor: 'Fake',
		version: '1',
		model_picker_enabled: true,
		is_chat_default: true,
		policy: { state: 'enabled' },
		supported_endpoints: ['/chat/completions', '/responses'],
		capabilities: {
			type: 'chat',
			family: 'gpt-4.1',
			tokenizer: 'o200k_base',
			limits: {
				max_context_window_tokens: 128000,
				max_prompt_tokens: 120000,
				max_output_tokens: 4096,
			},
			supports: { tool_calls: true, streaming: true, parallel_tool_calls: false },
		},
	};
}

function textOf(content: unknown): string {
	if (typeof content === 'string') {
		return content;
	}
	if (Array.isArray(content)) {
		return (content as unknown[])
			.map((part) =>
				typeof part === 'object' && part !== null && 'text' in part ? String(part.text) : '',
			)
			.join('');
	}
	return '';
}

function turnOf(
	request: { input?: unknown; instructions?: unknown; tools?: unknown },
	script: CapiScript,
): CapiTurn {
	const input = (Array.isArray(request.input) ? request.input : []) as ResponsesInputItem[];
	// The runtime hands hook context to the model as user messages of its own; only the person's prompts count.
	const prompts = input.map(
		(item) => item.role === 'user' && !textOf(item.content).startsWith(HOOK_CONTEXT_PREFIX),
	);
	const firstUser = textOf(input[prompts.indexOf(true)]?.content);
	const lastUserIndex = prompts.lastIndexOf(true);
	const since = input.slice(lastUserIndex + 1);
	const toolResults = since
		.filter((item) => item.type === 'function_call_output')
		.map((item) => (typeof item.output === 'string' ? item.output : JSON.stringify(item.output)));
	const subagent =
		script.subagent && firstUser.includes(script.subagent.marker) ? script.subagent : undefined;
	const steps = subagent ? subagent.steps : script.steps;
	const step = toolResults.length;
	const tools = (Array.isArray(request.tools) ? request.tools : [])
		.map((tool: unknown) =>
			typeof tool === 'object' && tool !== null && 'name' in tool ? String(tool.name) : '',
		)
		.filter(Boolean);
	return {
		role: subagent ? 'subagent' : 'agent',
		step,
		prompt: textOf(input[lastUserIndex]?.content),
		toolResults,
		context: [
			typeof request.instructions === 'string' ? request.instructions : '',
			...input.map((item) => textOf(item.content)),
		].join('\n'),
		tools,
		answer: steps[step] ?? { text: 'Done.' },
	};
}

function json(res: ServerResponse, status: number, value: unknown): void {
	res.writeHead(status, { 'content-type': 'application/json' });
	res.end(JSON.stringify(value));
}

function respond(res: ServerResponse, step: CapiStep, index: number): void {
	if ('error' in step) {
		json(res, step.error, {
			error: { message: step.message ?? 'scripted model error', type: 'invalid_request_error' },
		});
		return;
	}
	res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
	let sequence = 0;
	const send = (type: string, data: Record<string, unknown>) =>
		res.write(
			`event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...data })}\n\n`,
		);
	const response = { id: `resp_${index}`, object: 'response', status: 'in_progress', output: [] };
	send('response.created', { response });
	let item: Record<string, unknown>;
	if ('tool' in step) {
		const args = JSON.stringify(step.args);
		const id = `fc_${index}`;
		item = {
			type: 'function_call',
			id,
			call_id: `call_${index}`,
			name: step.tool,
			arguments: args,
			status: 'completed',
		};
		send('response.output_item.added', {
			output_index: 0,
			item: { ...item, arguments: '', status: 'in_progress' },
		});
		send('response.function_call_arguments.delta', { item_id: id, output_index: 0, delta: args });
		send('response.function_call_arguments.done', {
			item_id: id,
			output_index: 0,
			arguments: args,
		});
	} else {
		const id = `msg_${index}`;
		item = {
			type: 'message',
			id,
			role: 'assistant',
			status: 'completed',
			content: [{ type: 'output_text', text: step.text, annotations: [] }],
		};
		send('response.output_item.added', {
			output_index: 0,
			item: { ...item, content: [], status: 'in_progress' },
		});
		send('response.output_text.delta', {
			item_id: id,
			output_index: 0,
			content_index: 0,
			delta: step.text,
		});
	}
	send('response.output_item.done', { output_index: 0, item });
	send('response.completed', {
		response: {
			...response,
			status: 'completed',
			output: [item],
			usage: { input_tokens: 10, output_tokens: 5, total_tokens: 15 },
		},
	});
	res.end();
}
