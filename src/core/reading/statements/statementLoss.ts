/*
 * What a statement does to the data a store holds, in one vocabulary for every way it is read (the SQL parser, the
 * patterns that stand in when it cannot parse, a store's own commands), and the phrase each kind gives its effect.
 */

/** The kinds of statement that lose data. */
export type LossKind =
	/** `DROP TABLE`, `DROP DATABASE`, `DROP SCHEMA`, `DROP KEYSPACE`, a Mongo collection's `drop()`. */
	| 'drop'
	/** `TRUNCATE`: every row goes. */
	| 'truncate'
	/** `DELETE` with no `WHERE`, or one that is always true (`WHERE 1=1`); Mongo's `deleteMany({})`. */
	| 'deleteAll'
	/** `UPDATE` with no `WHERE`, or one that is always true: every row is overwritten; Mongo's `updateMany({}, …)`. */
	| 'updateAll'
	/** `ALTER TABLE … DROP COLUMN` (or a partition): that part of every row goes. */
	| 'alterDrop'
	/** Redis `FLUSHALL`/`FLUSHDB`: every key goes. */
	| 'flush'
	/** A search store's delete-by-query (`_delete_by_query`): what its query matches goes, which may be all. */
	| 'deleteByQuery';

/** One statement that loses data: its kind and what it acts on as written (`table users`), when that is known. */
export interface StatementLoss {
	readonly kind: LossKind;
	readonly object?: string;
}

/**
 * Reads one SQL statement with a parser: its losses (none for a statement that loses nothing), or `undefined` when the
 * parser cannot read it, and the patterns read it instead. Injected by the node layer, which loads the parser only
 * for a call that carries a statement that may lose data.
 */
export type SqlReader = (
	statement: string,
	dialect: SqlDialect,
) => readonly StatementLoss[] | undefined;

/** The SQL dialects the parser reads; `sql` is SQL of a dialect it does not know. */
export type SqlDialect = 'postgresql' | 'mysql' | 'mariadb' | 'sqlite' | 'transactsql' | 'sql';

const PHRASES: Readonly<Record<LossKind, (object: string) => string>> = {
	drop: (object) => `drops ${object || 'a database object'} and the data in it`,
	truncate: (object) => `empties ${object || 'a table'}`,
	deleteAll: (object) =>
		`deletes every row of ${object || 'a table'} (no WHERE clause that filters them)`,
	updateAll: (object) =>
		`overwrites every row of ${object || 'a table'} (no WHERE clause that filters them)`,
	alterDrop: (object) => `drops ${object || 'columns'} from every row`,
	flush: (object) => `erases every key in the store (${object || 'FLUSHALL'})`,
	deleteByQuery: (object) =>
		`deletes the documents of ${object || 'an index'} its query matches, possibly all of them`,
};

/** The action phrase of one loss, for the effect's reason. */
export function lossAction(loss: StatementLoss): string {
	return PHRASES[loss.kind](loss.object ?? '');
}
