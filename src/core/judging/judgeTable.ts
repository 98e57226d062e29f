import type { Verdict } from '../terms/decision';
import type { Effect, EffectKind, EffectSubject } from '../terms/effect';
import type { PackId } from './pack';
import type { PathClass } from './paths/pathClasses';

/** What a judge row is judged against: a path class for a path effect, a subject for any other. */
export type JudgedTarget = PathClass | EffectSubject;

/** What a reason is built from: the sub-command, what it does, the target as written, and what that target is. */
export interface ReasonParts {
	readonly source: string;
	readonly action: string;
	readonly target?: string;
	readonly why: string;
	/** The row's verdict after certainty: a `deny` row read only as likely asks. */
	readonly verdict: Verdict;
}

/**
 * One row of the judge table: for effects of these kinds on these targets (and, where given, with this shape), the
 * verdict, a stable rule id (`<pack>.<rule>`), the reason and the context the model gets. Rows are data: adding a
 * rule is adding a row, and `--explain` prints the row that matched.
 */
export interface JudgeRow {
	readonly pack: PackId;
	readonly rule: string;
	readonly kinds: readonly EffectKind[];
	readonly targets: readonly JudgedTarget[];
	readonly when?: (effect: Effect) => boolean;
	/** The row does not fit a path that is also one of these (`/tmp/k.pem` is a secret by name, but in temp). */
	readonly unlessAlso?: readonly PathClass[];
	readonly verdict: Verdict;
	/** Why, in words for the model and the person. */
	readonly reason: (parts: ReasonParts) => string;
	readonly context?: string;
}

const CHANGES: readonly EffectKind[] = ['write', 'truncate', 'delete', 'move', 'link', 'chmod'];
const tree = (effect: Effect) => effect.tree === true;
const single = (effect: Effect) => effect.tree !== true;

/** `` `cmd` deletes `x` ``, the common opening of every reason. */
const does = ({ source, action, target }: ReasonParts): string =>
	`\`${source}\` ${action}${target !== undefined ? ` \`${target}\`` : ''}`;

const confirm = (parts: ReasonParts, what: string): string =>
	parts.verdict === 'deny' ? what : `${what}; the person confirms this`;

const DELETE_CONTEXT =
	'Delete only the specific files or folders you created, by explicit path inside the workspace, or ask the user to run the cleanup.';
const HISTORY_CONTEXT =
	'Make a new commit instead of rewriting existing ones, or ask the user to rewrite history themselves.';
const DISCARD_CONTEXT =
	'Set changes aside with `git stash` instead of discarding them, or ask the user to discard them.';
const OWN_STATE_CONTEXT =
	"Do not change Hookwarden's files, hook files or editor settings; ask the person to make this change themselves.";

/**
 * The judge table: effect kind × target → verdict, rule id, reason. The first row that fits an (effect, target) pair
 * decides it; among an effect's targets the strictest verdict wins. Deletes of build output and temporary files,
 * writes inside the workspace and reads of ordinary files match no row: they stay quiet.
 */
export const JUDGE_TABLE: readonly JudgeRow[] = [
	// Hookwarden's own state: an agent that could change it could switch Hookwarden off.
	{
		pack: 'protectedPaths',
		rule: 'ownSecret',
		kinds: ['read', 'send', ...CHANGES],
		targets: ['ownSecret'],
		verdict: 'deny',
		reason: (parts) =>
			`${does(parts)}, which ${parts.verdict === 'deny' ? 'is' : 'may be'} ${parts.why}; agents may not even read it.`,
		context: OWN_STATE_CONTEXT,
	},
	{
		pack: 'protectedPaths',
		rule: 'ownState',
		kinds: [...CHANGES, 'configExec'],
		targets: ['ownState', 'hookSettings'],
		verdict: 'deny',
		reason: (parts) =>
			// A subject effect (`git config core.hooksPath`, `code --uninstall-extension`) says what it does in its action.
			`${does(parts)}${parts.target !== undefined ? `, which ${parts.verdict === 'deny' ? 'is' : 'may be'} ${parts.why}` : ''}. Agents may not change Hookwarden's own state; ask the person to make this change themselves.`,
		context: OWN_STATE_CONTEXT,
	},
	{
		pack: 'protectedPaths',
		rule: 'startupFile',
		kinds: CHANGES,
		targets: ['startup'],
		verdict: 'ask',
		reason: (parts) =>
			`${does(parts)}: ${parts.why}, so a change there acts later, unseen; the person confirms it.`,
	},
	{
		pack: 'protectedPaths',
		rule: 'configExec',
		kinds: ['configExec'],
		targets: ['runtimeCode'],
		verdict: 'ask',
		reason: (parts) =>
			`${does(parts)}; what runs that way is not checked by a hook call, so the person confirms it.`,
	},
	{
		pack: 'protectedPaths',
		rule: 'secretFile',
		kinds: ['write', 'truncate', 'link', 'chmod'],
		targets: ['secret'],
		// A key written into a temporary folder (`openssl req -keyout /tmp/k.pem`) replaces nothing a person keeps;
		// reading it is still asked below.
		unlessAlso: ['temp'],
		when: single,
		verdict: 'ask',
		reason: (parts) => `${does(parts)}: ${parts.why}; changing it needs the person's approval.`,
	},
	{
		// A move takes the whole credential (or folder of them) somewhere the agent may read, and what used it breaks.
		pack: 'protectedPaths',
		rule: 'secretFile',
		kinds: ['move'],
		targets: ['secret'],
		verdict: 'ask',
		reason: (parts) => `${does(parts)}: ${parts.why}; moving it needs the person's approval.`,
	},
	{
		pack: 'protectedPaths',
		rule: 'gitInternals',
		kinds: ['write', 'truncate', 'link', 'chmod', 'move'],
		targets: ['vcs'],
		verdict: 'ask',
		reason: (parts) =>
			`${does(parts)}, inside git's internal state; changing it needs the person's approval.`,
	},

	// Reading credentials puts them in front of the model.
	{
		pack: 'secrets',
		rule: 'secretFile',
		kinds: ['read', 'send'],
		targets: ['secret'],
		verdict: 'ask',
		reason: (parts) =>
			`${does(parts)}: ${parts.why}; its contents would reach the model, so a person approves.`,
		context:
			'Do not read credential files; use the variable names from a template such as .env.example, or ask the user for the value you need.',
	},
	{
		pack: 'secrets',
		rule: 'credentialOutput',
		kinds: ['read', 'send'],
		targets: ['credentials'],
		verdict: 'ask',
		reason: (parts) =>
			`${does(parts)}; the credential would reach the model, so a person approves.`,
		context:
			'Do not print credentials; pass them to the program that needs them (for example through its environment) without showing them.',
	},

	// Devices and the machine.
	{
		pack: 'destructiveCommands',
		rule: 'rawDiskWrite',
		kinds: ['write', 'truncate', 'deviceWrite', 'delete'],
		targets: ['device'],
		verdict: 'deny',
		reason: (parts) => `${does(parts)}: ${parts.why}, which destroys the file system on it.`,
	},
	{
		pack: 'destructiveCommands',
		rule: 'diskErase',
		kinds: ['deviceWrite'],
		targets: ['machine'],
		verdict: 'deny',
		reason: (parts) =>
			`${does(parts)} a disk, a partition table or a volume, destroying the data on it.`,
	},
	{
		pack: 'destructiveCommands',
		rule: 'forkBomb',
		kinds: ['serviceDataLoss'],
		targets: ['processes'],
		verdict: 'deny',
		reason: (parts) => `${does(parts)}.`,
	},

	// Deletes, judged by what they hit.
	{
		pack: 'destructiveCommands',
		rule: 'recursiveForceDelete',
		kinds: ['delete'],
		targets: ['root', 'system', 'home', 'workspaceRoot', 'vcs'],
		when: tree,
		verdict: 'deny',
		reason: (parts) =>
			`${does(parts)}, which is ${parts.why}; what it destroys cannot be recovered.`,
		context: DELETE_CONTEXT,
	},
	{
		pack: 'destructiveCommands',
		rule: 'moveAway',
		kinds: ['move'],
		targets: ['root', 'system', 'home', 'workspaceRoot'],
		verdict: 'deny',
		reason: (parts) => `${does(parts)}, which is ${parts.why}; whatever relies on it there breaks.`,
	},
	{
		pack: 'destructiveCommands',
		rule: 'delete',
		// Emptying every file a glob matches (`truncate -s 0 src/*.ts`) destroys their contents as surely.
		kinds: ['delete', 'truncate'],
		targets: ['tempRoot', 'source', 'outside', 'unknown', 'secret'],
		// A tree, or every file a glob matches (`rm *.ts`, `find . -name '*.ts' -delete`): more than one named file.
		// `git rm -r` takes only what the last commit brings back.
		when: (effect) =>
			(effect.tree === true || /[*?[]/.test(effect.path ?? '')) && effect.recoverable !== true,
		verdict: 'ask',
		reason: (parts) =>
			`${does(parts)}: ${parts.why}; ${confirm(parts, 'a whole folder tree goes')}.`,
		context: DELETE_CONTEXT,
	},
	{
		pack: 'destructiveCommands',
		rule: 'delete',
		kinds: ['delete', 'truncate'],
		targets: ['outside', 'system', 'root', 'home', 'workspaceRoot', 'vcs', 'secret'],
		when: single,
		verdict: 'ask',
		reason: (parts) => `${does(parts)}: ${parts.why}; the person confirms deletions there.`,
		context: DELETE_CONTEXT,
	},
	{
		pack: 'destructiveCommands',
		rule: 'delete',
		kinds: ['delete', 'truncate'],
		// One file a shell line names by a variable (`rm -f "$TMPFILE"`) is everyday script cleanup, and `rm`
		// without `-r` cannot take a folder; a name code computes, or input feeds (`xargs rm`), may be every file.
		targets: ['unknown'],
		when: (effect) => single(effect) && effect.reach !== 'line',
		verdict: 'ask',
		reason: (parts) => `${does(parts)}: ${parts.why}; the person confirms deletions there.`,
		context: DELETE_CONTEXT,
	},
	{
		pack: 'destructiveCommands',
		rule: 'shred',
		kinds: ['delete'],
		targets: ['source', 'outside', 'unknown', 'vcs', 'secret', 'workspaceRoot', 'home', 'system'],
		when: (effect) => effect.beyondRecovery === true,
		verdict: 'ask',
		reason: (parts) => `${does(parts)}: ${parts.why}; the person confirms destroying it.`,
	},
	{
		pack: 'destructiveCommands',
		rule: 'systemWrite',
		kinds: ['write', 'link', 'move'],
		targets: ['system', 'root'],
		verdict: 'ask',
		reason: (parts) => `${does(parts)}, ${parts.why}; the person confirms changes to the system.`,
	},
	{
		pack: 'destructiveCommands',
		rule: 'permissionsSweep',
		kinds: ['chmod'],
		targets: ['root', 'system', 'home'],
		when: (effect) => effect.tree === true || effect.everyone === true,
		verdict: 'deny',
		reason: (parts) =>
			`${does(parts)}, ${parts.why}, which can lock users out or open the machine to everyone.`,
	},
	{
		pack: 'destructiveCommands',
		rule: 'runAsOwner',
		kinds: ['chmod'],
		targets: ['root', 'system', 'home'],
		when: (effect) => effect.runsAsOwner === true,
		verdict: 'deny',
		reason: (parts) =>
			`${does(parts)}, ${parts.why}: every user who runs it gets its owner's rights, root's for a system program.`,
	},
	{
		pack: 'destructiveCommands',
		rule: 'runAsOwner',
		kinds: ['chmod'],
		targets: [
			'workspaceRoot',
			'source',
			'outside',
			'vcs',
			'unknown',
			'buildOutput',
			'temp',
			'startup',
		],
		when: (effect) => effect.runsAsOwner === true,
		verdict: 'ask',
		reason: (parts) =>
			`${does(parts)}; whoever runs it gets its owner's rights, so the person confirms it.`,
	},
	{
		pack: 'destructiveCommands',
		rule: 'permissionsSweep',
		kinds: ['chmod'],
		targets: ['workspaceRoot', 'source', 'outside', 'vcs', 'unknown'],
		when: (effect) => effect.tree === true && effect.everyone === true,
		verdict: 'ask',
		reason: (parts) =>
			`${does(parts)}; a whole tree becomes writable by every user, so the person confirms it.`,
	},

	// Version control.
	{
		pack: 'destructiveCommands',
		rule: 'forcePush',
		kinds: ['historyRewrite'],
		targets: ['remoteHistory'],
		verdict: 'deny',
		reason: (parts) => `${does(parts)}; other people may depend on those commits.`,
		context:
			'Push without force (pull and rebase or merge first), or ask the user; if a rewrite is really intended, --force-with-lease is the safer form.',
	},
	{
		pack: 'destructiveCommands',
		rule: 'discardChanges',
		kinds: ['historyRewrite'],
		targets: ['worktree'],
		when: (effect) => effect.whole === true,
		verdict: 'deny',
		reason: (parts) => `${does(parts)}; uncommitted work is lost and cannot be recovered.`,
		context: DISCARD_CONTEXT,
	},
	{
		pack: 'destructiveCommands',
		rule: 'discardChanges',
		kinds: ['historyRewrite'],
		targets: ['worktree', 'worktreeFiles'],
		verdict: 'ask',
		reason: (parts) => `${does(parts)}; ${confirm(parts, 'uncommitted work there is lost')}.`,
		context: DISCARD_CONTEXT,
	},
	{
		pack: 'destructiveCommands',
		rule: 'gitClean',
		kinds: ['historyRewrite'],
		targets: ['untrackedFiles'],
		verdict: 'deny',
		reason: (parts) => `${does(parts)}.`,
		context:
			'Run `git clean -n` to list what would go and delete specific files by path, or ask the user.',
	},
	{
		pack: 'destructiveCommands',
		rule: 'deleteRefs',
		kinds: ['historyRewrite'],
		targets: ['remoteRefs', 'localRefs'],
		verdict: 'ask',
		reason: (parts) => `${does(parts)}; the person confirms it.`,
	},
	{
		pack: 'destructiveCommands',
		rule: 'historyRewrite',
		kinds: ['historyRewrite'],
		targets: ['localHistory', 'recoveryData'],
		verdict: 'ask',
		reason: (parts) => `${does(parts)}; the person confirms it.`,
		context: HISTORY_CONTEXT,
	},

	// Code the line does not show.
	{
		pack: 'destructiveCommands',
		rule: 'remoteScriptExecution',
		kinds: ['exec'],
		targets: ['downloadedCode'],
		verdict: 'deny',
		reason: (parts) => `${does(parts)}.`,
		context:
			'Download the script to a file, show it to the user, and run it only after they have reviewed it; prefer a package manager when there is one.',
	},
	{
		pack: 'destructiveCommands',
		rule: 'obfuscatedScript',
		kinds: ['exec'],
		targets: ['decodedCode'],
		verdict: 'ask',
		reason: (parts) => `${does(parts)}; the person confirms it.`,
		context: 'Run the decoded commands directly so they can be read, or ask the user.',
	},
	{
		pack: 'destructiveCommands',
		rule: 'hiddenCode',
		kinds: ['exec'],
		targets: ['runtimeCode', 'inputCode'],
		verdict: 'ask',
		reason: (parts) => `${does(parts)}; Hookwarden cannot check it, so the person confirms it.`,
		context:
			'Write the commands out directly (or in a script file you show first), so each can be checked.',
	},

	// Data services hold.
	{
		// `terraform destroy -auto-approve`, `kubectl delete ns prod`, `az group delete`: everything in a scope goes.
		pack: 'destructiveCommands',
		rule: 'serviceDataLoss',
		kinds: ['serviceDataLoss'],
		targets: ['serviceData'],
		when: (effect) => effect.whole === true,
		verdict: 'deny',
		reason: (parts) =>
			`${does(parts)}; it takes a whole scope (everything, production, a namespace or a project), which cannot be recovered.`,
		context:
			'Destroy only the named resources you created, outside production, or ask the user to run this themselves.',
	},
	{
		pack: 'destructiveCommands',
		rule: 'serviceDataLoss',
		kinds: ['serviceDataLoss'],
		targets: ['serviceData', 'machine'],
		verdict: 'ask',
		reason: (parts) => `${does(parts)}; the person confirms this.`,
	},
];
