/**
 * Example: a provider that helps an agent recover from failures instead of retrying blindly: after a failed tool call
 * it tells the model what usually fixes that failure, and when the session hits an error that cannot be recovered it
 * stops the session with a message for the person.
 *
 * In your application, import from 'hookwarden/sdk'; the examples import the source so the tests run them unbuilt.
 *
 *   const session = await client.createSession({ hooks: asSessionHooks(createErrorRecoveryProvider({ hints })) });
 */
import type { HookDecision, HookEventOf, HooksProvider } from '../src/sdk/index';

/** One known failure: a pattern in the error text, and what to tell the model about it. */
export interface RecoveryHint {
	readonly when: RegExp;
	readonly advice: string;
}

/** What the provider knows: hints for failed tool calls, tried in order (the first that matches is given). */
export interface ErrorRecoveryOptions {
	readonly hints: readonly RecoveryHint[];
}

const PROVENANCE = { providerId: 'example.errorRecovery' } as const;

/**
 * A provider for `PostToolUseFailure` (advice as `additionalContext`) and `ErrorOccurred` (an unrecoverable error is
 * denied: the SDK adapter answers `errorHandling: "abort"` with the reason as the person's notification).
 */
export function createErrorRecoveryProvider(options: ErrorRecoveryOptions): HooksProvider {
	return {
		id: PROVENANCE.providerId,
		onPostToolUseFailure: (event: HookEventOf<'PostToolUseFailure'>): HookDecision | undefined => {
			const hint = options.hints.find((candidate) => candidate.when.test(event.error ?? ''));
			return hint && { additionalContext: hint.advice, provenance: PROVENANCE };
		},
		onErrorOccurred: (event: HookEventOf<'ErrorOccurred'>): HookDecision | undefined =>
			event.recoverable === false
				? {
						verdict: 'deny',
						reason: `The session stopped after an error it cannot recover from (${event.errorContext ?? 'unknown'}): ${event.error ?? 'no message'}`,
						provenance: PROVENANCE,
					}
				: undefined,
	};
}
