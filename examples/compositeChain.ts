/**
 * Example: the PRD's composite chain. Hookwarden's own policy (the workspace's `hookwarden.*` settings and the
 * built-in packs) runs first, then a session budget, context injection and error recovery, each with its own priority,
 * timeout and failure rule; the chain merges their answers (deny > ask > rewrite > allow) for every hook of a
 * `@github/copilot-sdk` session and for its permission prompts.
 *
 * In your application, import from 'hookwarden/sdk'; the examples import the source so the tests run them unbuilt.
 *
 *   const { hooks, onPermissionRequest } = createCompositeChain({ settings, workspaceFolder, spentUsd, briefing, ask });
 *   const session = await client.createSession({ hooks, onPermissionRequest });
 */
import type { CopilotPermissionRequest, HookEventOf } from '../src/sdk/index';
import {
	asPermissionHandler,
	asSessionHooks,
	CompositeHooksProvider,
	DefaultHooksProvider,
} from '../src/sdk/index';
import { createBudgetProvider } from './budgetProvider';
import { createErrorRecoveryProvider } from './errorRecoveryProvider';
import { createSessionContextProvider } from './sessionContextProvider';

/** What the chain is built from: the workspace's settings, the application's meter, briefing and user prompt. */
export interface CompositeChainOptions {
	/** The workspace's settings.json object; its `hookwarden.*` keys are the policy. */
	readonly settings: Readonly<Record<string, unknown>>;
	readonly workspaceFolder: string;
	readonly limitUsd: number;
	readonly spentUsd: (sessionId: string | undefined) => number | Promise<number>;
	readonly briefing: (start: HookEventOf<'SessionStart'>) => string | undefined;
	/** Asks the application's user about a permission request; only `true` approves it. */
	readonly ask: (request: CopilotPermissionRequest, reason: string | undefined) => Promise<boolean>;
}

/** The chain, and the two things a Copilot SDK session takes from it. */
export function createCompositeChain(options: CompositeChainOptions) {
	const chain = new CompositeHooksProvider([
		// Priority 0, as in the extension: the workspace's own rules and packs merge first.
		{
			provider: new DefaultHooksProvider({
				settings: options.settings,
				workspaceFolder: options.workspaceFolder,
			}),
			priority: 0,
		},
		// A budget that cannot be checked must not be bypassed: its failure denies.
		{
			provider: createBudgetProvider({ limitUsd: options.limitUsd, spentUsd: options.spentUsd }),
			priority: 50,
			timeoutMs: 1_000,
			failAction: 'block',
		},
		{ provider: createSessionContextProvider({ contextFor: options.briefing }), priority: 60 },
		{
			provider: createErrorRecoveryProvider({
				hints: [
					{ when: /ENOENT|no such file/i, advice: 'List the folder before opening files in it.' },
				],
			}),
			priority: 70,
			failAction: 'ignore',
		},
	]);
	return {
		chain,
		hooks: asSessionHooks(chain, { workspaceFolder: options.workspaceFolder }),
		onPermissionRequest: asPermissionHandler(chain, {
			workspaceFolder: options.workspaceFolder,
			ask: (request, question) => options.ask(request, question.reason),
		}),
	};
}
