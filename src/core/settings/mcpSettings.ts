import type { RuleSource } from '../terms/decision';
import { builtOnFirstUse } from '../util/builtOnFirstUse';
import { setting } from '../util/lazySchema';
import * as z from '../util/zod';

/** How an MCP server is reached, as the harnesses report it (the CLI's `local` is `stdio`). */
export const MCP_TRANSPORTS = ['stdio', 'http', 'sse'] as const;

/**
 * One entry of `hookwarden.mcp.allowedServers`: a server name (`*` matches any run of characters), or an object that
 * also pins how the server is reached, checked wherever the harness reports it (`preMcpToolCall`, an SDK app).
 */
export const mcpServerEntrySchema = builtOnFirstUse(() => {
	const nonEmpty = () => z.string().check(z.minLength(1));
	return z.union([
		nonEmpty(),
		z.strictObject({
			name: nonEmpty(),
			transport: z.optional(z.enum(MCP_TRANSPORTS)),
			url: z.optional(nonEmpty()),
		}),
	]);
});

/** An allow-list entry as written, after validation. */
export type McpServerEntry = z.infer<ReturnType<typeof mcpServerEntrySchema>>;

/**
 * The `hookwarden.mcp.*` settings, merged into the policy settings table so the manifest check and unknown-key warnings
 * see them. `null` is no list at all; each entry is validated on its own, so a typo drops that entry (a narrower
 * list), never the whole list (which would allow every server).
 */
export const MCP_SETTINGS = {
	'mcp.allowedServers': setting(() => z.nullable(z.array(z.unknown())), null as unknown[] | null),
} as const;

/** One layer's allow-list, with where it was written. */
export interface SourcedServerList {
	readonly entries: readonly McpServerEntry[];
	readonly source: RuleSource;
}

/** One layer's `hookwarden.mcp.allowedServers` read entry by entry: what holds, and the index of each entry skipped. */
export function readServerList(
	written: readonly unknown[],
	source: RuleSource,
): { readonly list: SourcedServerList; readonly skipped: readonly number[] } {
	const entries: McpServerEntry[] = [];
	const skipped: number[] = [];
	written.forEach((candidate, index) => {
		const parsed = mcpServerEntrySchema().safeParse(candidate);
		if (parsed.success) {
			entries.push(parsed.data);
		} else {
			skipped.push(index);
		}
	});
	return { list: { entries, source }, skipped };
}
