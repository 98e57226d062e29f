// The entry point of `dist/bridge-sql.js`: node-sql-parser's grammars of five dialects and the reader of their trees,
// loaded only for a call that carries a statement that may lose data (see docs/decisions/sql-reading.md).
import { Parser as MariaDbParser } from 'node-sql-parser/build/mariadb';
import { Parser as MySqlParser } from 'node-sql-parser/build/mysql';
import { Parser as PostgreSqlParser } from 'node-sql-parser/build/postgresql';
import { Parser as SqliteParser } from 'node-sql-parser/build/sqlite';
import { Parser as TransactSqlParser } from 'node-sql-parser/build/transactsql';

import type { ParserDialect } from '../../core/reading/statements/parsedStatements';
import { sqlReaderOf } from '../../core/reading/statements/parsedStatements';
import type { SqlReader } from '../../core/reading/statements/statementLoss';

/** Each dialect's grammar is its own build of the parser; one parser of each is made when first needed. */
const PARSERS: Readonly<Record<ParserDialect, new () => MySqlParser>> = {
	postgresql: PostgreSqlParser,
	mysql: MySqlParser,
	mariadb: MariaDbParser,
	sqlite: SqliteParser,
	transactsql: TransactSqlParser,
};

/** A reader of SQL statements through node-sql-parser, in the dialect each client speaks. */
export function createSqlReader(): SqlReader {
	const made = new Map<ParserDialect, MySqlParser>();
	return sqlReaderOf((statement, dialect) => {
		let parser = made.get(dialect);
		if (!parser) {
			parser = new PARSERS[dialect]();
			made.set(dialect, parser);
		}
		return parser.astify(statement, { database: dialect });
	});
}
