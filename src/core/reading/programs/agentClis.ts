import type { Effect } from '../../terms/effect';
import type { OptionGrammar, ParsedOptions } from './optionGrammar';
import { parseOptions } from './optionGrammar';
import type { ProgramCall, ProgramModel } from './programModel';

/**
 * A command-line coding agent whose hooks load from its user configuration (`~/.copilot/hooks`, `~/.claude`), and the
 * words that start it ungoverned. Options are written as the option grammar reads them: a long name without dashes or
 * one short letter.
 */
interface AgentCli {
	readonly name: string;
	/** Flags that switch its approvals off: whatever its hooks ask is then approved with nobody asked. */
	readonly approvalsOff?: readonly string[];
	/** Options whose value switches its approvals off (`--permission-mode bypassPermissions`, `-a never`). */
	readonly approvalsOffValues?: Readonly<Record<string, RegExp>>;
	/** Options that name another configuration folder, whose hooks are not the ones that watch it. */
	readonly configFolderOptions?: readonly string[];
	/** Environment variables that move its configuration folder. */
	readonly configVariables?: readonly string[];
	/** Options whose value loads none of the hooks that watch it (`--settings '{"disableAllHooks": true}'`). */
	readonly hooksOffValues?: Readonly<Record<string, RegExp>>;
}

const NEVER = /^\s*["']?never["']?\s*$/;
const YOLO = /^\s*yolo\s*$/i;

/** The agents, from their own documentation (`copilot help`, `claude --help`, `codex --help`, `gemini --help`). */
const AGENTS: readonly AgentCli[] = [
	{
		name: 'copilot',
		approvalsOff: ['allow-all-tools', 'allow-all', 'yolo'],
		// `--allow-tool=shell` or `write` with no pattern approves every command or every file write.
		approvalsOffValues: { 'allow-tool': /(?:^|,)\s*["']?(?:shell|write)["']?\s*(?:,|$)/ },
		configFolderOptions: ['config-dir'],
		configVariables: ['COPILOT_HOME'],
	},
	{
		name: 'claude',
		approvalsOff: ['dangerously-skip-permissions'],
		approvalsOffValues: { 'permission-mode': /^\s*bypassPermissions\s*$/ },
		configVariables: ['CLAUDE_CONFIG_DIR'],
		hooksOffValues: {
			settings: /disableAllHooks/,
			// Settings sources without `user` leave out the user's hooks.
			'setting-sources': /^(?![\s\S]*\buser\b)/,
		},
	},
	{
		name: 'codex',
		approvalsOff: ['dangerously-bypass-approvals-and-sandbox', 'yolo'],
		approvalsOffValues: {
			a: NEVER,
			'ask-for-approval': NEVER,
			c: /approval_policy\s*=\s*["']?never/,
			config: /approval_policy\s*=\s*["']?never/,
		},
		configVariables: ['CODEX_HOME'],
	},
	{
		name: 'gemini',
		approvalsOff: ['yolo', 'y'],
		approvalsOffValues: { 'approval-mode': YOLO },
		configVariables: ['GEMINI_CLI_HOME'],
	},
	{ name: 'cursor-agent', approvalsOff: ['force', 'f', 'yolo'] },
	{ name: 'opencode' },
	{ name: 'qwen', approvalsOff: ['yolo', 'y'], approvalsOffValues: { 'approval-mode': YOLO } },
];

/** Command-line coding agents whose hooks load from their user configuration. */
export const AGENT_CLIS: readonly string[] = AGENTS.map((agent) => agent.name);

/** Variables that move where any of them reads its user configuration, and with it the hooks that watch it. */
const CONFIG_HOMES: ReadonlySet<string> = new Set([
	'HOME',
	'USERPROFILE',
	'XDG_CONFIG_HOME',
	...AGENTS.flatMap((agent) => agent.configVariables ?? []),
]);

/**
 * Another agent started ungoverned: with its configuration home moved (`HOME=/tmp/x copilot -p …`) or another
 * configuration folder, it loads none of the user hooks that watch it, Hookwarden's among them; with its approvals off
 * (`copilot --allow-all-tools`) whatever those hooks ask is approved unseen; with its hooks switched off nothing
 * watches it at all. Each is asked.
 */
export const agentCli: ProgramModel = (call) => {
	const agent = AGENTS.find((known) => known.name === call.name);
	const parsed = parseOptions(call.args, grammarOf(agent));
	const moved = Object.keys(call.command.env ?? {}).filter((name) => CONFIG_HOMES.has(name));
	const reasons = [
		...(moved.length > 0
			? [`\`${moved.join('`, `')}\` moved, so the user hooks that watch it do not load`]
			: []),
		...(agent ? reasonsOf(agent, parsed) : []),
	];
	return reasons.length === 0 ? [] : [ungoverned(call, reasons)];
};

/** One effect saying every way the line starts it ungoverned: a judgement reports one reason per sub-command. */
function ungoverned(call: ProgramCall, reasons: readonly string[]): Effect {
	return call.effect({
		kind: 'configExec',
		subject: 'hookSettings',
		certainty: 'likely',
		action: `starts the agent \`${call.name}\` with ${reasons.join('; and with ')}`,
	});
}

function reasonsOf(agent: AgentCli, parsed: ParsedOptions): string[] {
	const reasons: string[] = [];
	const flags = parsed.options.filter((option) => agent.approvalsOff?.includes(option.name));
	const valued = parsed.options.filter((option) =>
		matches(agent.approvalsOffValues, option.name, option.value),
	);
	const approvals = [...flags, ...valued].map((option) => written(option.name, option.value));
	if (approvals.length > 0) {
		reasons.push(
			`its approvals off (${approvals.join(', ')}), so whatever its hooks ask is approved with nobody asked`,
		);
	}
	const folders = parsed.options.filter((option) =>
		agent.configFolderOptions?.includes(option.name),
	);
	if (folders.length > 0) {
		reasons.push(
			`another configuration folder (${folders.map((o) => written(o.name, o.value)).join(', ')}), so the user hooks that watch it do not load`,
		);
	}
	const hooksOff = parsed.options.filter((option) =>
		matches(agent.hooksOffValues, option.name, option.value),
	);
	if (hooksOff.length > 0) {
		reasons.push(
			`its hooks switched off (${hooksOff.map((o) => written(o.name, o.value)).join(', ')}), so nothing watches what it does`,
		);
	}
	return reasons;
}

function matches(
	table: Readonly<Record<string, RegExp>> | undefined,
	name: string,
	value: string | undefined,
): boolean {
	const pattern = table && Object.hasOwn(table, name) ? table[name] : undefined;
	return pattern !== undefined && value !== undefined && pattern.test(value);
}

/** The options that take a value, so `--permission-mode bypassPermissions` reads its value from the next word. */
function grammarOf(agent: AgentCli | undefined): OptionGrammar {
	const valued = [
		...Object.keys(agent?.approvalsOffValues ?? {}),
		...Object.keys(agent?.hooksOffValues ?? {}),
		...(agent?.configFolderOptions ?? []),
	];
	return {
		shortValues: valued.filter((name) => name.length === 1).join(''),
		longValues: valued.filter((name) => name.length > 1),
	};
}

function written(name: string, value: string | undefined): string {
	const option = name.length === 1 ? `-${name}` : `--${name}`;
	return value === undefined ? `\`${option}\`` : `\`${option} ${value}\``;
}
