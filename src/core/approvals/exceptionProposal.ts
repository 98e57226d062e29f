import type { Finding } from '../judging/finding';
import { PACK_IDS } from '../judging/pack';
import { describeRule } from '../policy/describeSource';
import type { Provenance } from '../terms/decision';
import { EXCEPTION_RULE_ID } from '../settings/exceptionSchema';
import type { RuleException } from '../settings/exceptionSchema';
import { anchoredRegex, exactPathGlob } from './alwaysAllowRule';
import type { ApprovalRequest } from './pendingApproval';

/** Where an exception may be written: user settings always, workspace settings only for rules outside user settings. */
export type ExceptionScope = 'workspace' | 'user';

/** What *Add an Exception…* can do for one request: write an exception (with what it covers, in words), or why not. */
export type ExceptionProposal =
	| {
			readonly kind: 'exception';
			readonly exception: RuleException;
			readonly explanation: readonly string[];
			/** The settings scopes that can hold it, the first preferred. */
			readonly scopes: readonly ExceptionScope[];
	  }
	| { readonly kind: 'unavailable'; readonly why: string };

const PACKS: ReadonlySet<string> = new Set(PACK_IDS);

/**
 * Proposes the narrowest exception to the rule that asked: that rule's id, and exactly the sub-commands (whole, as
 * written) or the paths (escaped to match one file each) it asked about in this call. `findings` are what the policy
 * finds for the call now; only those of the asking rule are used. Only a pack's rule or a settings rule with an id of
 * its own can be excepted; the default verdict and providers cannot (their fix is elsewhere).
 */
export function proposeException(
	request: ApprovalRequest,
	findings: readonly Finding[],
	today: string,
): ExceptionProposal {
	const asker = request.askedBy;
	const rule = asker?.ruleId;
	if (!asker || rule === undefined || !exceptable(asker) || !EXCEPTION_RULE_ID.test(rule)) {
		return {
			kind: 'unavailable',
			why: `An exception lifts one rule of a pack or of hookwarden.rules by its id; ${describeRule(asker)} is not one.`,
		};
	}
	const own = findings.filter((finding) => finding.ruleId === rule);
	const commands = unique(own.flatMap((f) => (f.subCommand === undefined ? [] : [f.subCommand])));
	const reason = `Added from an approval on ${today}.`;
	const outsideUser = asker.source?.kind !== 'userSettings';
	const scopes: readonly ExceptionScope[] = outsideUser ? ['workspace', 'user'] : ['user'];
	const lifts = `Lifts ${describeRule(asker)}`;
	const where = outsideUser
		? []
		: [
				'The rule is in your user settings, so the exception goes there too: a workspace cannot lift it.',
			];
	if (commands.length > 0) {
		return {
			kind: 'exception',
			exception: { rule, command: commands.map(literalCommand), reason },
			explanation: [
				`${lifts} for exactly ${commands.map((c) => `“${c}”`).join(commands.length > 2 ? ', ' : ' and ')}.`,
				'Every other rule still judges these commands, and the rule still judges every other command.',
				...where,
			],
			scopes,
		};
	}
	const paths = unique(own.flatMap(pinnedPath));
	const globs = paths.map((p) => exactPathGlob(p, request.workspaceFolder));
	if (globs.length > 0 && globs.every((g): g is string => g !== undefined)) {
		return {
			kind: 'exception',
			exception: { rule, path: globs, reason },
			explanation: [
				`${lifts} for exactly ${globs.join(', ')}.`,
				'Every other rule still judges these paths, and the rule still judges every other path.',
				...where,
			],
			scopes,
		};
	}
	return {
		kind: 'unavailable',
		why: `${capitalize(describeRule(asker))} did not name a command or a path of this call that an exception could be pinned to.`,
	};
}

/**
 * The path an exception pins a finding to: the one file its target resolved to (`$HOME/x`, or `x` after a `cd`, named
 * where it really is), else the path as written.
 */
function pinnedPath(finding: Finding): string[] {
	const [only, ...more] = finding.targets ?? [];
	if (only !== undefined && more.length === 0 && !/[*?[]/.test(only)) {
		return [only];
	}
	return finding.path === undefined ? [] : [finding.path];
}

// A sub-command shaped like `/…/` (`/usr/bin/rm -rf /`) would be read as a regex: it is written as an anchored one.
function literalCommand(command: string): string {
	return /^\/.+\/[A-Za-z]*$/s.test(command) ? anchoredRegex(command) : command;
}

function exceptable(provenance: Provenance): boolean {
	const source = provenance.source;
	return (
		(source?.kind === 'builtin' && PACKS.has(source.pack)) ||
		source?.kind === 'userSettings' ||
		source?.kind === 'workspaceSettings' ||
		source?.kind === 'workspaceFolderSettings'
	);
}

function unique(values: readonly string[]): string[] {
	return [...new Set(values.map((v) => v.trim()).filter(Boolean))];
}

function capitalize(text: string): string {
	return text.charAt(0).toUpperCase() + text.slice(1);
}
