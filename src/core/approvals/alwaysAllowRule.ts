import type { ApprovalRequest } from './pendingApproval';
import type { Provenance } from '../terms/decision';
import { pathInside } from '../paths/pathMath';
import { describeRule } from '../policy/describeSource';

/** How the ids of the rules *Always Allow…* writes start, so the *Policies* view can list them as grants. */
export const ALWAYS_ALLOW_ID_PREFIX = 'always-allow-';

/** Past this an id stops being something a person reads in a list. */
const ID_SLUG_MAX = 80;

/** A `hookwarden.rules` entry exactly as it is written to settings.json. */
export interface AllowRule {
	readonly id: string;
	readonly description: string;
	readonly tool: string;
	readonly command?: readonly string[];
	readonly path?: readonly string[];
	readonly verdict: 'allow';
}

/** What *Always Allow…* can do for one request: write a rule (with what it covers, in words), or why not. */
export type AlwaysAllowProposal =
	| { readonly kind: 'rule'; readonly rule: AllowRule; readonly explanation: readonly string[] }
	/** An `ask` rule matched; `ask` outranks `allow`, so a new allow rule would change nothing. */
	| { readonly kind: 'outranked'; readonly askedBy: Provenance; readonly why: string }
	| { readonly kind: 'unavailable'; readonly why: string };

/**
 * Proposes the narrowest allow rule for what the person saw: the exact tool name plus each sub-command as an
 * anchored literal regex (`/^npm publish$/`), or the exact paths (relative to the workspace or `~` where they can be,
 * so the rule works in a teammate's checkout) with glob characters escaped; never a whole tool.
 * `subCommands` are the line's sub-commands as the shell parser split them (`undefined` when it could not).
 */
export function proposeAlwaysAllowRule(
	request: ApprovalRequest,
	subCommands: readonly string[] | undefined,
	today: string,
	homeDir?: string,
): AlwaysAllowProposal {
	const { event } = request;
	if (event.name !== 'PreToolUse') {
		return { kind: 'unavailable', why: `Always Allow covers tool calls only, not ${event.name}.` };
	}
	const asker = request.askedBy;
	if (asker && asker.ruleId !== 'defaultVerdict') {
		return {
			kind: 'outranked',
			askedBy: asker,
			why: `${capitalize(describeRule(asker))} asks for this call, and an ask outranks any allow rule, so a new allow rule would not stop the question. Change or remove that rule instead, or allow this call for the session.`,
		};
	}
	const { tool } = event;
	const description = `Written by Hookwarden's Always Allow on ${today}.`;
	if (tool.commandLine !== undefined) {
		const commands = [...new Set((subCommands ?? []).map((c) => c.trim()).filter(Boolean))];
		if (commands.length === 0) {
			return {
				kind: 'unavailable',
				why: 'The command line could not be split into sub-commands, so no exact rule can be written for it.',
			};
		}
		const rule: AllowRule = {
			id: ruleId(tool.name, commands[0] ?? tool.name),
			description,
			tool: tool.name,
			command: commands.map(anchoredRegex),
			verdict: 'allow',
		};
		return {
			kind: 'rule',
			rule,
			explanation: [
				`Allows ${tool.name} to run exactly ${commands.map((c) => `“${c}”`).join(commands.length > 2 ? ', ' : ' and ')}, with nothing added or changed.`,
				...(commands.length > 1
					? [
							'Each of these sub-commands is allowed alone or together; any other command still asks.',
						]
					: []),
				'Deny and ask rules, and the built-in packs, still win over this rule.',
			],
		};
	}
	if (tool.paths.length > 0) {
		const paths = tool.paths.map((p) => exactPathGlob(p, request.workspaceFolder, homeDir));
		if (paths.some((p) => p === undefined)) {
			return {
				kind: 'unavailable',
				why: 'A path of this call cannot be pinned to one file, so no exact rule can be written for it.',
			};
		}
		const exact = paths as string[];
		return {
			kind: 'rule',
			rule: {
				id: ruleId(tool.name, exact[0] ?? tool.name),
				description,
				tool: tool.name,
				path: exact,
				verdict: 'allow',
			},
			explanation: [
				`Allows ${tool.name} when every path it touches is one of: ${exact.join(', ')}.`,
				'Deny and ask rules, and the built-in packs, still win over this rule.',
			],
		};
	}
	return {
		kind: 'unavailable',
		why: `This ${tool.name} call names no command or path, so an allow rule would cover every call of the tool.`,
	};
}

/** `/^…$/` matching exactly `text`. */
export function anchoredRegex(text: string): string {
	return `/^${text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$/`;
}

/**
 * A glob matching exactly one file, written so a team can share it: relative to the workspace folder (`src/a.ts`, and
 * `./NOTES.md` at its top, since a bare name matches in every folder), else relative to the home folder (`~/…`), else
 * absolute; glob characters escaped. `undefined` when that cannot be done.
 */
export function exactPathGlob(
	path: string,
	workspaceFolder: string | undefined,
	homeDir?: string,
): string | undefined {
	// Settings globs turn `\\` into `/`, so special characters are escaped as one-character classes (`[*]`); the few
	// that cannot be (`]`, `!`, a backslash) mean the path is not pinned.
	if (/[\]!\\]/.test(path)) {
		return undefined;
	}
	const portable = portablePath(path.replace(/^\.\//, ''), workspaceFolder, homeDir);
	return portable?.replace(/[*?[{}()+@]/g, '[$&]');
}

/** A path as the settings of another checkout read it: inside the workspace or home when it is, absolute otherwise. */
function portablePath(
	path: string,
	workspaceFolder: string | undefined,
	homeDir: string | undefined,
): string | undefined {
	const atTop = (relative: string) => (relative.includes('/') ? relative : `./${relative}`);
	if (!path.startsWith('/')) {
		return workspaceFolder === undefined && !path.includes('/') ? undefined : atTop(path);
	}
	const inWorkspace = workspaceFolder === undefined ? undefined : pathInside(path, workspaceFolder);
	if (inWorkspace) {
		return atTop(inWorkspace);
	}
	const inHome = homeDir === undefined ? undefined : pathInside(path, homeDir);
	return inHome ? `~/${inHome}` : path;
}

/** The rule's id from the whole subject; only a very long one is shortened, and then at a word, never mid-word. */
function ruleId(tool: string, subject: string): string {
	const slug = subject
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-|-$/g, '');
	const words =
		slug.length <= ID_SLUG_MAX ? slug : slug.slice(0, ID_SLUG_MAX + 1).replace(/-[^-]*$/, '');
	return `${ALWAYS_ALLOW_ID_PREFIX}${tool}-${words}`.replace(/-+$/, '');
}

function capitalize(text: string): string {
	return text.charAt(0).toUpperCase() + text.slice(1);
}
