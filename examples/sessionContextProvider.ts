/**
 * Example: a provider that gives every new session the context it should start with (a tenant's conventions, the
 * ticket being worked on), looked up when the session starts.
 *
 * In your application, import from 'hookwarden/sdk'; the examples import the source so the tests run them unbuilt.
 *
 *   const hooks = asSessionHooks(createSessionContextProvider({ contextFor: (start) => tenant.briefing(start) }));
 *   const session = await client.createSession({ hooks });
 */
import type { HookEventOf, HooksProvider } from '../src/sdk/index';

/** Where the context comes from: anything, looked up per session start; an empty answer adds nothing. */
export interface SessionContextOptions {
	readonly contextFor: (
		start: HookEventOf<'SessionStart'>,
	) => string | undefined | Promise<string | undefined>;
}

/** A provider that adds context at SessionStart (and nothing on any other event). */
export function createSessionContextProvider(options: SessionContextOptions): HooksProvider {
	return {
		id: 'example.sessionContext',
		onSessionStart: async (event) => {
			const additionalContext = await options.contextFor(event);
			return additionalContext
				? { additionalContext, provenance: { providerId: 'example.sessionContext' } }
				: undefined;
		},
	};
}
