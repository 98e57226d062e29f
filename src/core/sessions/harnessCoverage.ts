import type { Harness } from '../events/harness';
import type { HookEventName } from '../events/hookEventName';
import type { CompiledPolicy } from '../policy/compilePolicy';

/** A part of the policy that only works where a harness runs its event and acts on Hookwarden's answer. */
export type PolicyFeature =
	| 'toolDeny'
	| 'toolAsk'
	| 'promptRule'
	| 'sessionContext'
	| 'subagentContext'
	| 'subagentLimit'
	| 'subagentStopGate'
	| 'stopGate';

/** The event each feature needs the harness to run. */
export const FEATURE_EVENT: Readonly<Record<PolicyFeature, HookEventName>> = {
	toolDeny: 'PreToolUse',
	toolAsk: 'PreToolUse',
	promptRule: 'UserPromptSubmit',
	sessionContext: 'SessionStart',
	subagentContext: 'SubagentStart',
	subagentLimit: 'SubagentStart',
	subagentStopGate: 'SubagentStop',
	stopGate: 'Stop',
};

/** How a person calls each feature. */
export const FEATURE_NAMES: Readonly<Record<PolicyFeature, string>> = {
	toolDeny: 'deny a tool call',
	toolAsk: 'ask before a tool call',
	promptRule: 'prompt rules',
	sessionContext: 'session-start context',
	subagentContext: 'subagent context',
	subagentLimit: 'subagent limit',
	subagentStopGate: 'keep a subagent working',
	stopGate: 'keep the agent working at Stop',
};

/** A feature a harness was measured to act on; a caveat says what else was seen. */
export interface FeatureSupport {
	readonly caveat?: string;
}

/** What one harness was measured to do with Hookwarden's installed hook file. */
export interface HarnessFacts {
	/** The events it ran. */
	readonly runs: readonly HookEventName[];
	/** Features measured to be honoured; a feature missing here was not measured. */
	readonly features: Readonly<Partial<Record<PolicyFeature, FeatureSupport>>>;
	/** Where the facts were measured (build and test), for a person who wants to check them. */
	readonly measured: string;
}

const HONOURED: FeatureSupport = {};

/**
 * What each harness was measured to run and honour. Re-measure on every bump of the build named in `measured`: these
 * are facts of those builds, read by the tiers that ran them, not guarantees.
 */
export const HARNESS_FACTS: Readonly<Record<Harness, HarnessFacts | undefined>> = {
	vscodeLocal: {
		runs: [
			'SessionStart',
			'UserPromptSubmit',
			'PreToolUse',
			'PostToolUse',
			'PreCompact',
			'SubagentStart',
			'SubagentStop',
			'Stop',
		],
		features: { toolDeny: HONOURED, toolAsk: HONOURED, subagentLimit: HONOURED },
		measured: 'VS Code 1.139.1, Copilot Chat 0.67.0 (test/e2e/ui/agentLoop.test.ts)',
	},
	agentHost: {
		runs: [
			'UserPromptSubmit',
			'SessionStart',
			'PreToolUse',
			'PermissionRequest',
			'PostToolUse',
			'PostToolUseFailure',
			'Notification',
			'SubagentStart',
			'SubagentStop',
			'Stop',
			'SessionEnd',
			'ErrorOccurred',
		],
		features: {
			toolDeny: HONOURED,
			toolAsk: HONOURED,
			sessionContext: HONOURED,
			subagentLimit: HONOURED,
			stopGate: {
				caveat:
					'the session ends first, then the reason comes back as the next prompt (the next stop is marked re-entered)',
			},
			subagentStopGate: { caveat: 'the subagent gets the reason as a new prompt and works on' },
		},
		measured: 'VS Code 1.139.1 Agent Host, Copilot runtime 1.0.85 (test/e2e/ui/agentHost.test.ts)',
	},
	copilotCli: {
		runs: [
			'SessionStart',
			'UserPromptSubmit',
			'PreToolUse',
			'PermissionRequest',
			'PostToolUse',
			'PostToolUseFailure',
			'Notification',
			'Stop',
			'SessionEnd',
			'ErrorOccurred',
		],
		features: { toolDeny: HONOURED, toolAsk: HONOURED, sessionContext: HONOURED },
		measured: 'Copilot CLI 1.0.102 (test/copilot, test/e2e/ui/cliTerminal.test.ts)',
	},
	copilotSdk: {
		runs: [
			'UserPromptSubmit',
			'SessionStart',
			'PreToolUse',
			'PostToolUse',
			'PostToolUseFailure',
			'Stop',
			'SessionEnd',
			'ErrorOccurred',
		],
		features: {
			toolDeny: HONOURED,
			toolAsk: HONOURED,
			sessionContext: HONOURED,
			stopGate: HONOURED,
		},
		measured:
			'@github/copilot-sdk 1.0.14, runtime 1.0.85, through hookwarden/sdk (test/copilot/sdkSession.test.ts)',
	},
	claude: undefined,
};

/** One part of the policy in force that needs a harness to act on it, and where it is configured. */
export interface PolicyUse {
	readonly feature: PolicyFeature;
	/** `rule tests-before-stop`, `hookwarden.subagents.maxPerSession`. */
	readonly what: string;
}

/** The parts of a policy that depend on what a harness runs and honours. */
export function policyUses(policy: CompiledPolicy): PolicyUse[] {
	const uses: PolicyUse[] = [];
	for (const rule of policy.rules) {
		const feature = ruleFeature(rule.event, rule.verdict);
		if (feature !== undefined) {
			uses.push({ feature, what: `rule ${rule.id}` });
		}
	}
	if (policy.maxSubagentsPerSession !== null) {
		uses.push({ feature: 'subagentLimit', what: 'hookwarden.subagents.maxPerSession' });
	}
	if (policy.sessionStartContext !== '') {
		uses.push({ feature: 'sessionContext', what: 'hookwarden.context.sessionStart' });
	}
	if (policy.subagentStartContext !== '') {
		uses.push({ feature: 'subagentContext', what: 'hookwarden.context.subagentStart' });
	}
	return uses;
}

function ruleFeature(event: HookEventName, verdict: string): PolicyFeature | undefined {
	if (verdict === 'allow') {
		return undefined;
	}
	switch (event) {
		case 'PreToolUse':
			return verdict === 'ask' ? 'toolAsk' : 'toolDeny';
		case 'UserPromptSubmit':
			return 'promptRule';
		case 'SubagentStart':
			return 'subagentLimit';
		case 'SubagentStop':
			return 'subagentStopGate';
		case 'Stop':
			return 'stopGate';
		default:
			return undefined;
	}
}

/** A part of the policy that does nothing in a harness, and why. */
export interface InertUse {
	readonly use: PolicyUse;
	readonly why: string;
}

/**
 * The parts of the policy that are inert in a harness because it never runs their event. A harness nobody measured is
 * not called inert.
 */
export function inertUses(harness: Harness, uses: readonly PolicyUse[]): InertUse[] {
	const facts = HARNESS_FACTS[harness];
	if (!facts) {
		return [];
	}
	const inert: InertUse[] = [];
	for (const use of uses) {
		const event = FEATURE_EVENT[use.feature];
		if (!facts.runs.includes(event)) {
			inert.push({ use, why: `it never runs ${event}` });
		}
	}
	return inert;
}
