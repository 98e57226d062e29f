import type { Finding } from '../judging/finding';
import { PACK_IDS } from '../judging/pack';
import type { PolicyInput } from '../judging/policyInput';
import { resolveCallPath } from '../judging/resolvedEffects';
import type { RuleSource } from '../terms/decision';
import type { CompiledException } from './compilePolicy';
import { globsCover } from './matchGlob';

const PACKS: ReadonlySet<string> = new Set(PACK_IDS);

/**
 * The exception that lifts one finding, or `undefined`. An exception lifts a finding of the rule it names whose
 * sub-command it names (literal text matches the whole sub-command, a `/regex/` is tested against it) or whose path
 * it names (a glob that covers every path the finding's target may stand for, as the packs resolved it). Only findings of built-in packs and of settings rules can be
 * lifted, never a limit or the default verdict; and an exception from workspace or folder settings never lifts a
 * rule from user settings, so a repository cannot undo what a person set for themselves.
 */
export function exceptionFor(
	finding: Finding,
	exceptions: readonly CompiledException[],
	input: PolicyInput,
): CompiledException | undefined {
	if (exceptions.length === 0 || !liftable(finding.source)) {
		return undefined;
	}
	return exceptions.find(
		(exception) =>
			exception.rule === finding.ruleId &&
			mayLift(exception.source, finding.source) &&
			(matchesCommand(exception, finding) || matchesPath(exception, finding, input)),
	);
}

/**
 * Removes from `findings`, in place, every finding an exception lifts; the step `evaluatePolicy` runs after every
 * finding is in and before the winner is chosen. Returns the lifted findings with their exceptions, for `--explain`.
 */
export function dropExceptedFindings(
	findings: Finding[],
	exceptions: readonly CompiledException[],
	input: PolicyInput,
): { readonly finding: Finding; readonly exception: CompiledException }[] {
	const lifted: { finding: Finding; exception: CompiledException }[] = [];
	if (exceptions.length === 0) {
		return lifted;
	}
	for (let i = findings.length - 1; i >= 0; i--) {
		const finding = findings[i];
		const exception = finding && exceptionFor(finding, exceptions, input);
		if (finding && exception) {
			lifted.unshift({ finding, exception });
			findings.splice(i, 1);
		}
	}
	return lifted;
}

function liftable(source: RuleSource): boolean {
	return (
		(source.kind === 'builtin' && PACKS.has(source.pack)) ||
		source.kind === 'userSettings' ||
		source.kind === 'workspaceSettings' ||
		source.kind === 'workspaceFolderSettings'
	);
}

function mayLift(exception: RuleSource, finding: RuleSource): boolean {
	return finding.kind !== 'userSettings' || exception.kind === 'userSettings';
}

function matchesCommand(exception: CompiledException, finding: Finding): boolean {
	const subCommand = finding.subCommand;
	if (!exception.command || subCommand === undefined) {
		return false;
	}
	const written = oneSpaced(subCommand);
	return exception.command.some((pattern) =>
		pattern.kind === 'regex' ? pattern.regex.test(subCommand) : oneSpaced(pattern.text) === written,
	);
}

function matchesPath(exception: CompiledException, finding: Finding, input: PolicyInput): boolean {
	if (!exception.path || finding.path === undefined) {
		return false;
	}
	// The finding's path as its rule resolved it; one from elsewhere is resolved by the same resolver.
	const targets = finding.targets ?? resolveCallPath(input, finding.path).candidates;
	return globsCover(exception.path, targets, input);
}

function oneSpaced(text: string): string {
	return text.replace(/\s+/g, ' ').trim();
}
