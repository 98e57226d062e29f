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
 * can be read as. `ambiguous` readings come from VS Code's single-underscore names, where a server `github_x` and a
 * server `github` read alike; a doubled-underscore name is read every way it splits.
 */
export type McpServerSighting =
	| { readonly kind: 'reported'; readonly server: McpServerIdentity }
	| {
			readonly kind: 'named';
			readonly readings: readonly string[];
			readonly everyReading: boolean;
	  };

const CLAUDE_STYLE = /^mcp__(.+)$/i;
const VSCODE_STYLE = /^mcp_([^_].*)$/i;

/**
 * The MCP server a tool call belongs to: the reported one when the harness said, else the readings of its name;
 * `undefined` for a tool that is not an MCP tool by either.
 */
export function mcpServerSighting(tool: {
	readonly name: string;
	readonly mcpServer?: McpServerIdentity;
}): McpServerSighting | undefined {
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
	return undefined;
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
