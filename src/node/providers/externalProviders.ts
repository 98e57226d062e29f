import type { HookEvent } from '../../core/events/hookEvent';
import { describeSource } from '../../core/policy/describeSource';
import type { CompositeHooksProvider } from '../../core/provider/compositeHooksProvider';
import type { HookDecision } from '../../core/terms/decision';
import type { HookContext, HooksProvider } from '../../core/provider/hooksProvider';
import { HANDLER_NAME } from '../../core/provider/hooksProvider';
import type { ProviderOutput } from '../../core/provider/providerOutput';
import { readProviderOutput } from '../../core/provider/providerOutput';
import { tightenOnly } from '../../core/provider/tightenOnly';
import type { ProviderConfig } from '../../core/settings/providerSettings';
import { providerEvents } from '../../core/settings/providerSettings';
import { childProcess } from '../childProcess';

// A provider's answer is a line or a small JSON document; anything past this is cut off and then unreadable.
const MAX_OUTPUT_BYTES = 1024 * 1024;

type Run = (body: string, event: HookEvent, context: HookContext) => Promise<ProviderOutput>;

/**
 * A {@link HooksProvider} for one `hookwarden.providers` entry: asked only about its `events`, it sends the hook payload
 * as the harness sent it (the normalised event when there is none) to a command's stdin or an HTTP POST, and reads the
 * answer with {@link readProviderOutput}; one that may only tighten keeps only its deny, ask and stop. Failures (spawn errors, HTTP errors, unreadable output) throw, so the chain
 * applies the entry's failAction; its timeout aborts the call.
 */
export function externalProvider(config: ProviderConfig): HooksProvider {
	const run: Run = config.type === 'command' ? runCommand(config) : postHttp(config);
	const decide = async (
		event: HookEvent,
		context: HookContext,
	): Promise<HookDecision | undefined> => {
		const body = JSON.stringify(context.payload ?? event);
		const read = readProviderOutput(await run(body, event, context));
		if (!read.ok) {
			throw new Error(read.problem);
		}
		const answer = read.answer && {
			...read.answer,
			provenance: { providerId: config.id, source: config.source },
		};
		return answer && config.tightenOnly ? tightenOnly(answer) : answer;
	};
	const provider: Record<string, unknown> = { id: config.id };
	for (const name of providerEvents(config)) {
		provider[HANDLER_NAME[name]] = decide;
	}
	return provider as unknown as HooksProvider;
}

/** Registers every configured provider in the chain with its priority, timeout and failAction; the result removes them all. */
export function registerExternalProviders(
	chain: CompositeHooksProvider,
	configs: readonly ProviderConfig[],
	warn: (line: string) => void,
): () => void {
	const removals: (() => void)[] = [];
	for (const config of configs) {
		try {
			removals.push(
				chain.register({
					provider: externalProvider(config),
					...(config.priority !== undefined && { priority: config.priority }),
					...(config.timeoutMs !== undefined && { timeoutMs: config.timeoutMs }),
					...(config.failAction !== undefined && { failAction: config.failAction }),
					source: describeSource(config.source, { withFile: true }),
				}),
			);
		} catch (error) {
			warn(`hookwarden.providers '${config.id}': ${(error as Error).message}`);
		}
	}
	return () => removals.splice(0).forEach((remove) => remove());
}

function runCommand(config: Extract<ProviderConfig, { type: 'command' }>): Run {
	return (body, event, context) =>
		new Promise((resolve, reject) => {
			const child = childProcess().spawn(config.command, config.args ?? [], {
				cwd: context.workspaceFolder ?? event.cwd ?? process.cwd(),
				env: {
					...process.env,
					HOOKWARDEN_EVENT: event.name,
					HOOKWARDEN_SESSION_ID: event.sessionId ?? '',
				},
				stdio: ['pipe', 'pipe', 'pipe'],
				shell: false,
				windowsHide: true,
			});
			const stdout = collect(child.stdout);
			const stderr = collect(child.stderr);
			const onAbort = () => child.kill('SIGKILL');
			context.signal.addEventListener('abort', onAbort, { once: true });
			child.on('error', (error) => {
				context.signal.removeEventListener('abort', onAbort);
				reject(new Error(`could not run '${config.command}': ${error.message}`));
			});
			child.on('close', (code, signal) => {
				context.signal.removeEventListener('abort', onAbort);
				if (code === null) {
					reject(new Error(`'${config.command}' was ended by ${signal ?? 'a signal'}`));
					return;
				}
				resolve({ stdout: stdout(), stderr: stderr(), exitCode: code });
			});
			// A command that answers without reading its stdin is fine: the broken pipe is not its failure.
			child.stdin.on('error', () => undefined);
			child.stdin.end(body);
		});
}

function postHttp(config: Extract<ProviderConfig, { type: 'http' }>): Run {
	return async (body, _event, context) => {
		let response: Response;
		try {
			response = await fetch(config.url, {
				method: 'POST',
				headers: { 'content-type': 'application/json', ...config.headers },
				body,
				signal: context.signal,
				redirect: 'error',
			});
		} catch (error) {
			const cause = (error as { cause?: { message?: string } }).cause?.message;
			throw new Error(`POST ${config.url} failed: ${cause ?? (error as Error).message}`, {
				cause: error,
			});
		}
		const text = (await response.text()).slice(0, MAX_OUTPUT_BYTES);
		if (!response.ok) {
			throw new Error(`POST ${config.url} answered HTTP ${response.status}`);
		}
		return { stdout: text, exitCode: 0 };
	};
}

function collect(stream: NodeJS.ReadableStream): () => string {
	const chunks: Buffer[] = [];
	let size = 0;
	stream.on('data', (chunk: Buffer) => {
		if (size < MAX_OUTPUT_BYTES) {
			chunks.push(chunk);
			size += chunk.length;
		}
	});
	return () => Buffer.concat(chunks).toString('utf8').slice(0, MAX_OUTPUT_BYTES);
}
