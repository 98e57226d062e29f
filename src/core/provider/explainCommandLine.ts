import type { HookEvent } from '../events/hookEvent';
import { BUILTIN_PACKS } from '../judging/builtinPacks';
import type { CompiledException, CompiledPolicy } from '../policy/compilePolicy';
import type { DefaultHooksProvider } from './defaultHooksProvider';
import type { PolicyOutcome } from '../policy/evaluatePolicy';
import { evaluatePolicy } from '../policy/evaluatePolicy';
import type { Finding } from '../judging/finding';
import type { PolicyInput } from '../judging/policyInput';
import { describeSource } from '../policy/describeSource';
import { exceptionFor } from '../policy/ruleExceptions';
import { judgeEffects } from '../judging/judgeEffects';
import { explainEffects } from '../policy/explainEffects';
import type { ShellDialect, SimpleCommand } from '../reading/shell/commandLine';
import { toolCallOf } from '../reading/tools/toolCallOf';
import { rewriteByRules } from '../policy/rewriteRules';
import { functionBodyRuns } from '../reading/effects/lineEffects';
import { verbsOf } from '../reading/effects/serviceVerbs';
import { programModel } from '../reading/programs/programTable';
import { traitWords } from '../reading/programs/traitWords';
import { traitsOf } from '../reading/programs/vocabulary';
import { powerShellCmdlet } from '../reading/shell/powershellCmdlets';
import { programName } from '../reading/shell/programName';

/**
 * Explains, for people writing rules, how the policy reads a command line: its sub-commands as the shell grammar sees
 * them, which rules match each one and why, the verdict the whole line gets, and, when a rule rewrites it, the
 * rewritten line and its own verdict.
 */
export async function explainCommandLine(
	commandLine: string,
	dialect: ShellDialect,
	provider: DefaultHooksProvider,
	policy: CompiledPolicy,
	workspaceFolder: string,
): Promise<string> {
	const event = commandLineEvent(commandLine, dialect, workspaceFolder);
	const input = await provider.policyInput(event, workspaceFolder, policy);
	const outcome = evaluatePolicy(policy, input, BUILTIN_PACKS);
	const lines = [`Command line (${dialect}): ${commandLine}`, `Workspace: ${workspaceFolder}`];
	if (input.shell?.parseError) {
		lines.push(`Parse problem: ${input.shell.parseError}`);
	}
	lines.push(...findingsBySubCommand(input, outcome, liftedFindings(policy, input)));
	lines.push(verdictLine('Verdict', outcome.winner));
	if (outcome.verdict !== 'deny') {
		lines.push(...(await rewriteLines(event, provider, policy, input, workspaceFolder)));
	}
	for (const problem of policy.problems) {
		lines.push(`Skipped rule: ${problem.key}: ${problem.message}`);
	}
	return lines.join('\n');
}

/** What the exceptions lifted: the findings the line gets without them that an exception covers. */
function liftedFindings(
	policy: CompiledPolicy,
	input: PolicyInput,
): Map<Finding, CompiledException> {
	const lifted = new Map<Finding, CompiledException>();
	if (policy.exceptions.length === 0) {
		return lifted;
	}
	for (const finding of evaluatePolicy({ ...policy, exceptions: [] }, input, BUILTIN_PACKS)
		.findings) {
		const exception = exceptionFor(finding, policy.exceptions, input);
		if (exception) {
			lifted.set(finding, exception);
		}
	}
	return lifted;
}

/** Each sub-command with how it was reached and read, its effects and the rules it met; then what the whole line met. */
function findingsBySubCommand(
	input: PolicyInput,
	outcome: PolicyOutcome,
	lifted: ReadonlyMap<Finding, CompiledException>,
): string[] {
	const commands = input.shell?.commands ?? [];
	const lines = [`Sub-commands (${commands.length}):`];
	const placed = new Set<Finding>();
	const effects = judgeEffects(input);
	commands.forEach((command, i) => {
		lines.push(`  ${i + 1}. ${command.text}`, `     argv: ${JSON.stringify(command.argv)}`);
		lines.push(...howReached(command, commands).map((note) => `     ${note}`));
		lines.push(...howRead(command).map((note) => `     ${note}`));
		lines.push(
			...explainEffects(
				effects.filter((e) => e.effect.command === i),
				'     ',
			),
		);
		const own = outcome.findings.filter((f) => f.subCommand === command.text && !placed.has(f));
		const ownLifted = [...lifted].filter(([f]) => f.subCommand === command.text && !placed.has(f));
		for (const finding of own) {
			placed.add(finding);
			lines.push(`     ${describeFinding(finding)}`);
		}
		for (const [finding, exception] of ownLifted) {
			placed.add(finding);
			lines.push(`     ${describeLifted(finding, exception)}`);
		}
		if (own.length === 0 && ownLifted.length === 0) {
			lines.push('     no rule matches');
		}
	});
	const rest = outcome.findings.filter((f) => !placed.has(f));
	const restLifted = [...lifted].filter(([f]) => !placed.has(f));
	if (rest.length > 0 || restLifted.length > 0) {
		lines.push('Whole line:');
		lines.push(...rest.map((finding) => `  ${describeFinding(finding)}`));
		lines.push(
			...restLifted.map(([finding, exception]) => `  ${describeLifted(finding, exception)}`),
		);
	}
	return lines;
}

/** A rule's rewrite of the line, and the verdict of the rewritten line judged again as a whole (the one that counts). */
async function rewriteLines(
	event: HookEvent,
	provider: DefaultHooksProvider,
	policy: CompiledPolicy,
	input: PolicyInput,
	workspaceFolder: string,
): Promise<string[]> {
	const rewrite = rewriteByRules(policy, input);
	if (!rewrite) {
		return [];
	}
	if (rewrite.kind === 'cannotRewrite') {
		return [describeFinding(rewrite.finding)];
	}
	const toolName = 'tool' in event ? event.tool.name : 'run_in_terminal';
	const rewritten = {
		...event,
		tool: toolCallOf(toolName, { command: rewrite.to }, { cwd: workspaceFolder }),
	};
	const again = evaluatePolicy(
		policy,
		await provider.policyInput(rewritten, workspaceFolder, policy),
		BUILTIN_PACKS,
	);
	return [
		`Rewritten by rule ${rewrite.ruleId} (${describeSource(rewrite.source, { withFile: true })}) to: ${rewrite.to}`,
		verdictLine('Verdict of the rewritten line', again.winner),
	];
}

/** The agent call an explained command line stands for: a terminal tool call in the workspace folder. */
export function commandLineEvent(
	commandLine: string,
	dialect: ShellDialect,
	workspaceFolder: string,
): HookEvent {
	const toolName = dialect === 'powershell' ? 'powershell' : 'run_in_terminal';
	return {
		name: 'PreToolUse',
		dialect: 'vscode',
		timestamp: new Date().toISOString(),
		cwd: workspaceFolder,
		tool: toolCallOf(toolName, { command: commandLine }, { cwd: workspaceFolder }),
	};
}

/** How a sub-command is reached, in words: the construct that runs it, wrappers peeled, an expanded command word. */
const ORIGINS: Readonly<Record<SimpleCommand['origin'], string>> = {
	line: '',
	substitution: 'command substitution, run first',
	processSubstitution: 'process substitution, run alongside',
	shellString: 'shell string (`-c`, `eval`, `ssh`, `su -c`, `cmd /c`, `pwsh -Command`)',
	heredoc: 'script fed on stdin (heredoc / here-string)',
	exec: 'fan-out: run by `find -exec`/`-ok` for each match',
	xargs: 'fan-out: run by `xargs`/`parallel` on input words',
	pipedScript: 'text piped or substituted into a shell',
	interpreter: 'interpreter code (a shell or file call inside `python -c`, `node -e`, …)',
	container:
		'inside a container (`docker run`/`exec`, `kubectl exec`), host folders mapped by its mounts',
};

function howReached(command: SimpleCommand, all: readonly SimpleCommand[]): string[] {
	const notes: string[] = [];
	const origin = ORIGINS[command.origin];
	if (origin !== '') {
		const parent = command.parent === undefined ? undefined : all[command.parent];
		notes.push(
			`reached via ${origin}${parent && command.parent !== undefined ? ` from ${command.parent + 1}. \`${parent.text}\`` : ''}`,
		);
	}
	if (command.wrappers.length > 0) {
		notes.push(`wrappers peeled: ${command.wrappers.join(' → ')}`);
	}
	if (command.writtenAs !== undefined) {
		notes.push(
			`command word written as \`${command.writtenAs}\`${command.dynamicWord ? ' (only known at run time)' : ''}`,
		);
	}
	if (command.inFunction !== undefined) {
		const called = functionBodyRuns(command, all);
		notes.push(
			`in function \`${command.inFunction}\`${called ? '' : ', which the line never calls: not judged'}`,
		);
	}
	if (command.pipeline) {
		notes.push(`pipeline stage ${command.pipeline.stage + 1}`);
	}
	return notes;
}

/**
 * What the program vocabulary says a sub-command's program is, and what its verbs say: the reading it got, or that
 * it got none.
 */
function howRead(command: SimpleCommand): string[] {
	const name = programName(command.argv[0] ?? '');
	const cmdlet = command.dialect === 'powershell' ? powerShellCmdlet(name) : name;
	const traits = traitWords(traitsOf(cmdlet) ?? traitsOf(name));
	const modelled = programModel(cmdlet) !== undefined || programModel(name) !== undefined;
	const verbs = verbsOf(command);
	const unread = modelled ? [] : ['no reading of its own: what it does to its words is a guess'];
	return [
		`traits: ${[...(traits.length > 0 ? traits : [modelled ? 'none; read by a model of its own' : 'none']), ...unread].join('; ')}`,
		...(verbs && verbs.path.length > 0
			? [
					`verbs: ${verbs.why}${verbs.destroys ? '' : ', so nothing is destroyed'} (command path: ${verbs.path.join(' ')})`,
				]
			: []),
	];
}

function verdictLine(label: string, winner: Finding | undefined): string {
	return winner
		? `${label}: ${winner.verdict} (rule ${winner.ruleId}, ${describeSource(winner.source, { withFile: true })})`
		: `${label}: no opinion (VS Code’s own approvals decide)`;
}

function describeLifted(finding: Finding, exception: CompiledException): string {
	return `lifted ${finding.ruleId} (would ${finding.verdict}) by hookwarden.exceptions[${exception.index}] in ${describeSource(exception.source, { withFile: true })}${exception.reason ? `: ${exception.reason}` : ''}`;
}

function describeFinding(finding: Finding): string {
	return `${finding.verdict.padEnd(5)} ${finding.ruleId} (${describeSource(finding.source, { withFile: true })}): ${finding.reason}`;
}
