import type { HookEvent } from '../events/hookEvent';
import type { Finding } from '../judging/finding';
import { describeSource } from './describeSource';
import type { McpServerEntry, SourcedServerList } from '../settings/mcpSettings';
import type { McpServerIdentity } from '../events/mcpServer';
import { mcpServerSighting } from '../events/mcpServer';

/** The rule id a denial by an MCP allow-list carries in provenance and the audit log. */
export const MCP_ALLOW_LIST_RULE_ID = 'mcp.allowedServers';

/**
 * The deny for an MCP tool call whose server is not on every allow-list in force (each layer's list only narrows what
 * the others allow), or `undefined` when it passes or no list is set. Only events that come before the call count.
 */
export function mcpAllowListFinding(
	lists: readonly SourcedServerList[],
	event: HookEvent,
): Finding | undefined {
	if (lists.length === 0 || !('tool' in event) || !BEFORE_THE_CALL.has(event.name)) {
		return undefined;
	}
	const sighting = mcpServerSighting(event);
	if (!sighting) {
		return undefined;
	}
	for (const list of lists) {
		if (sighting.kind === 'reported') {
			if (!list.entries.some((entry) => entryAllows(entry, sighting.server))) {
				return denial(
					list,
					event.tool.name,
					`The MCP server '${sighting.server.name}'${reach(sighting.server)}`,
				);
			}
			continue;
		}
		const allowed = (server: string) =>
			list.entries.some((entry) => entryAllows(entry, { name: server }));
		const refused = sighting.readings.find((server) => !allowed(server));
		const passes = sighting.everyReading ? refused === undefined : sighting.readings.some(allowed);
		if (!passes) {
			const server = refused ?? sighting.readings[0] ?? event.tool.name;
			const subject =
				sighting.readings.length > 1
					? `'${event.tool.name}' can be read as a tool of the MCP server '${server}', which`
					: `The MCP server '${server}'`;
			return denial(list, event.tool.name, subject);
		}
	}
	return undefined;
}

const BEFORE_THE_CALL: ReadonlySet<HookEvent['name']> = new Set([
	'PreToolUse',
	'PermissionRequest',
]);

function denial(list: SourcedServerList, tool: string, subject: string): Finding {
	const names = list.entries.map((entry) => (typeof entry === 'string' ? entry : entry.name));
	return {
		verdict: 'deny',
		ruleId: MCP_ALLOW_LIST_RULE_ID,
		reason: `${subject} is not on hookwarden.mcp.allowedServers in ${describeSource(list.source)} (${names.length > 0 ? names.join(', ') : 'no server allowed'}), so '${tool}' may not run. Use a tool of an allowed server, or ask the person to allow this one.`,
		source: list.source,
	};
}

function reach(server: McpServerIdentity): string {
	const parts = [server.transport, server.url].filter((part) => part !== undefined);
	return parts.length > 0 ? ` (${parts.join(' ')})` : '';
}

/**
 * Whether one entry admits a server. A pinned transport or URL must match wherever the harness reports it; where it
 * reports only a name (every PreToolUse, an SDK app's permission request) only the name can be held to the list.
 */
function entryAllows(entry: McpServerEntry, server: McpServerIdentity): boolean {
	const pinned = typeof entry === 'string' ? { name: entry } : entry;
	if (!wildcard(pinned.name).test(server.name)) {
		return false;
	}
	if (
		pinned.transport !== undefined &&
		server.transport !== undefined &&
		transportOf(server.transport) !== pinned.transport
	) {
		return false;
	}
	return (
		pinned.url === undefined || server.url === undefined || wildcard(pinned.url).test(server.url)
	);
}

// The CLI reports a local server as `local`; VS Code and the MCP spec say `stdio`.
function transportOf(reported: string | undefined): string | undefined {
	const lower = reported?.toLowerCase();
	return lower === 'local' ? 'stdio' : lower;
}

// `*` is any run of characters; everything else is literal; case does not tell servers apart.
function wildcard(pattern: string): RegExp {
	const body = pattern
		.split('*')
		.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
		.join('.*');
	return new RegExp(`^${body}$`, 'i');
}
