import type { ProgramModel } from './programModel';

/** Command-line coding agents whose hooks load from their user configuration (`~/.copilot/hooks`, `~/.claude`). */
export const AGENT_CLIS: readonly string[] = [
	'copilot',
	'claude',
	'codex',
	'gemini',
	'cursor-agent',
	'opencode',
	'qwen',
];

/** Variables that move where an agent reads its user configuration, and with it the hooks that watch it. */
const CONFIG_HOMES =
	/^(?:HOME|USERPROFILE|XDG_CONFIG_HOME|COPILOT_HOME|CLAUDE_CONFIG_DIR|CODEX_HOME|GEMINI_CLI_HOME)$/;

/**
 * Another agent started with its configuration home moved (`HOME=/tmp/x copilot -p …`): it loads no user hooks,
 * Hookwarden's among them, so everything it then does goes unwatched.
 */
export const agentCli: ProgramModel = (call) => {
	const moved = Object.keys(call.command.env ?? {}).filter((name) => CONFIG_HOMES.test(name));
	return moved.length === 0
		? []
		: [
				call.effect({
					kind: 'configExec',
					subject: 'hookSettings',
					certainty: 'likely',
					action: `starts the agent \`${call.name}\` with \`${moved.join('`, `')}\` moved, so the user hooks that watch it do not load`,
				}),
			];
};
