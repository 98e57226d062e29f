import { describe, expect, it } from 'vitest';

import type { StatementLanguage } from '../../../../../src/core/reading/programs/dataStoreClients';
import {
	needsSqlParser,
	readStatements,
} from '../../../../../src/core/reading/statements/readStatements';
import type { SqlReader } from '../../../../../src/core/reading/statements/statementLoss';
import { createSqlReader } from '../../../../../src/node/sql/sqlParser';

const parser = createSqlReader();

/** Losses as `kind object` lines. */
function read(text: string, language: StatementLanguage, reader?: SqlReader): string[] {
	return readStatements(text, language, reader).map(
		(loss) => `${loss.kind}${loss.object ? ` ${loss.object}` : ''}`,
	);
}

/** [statement, dialect, the kinds it must give (empty: quiet)]. */
type Row = readonly [text: string, language: StatementLanguage, kinds: readonly string[]];

const LOSING: readonly Row[] = [
	['DROP TABLE invoices', 'postgresql', ['drop']],
	['drop database staging', 'mysql', ['drop']],
	['DROP SCHEMA app CASCADE', 'postgresql', ['drop']],
	['DROP KEYSPACE metrics', 'cql', ['drop']],
	['DROP TABLE IF EXISTS "Orders"', 'sqlite', ['drop']],
	['TRUNCATE TABLE sessions', 'transactsql', ['truncate']],
	['truncate audit_log', 'postgresql', ['truncate']],
	['DELETE FROM carts', 'sqlite', ['deleteAll']],
	['DELETE FROM carts WHERE 1=1', 'sqlite', ['deleteAll']],
	["DELETE FROM carts WHERE 'x' = 'x'", 'mysql', ['deleteAll']],
	['DELETE FROM carts WHERE id = 4 OR 1 = 1', 'postgresql', ['deleteAll']],
	['UPDATE wallets SET credit = 0', 'mariadb', ['updateAll']],
	['UPDATE wallets SET credit = 0 WHERE true', 'mysql', ['updateAll']],
	['UPDATE t SET a = (SELECT b FROM u WHERE u.id = 1)', 'postgresql', ['updateAll']],
	['WITH old AS (SELECT 1) DELETE FROM visits', 'postgresql', ['deleteAll']],
	['ALTER TABLE people DROP COLUMN phone', 'postgresql', ['alterDrop']],
	['ALTER TABLE people DROP phone', 'mysql', ['alterDrop']],
	['SELECT 1; DROP TABLE people', 'sqlite', ['drop']],
	['drop/**/database prod', 'postgresql', ['drop']],
	['DROP -- a note\nTABLE people', 'postgresql', ['drop']],
	["DO $$ BEGIN EXECUTE 'DROP TABLE people'; END $$", 'postgresql', ['drop']],
	["EXEC('TRUNCATE TABLE people')", 'transactsql', ['truncate']],
	['DROP TABLE x', 'sql', ['drop']],
];

const QUIET: readonly Row[] = [
	['select count(*) from users', 'postgresql', []],
	["INSERT INTO notes VALUES (1, 'drop table users')", 'sqlite', []],
	['UPDATE wallets SET credit = 0 WHERE id = 7', 'mysql', []],
	['DELETE FROM carts WHERE created_at < now() - interval 30 day', 'mysql', []],
	['DELETE FROM t WHERE id IN (SELECT id FROM u WHERE 1=1)', 'postgresql', []],
	['ALTER TABLE people ALTER COLUMN phone DROP DEFAULT', 'postgresql', []],
	['ALTER TABLE people DROP CONSTRAINT people_fk', 'postgresql', []],
	['DROP FUNCTION IF EXISTS touch_updated_at', 'postgresql', []],
	['show databases', 'mysql', []],
	['-- DROP TABLE users', 'postgresql', []],
	['.tables', 'sqlite', []],
	['drop the cache and retry', 'sql', []],
];

describe('statements that lose data, read by the parser', () => {
	it.each([...LOSING, ...QUIET])('%s (%s)', (text, language, kinds) => {
		expect(read(text, language, parser).map((line) => line.split(' ')[0])).toEqual(kinds);
	});
});

describe('the same statements read by the patterns alone (the parser rejects them or is not loaded)', () => {
	it.each([...LOSING, ...QUIET])('%s (%s)', (text, language, kinds) => {
		expect(read(text, language).map((line) => line.split(' ')[0])).toEqual(kinds);
	});
});

describe('what the parser cannot read is still judged', () => {
	const rejectsAll: SqlReader = () => undefined;
	it.each([
		['DROP KEYSPACE analytics', 'postgresql'],
		['TRUNCATE orders RESTART IDENTITY CASCADE', 'postgresql'],
		['DELETE FROM orders', 'transactsql'],
	] as const)('%s', (text, language) => {
		expect(read(text, language, rejectsAll)).not.toEqual([]);
	});
});

describe('what a loss says it acts on', () => {
	it('names the object and the table', () => {
		expect(read('DROP TABLE public.invoices', 'postgresql', parser)).toEqual([
			'drop the table public.invoices',
		]);
		expect(read('DELETE FROM carts', 'sqlite', parser)).toEqual(['deleteAll carts']);
	});
});

describe("stores' own command languages", () => {
	it.each([
		['FLUSHALL', 'redis', ['flush']],
		['flushdb async', 'redis', ['flush']],
		['SET a 1\nFLUSHALL', 'redis', ['flush']],
		['GET session:1', 'redis', []],
		['db.dropDatabase()', 'mongo', ['drop']],
		['db.users.drop()', 'mongo', ['drop']],
		['db.orders.deleteMany({})', 'mongo', ['deleteAll']],
		['db.orders.updateMany({}, {$set: {paid: false}})', 'mongo', ['updateAll']],
		['db.orders.deleteMany({status: "void"})', 'mongo', []],
		['db.orders.find().count() // db.orders.drop()', 'mongo', []],
	] as const)('%s (%s)', (text, language, kinds) => {
		expect(read(text, language).map((line) => line.split(' ')[0])).toEqual(kinds);
	});
});

describe('when the parser is needed', () => {
	it.each([
		['DROP TABLE x', 'postgresql', true],
		['update t set a = 1 where id = 2', 'mysql', true],
		['select * from users', 'postgresql', false],
		['-- drop table users\nselect 1', 'sqlite', false],
		['FLUSHALL', 'redis', false],
		['DROP KEYSPACE k', 'cql', false],
	] as const)('%s (%s): %s', (text, language, needed) => {
		expect(needsSqlParser(text, language)).toBe(needed);
	});
});
