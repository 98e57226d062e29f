import type { HookEvent } from '../events/hookEvent';
import { BUILTIN_PACKS } from './builtinPacks';
import type { CompiledPolicy } from './compilePolicy';
import type { DefaultHooksProvider } from './defaultHooksProvider';
import { evaluatePolicy } from './evaluatePolicy';
import type { Finding } from './finding';
import { describeSource } from './describeSource';
import type { ShellDialect } from '../shell/commandLine';
import { toolCallOf } from '../tools/toolCallOf';

/**
 * Explains, for people writing rules, how the policy reads a command line: its sub-commands as the shell grammar sees
 * them, which rules match each one and why, and the verdict the whole line gets.
 */
export async function explainCommandLine(
	commandLine: string,
	dialect: ShellDialect,
	provider: DefaultHooksProvider,
	policy: CompiledPolicy,
	workspaceFolder: string,
): Promise<string> {
	const toolName = dialect === 'powershell' ? 'powershell' : 'run_in_terminal';
	const event: HookEvent = {
		name: 'PreToolUse',
		dialect: 'vscode',
		timestamp: new Date().toISOString(),
		cwd: workspaceFolder,
		tool: toolCallOf(toolName, { command: commandLine }, { cwd: workspaceFolder }),
	};
	const input = await provider.policyInput(event, workspaceFolder, policy);
	const outcome = evaluatePolicy(policy, input, BUILTIN_PACKS);
	const lines = [`Command line (${dialect}): ${commandLine}`, `Workspace: ${workspaceFolder}`];
	if (input.shell?.parseError) {
		lines.push(`Parse problem: ${input.shell.parseError}`);
	}
	const commands = input.shell?.commands ?? [];
	lines.push(`Sub-commands (${commands.length}):`);
	const placed = new Set<Finding>();
	commands.forEach((command, i) => {
		const via = command.origin === 'line' ? '' : ` [via ${command.origin}]`;
		const wrappers =
			command.wrappers.length > 0 ? ` [wrapped by ${command.wrappers.join(', ')}]` : '';
		lines.push(`  ${i + 1}. ${command.text}${via}${wrappers}`);
		lines.push(`     argv: ${JSON.stringify(command.argv)}`);
		const own = outcome.findings.filter((f) => f.subCommand === command.text && !placed.has(f));
		for (const finding of own) {
			placed.add(finding);
			lines.push(`     ${describeFinding(finding)}`);
		}
		if (own.length === 0) {
			lines.push('     no rule matches');
		}
	});
	const rest = outcome.findings.filter((f) => !placed.has(f));
	if (rest.length > 0) {
		lines.push('Whole line:');
		for (const finding of rest) {
			lines.push(`  ${describeFinding(finding)}`);
		}
	}
	lines.push(
		outcome.winner
			? `Verdict: ${outcome.winner.verdict} (rule ${outcome.winner.ruleId}, ${describeSource(outcome.winner.source, { withFile: true })})`
			: 'Verdict: no opinion (VS Code’s own approvals decide)',
	);
	for (const problem of policy.problems) {
		lines.push(`Skipped rule: ${problem.key}: ${problem.message}`);
	}
	return lines.join('\n');
}

function describeFinding(finding: Finding): string {
	return `${finding.verdict.padEnd(5)} ${finding.ruleId} (${describeSource(finding.source, { withFile: true })}): ${finding.reason}`;
}
