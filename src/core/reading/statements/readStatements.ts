/*
 * What text sent to a data store loses, by the store's language: SQL statement by statement (the parser where it is
 * loaded and reads the statement, the patterns otherwise), Redis commands line by line, Mongo shell code by its
 * calls. Only a statement with a word of a losing kind is read at all, so everyday queries cost nothing.
 */
import type { StatementLanguage } from '../programs/dataStoreClients';
import { dynamicStatements, lossesByPattern, mayLoseData } from './sqlPatterns';
import type { SqlStatement } from './sqlText';
import { sqlStatements } from './sqlText';
import type { SqlDialect, SqlReader, StatementLoss } from './statementLoss';

/** How deep dynamic SQL (`EXECUTE '…'` inside a `DO` block) is followed. */
const MAX_DYNAMIC_DEPTH = 3;

/** Redis commands that erase every key. */
const REDIS_FLUSH = /^(?:flushall|flushdb)$/i;

/** Mongo shell calls that lose data, each with its kind and what it acts on. */
const MONGO_LOSSES: readonly {
	readonly pattern: RegExp;
	readonly loss: (match: RegExpExecArray) => StatementLoss;
}[] = [
	{
		pattern: /\bdropDatabase\b/,
		loss: () => ({ kind: 'drop', object: 'the database' }),
	},
	{
		pattern: /([\w$\]'"]+)\s*\.\s*drop\s*\(\s*\)/,
		loss: (match) => ({ kind: 'drop', object: `the collection ${match[1] ?? ''}` }),
	},
	{
		pattern: /\.\s*(?:deleteMany|delete_many|remove)\s*\(\s*(?:\{\s*\})?\s*[,)]/,
		loss: () => ({ kind: 'deleteAll', object: 'a collection' }),
	},
	{
		pattern: /\.\s*(?:updateMany|update_many)\s*\(\s*\{\s*\}\s*,/,
		loss: () => ({ kind: 'updateAll', object: 'a collection' }),
	},
];

/** Whether a language is SQL, and the dialect its parser reads it in. */
function dialectOf(language: StatementLanguage): SqlDialect | undefined {
	return language === 'cql' || language === 'redis' || language === 'mongo' ? undefined : language;
}

/** The statements of SQL text that hold a word of a losing kind: the only ones worth a parser. */
function statementsWorthReading(text: string, language: StatementLanguage): SqlStatement[] {
	const hashComments = language === 'mysql' || language === 'mariadb';
	return sqlStatements(text, hashComments).filter((statement) => mayLoseData(statement.shape));
}

/** Whether reading `text`, sent in `language`, needs the SQL parser: SQL with a statement of a losing kind. */
export function needsSqlParser(text: string, language: StatementLanguage): boolean {
	return dialectOf(language) !== undefined && statementsWorthReading(text, language).length > 0;
}

function sqlLosses(
	text: string,
	language: StatementLanguage,
	readSql: SqlReader | undefined,
	depth: number,
): StatementLoss[] {
	const dialect = dialectOf(language);
	return statementsWorthReading(text, language).flatMap((statement) => [
		...((dialect && readSql?.(statement.text, dialect)) ?? lossesByPattern(statement)),
		...(depth < MAX_DYNAMIC_DEPTH
			? dynamicStatements(statement).flatMap((inner) =>
					sqlLosses(inner, language, readSql, depth + 1),
				)
			: []),
	]);
}

/** Redis commands, one a line: `FLUSHALL`, `FLUSHDB` (any case, with or without `ASYNC`). */
function redisLosses(text: string): StatementLoss[] {
	return text.split('\n').flatMap((line) => {
		const command = line.trim().split(/\s+/)[0] ?? '';
		return REDIS_FLUSH.test(command) ? [{ kind: 'flush', object: command.toUpperCase() }] : [];
	});
}

/** Mongo shell code (comments are not calls). */
function mongoLosses(text: string): StatementLoss[] {
	const code = text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, ' ');
	return MONGO_LOSSES.flatMap(({ pattern, loss }) => {
		const match = pattern.exec(code);
		return match ? [loss(match)] : [];
	});
}

/**
 * What `text`, sent to a store that speaks `language`, loses. `readSql` is the parser where the caller loaded it;
 * without it (or for a statement it cannot read) the patterns read each statement, so nothing goes unjudged.
 */
export function readStatements(
	text: string,
	language: StatementLanguage,
	readSql?: SqlReader,
): StatementLoss[] {
	switch (language) {
		case 'redis':
			return redisLosses(text);
		case 'mongo':
			return mongoLosses(text);
		default:
			return sqlLosses(text, language, readSql, 0);
	}
}
