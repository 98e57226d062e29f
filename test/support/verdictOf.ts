import { BUILTIN_PACKS } from '../../src/core/judging/builtinPacks';
import type { ToolCall } from '../../src/core/events/hookEvent';
import { compilePolicy, type CompiledPolicy } from '../../src/core/policy/compilePolicy';
import { evaluatePolicy } from '../../src/core/policy/evaluatePolicy';
import { toolCallOf } from '../../src/core/reading/tools/toolCallOf';
import { readPolicySettings } from '../../src/core/settings/readPolicySettings';
import { analyze } from './shellAnalyzer';

/** The home and workspace every judged call runs in. */
export const HOME = '/home/dev';
export const WS = `${HOME}/src/app`;

const DEFAULT_POLICY = compilePolicy(readPolicySettings([]).settings);
const OWN_STATE = {
	launcherFolder: `${HOME}/.hookwarden`,
	secretFile: '/run/user/1000/hookwarden/secret',
	auditPaths: [],
};

/** A shell line for the terminal tool, or a tool call by name and input. */
export type Call = string | { readonly name: string; readonly input: Record<string, unknown> };

/** The winning verdict and rule id of one call under `policy` (the defaults unless given), or `none`. */
export async function verdictOf(
	call: Call,
	policy: CompiledPolicy = DEFAULT_POLICY,
): Promise<string> {
	const tool: ToolCall =
		typeof call === 'string'
			? toolCallOf('run_in_terminal', { command: call }, { cwd: WS })
			: toolCallOf(call.name, call.input, { cwd: WS });
	const line = tool.commandLine;
	const outcome = evaluatePolicy(
		policy,
		{
			event: { name: 'PreToolUse', dialect: 'vscode', timestamp: '', cwd: WS, tool },
			workspaceFolder: WS,
			homeDir: HOME,
			ownState: OWN_STATE,
			...(line !== undefined && { shell: await analyze(line, tool.shell) }),
		},
		BUILTIN_PACKS,
	);
	return outcome.winner ? `${outcome.winner.verdict} ${outcome.winner.ruleId}` : 'none';
}
