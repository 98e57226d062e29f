import type { ApprovalRequest } from './pendingApproval';
import type { Provenance } from '../terms/decision';
import { describeRule } from '../policy/describeSource';

/** How the ids of the rules *Always Allow…* writes start, so the *Policies* view can list them as grants. */
export const ALWAYS_ALLOW_ID_PREFIX = 'always-allow-';

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
 * anchored literal regex (`/^npm publish$/`), or the exact paths with glob characters escaped; never a whole tool.
 * `subCommands` are the line's sub-commands as the shell parser split them (`undefined` when it could not).
 */
export function proposeAlwaysAllowRule(
	request: ApprovalRequest,
	subCommands: readonly string[] | undefined,
	today: string,
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
		const paths = tool.paths.map((p) => exactPathGlob(p, request.workspaceFolder));
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
 * A glob matching exactly one file: glob characters escaped, and a bare file name made absolute (a bare glob
 * matches that name in every folder). `undefined` when that cannot be done.
 */
export function exactPathGlob(
	path: string,
	workspaceFolder: string | undefined,
): string | undefined {
	// Settings globs turn `\\` into `/`, so special characters are escaped as one-character classes (`[*]`); the few
	// that cannot be (`]`, `!`, a backslash) mean the path is not pinned.
	if (/[\]!\\]/.test(path)) {
		return undefined;
	}
	const escaped = (text: string) => text.replace(/[*?[{}()+@]/g, '[$&]');
	const relative = path.replace(/^\.\//, '');
	const bare = !path.startsWith('/') && !relative.includes('/');
	if (!bare) {
		return escaped(relative);
	}
	return workspaceFolder === undefined
		? undefined
		: escaped(`${workspaceFolder.replace(/\/$/, '')}/${relative}`);
}

function ruleId(tool: string, subject: string): string {
	const slug = subject
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-|-$/g, '')
		.slice(0, 40);
	return `${ALWAYS_ALLOW_ID_PREFIX}${tool}-${slug}`.replace(/-+$/, '');
}

function capitalize(text: string): string {
	return text.charAt(0).toUpperCase() + text.slice(1);
}
