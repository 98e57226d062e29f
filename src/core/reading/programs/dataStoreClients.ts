/*
 * The data-store clients and where their statements travel: one table, so a new client is one row and every reader
 * of statements (the effects, the check that decides whether the SQL parser loads, the shell escapes the walker
 * follows) reads the same rows. Written to become the "data-store client" trait of the program vocabulary.
 */
import type { OptionGrammar } from './optionGrammar';

/**
 * The language a client's statements are written in: an SQL dialect the parser reads, `sql` for SQL of a dialect the
 * parser does not know (read as the nearest it knows, else by patterns), or a store's own command language.
 */
export type StatementLanguage =
	'postgresql' | 'mysql' | 'mariadb' | 'sqlite' | 'transactsql' | 'sql' | 'cql' | 'redis' | 'mongo';

/** One data-store client: its program names, its statement language and every way a statement reaches it. */
export interface DataStoreClient {
	readonly programs: readonly string[];
	readonly language: StatementLanguage;
	/** How the client's options read, so option values are not taken for statements. */
	readonly grammar: OptionGrammar;
	/** Options whose value is statement text (`-c`, `--execute`), named as the grammar names them. */
	readonly statementOptions: readonly string[];
	/**
	 * Which operands are statements: `afterFirst` (the first names the database: `sqlite3 app.db 'DROP …'`), `all` (the
	 * operands are one command's words: `redis-cli FLUSHALL`), or none.
	 */
	readonly operands?: 'afterFirst' | 'all';
	/** What the client reads on stdin (a heredoc, a pipe, a file the line wrote) is statements. */
	readonly readsStdin: boolean;
	/**
	 * The client's own commands that run the rest of their line as a shell command (psql `\!`, sqlite3 `.shell`), as
	 * the start of a statement line.
	 */
	readonly shellEscapes?: RegExp;
	/** Option names are matched without regard to case (PowerShell parameters). */
	readonly caseInsensitive?: boolean;
}

/** The program word a driver call in interpreter code is read as: its statement is the one operand. */
export const DRIVER_STATEMENT = '$SQL_STATEMENT';

/** mysql's and mariadb's client: `-e`, `system`/`\!` to run a shell. */
const MYSQL_GRAMMAR: OptionGrammar = {
	shortValues: 'eDhPSuOW',
	longValues: [
		'execute',
		'database',
		'host',
		'port',
		'socket',
		'user',
		'default-character-set',
		'defaults-file',
		'defaults-extra-file',
		'login-path',
	],
};
const MYSQL_ESCAPES = /^\s*(?:\\!|system\b)/i;
/** The sqlite3 shell and those built from it (duckdb): dot-commands `.shell` and `.system` run a shell. */
const SQLITE_ESCAPES = /^\s*\.(?:shell|system)\b/i;

/** Every data-store client Hookwarden reads statements of. */
export const DATA_STORE_CLIENTS: readonly DataStoreClient[] = [
	{
		programs: ['psql', 'pgcli'],
		language: 'postgresql',
		grammar: {
			shortValues: 'cdfhpUvoPLTF',
			longValues: [
				'command',
				'dbname',
				'file',
				'host',
				'port',
				'username',
				'variable',
				'set',
				'output',
				'pset',
				'log-file',
				'field-separator',
			],
		},
		statementOptions: ['c', 'command'],
		readsStdin: true,
		shellEscapes: /^\s*\\!/,
	},
	{
		programs: ['cockroach'],
		language: 'postgresql',
		grammar: { shortValues: 'e', longValues: ['execute', 'url', 'host', 'database', 'user'] },
		statementOptions: ['e', 'execute'],
		readsStdin: true,
	},
	{
		programs: ['mysql', 'mycli'],
		language: 'mysql',
		grammar: MYSQL_GRAMMAR,
		statementOptions: ['e', 'execute'],
		readsStdin: true,
		shellEscapes: MYSQL_ESCAPES,
	},
	{
		programs: ['mariadb'],
		language: 'mariadb',
		grammar: MYSQL_GRAMMAR,
		statementOptions: ['e', 'execute'],
		readsStdin: true,
		shellEscapes: MYSQL_ESCAPES,
	},
	{
		programs: ['sqlite3', 'litecli'],
		language: 'sqlite',
		grammar: {
			singleDashLongs: true,
			longValues: ['cmd', 'init', 'separator', 'newline', 'nullvalue', 'mmap', 'vfs', 'e'],
		},
		statementOptions: ['cmd', 'e'],
		operands: 'afterFirst',
		readsStdin: true,
		shellEscapes: SQLITE_ESCAPES,
	},
	{
		programs: ['duckdb'],
		language: 'sql',
		grammar: { singleDashLongs: true, longValues: ['c', 'cmd', 'init', 's', 'separator'] },
		statementOptions: ['c', 'cmd', 's'],
		operands: 'afterFirst',
		readsStdin: true,
		shellEscapes: SQLITE_ESCAPES,
	},
	{
		programs: ['sqlcmd'],
		language: 'transactsql',
		grammar: { shortValues: 'QqSUPdiovlt' },
		statementOptions: ['Q', 'q'],
		readsStdin: true,
		// `!!` at the start of a line runs an operating-system command.
		shellEscapes: /^\s*!!/,
	},
	{
		programs: ['invoke-sqlcmd'],
		language: 'transactsql',
		grammar: {
			singleDashLongs: true,
			longValues: ['query', 'serverinstance', 'database', 'username', 'password', 'inputfile'],
		},
		statementOptions: ['query'],
		readsStdin: false,
		caseInsensitive: true,
	},
	{
		programs: ['clickhouse-client', 'clickhouse'],
		language: 'sql',
		grammar: {
			shortValues: 'qhdu',
			longValues: ['query', 'host', 'port', 'database', 'user', 'password', 'format'],
		},
		statementOptions: ['q', 'query'],
		readsStdin: true,
	},
	{
		programs: ['cqlsh'],
		language: 'cql',
		grammar: { shortValues: 'eukpf', longValues: ['execute', 'username', 'keyspace', 'password'] },
		statementOptions: ['e', 'execute'],
		readsStdin: true,
	},
	{
		programs: ['snowsql', 'trino', 'presto'],
		language: 'sql',
		grammar: { shortValues: 'qf', longValues: ['query', 'execute', 'server', 'catalog'] },
		statementOptions: ['q', 'query', 'execute'],
		readsStdin: true,
	},
	{
		// `bq query 'DELETE FROM ds.t WHERE true'`: the words after the verb.
		programs: ['bq'],
		language: 'sql',
		grammar: { longValues: ['project_id', 'dataset_id', 'location', 'format'] },
		statementOptions: [],
		operands: 'afterFirst',
		readsStdin: false,
	},
	{
		// Cloud CLIs that run one statement against a hosted database: `heroku pg:psql -c`, `wrangler d1 execute
		// --command`, `aws rds-data execute-statement --sql`, `gcloud spanner databases execute-sql --sql`.
		programs: ['heroku', 'wrangler', 'aws', 'gcloud'],
		language: 'sql',
		grammar: {
			shortValues: 'ac',
			longValues: ['command', 'sql', 'query-string', 'app', 'file', 'profile', 'region'],
		},
		statementOptions: ['c', 'command', 'sql', 'query-string'],
		readsStdin: false,
	},
	{
		// `turso db shell app 'DROP TABLE t'`: the words after the database.
		programs: ['turso'],
		language: 'sqlite',
		grammar: {},
		statementOptions: [],
		operands: 'afterFirst',
		readsStdin: true,
	},
	{
		programs: ['influx'],
		language: 'sql',
		grammar: { singleDashLongs: true, longValues: ['execute', 'database', 'host', 'format'] },
		statementOptions: ['execute'],
		readsStdin: false,
	},
	{
		programs: ['redis-cli', 'valkey-cli', 'keydb-cli'],
		language: 'redis',
		grammar: { shortValues: 'hpasnuri', longValues: ['user', 'pass', 'tls', 'cacert'] },
		statementOptions: [],
		operands: 'all',
		readsStdin: true,
	},
	{
		programs: ['mongosh', 'mongo'],
		language: 'mongo',
		grammar: { longValues: ['eval', 'host', 'port', 'username', 'password', 'file'] },
		statementOptions: ['eval'],
		readsStdin: true,
	},
	{
		programs: [DRIVER_STATEMENT.toLowerCase()],
		language: 'sql',
		grammar: {},
		statementOptions: [],
		operands: 'all',
		readsStdin: false,
	},
];

const BY_PROGRAM = new Map<string, DataStoreClient>(
	DATA_STORE_CLIENTS.flatMap((client) => client.programs.map((name) => [name, client] as const)),
);

/** Programs that send statements to a data store. */
export const DATA_STORE_PROGRAMS: readonly string[] = [...BY_PROGRAM.keys()];

/** The client row of a program name (lower-case, no path), or `undefined` when it is not a data-store client. */
export function dataStoreClient(name: string): DataStoreClient | undefined {
	return BY_PROGRAM.get(name);
}
