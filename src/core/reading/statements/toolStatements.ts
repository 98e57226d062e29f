/*
 * Statements an MCP tool (or another non-file tool) carries in its arguments: `mcp__supabase__execute_sql {query}`,
 * `mcp__postgres__query {sql}`. A key that can only mean a statement (`sql`, `statement`) counts on any tool; a key
 * that may mean a search (`query`, `command`) only on a tool whose name names a data store.
 */
import type { ToolCall } from '../../events/hookEvent';
import type { Effect } from '../../terms/effect';
import type { StatementLanguage } from '../programs/dataStoreClients';
import { readStatements } from './readStatements';
import type { SqlReader } from './statementLoss';
import { lossAction } from './statementLoss';

/** Argument keys whose value is a statement on any tool. */
const STATEMENT_KEYS =
	/^(?:sql|sql_?query|query_?sql|raw_?sql|statements?|sql_?statements?|query_?string)$/i;
/** Argument keys whose value is a statement on a tool named for a data store. */
const STORE_KEYS = /^(?:query|queries|command|commands|script|q)$/i;

/** Words of a tool's name that name a store, and the language it speaks; the first that matches decides. */
const STORE_NAMES: readonly (readonly [RegExp, StatementLanguage])[] = [
	[/postgres|supabase|neon|cockroach|timescale|redshift|(?:^|_)pg(?:_|$)/, 'postgresql'],
	[/maria/, 'mariadb'],
	[/mysql|planetscale|tidb|singlestore/, 'mysql'],
	[/sqlite|turso|libsql|(?:^|_)d1(?:_|$)/, 'sqlite'],
	[/mssql|sqlserver|sql_server|azure_?sql|tsql/, 'transactsql'],
	[/redis|valkey|keydb/, 'redis'],
	[/mongo/, 'mongo'],
	[/cassandra|scylla|(?:^|_)cql(?:_|$)/, 'cql'],
	[
		/sql|database|(?:^|_)db(?:_|$)|clickhouse|duckdb|bigquery|snowflake|trino|(?:execute|run)_?quer/,
		'sql',
	],
];

/** A tool name's words joined by `_` (`mcp__supabase__execute_sql`, `runQuery` → `run_query`), lower-case. */
function nameWords(name: string): string {
	return name
		.replace(/([a-z])([A-Z])/g, '$1_$2')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '_');
}

/** The store a tool's name names, and its language; `undefined` when it names none. */
function storeOf(name: string): StatementLanguage | undefined {
	const words = nameWords(name);
	return STORE_NAMES.find(([pattern]) => pattern.test(words))?.[1];
}

/** The statement texts of a tool's arguments, and the language they are in. */
export function toolStatements(
	tool: ToolCall,
): { readonly language: StatementLanguage; readonly texts: readonly string[] } | undefined {
	if (tool.kind !== 'mcp' && tool.kind !== 'other') {
		return undefined;
	}
	const store = storeOf(tool.name);
	const texts = Object.entries(tool.input).flatMap(([key, value]) =>
		STATEMENT_KEYS.test(key) || (store !== undefined && STORE_KEYS.test(key))
			? (Array.isArray(value) ? (value as unknown[]) : [value]).filter(
					(item): item is string => typeof item === 'string',
				)
			: [],
	);
	return texts.length === 0 ? undefined : { language: store ?? 'sql', texts };
}

/** What the statements a tool call carries lose: one `serviceDataLoss` effect per losing statement. */
export function toolStatementEffects(tool: ToolCall, readSql?: SqlReader): Effect[] {
	const found = toolStatements(tool);
	if (!found) {
		return [];
	}
	return found.texts.flatMap((text) =>
		readStatements(text, found.language, readSql).map((loss): Effect => ({
			kind: 'serviceDataLoss',
			subject: 'serviceData',
			action: lossAction(loss),
			source: tool.name,
			reach: 'mcpTool',
			certainty: 'sure',
		})),
	);
}
