/*
 * A scripted OpenAI-compatible model on loopback, for driving the real Copilot CLI offline through BYOK
 * (`COPILOT_PROVIDER_BASE_URL`, see `copilot help providers`). Each chat request takes the next step of the scenario's
 * script: one tool call, a final answer, or an HTTP error. Every request body is kept, so a test reads what the model
 * was told (a tool result, a deny reason, session context). Nothing here reaches the network.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One step of a model script. */
export type ModelStep =
	| { readonly tool: string; readonly args: Readonly<Record<string, unknown>> }
	| { readonly text: string }
	| { readonly error: number; readonly message?: string };

/** A chat message as the CLI sends it. */
export interface ChatMessage {
	readonly role: string;
	readonly content?: string | null;
	readonly tool_call_id?: string;
}

/** A running scripted model. */
export interface ModelServer {
	/** What `COPILOT_PROVIDER_BASE_URL` must be. */
	readonly baseUrl: string;
	/** Every chat request's messages, in arrival order. */
	readonly requests: readonly (readonly ChatMessage[])[];
	/** Requests to routes the server does not know (a CLI change would show up here). */
	readonly unmatched: readonly string[];
	/** Starts a new script: the next chat request takes its first step. */
	setScript(script: readonly ModelStep[]): void;
	close(): Promise<void>;
}

/** Starts a model that answers with `script`, one step per chat request; past the end it answers "done". */
export async function startModelServer(initial: readonly ModelStep[]): Promise<ModelServer> {
	let script = initial;
	const requests: ChatMessage[][] = [];
	const unmatched: string[] = [];
	let next = 0;
	const server = createServer((req: IncomingMessage, res: ServerResponse) => {
		let body = '';
		req.setEncoding('utf8');
		req.on('data', (chunk: string) => (body += chunk));
		req.on('end', () => {
			if (req.method === 'POST' && req.url?.endsWith('/chat/completions')) {
				let parsed: { messages?: ChatMessage[]; stream?: boolean } = {};
				try {
					parsed = JSON.parse(body) as typeof parsed;
				} catch {
					// Kept as an empty request; the script still advances.
				}
				requests.push(parsed.messages ?? []);
				next++;
				answer(res, script[next - 1] ?? { text: 'done' }, parsed.stream === true, next);
				return;
			}
			if (req.method === 'GET' && req.url?.endsWith('/models')) {
				json(res, 200, { object: 'list', data: [{ id: 'scripted', object: 'model' }] });
				return;
			}
			unmatched.push(`${req.method ?? '?'} ${req.url ?? '?'}`);
			json(res, 404, { error: { message: `no route ${req.method ?? '?'} ${req.url ?? '?'}` } });
		});
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(0, '127.0.0.1', resolve);
	});
	const { port } = server.address() as AddressInfo;
	return {
		baseUrl: `http://127.0.0.1:${port}/v1`,
		requests,
		unmatched,
		setScript: (steps) => {
			script = steps;
			next = 0;
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}

function json(res: ServerResponse, status: number, value: unknown): void {
	res.writeHead(status, { 'content-type': 'application/json' });
	res.end(JSON.stringify(value));
}

function answer(res: ServerResponse, step: ModelStep, stream: boolean, index: number): void {
	if ('error' in step) {
		json(res, step.error, {
			error: { message: step.message ?? 'scripted model error', type: 'server_error' },
		});
		return;
	}
	const id = `chatcmpl-${index}`;
	const created = Math.floor(Date.now() / 1000);
	const toolCalls =
		'tool' in step
			? [
					{
						id: `call_${index}`,
						type: 'function',
						function: { name: step.tool, arguments: JSON.stringify(step.args) },
					},
				]
			: undefined;
	const message = toolCalls
		? { role: 'assistant', content: null, tool_calls: toolCalls }
		: { role: 'assistant', content: 'text' in step ? step.text : '' };
	const finish = toolCalls ? 'tool_calls' : 'stop';
	const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
	if (!stream) {
		json(res, 200, {
			id,
			object: 'chat.completion',
			created,
			model: 'scripted',
			choices: [{ index: 0, message, finish_reason: finish }],
			usage,
		});
		return;
	}
	res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
	const chunk = (delta: unknown, finishReason: string | null, extra: object = {}) =>
		res.write(
			`data: ${JSON.stringify({
				id,
				object: 'chat.completion.chunk',
				created,
				model: 'scripted',
				choices: [{ index: 0, delta, finish_reason: finishReason }],
				...extra,
			})}\n\n`,
		);
	chunk(
		toolCalls
			? {
					role: 'assistant',
					content: null,
					tool_calls: toolCalls.map((call, i) => ({ index: i, ...call })),
				}
			: message,
		null,
	);
	chunk({}, finish, { usage });
	res.write('data: [DONE]\n\n');
	res.end();
}
