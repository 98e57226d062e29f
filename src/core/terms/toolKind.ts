/** What a tool does, independent of the harness that names it; one rule on a kind covers every spelling. */
export const TOOL_KINDS = [
	'shell',
	'fileWrite',
	'fileRead',
	'web',
	'subagent',
	'mcp',
	'other',
] as const;

/** One tool kind; see {@link TOOL_KINDS}. */
export type ToolKind = (typeof TOOL_KINDS)[number];
