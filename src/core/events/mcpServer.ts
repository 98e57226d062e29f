import type { Harness } from './harness';

/**
 * An MCP server as the harness itself reported it (the Copilot runtime's `preMcpToolCall`, an SDK app's permission
 * request), not as read out of a tool name, which the server or whoever configured it chose.
 */
export interface McpServerIdentity {
	readonly name: string;
	/** `stdio`, `http` or `sse`, when reported. */
	readonly transport?: string;
	/** The server's URL (remote servers), when reported. */
	readonly url?: string;
}

/**
 * Who a tool call may belong to, read from what the event carries: the reported server, or every server its tool name
 * can be read as. With `everyReading` the call passes only if each reading is allowed (a doubled `__` rarely splits
 * two ways, so a second way is a disguise); otherwise one allowed reading is enough, because the harness's separator
 * is common inside names (VS Code's `mcp_github_create_issue`, the Copilot runtime's `github-mcp-server-get_issue`)
 * and every honest name would otherwise fail.
 */
export type McpServerSighting =
	| { readonly kind: 'reported'; readonly server: McpServerIdentity }
	| {
			readonly kind: 'named';
			readonly readings: readonly string[];
			readonly everyReading: boolean;
	  };

/** What the sighting reads of an event: its name, its harness and its tool. */
export interface McpSightingInput {
	readonly name: string;
	readonly harness?: Harness;
	readonly tool: { readonly name: string; readonly mcpServer?: McpServerIdentity };
}

const CLAUDE_STYLE = /^mcp__(.+)$/i;
const VSCODE_STYLE = /^mcp_([^_].*)$/i;
// The Copilot runtime's PermissionRequest names an MCP call `<server>/<tool>` (CLI 1.0.102, measured).
const RUNTIME_PERMISSION = /^([^/]+)\/[^/]+$/;
// Its PreToolUse names it `<server>-<tool>`; none of its own tools has a hyphen. Only for hook files the runtime
// runs: an SDK app's own tools may have one, and its adapter reports the server of an MCP call itself.
const RUNTIME_TOOL = /^[^-]+(?:-[^-]+)+$/;
const COPILOT_RUNTIME: ReadonlySet<Harness | undefined> = new Set(['copilotCli', 'agentHost']);

/**
 * The MCP server a tool call belongs to: the reported one when the harness said, else the readings of its name in the
 * harness's spelling; `undefined` for a tool that is not an MCP tool by any.
 */
export function mcpServerSighting(event: McpSightingInput): McpServerSighting | undefined {
	const { tool } = event;
	if (tool.mcpServer) {
		return { kind: 'reported', server: tool.mcpServer };
	}
	const doubled = CLAUDE_STYLE.exec(tool.name)?.[1];
	if (doubled !== undefined) {
		return { kind: 'named', readings: prefixes(doubled.split('__'), '__'), everyReading: true };
	}
	const single = VSCODE_STYLE.exec(tool.name)?.[1];
	if (single !== undefined) {
		return { kind: 'named', readings: prefixes(single.split('_'), '_'), everyReading: false };
	}
	if (!COPILOT_RUNTIME.has(event.harness)) {
		return undefined;
	}
	const server = RUNTIME_PERMISSION.exec(tool.name)?.[1];
	if (event.name === 'PermissionRequest' && server !== undefined) {
		return { kind: 'reported', server: { name: server } };
	}
	return RUNTIME_TOOL.test(tool.name)
		? { kind: 'named', readings: prefixes(tool.name.split('-'), '-'), everyReading: false }
		: undefined;
}

// Every way `a<sep>b<sep>c` splits into a server and a non-empty tool: `a`, `a<sep>b`.
function prefixes(parts: readonly string[], separator: string): string[] {
	const readings: string[] = [];
	for (let end = 1; end < parts.length; end++) {
		const server = parts.slice(0, end).join(separator);
		if (server !== '') {
			readings.push(server);
		}
	}
	// A name with no tool part (`mcp__github`) still names its server.
	return readings.length > 0 ? readings : [parts.join(separator)];
}
