/*
 * The destructive statement kinds read with patterns: what judges a statement the parser rejects (or a dialect it
 * does not know, such as CQL), so such a statement is still judged and never silently allowed. The patterns read a
 * statement's shape (comments gone, strings emptied) and its top level (parenthesised groups emptied), so a `WHERE`
 * in a sub-query is not the statement's own.
 */
import type { SqlStatement } from './sqlText';
import { topLevel } from './sqlText';
import type { StatementLoss } from './statementLoss';

/** A word that starts or marks every statement kind that can lose data; a statement without one is never read. */
const LOSS_WORDS =
	/\b(?:drop|truncate|delete|update|alter|exec|execute|do|prepare|gexec|flushall|flushdb)\b/i;

/** Objects whose `DROP` loses only a definition the project's code can make again, not data. */
export const DEFINITION_OBJECTS =
	/^(?:function|procedure|trigger|type|domain|extension|policy|rule|aggregate|operator|cast|collation|conversion|language|statistics|publication|subscription|event|macro|synonym|alias|routine|prepare|default)$/i;

/** Words that follow "drop" in a sentence, not in a statement (`db.run("drop the cache")`): no object is named. */
const NOT_AN_OBJECT =
	/^(?:the|a|an|it|this|that|these|those|them|my|your|our|some|any|me|us|in|on|to|by)$/i;

/** A name as written: bare, dotted or quoted (`public."Users"`, `` `db`.`t` ``, `[dbo].[t]`). */
const NAME = String.raw`((?:[\w$]+|"[^"]*"|\x60[^\x60]*\x60|\[[^\]]*\])(?:\s*\.\s*(?:[\w$]+|"[^"]*"|\x60[^\x60]*\x60|\[[^\]]*\]))*)`;

const DROP = new RegExp(
	String.raw`^drop\s+((?:(?:temporary|temp|materialized|foreign|global|unlogged|external)\s+)*[a-z]+)\s+(?:if\s+exists\s+)?${NAME}?`,
	'i',
);
const TRUNCATE = new RegExp(String.raw`^truncate\b(?:\s+table)?(?:\s+only)?\s*${NAME}?`, 'i');
const DELETE = new RegExp(
	String.raw`^(?:with\b.*?\)\s*)?delete\b(?:\s+(?:low_priority|quick|ignore|top\s*\(\s*\)))*\s+(?:from\s+)?${NAME}`,
	'is',
);
const UPDATE = new RegExp(
	String.raw`^(?:with\b.*?\)\s*)?update\b(?:\s+(?:low_priority|ignore|only))*\s+${NAME}`,
	'is',
);
const ALTER = new RegExp(String.raw`^alter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?${NAME}`, 'i');
/** `DROP COLUMN c`, MySQL's bare `DROP c`, `DROP PARTITION p`; not a constraint, index, key or a column's default. */
const ALTER_DROP =
	/\bdrop\s+(?!(?:constraint|index|key|primary|foreign|check|default|not|identity|expression|unique|fulltext|spatial|system|period|trigger|if\s+exists\s+(?:constraint|index)|column\s+if\s+exists\s+\w+\s+restrict)\b)(?:column\s+(?:if\s+exists\s+)?|partition\s+)?([\w$"`[\]]+)/i;

/** Whether a statement's shape holds a word of a kind that can lose data, so it is worth reading at all. */
export function mayLoseData(shape: string): boolean {
	return LOSS_WORDS.test(shape);
}

/** A condition that holds for every row: `1`, `true`, `1=1`, `'a'='a'`, `id=id`, or any of them as one `OR` branch. */
function alwaysTrue(condition: string): boolean {
	return condition.split(/\bor\b/i).some((branch) => {
		const bare = branch.replace(/[()\s]+/g, ' ').trim();
		const equal = /^(\S+)\s*(?:=|==|<=|>=|is)\s*(\S+)$/i.exec(bare);
		return (
			/^(?:true|not\s+(?:false|0)|[1-9]\d*)$/i.test(bare) ||
			(equal !== null && equal[1]?.toLowerCase() === equal[2]?.toLowerCase() && equal[1] !== 'null')
		);
	});
}

/**
 * The `WHERE` condition of a statement's top level, up to its next clause, as written in `shape` (sub-queries and
 * all); `undefined` when it has none.
 */
function whereOf(shape: string, top: string): string | undefined {
	const match = /\bwhere\b([\s\S]*?)(?:\b(?:order\s+by|limit|returning|option|output)\b|$)/i.exec(
		top,
	);
	if (match?.[1] === undefined) {
		return undefined;
	}
	const start = match.index + match[0].length - match[1].length;
	return shape.slice(start, start + match[1].length);
}

/** Whether a statement's own `WHERE` is missing or always true: it reaches every row. */
function reachesEveryRow(shape: string, top: string): boolean {
	const where = whereOf(shape, top);
	return where === undefined || alwaysTrue(where);
}

/** An object as written after its kind: `table users`, or the kind alone when no name follows. */
function objectOf(kind: string, name: string | undefined): string {
	const words = kind.toLowerCase().replace(/\s+/g, ' ');
	return name === undefined ? `a ${words}` : `the ${words} ${name}`;
}

/** The losses one statement's patterns find. */
export function lossesByPattern(statement: SqlStatement): StatementLoss[] {
	const top = topLevel(statement.shape);
	const drop = DROP.exec(top);
	if (drop) {
		const kind = drop[1] ?? '';
		const object = kind.split(/\s+/).at(-1) ?? '';
		return DEFINITION_OBJECTS.test(object) || NOT_AN_OBJECT.test(object)
			? []
			: [{ kind: 'drop', object: objectOf(kind, drop[2]) }];
	}
	const truncate = TRUNCATE.exec(top);
	if (truncate) {
		return [{ kind: 'truncate', object: objectOf('table', truncate[1]) }];
	}
	const del = DELETE.exec(top);
	if (del && reachesEveryRow(statement.shape, top)) {
		return [{ kind: 'deleteAll', object: del[1] ?? '' }];
	}
	const update = UPDATE.exec(top);
	if (update && /\bset\b/i.test(top) && reachesEveryRow(statement.shape, top)) {
		return [{ kind: 'updateAll', object: update[1] ?? '' }];
	}
	const alter = ALTER.exec(top);
	const dropped = alter ? ALTER_DROP.exec(top.slice(alter[0].length)) : null;
	if (alter && dropped) {
		return [{ kind: 'alterDrop', object: `${dropped[1] ?? ''} of ${alter[1] ?? ''}` }];
	}
	return [];
}

/**
 * Statements a statement runs from text (dynamic SQL): the strings of `EXECUTE '…'`, `EXEC('…')`,
 * `EXEC sp_executesql N'…'`, `PREPARE s FROM '…'`, a `DO $$ … $$` block, and a query psql runs with `\gexec`.
 */
export function dynamicStatements(statement: SqlStatement): readonly string[] {
	const dynamic =
		/^(?:exec|execute|do|prepare|call)\b/i.test(statement.shape) ||
		/\bexecute\b|\\gexec\b/i.test(statement.shape);
	return dynamic ? statement.strings : [];
}
