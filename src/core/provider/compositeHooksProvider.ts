import type { HookEvent } from '../events/hookEvent';
import type {
	FailAction,
	HookDecision,
	MergedDecision,
	Provenance,
	ProviderFailure,
} from '../terms/decision';
import { mergeDecisions } from './mergeDecisions';
import type { HookContext, HooksProvider } from './hooksProvider';
import { HANDLER_NAME } from './hooksProvider';
import { rewrittenEvent, rewrittenPayload } from './rewrittenEvent';

/** How a provider takes part in the chain: its priority (lower runs and merges first), its time budget and what its failure means. */
export interface ProviderRegistration {
	readonly provider: HooksProvider;
	/** Lower first; equal priorities keep registration order. Default 100. */
	readonly priority?: number;
	/** Milliseconds before the provider counts as failed. Default 5000. */
	readonly timeoutMs?: number;
	/** Default `warn`. */
	readonly failAction?: FailAction;
	/** Where the provider comes from, for people (`user settings (…/settings.json)`, `extension acme.tickets`). */
	readonly source?: string;
}

/** One provider in the chain as the *Policies* view shows it: its place, its budget, and how its last call went. */
export interface ProviderState {
	readonly id: string;
	readonly priority: number;
	readonly timeoutMs: number;
	readonly failAction: FailAction;
	readonly source?: string;
	/** Calls answered (or failed) since a provider of this id was first registered in this chain. */
	readonly calls: number;
	readonly lastLatencyMs?: number;
	/** The last failure, if its last call failed. */
	readonly lastError?: string;
}

/** What the chain needs to know about the call besides the event. */
export interface DecideOptions {
	readonly workspaceFolder?: string;
	/** Aborted when the answer is no longer wanted (the hook process went away). */
	readonly signal?: AbortSignal;
	/** The payload as the harness sent it, passed on to providers in their {@link HookContext}. */
	readonly payload?: unknown;
	/** The providers whose rewrites made the event, passed on in their {@link HookContext}. */
	readonly rewrittenBy?: readonly string[];
}

interface Entry {
	readonly provider: HooksProvider;
	readonly priority: number;
	readonly timeoutMs: number;
	readonly failAction: FailAction;
	readonly order: number;
	readonly source?: string;
	calls: number;
	lastLatencyMs?: number;
	lastError?: string;
}

const DEFAULT_PRIORITY = 100;

/** One provider's answer to one ask: a decision, a failure, both (a failure under `block`), or neither. */
interface Outcome {
	readonly decision?: HookDecision;
	readonly failure?: ProviderFailure;
}

// A registration wraps its provider; a provider's own fields never include an object-valued `provider`.
function isRegistration(
	entry: HooksProvider | ProviderRegistration,
): entry is ProviderRegistration {
	const candidate = (entry as Partial<ProviderRegistration>).provider;
	return typeof candidate === 'object' && candidate !== null;
}
const DEFAULT_TIMEOUT_MS = 5000;

/**
 * Asks every registered provider about an event and merges their answers as Astrid merges its handlers: deny > ask >
 * rewrite > allow (see {@link mergeDecisions}; a rewrite is followed by the providers after it).
 * Providers run concurrently, so one slow provider costs its own timeout, not the sum; the merge still follows priority order.
 */
export class CompositeHooksProvider {
	private entries: Entry[] = [];
	private nextOrder = 0;
	/**
	 * How the calls went of providers that were removed, by id: settings providers are registered again after every
	 * settings change, and their counts must not start from zero each time.
	 */
	private readonly pastCalls = new Map<
		string,
		Pick<Entry, 'calls' | 'lastLatencyMs' | 'lastError'>
	>();

	/** Builds the chain from providers (default priority, timeout and failAction) or full registrations, in order. */
	constructor(registrations: readonly (HooksProvider | ProviderRegistration)[] = []) {
		for (const registration of registrations) {
			this.register(registration);
		}
	}

	/**
	 * Adds a provider, bare or with its registration options; the returned function removes it again. A second
	 * provider with the same id is refused.
	 */
	register(providerOrRegistration: HooksProvider | ProviderRegistration): () => void {
		const registration = isRegistration(providerOrRegistration)
			? providerOrRegistration
			: { provider: providerOrRegistration };
		const { provider } = registration;
		if (this.entries.some((entry) => entry.provider.id === provider.id)) {
			throw new Error(`A hooks provider with id '${provider.id}' is already registered.`);
		}
		const entry: Entry = {
			provider,
			priority: registration.priority ?? DEFAULT_PRIORITY,
			timeoutMs: registration.timeoutMs ?? DEFAULT_TIMEOUT_MS,
			failAction: registration.failAction ?? 'warn',
			order: this.nextOrder++,
			...(registration.source !== undefined && { source: registration.source }),
			calls: 0,
			...this.pastCalls.get(provider.id),
		};
		this.entries = [...this.entries, entry].sort(
			(a, b) => a.priority - b.priority || a.order - b.order,
		);
		return () => {
			if (this.entries.includes(entry)) {
				this.entries = this.entries.filter((candidate) => candidate !== entry);
				const { calls, lastLatencyMs, lastError } = entry;
				this.pastCalls.set(provider.id, {
					calls,
					...(lastLatencyMs !== undefined && { lastLatencyMs }),
					...(lastError !== undefined && { lastError }),
				});
			}
		};
	}

	/** Every registered provider in chain order, with how its last call went. */
	providerStates(): readonly ProviderState[] {
		return this.entries.map((entry) => ({
			id: entry.provider.id,
			priority: entry.priority,
			timeoutMs: entry.timeoutMs,
			failAction: entry.failAction,
			...(entry.source !== undefined && { source: entry.source }),
			calls: entry.calls,
			...(entry.lastLatencyMs !== undefined && { lastLatencyMs: entry.lastLatencyMs }),
			...(entry.lastError !== undefined && { lastError: entry.lastError }),
		}));
	}

	/** The ids of the registered providers in chain order. */
	get providerIds(): readonly string[] {
		return this.entries.map((entry) => entry.provider.id);
	}

	/**
	 * Runs the chain for one event; never throws: failures become {@link ProviderFailure}s (and a deny under `block`).
	 * A provider that rewrites the call (`updatedInput`, not denied) changes what every later provider is asked about;
	 * once the chain settles, the providers that answered about an earlier version are asked again about the call that
	 * will run, so every verdict in the result is about the input that runs. A rewrite is applied once per provider: a
	 * second rewrite on the re-check is not followed.
	 */
	async decide(event: HookEvent, options: DecideOptions = {}): Promise<MergedDecision> {
		const entries = this.entries;
		const outcomes = await this.askEach(entries, event, options);
		const { current, rewrittenBy } = await this.followRewrites(entries, outcomes, event, options);
		const decisions: HookDecision[] = [];
		const failures: ProviderFailure[] = [];
		for (const outcome of outcomes) {
			if (outcome.decision) {
				// The chain's rewrite is `current`; what each provider proposed on its own is not merged again.
				const { updatedInput: _proposed, ...decision } = outcome.decision;
				decisions.push(decision);
			}
			if (outcome.failure) {
				failures.push(outcome.failure);
			}
		}
		const merged = mergeDecisions(event.name, decisions, failures);
		return rewrittenBy.length === 0
			? merged
			: { ...merged, updatedInput: rewrittenInput(current), rewrittenBy };
	}

	/**
	 * Applies the rewrites in `outcomes` in chain order, asking the providers after each rewriter again about the
	 * rewritten call, then the ones that answered about an earlier version; `outcomes` ends up holding every provider's
	 * answer about the call that runs (`current`).
	 */
	private async followRewrites(
		entries: readonly Entry[],
		outcomes: Outcome[],
		event: HookEvent,
		options: DecideOptions,
	): Promise<{ current: HookEvent; rewrittenBy: Provenance[] }> {
		// External providers read the payload itself: once rewritten, they are sent the call that will run.
		const rewrittenBy: Provenance[] = [];
		const about = (rewritten: HookEvent): DecideOptions => ({
			...options,
			...(options.payload !== undefined && {
				payload: rewrittenPayload(options.payload, rewritten),
			}),
			rewrittenBy: rewrittenBy.map((provenance) => provenance.providerId),
		});
		const askedAbout: HookEvent[] = entries.map(() => event);
		let current = event;
		for (let index = 0; index < entries.length; index++) {
			const decision = outcomes[index]?.decision;
			const next = decision && rewriteOf(decision, current);
			if (!decision || !next) {
				continue;
			}
			current = next;
			rewrittenBy.push(decision.provenance);
			const later = await this.askEach(entries.slice(index + 1), current, about(current));
			later.forEach((outcome, offset) => {
				outcomes[index + 1 + offset] = outcome;
				askedAbout[index + 1 + offset] = current;
			});
		}
		const stale = entries.flatMap((entry, index) =>
			askedAbout[index] === current ? [] : [{ entry, index }],
		);
		if (stale.length > 0) {
			const rechecked = await this.askEach(
				stale.map(({ entry }) => entry),
				current,
				about(current),
			);
			stale.forEach(({ index }, offset) => (outcomes[index] = rechecked[offset] ?? {}));
		}
		return { current, rewrittenBy };
	}

	private askEach(
		entries: readonly Entry[],
		event: HookEvent,
		options: DecideOptions,
	): Promise<Outcome[]> {
		return Promise.all(entries.map((entry) => this.timed(entry, event, options)));
	}

	// Only calls the provider handles count. Whole milliseconds from Date.now(): Node loads `performance` on first
	// touch, about 2 ms of a bridge start.
	private async timed(
		entry: Entry,
		event: HookEvent,
		options: DecideOptions,
	): Promise<{ decision?: HookDecision; failure?: ProviderFailure }> {
		if (!entry.provider[HANDLER_NAME[event.name]]) {
			return {};
		}
		const started = Date.now();
		const outcome = await this.ask(entry, event, options);
		entry.calls++;
		entry.lastLatencyMs = Date.now() - started;
		if (outcome.failure) {
			entry.lastError = `${outcome.failure.kind}: ${outcome.failure.message}`;
		} else {
			delete entry.lastError;
		}
		return outcome;
	}

	private async ask(
		entry: Entry,
		event: HookEvent,
		options: DecideOptions,
	): Promise<{ decision?: HookDecision; failure?: ProviderFailure }> {
		const handler = entry.provider[HANDLER_NAME[event.name]] as
			((input: HookEvent, context: HookContext) => unknown) | undefined;
		if (!handler) {
			return {};
		}
		const controller = new AbortController();
		const onOuterAbort = () => controller.abort(options.signal?.reason);
		options.signal?.addEventListener('abort', onOuterAbort, { once: true });
		let timer: ReturnType<typeof setTimeout> | undefined;
		const timedOut = new Promise<'timeout'>((resolve) => {
			timer = setTimeout(() => resolve('timeout'), entry.timeoutMs);
		});
		try {
			const context: HookContext = {
				workspaceFolder: options.workspaceFolder,
				signal: controller.signal,
				...(options.payload !== undefined && { payload: options.payload }),
				...(options.rewrittenBy && { rewrittenBy: options.rewrittenBy }),
			};
			const result = await Promise.race([
				Promise.resolve().then(() => handler.call(entry.provider, event, context)),
				timedOut,
			]);
			if (result === 'timeout') {
				controller.abort(new Error('timeout'));
				return this.failed(entry, 'timeout', `no answer within ${entry.timeoutMs} ms`);
			}
			return { decision: (result as HookDecision | undefined) ?? undefined };
		} catch (error) {
			return this.failed(entry, 'error', error instanceof Error ? error.message : String(error));
		} finally {
			clearTimeout(timer);
			options.signal?.removeEventListener('abort', onOuterAbort);
		}
	}

	private failed(
		entry: Entry,
		kind: ProviderFailure['kind'],
		message: string,
	): { decision?: HookDecision; failure: ProviderFailure } {
		const failure: ProviderFailure = {
			providerId: entry.provider.id,
			kind,
			message,
			failAction: entry.failAction,
		};
		if (entry.failAction !== 'block') {
			return { failure };
		}
		// Under `block` a failure is a real deny, so a guard that crashes cannot be bypassed by crashing it.
		const what = kind === 'timeout' ? 'timed out' : 'failed';
		return {
			failure,
			decision: {
				verdict: 'deny',
				reason: `Hooks provider '${entry.provider.id}' ${what} (${message}) and is configured to block on failure.`,
				provenance: { providerId: entry.provider.id, source: { kind: 'failMode' } },
			},
		};
	}
}

// A decision rewrites the call when it carries an input that changes it and does not refuse it.
function rewriteOf(decision: HookDecision, event: HookEvent): HookEvent | undefined {
	if (!decision.updatedInput || decision.verdict === 'deny' || decision.stop) {
		return undefined;
	}
	return rewrittenEvent(event, decision.updatedInput);
}

// What the host receives for a rewritten event: the whole tool input, or the prompt.
function rewrittenInput(event: HookEvent): Readonly<Record<string, unknown>> {
	if (event.name === 'UserPromptSubmit') {
		return { prompt: event.prompt };
	}
	return 'tool' in event ? event.tool.input : {};
}
