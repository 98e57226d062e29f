import { describe, expect, it } from 'vitest';

import type { CodeLanguage } from '../../../../../src/core/reading/code/codeAction';
import { readCode } from '../../../../../src/core/reading/code/readCode';
import { compilePolicy } from '../../../../../src/core/policy/compilePolicy';
import { DefaultHooksProvider } from '../../../../../src/core/provider/defaultHooksProvider';
import type { ToolCall } from '../../../../../src/core/events/hookEvent';
import { readPolicySettings } from '../../../../../src/core/settings/readPolicySettings';
import { createCodeParser } from '../../../../../src/node/shell/codeGrammars';
import { createShellAnalysis } from '../../../../../src/node/shell/shellAnalysis';
import { createSqlReader } from '../../../../../src/node/sql/sqlParser';
import { mcpTool, preToolUse, shellTool, WORKSPACE } from '../../../../support/hookEventBuilder';
import { shellAnalyzer } from '../../../../support/shellAnalyzer';

const policy = compilePolicy(readPolicySettings([]).settings);
let parserLoads = 0;
const provider = new DefaultHooksProvider({
	policy: () => policy,
	homeDir: '/home/dev',
	analyzeShell: createShellAnalysis({
		bundleFolder: '/nowhere',
		baselineWasmOnly: false,
		load: () => shellAnalyzer(),
		loadCode: async (language: CodeLanguage) => {
			const parser = await createCodeParser(language, { baselineWasmOnly: false });
			return (code) => readCode(language, code, parser);
		},
	}),
	loadSqlReader: () => {
		parserLoads++;
		return Promise.resolve(createSqlReader());
	},
});

/** The verdict and reason the policy gives a tool call, as the bridge decides it. */
async function decide(tool: ToolCall): Promise<{ verdict?: string; reason?: string }> {
	const decision = await provider.onPreToolUse(preToolUse({ tool }), {
		workspaceFolder: WORKSPACE,
		signal: new AbortController().signal,
	});
	return { verdict: decision?.verdict, reason: decision?.reason };
}

async function verdictOf(line: string, name?: string): Promise<string | undefined> {
	return (await decide(shellTool(line, name === undefined ? {} : { name }))).verdict;
}

describe('a statement is judged on every road it travels', () => {
	it.each([
		["psql -h db -U app -c 'TRUNCATE sessions'", 'a psql option'],
		['psql --command="DROP SCHEMA public CASCADE" app', 'a psql long option'],
		['mariadb -e "UPDATE accounts SET balance = 0"', "mariadb's -e"],
		['mysql --execute="DELETE FROM orders" shop', "mysql's --execute"],
		['sqlite3 app.db "DROP TABLE users"', "sqlite3's statement operand"],
		['clickhouse-client -q "DROP TABLE events"', "clickhouse-client's -q"],
		["cqlsh -e 'DROP KEYSPACE metrics'", "cqlsh's -e"],
		["sqlcmd -S db -Q 'TRUNCATE TABLE orders'", "sqlcmd's -Q"],
		["duckdb lake.db -c 'DELETE FROM trips'", "duckdb's -c"],
		['redis-cli -h cache -n 2 FLUSHDB', "redis-cli's command words"],
		["heroku pg:psql -a shop -c 'TRUNCATE orders'", "heroku's pg:psql -c"],
		[
			"wrangler d1 execute prod-db --remote --command 'DROP TABLE users'",
			"wrangler's d1 --command",
		],
		[
			"aws rds-data execute-statement --resource-arn a --secret-arn s --sql 'DELETE FROM orders'",
			"aws's --sql",
		],
		["turso db shell app 'DROP TABLE users'", "turso's statement operand"],
		["bq query --nouse_legacy_sql 'DELETE FROM ds.events WHERE true'", "bq's query words"],
		["mongosh shop --eval 'db.orders.deleteMany({})'", "mongosh's --eval"],
		['psql app <<EOF\nBEGIN;\nDELETE FROM orders;\nCOMMIT;\nEOF', 'a heredoc'],
		["mysql shop <<< 'DROP TABLE carts'", 'a here-string'],
		['echo "TRUNCATE ledger;" | psql', 'a pipe'],
		['echo FLUSHALL | redis-cli', 'a pipe into redis-cli'],
		[
			"printf 'DROP TABLE t;' > /tmp/down.sql && mysql < /tmp/down.sql",
			'a file the line wrote, fed on stdin',
		],
		["docker exec -i db psql -U postgres -c 'DROP DATABASE shop'", 'a client run in a container'],
		[
			"redis-cli -n 1 KEYS 'user:*' | xargs redis-cli -n 1 UNLINK",
			'keys a fan-out runner feeds in',
		],
		["psql -c 'drop/**/table/**/users'", 'comments standing for spaces'],
		["psql -c 'DELETE FROM users -- keep admins?'", 'a trailing comment in place of a WHERE'],
		["sqlite3 app.db 'DELETE FROM users WHERE 1=1'", 'a WHERE that is always true'],
	])('%s (%s)', async (line) => {
		expect(await verdictOf(line)).toBe('ask');
	});

	it("reads a client's own shell escape as the command it runs", async () => {
		expect(await verdictOf("psql -c '\\! rm -rf ~'")).toBe('deny');
		expect(await verdictOf("sqlite3 app.db '.shell rm -rf ~'")).toBe('deny');
		expect(await verdictOf("mysql -e 'system rm -rf ~'")).toBe('deny');
		expect(await verdictOf('psql <<EOF\n\\! rm -rf ~\nEOF')).toBe('deny');
	});

	it("reads PowerShell's Invoke-Sqlcmd query", async () => {
		expect(
			await verdictOf(
				"Invoke-Sqlcmd -ServerInstance sql01 -Query 'DROP DATABASE Payroll'",
				'powershell',
			),
		).toBe('ask');
	});

	it.each([
		[`python3 -c "import sqlite3; c = sqlite3.connect('app.db'); c.execute('DROP TABLE users')"`],
		[
			`python3 -c "import psycopg2; cur = psycopg2.connect('').cursor(); cur.execute('UPDATE users SET pw = NULL')"`,
		],
		[`node -e "const db = require('better-sqlite3')('app.db'); db.exec('DELETE FROM sessions')"`],
		[`ruby -e 'require "pg"; PG.connect.exec("TRUNCATE audit")'`],
		[`php -r '$db = new PDO("sqlite:app.db"); $db->exec("DROP TABLE users");'`],
	])("reads a driver's statement in interpreter code: %s", async (line) => {
		expect(await verdictOf(line)).toBe('ask');
	});

	it.each([
		['curl -X DELETE localhost:9200/orders'],
		["curl -XDELETE 'http://search.internal:9200/_all'"],
		['curl -X POST es.internal:9200/logs/_delete_by_query -d \'{"query":{"match_all":{}}}\''],
		['http DELETE :6333/collections/embeddings'],
		["curl 'localhost:8123/?query=TRUNCATE%20TABLE%20hits'"],
	])('reads an HTTP request that drops or empties a data store: %s', async (line) => {
		expect(await verdictOf(line)).toBe('ask');
	});

	it.each([
		[mcpTool('supabase', 'execute_sql', { query: 'DROP SCHEMA public CASCADE' })],
		[mcpTool('postgres', 'query', { sql: 'DELETE FROM invoices' })],
		[mcpTool('sqlite', 'write_query', { query: 'UPDATE users SET role = NULL' })],
		[mcpTool('warehouse', 'run', { statement: 'TRUNCATE facts' })],
		[mcpTool('redis', 'execute', { command: 'FLUSHALL' })],
	])("reads an MCP tool's statement argument: %s", async (tool) => {
		expect((await decide(tool)).verdict).toBe('ask');
	});

	it('says what the statement does in the reason', async () => {
		const { reason } = await decide(shellTool("psql -c 'DROP TABLE invoices'"));
		expect(reason).toMatch(/drops the table invoices/);
	});
});

describe('everyday work with data stores stays quiet', () => {
	it.each([
		["psql -c 'select count(*) from users'"],
		['sqlite3 app.db .tables'],
		['sqlite3 app.db .schema'],
		['mysql -e "show databases"'],
		['mysql -e "UPDATE users SET name = \'Ann\' WHERE id = 3"'],
		['psql -c "INSERT INTO notes (body) VALUES (\'drop table users later\')"'],
		['redis-cli GET session:42'],
		['redis-cli DEL session:42'],
		["wrangler d1 execute prod-db --command 'SELECT * FROM users'"],
		['aws s3 ls s3://bucket --recursive'],
		['gcloud sql instances list'],
		["mongosh --eval 'db.users.find().limit(5)'"],
		['curl localhost:9200/_cat/indices'],
		['curl -X DELETE localhost:9200/logs/_doc/42'],
		['curl -X DELETE https://api.example.com/items/3'],
		['echo "DROP TABLE users;" > migrations/001_down.sql'],
		[
			`python3 -c "import sqlite3; print(sqlite3.connect('app.db').execute('select 1').fetchone())"`,
		],
	])('%s', async (line) => {
		expect(await verdictOf(line)).toBeUndefined();
	});

	it("leaves a search tool's query alone", async () => {
		expect(
			(await decide(mcpTool('github', 'search_code', { query: 'DROP TABLE users' }))).verdict,
		).toBeUndefined();
	});
});

describe('the SQL parser loads only for a call that carries a statement that may lose data', () => {
	it.each([
		['git status --short', 0],
		["psql -c 'select 1'", 0],
		["cqlsh -e 'DROP KEYSPACE k'", 0],
		["psql -c 'DROP TABLE t'", 1],
		["mysql -e 'UPDATE t SET a = 1 WHERE id = 2'", 1],
	])('%s: %i load', async (line, loads) => {
		parserLoads = 0;
		await verdictOf(line);
		expect(parserLoads).toBe(loads);
	});
});
