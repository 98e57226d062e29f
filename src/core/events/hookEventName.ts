/** The eight events VS Code's Local harness fires, in the order a session meets them. */
export const VSCODE_HOOK_EVENTS = [
	'SessionStart',
	'UserPromptSubmit',
	'PreToolUse',
	'PostToolUse',
	'PreCompact',
	'SubagentStart',
	'SubagentStop',
	'Stop',
] as const;

/** Events only the Copilot runtime fires, never VS Code Local (Copilot CLI 1.0.102 fires each under both spellings). */
export const CLI_ONLY_HOOK_EVENTS = [
	'SessionEnd',
	'ErrorOccurred',
	'PostToolUseFailure',
	'PermissionRequest',
	'Notification',
] as const;

/** Every event Hookwarden understands, PascalCase as VS Code spells them. */
export const HOOK_EVENT_NAMES = [...VSCODE_HOOK_EVENTS, ...CLI_ONLY_HOOK_EVENTS] as const;

/** One hook event name in its canonical PascalCase spelling. */
export type HookEventName = (typeof HOOK_EVENT_NAMES)[number];

// The CLI's camelCase names that are not simply the PascalCase name lower-cased at the first letter.
const CLI_ALIASES: Readonly<Record<string, HookEventName>> = {
	userPromptSubmitted: 'UserPromptSubmit',
	agentStop: 'Stop',
};

const BY_LOWER = new Map<string, HookEventName>(
	HOOK_EVENT_NAMES.map((name) => [name.toLowerCase(), name]),
);

/** Parses an event name in any spelling a hook file or payload uses (`PreToolUse`, `preToolUse`, `agentStop`); `undefined` when unknown. */
export function parseHookEventName(raw: string): HookEventName | undefined {
	return CLI_ALIASES[raw] ?? BY_LOWER.get(raw.toLowerCase());
}
