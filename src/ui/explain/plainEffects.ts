import type { JudgedEffect } from '../../core/judging/judgeEffects';
import type { JudgedTarget } from '../../core/judging/judgeTable';
import type { EffectKind } from '../../core/terms/effect';

/** What each kind of effect does, as a developer says it. */
const DOES: Readonly<Record<EffectKind, string>> = {
	read: 'reads',
	write: 'writes',
	truncate: 'empties',
	delete: 'deletes',
	move: 'moves away',
	link: 'puts a link at',
	chmod: 'changes the permissions of',
	exec: 'runs',
	send: 'sends over the network',
	deviceWrite: 'overwrites the disk',
	historyRewrite: 'throws away',
	serviceDataLoss: 'destroys',
	configExec: 'changes a setting so that a program runs later:',
};

/** What a target is, as a developer says it; targets not named here are left to the path itself. */
const TARGETS: Partial<Readonly<Record<JudgedTarget, string>>> = {
	ownSecret: 'Hookwarden’s own key',
	ownState: 'Hookwarden’s own settings or hook files',
	secret: 'a file that usually holds credentials',
	startup: 'a file that runs programs at startup',
	device: 'a disk device',
	root: 'the whole file system',
	system: 'a system folder',
	home: 'your home folder',
	workspaceRoot: 'the whole workspace',
	vcs: 'the repository’s .git data',
	buildOutput: 'build output',
	temp: 'a temporary folder',
	outside: 'outside the workspace',
	worktree: 'all uncommitted changes',
	worktreeFiles: 'uncommitted changes to some files',
	untrackedFiles: 'untracked files',
	remoteHistory: 'history on the remote (a force push)',
	remoteRefs: 'branches or tags on the remote',
	localRefs: 'local branches or tags',
	localHistory: 'local commits',
	recoveryData: 'what Git keeps to recover lost work',
	serviceData: 'a database’s or a cloud service’s data',
	machine: 'the machine itself',
	downloadedCode: 'code downloaded from the network',
	decodedCode: 'code decoded at run time',
	runtimeCode: 'code built at run time',
	inputCode: 'code read from its input',
	unknownProgram: 'a program Hookwarden has no model for',
	scriptFile: 'a script file',
	projectCode: 'the project’s own scripts',
	hookSettings: 'the agent’s hook settings',
	processes: 'other processes',
	credentials: 'credentials',
};

/**
 * What a command line does, one sentence per effect, in a developer's words (`Deletes ~ (your home folder), everything
 * under it, without asking: denied by destructiveCommands.recursiveDelete.`) instead of effect and class names.
 */
export function plainEffects(judged: readonly JudgedEffect[]): string[] {
	return [...new Set(judged.map(sentence))];
}

function sentence({ effect, matches, decided }: JudgedEffect): string {
	const named = [...new Set(matches.map((m) => TARGETS[m.target]).filter(Boolean))];
	const what =
		effect.path !== undefined
			? `${effect.path}${named.length > 0 ? ` (${named.join(', ')})` : ''}`
			: (named[0] ??
				(effect.subject !== undefined ? TARGETS[effect.subject] : undefined) ??
				'something');
	const how = [
		effect.tree && effect.kind !== 'read' ? 'everything under it' : undefined,
		effect.force ? 'without asking' : undefined,
		effect.certainty === 'unknown' ? 'where exactly is known only when it runs' : undefined,
	].filter(Boolean);
	const verdicts = decided.map(
		({ finding }) => `${VERDICT_WORDS[finding.verdict]} ${finding.ruleId}`,
	);
	const verb = DOES[effect.kind];
	return `${verb.charAt(0).toUpperCase()}${verb.slice(1)} ${what}${how.length > 0 ? `, ${how.join(', ')}` : ''}${verdicts.length > 0 ? `: ${verdicts.join('; ')}` : ''}.`;
}

const VERDICT_WORDS = {
	allow: 'allowed by',
	ask: 'needs your approval, by',
	deny: 'denied by',
} as const;
