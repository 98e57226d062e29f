import type { Dialect } from './dialect';

/**
 * Which agent runtime sent a hook event. The payload's dialect cannot tell: the Copilot runtime sends the CLI's
 * camelCase for camelCase hook files and VS Code's snake_case (with Claude tool names) for the PascalCase file
 * Hookwarden installs, and it runs both in the Copilot CLI and in VS Code's Copilot harness (the Agent Host).
 */
export type Harness = 'vscodeLocal' | 'agentHost' | 'copilotCli' | 'copilotSdk' | 'claude';

/** Every harness, in the order a person meets them in VS Code. */
export const HARNESSES: readonly Harness[] = [
	'vscodeLocal',
	'agentHost',
	'copilotCli',
	'copilotSdk',
	'claude',
];

/** The hints a hook request may carry. */
export const RUNNER_HINTS = ['agentHost', 'copilotCli'] as const;

/** What a hook process's environment says about the runtime that spawned it; the wire carries it to the window. */
export type RunnerHint = (typeof RUNNER_HINTS)[number];

/**
 * The environment the Copilot runtime sets for every hook it runs (CLI 1.0.102 and runtime 1.0.85 alike), and the value
 * VS Code's Agent Host adds for the processes of its harnesses. Measured; see docs/decisions/agent-host.md.
 */
export const RUNNER_ENV = {
	copilotRuntime: { name: 'COPILOT_CLI', value: '1' },
	agentHost: { name: 'AI_AGENT', value: 'github_copilot_vscode_agent' },
} as const;

/**
 * The runner hint of a hook process's environment: the Copilot runtime started by VS Code's Agent Host, the Copilot
 * runtime elsewhere (the CLI, or an SDK app's runtime running hook files), or nothing known.
 */
export function runnerHintOf(
	env: Readonly<Record<string, string | undefined>>,
): RunnerHint | undefined {
	if (env[RUNNER_ENV.copilotRuntime.name] !== RUNNER_ENV.copilotRuntime.value) {
		return undefined;
	}
	return env[RUNNER_ENV.agentHost.name] === RUNNER_ENV.agentHost.value ? 'agentHost' : 'copilotCli';
}

/** The harness of an event read from a hook call: the runner's hint when it sent one, else what its dialect implies. */
export function harnessOf(dialect: Dialect, hint?: RunnerHint): Harness {
	if (hint !== undefined) {
		return hint;
	}
	switch (dialect) {
		case 'vscode':
			return 'vscodeLocal';
		case 'copilotCli':
			return 'copilotCli';
		case 'claude':
			return 'claude';
	}
}

/** How a person calls each harness, in a sentence or a view. */
export const HARNESS_NAMES: Readonly<Record<Harness, string>> = {
	vscodeLocal: 'VS Code (Local agent)',
	agentHost: 'VS Code Copilot harness (Agent Host)',
	copilotCli: 'Copilot CLI',
	copilotSdk: 'Copilot SDK app',
	claude: 'Claude-format runner',
};

/** The same names, short enough for a tree row's description. */
export const HARNESS_SHORT_NAMES: Readonly<Record<Harness, string>> = {
	vscodeLocal: 'Local agent',
	agentHost: 'Copilot harness',
	copilotCli: 'Copilot CLI',
	copilotSdk: 'Copilot SDK',
	claude: 'Claude format',
};
