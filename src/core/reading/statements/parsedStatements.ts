/*
 * One SQL statement read through the parser's syntax tree (node-sql-parser's shape): which statement it is, what it
 * names and whether its `WHERE` filters anything. A tree of a shape this reader does not know, or one whose kind is
 * not the statement's first word (a dialect's grammar may read `DROP SCHEMA x` as two variable assignments), is not
 * trusted: the patterns read that statement instead.
 */
import { DEFINITION_OBJECTS } from './sqlPatterns';
import type { SqlDialect, SqlReader, StatementLoss } from './statementLoss';

/** The dialects the parser itself knows. */
export type ParserDialect = Exclude<SqlDialect, 'sql'>;

/** Parses one statement into the parser's syntax tree; throws when the dialect's grammar rejects it. */
export type Astify = (statement: string, dialect: ParserDialect) => unknown;

/** A node of the parser's tree, read structurally: only the fields this reader looks at. */
interface Node {
	readonly type?: string;
	readonly keyword?: string;
	readonly operator?: string;
	readonly value?: unknown;
	readonly left?: Node;
	readonly right?: Node;
	readonly expr?: Node;
	readonly where?: Node | null;
	readonly name?: unknown;
	readonly table?: unknown;
	readonly action?: string;
	readonly resource?: string;
	readonly column?: unknown;
	readonly partitions?: unknown;
}

/** Dialects tried, in order, for SQL whose dialect the parser does not know. */
const DIALECTS_OF: Readonly<Record<SqlDialect, readonly ParserDialect[]>> = {
	postgresql: ['postgresql'],
	mysql: ['mysql'],
	mariadb: ['mariadb'],
	sqlite: ['sqlite'],
	transactsql: ['transactsql'],
	sql: ['postgresql', 'mysql'],
};

/** Statement kinds that lose nothing whatever they say. */
const QUIET_KINDS = new Set([
	'select',
	'insert',
	'replace',
	'create',
	'show',
	'use',
	'desc',
	'explain',
	'transaction',
	'grant',
	'comment',
	'analyze',
	'lock',
	'unlock',
	'rename',
	'load_data',
	'set',
]);

/** Kinds whose tree must agree with the statement's first word before it is trusted. */
const LOSS_KINDS = new Set(['drop', 'truncate', 'delete', 'update', 'alter']);

/** Tables as the tree names them (`[{db, table}]`, or a database's bare name), written `db.table`. */
function namesOf(value: unknown): string {
	const list = Array.isArray(value) ? (value as unknown[]) : [value];
	return list
		.map((item) => {
			if (typeof item === 'string') {
				return item;
			}
			const { db, table } = (item ?? {}) as { db?: unknown; table?: unknown };
			return [db, table].filter((part) => typeof part === 'string').join('.');
		})
		.filter((name) => name !== '')
		.join(', ');
}

/** A literal's value (`1`, `'a'`, `true`) or a column's name, for comparing the two sides of a condition. */
function operandKey(node: Node | undefined): string | undefined {
	if (!node) {
		return undefined;
	}
	if (node.type === 'column_ref') {
		return `column:${JSON.stringify(node.column)}`;
	}
	return ['number', 'bool', 'single_quote_string', 'string', 'double_quote_string'].includes(
		node.type ?? '',
	)
		? `value:${String(node.value)}`
		: undefined;
}

/** Whether a literal reads as false (`0`, `false`). */
function literallyFalse(node: Node | undefined): boolean {
	return (node?.type === 'number' || node?.type === 'bool') && !node.value;
}

/** Whether a condition holds for every row: `1`, `true`, `1=1`, `'a'='a'`, `id=id`, `NOT 0`, `x OR 1=1`. */
function alwaysTrueNode(node: Node | null | undefined): boolean {
	if (!node) {
		return false;
	}
	switch (node.type) {
		case 'bool':
		case 'number':
			return Boolean(node.value);
		case 'unary_expr':
			return node.operator?.toUpperCase() === 'NOT' && literallyFalse(node.expr);
		case 'binary_expr': {
			const operator = node.operator?.toUpperCase() ?? '';
			if (operator === 'OR') {
				return alwaysTrueNode(node.left) || alwaysTrueNode(node.right);
			}
			if (operator === 'AND') {
				return alwaysTrueNode(node.left) && alwaysTrueNode(node.right);
			}
			const left = operandKey(node.left);
			return (
				['=', '==', '<=', '>=', 'IS'].includes(operator) &&
				left !== undefined &&
				left === operandKey(node.right)
			);
		}
		default:
			return false;
	}
}

/** What `ALTER TABLE` drops that is part of every row: columns and partitions, not constraints or defaults. */
function alterDrops(node: Node): string | undefined {
	const items = Array.isArray(node.expr) ? (node.expr as Node[]) : [];
	const dropped = items.filter(
		(item) =>
			item.action === 'drop' && (item.resource === 'column' || item.resource === 'partition'),
	);
	if (dropped.length === 0) {
		return undefined;
	}
	const what = dropped.map((item) => (item.resource === 'partition' ? 'a partition' : 'a column'));
	return `${[...new Set(what)].join(' and ')} of ${namesOf(node.table)}`;
}

/** The losses of one statement's tree, or `undefined` when the tree is not one this reader trusts. */
function lossesOfTree(tree: Node, firstWord: string): StatementLoss[] | undefined {
	const kind = tree.type ?? '';
	if (LOSS_KINDS.has(firstWord) && kind !== firstWord) {
		return undefined;
	}
	switch (kind) {
		case 'drop': {
			const object = (tree.keyword ?? '').toLowerCase();
			return DEFINITION_OBJECTS.test(object)
				? []
				: [{ kind: 'drop', object: `the ${object} ${namesOf(tree.name)}`.trim() }];
		}
		case 'truncate':
			return [{ kind: 'truncate', object: `the table ${namesOf(tree.name)}` }];
		case 'delete':
			return tree.where && !alwaysTrueNode(tree.where)
				? []
				: [{ kind: 'deleteAll', object: namesOf((tree as { from?: unknown }).from) }];
		case 'update':
			return tree.where && !alwaysTrueNode(tree.where)
				? []
				: [{ kind: 'updateAll', object: namesOf(tree.table) }];
		case 'alter': {
			const object = alterDrops(tree);
			return object === undefined ? [] : [{ kind: 'alterDrop', object }];
		}
		default:
			return QUIET_KINDS.has(kind) ? [] : undefined;
	}
}

/** The one statement a parse gave, or `undefined` when it gave several or none (the text was not one statement). */
function singleTree(parsed: unknown): Node | undefined {
	const trees = Array.isArray(parsed) ? (parsed as unknown[]) : [parsed];
	const [tree] = trees;
	return trees.length === 1 && tree !== null && typeof tree === 'object' ? tree : undefined;
}

/**
 * The {@link SqlReader} of a parser: each statement is parsed in the dialects its client speaks, in order, and the
 * first tree this reader trusts decides; `undefined` when none does, for the patterns to read.
 */
export function sqlReaderOf(astify: Astify): SqlReader {
	return (statement, dialect) => {
		const firstWord = /^\s*(\w+)/.exec(statement)?.[1]?.toLowerCase() ?? '';
		for (const parserDialect of DIALECTS_OF[dialect]) {
			let parsed: unknown;
			try {
				parsed = astify(statement, parserDialect);
			} catch {
				continue;
			}
			const tree = singleTree(parsed);
			const losses = tree && lossesOfTree(tree, firstWord);
			if (losses) {
				return losses;
			}
		}
		return undefined;
	};
}
