import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

import type { AuditEventRecord, AuditRecord } from '../core/audit/auditRecord';
import { policyReplayEvaluator } from '../core/audit/policyReplayEvaluator';
import { renderReplayText } from '../core/audit/renderReplay';
import type { ReplayFailOn } from '../core/audit/replaySession';
import { replayFails, replaySession } from '../core/audit/replaySession';
import { BUILTIN_PACKS } from '../core/judging/builtinPacks';
import { evaluatePolicy } from '../core/policy/evaluatePolicy';
import { rewriteByRules } from '../core/policy/rewriteRules';
import { describeSource } from '../core/policy/describeSource';
import type { HeadlessEnvironment } from './headlessDecider';
import { headlessPolicyProvider, loadHeadlessSettings } from './headlessDecider';
import { findWorkspaceFolder } from './findWorkspaceFolder';
import { describeSkipped, readAuditLog } from '../node/audit/auditLogReader';

/** Exit codes of the log commands, beyond 0 (success) and 64 (usage). */
export const AUDIT_EXIT = { changed: 1, usage: 64, noInput: 66 } as const;

/** Where the log commands write: stdout carries the report, stderr one line per problem. */
export interface CommandOutput {
	readonly out: (text: string) => void;
	readonly err: (line: string) => void;
}

/**
 * `--replay <audit.jsonl> [--session ID] [--fail-on tighten|loosen|any]`: replays the log (its rotated files too)
 * through the policies of the workspace around the current folder, prints the changed verdicts, and exits 1 when a
 * change of the failing kind exists (default `tighten`: a recorded allow that would now be asked or denied).
 */
export async function replayCommand(
	args: readonly string[],
	environment: HeadlessEnvironment,
	output: CommandOutput,
): Promise<number> {
	const options = parseOptions(args, ['--session', '--fail-on']);
	const file = options.positional[0];
	const failOn = (options.values['--fail-on'] ?? 'tighten') as ReplayFailOn;
	if (!file || options.problem || !['tighten', 'loosen', 'any'].includes(failOn)) {
		output.err(
			options.problem ??
				'usage: --replay <audit.jsonl> [--session ID] [--fail-on tighten|loosen|any]',
		);
		return AUDIT_EXIT.usage;
	}
	const records = readRecords(file, output);
	if (!records) {
		return AUDIT_EXIT.noInput;
	}
	const session = options.values['--session'];
	const chosen = session === undefined ? records : records.filter((r) => r.session === session);
	if (session !== undefined && chosen.length === 0) {
		output.err(`no events of session ${session} in ${file}`);
		return AUDIT_EXIT.noInput;
	}
	const workspaceFolder = findWorkspaceFolder(environment.cwd, environment.home);
	const { policy } = loadHeadlessSettings(environment, workspaceFolder);
	const evaluate = policyReplayEvaluator(
		headlessPolicyProvider(environment, () => policy),
		() => policy,
	);
	const report = await replaySession(chosen, evaluate, { workspaceFolder });
	output.out(
		`Replaying ${file}${session === undefined ? '' : ` (session ${session})`} against the policies of ${workspaceFolder}\n`,
	);
	output.out(`${renderReplayText(report)}\n`);
	return replayFails(report, failOn) ? AUDIT_EXIT.changed : 0;
}

/**
 * `--explain --event <id> <audit.jsonl>`: what the log says about one event (who decided, how, how fast) and how the
 * current policies read it, rule by rule.
 */
export async function explainEventCommand(
	args: readonly string[],
	environment: HeadlessEnvironment,
	output: CommandOutput,
): Promise<number> {
	const options = parseOptions(args, ['--event']);
	const id = options.values['--event'];
	const file = options.positional[0];
	if (!id || !file || options.problem) {
		output.err(options.problem ?? 'usage: --explain --event <id> <audit.jsonl>');
		return AUDIT_EXIT.usage;
	}
	const records = readRecords(file, output);
	if (!records) {
		return AUDIT_EXIT.noInput;
	}
	const record = records.find((r): r is AuditEventRecord => r.kind === 'event' && r.id === id);
	if (!record) {
		output.err(`no event with id ${id} in ${file}`);
		return AUDIT_EXIT.noInput;
	}
	const lines = [
		`Event ${record.id}: ${record.event} (${record.dialect}) at ${record.at}`,
		`Session: ${record.session}${record.agent ? `, subagent ${record.agent}` : ''}`,
		`What: ${record.summary}`,
		`Recorded: ${record.verdict} — ${record.by}, answered ${record.origin === 'window' ? 'by the VS Code window' : 'headless'} in ${record.latencyMs} ms`,
	];
	if (record.asked) {
		lines.push(
			`  The policy said ${record.asked.verdict}${record.asked.decidedBy?.ruleId ? ` (rule ${record.asked.decidedBy.ruleId})` : ''} before the answer.`,
		);
	}
	if (record.reason) {
		lines.push(`  Reason: ${record.reason}`);
	}
	if (record.rewrite) {
		lines.push(
			`  Rewritten by ${record.rewrite.by.join(', then ')}; what ran: ${record.rewrite.commandLine ?? JSON.stringify(record.rewrite.input)}`,
		);
	}
	if (record.resultReplaced) {
		lines.push(
			`  The tool's result was replaced for the model by ${record.resultReplaced.by}${record.resultReplaced.shown ? '' : ` (${record.dialect} cannot show a replaced result: the model was told instead)`}.`,
		);
	}
	if (record.masked) {
		lines.push('  A credential was masked in the log; the secrets pack cannot see it again.');
	}
	if (record.truncated) {
		lines.push(`  Cut in the log: ${record.truncated.join(', ')}.`);
	}
	const workspaceFolder = findWorkspaceFolder(environment.cwd, environment.home);
	const { policy } = loadHeadlessSettings(environment, workspaceFolder);
	const provider = headlessPolicyProvider(environment, () => policy);
	const input = await provider.policyInput(record.input, workspaceFolder, policy);
	const outcome = evaluatePolicy(policy, input, BUILTIN_PACKS);
	lines.push(`Now, with the policies of ${workspaceFolder}:`);
	for (const [i, command] of (input.shell?.commands ?? []).entries()) {
		lines.push(`  sub-command ${i + 1}: ${command.text}`);
	}
	for (const finding of outcome.findings) {
		const at = finding.subCommand
			? ` [${finding.subCommand}]`
			: finding.path
				? ` [${finding.path}]`
				: '';
		lines.push(
			`  ${finding.verdict.padEnd(5)} ${finding.ruleId}${at} (${describeSource(finding.source, { withFile: true })}): ${finding.reason}`,
		);
	}
	lines.push(
		outcome.winner
			? `Verdict now: ${outcome.winner.verdict} (rule ${outcome.winner.ruleId})`
			: 'Verdict now: no opinion (the agent’s own approvals decide)',
	);
	const rewrite = outcome.verdict === 'deny' ? undefined : rewriteByRules(policy, input);
	if (rewrite?.kind === 'rewrite') {
		lines.push(`Rewritten now by rule ${rewrite.ruleId} to: ${rewrite.to}`);
	} else if (rewrite) {
		lines.push(`  ${rewrite.finding.reason}`);
	}
	output.out(`${lines.join('\n')}\n`);
	return 0;
}

function readRecords(file: string, output: CommandOutput): AuditRecord[] | undefined {
	const resolved = resolve(file);
	if (!existsSync(resolved)) {
		output.err(`cannot read ${file}: no such file`);
		return undefined;
	}
	try {
		const result = readAuditLog(resolved);
		const skipped = describeSkipped(result);
		if (skipped) {
			output.err(skipped);
		}
		return result.records;
	} catch (error) {
		output.err(`cannot read ${file}: ${(error as Error).message}`);
		return undefined;
	}
}

function parseOptions(
	args: readonly string[],
	valued: readonly string[],
): { positional: string[]; values: Record<string, string>; problem?: string } {
	const positional: string[] = [];
	const values: Record<string, string> = {};
	for (let i = 0; i < args.length; i++) {
		const arg = args[i] ?? '';
		if (valued.includes(arg)) {
			const value = args[i + 1];
			if (value === undefined) {
				return { positional, values, problem: `${arg} needs a value` };
			}
			values[arg] = value;
			i++;
		} else if (arg.startsWith('--')) {
			return { positional, values, problem: `unknown option ${arg}` };
		} else {
			positional.push(arg);
		}
	}
	return { positional, values };
}
