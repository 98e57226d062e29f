import type { Finding } from './finding';
import type { PackId } from './pack';
import type { PolicyInput } from './policyInput';

/** The packs that read shell command lines; with either on, a line they cannot read is not let through unread. */
export const SHELL_PACKS: readonly PackId[] = ['destructiveCommands', 'protectedPaths'];

/**
 * An `ask` finding for a PreToolUse whose command line could not be fully read (over a size or nesting limit, rejected
 * by the grammar, or a parser failure), when a shell-reading pack is on; no finding otherwise. The packs cannot vouch
 * for what such a line runs or writes, so a person decides, whatever `failMode` says. A shell tool whose arguments
 * hold no command at all is a tool call that cannot be read: asked, and denied under `failMode: closed`.
 */
export function unreadableCommandLine(
	packs: ReadonlySet<PackId>,
	input: PolicyInput,
	failMode: 'open' | 'closed' = 'open',
): readonly Finding[] {
	const { event, shell } = input;
	const pack = SHELL_PACKS.find((id) => packs.has(id));
	if (event.name !== 'PreToolUse' || pack === undefined) {
		return [];
	}
	// A shell tool whose arguments hold no command Hookwarden can find is a tool call it cannot read: asked, and
	// denied under `closed`, like any other tool input it cannot read.
	const noCommand = event.tool.kind === 'shell' && event.tool.commandLine === undefined;
	const problem =
		shell?.parseError ??
		(noCommand ? `the ${event.tool.name} tool's arguments hold no command it can find` : undefined);
	if (problem === undefined) {
		return [];
	}
	const denied = noCommand && shell === undefined && failMode === 'closed';
	return [
		{
			verdict: denied ? 'deny' : 'ask',
			ruleId: `${pack}.unreadableCommandLine`,
			reason: `Hookwarden could not fully read this command line (${problem}), so it cannot tell what it runs or writes; ${denied ? 'failMode is closed, so it is denied' : 'a person decides'}.`,
			source: { kind: 'builtin', pack },
			context:
				'Split the work into shorter, plainer commands, or write a script file and run it, so each step can be checked.',
		},
	];
}
