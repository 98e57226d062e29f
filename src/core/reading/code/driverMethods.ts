/**
 * The canonical name a method of a value the reader cannot model is called by when its name says it runs a
 * statement: `cursor.execute('DROP …')` on whatever `connect()` returned is `$driver.execute`.
 */
export const DRIVER_RECEIVER = '$driver';

/**
 * Method names database drivers of every language run a statement with (Python DB-API `execute`, node-postgres
 * `query`, better-sqlite3 `exec`, knex `raw`, PDO `exec`, the pg gem's `exec_params`, ActiveRecord's `exec_query`).
 */
export const STATEMENT_METHODS: readonly string[] = [
	'execute',
	'executemany',
	'executescript',
	'execute_sql',
	'executequery',
	'executeupdate',
	'exec',
	'exec_query',
	'exec_params',
	'exec_update',
	'exec_delete',
	'query',
	'raw',
	'unsafe',
	'run',
	'prepare',
];

/** Whether calling `name` on a value the reader cannot model runs a statement. */
export function runsStatement(name: string): boolean {
	return STATEMENT_METHODS.includes(name.toLowerCase());
}
