import { describe, expect, it } from 'vitest';

import { sqlStatements, topLevel } from '../../../../../src/core/reading/statements/sqlText';

describe('SQL text as a client reads it', () => {
	it('turns comments into spaces, so a comment cannot glue or hide words', () => {
		const [statement] = sqlStatements('drop/* hidden */table/**/accounts -- trailing note');
		expect(statement?.text).toBe('drop table accounts');
	});

	it('runs what MySQL finds in an executable comment', () => {
		const [statement] = sqlStatements('/*!50001 DROP TABLE audit */', true);
		expect(statement?.shape).toMatch(/DROP TABLE audit/);
	});

	it('reads # as a comment only where the dialect does', () => {
		expect(sqlStatements('select 1 # drop table x', true)[0]?.text).toBe('select 1');
		expect(sqlStatements('select 1 # 2', false)[0]?.text).toBe('select 1 # 2');
	});

	it('splits statements at semicolons outside quotes', () => {
		const texts = sqlStatements("insert into notes values ('a;b'); delete from notes").map(
			(statement) => statement.text,
		);
		expect(texts).toEqual(["insert into notes values ('a;b')", 'delete from notes']);
	});

	it('empties string literals in the shape but keeps their contents for dynamic SQL', () => {
		const [statement] = sqlStatements("EXECUTE 'TRUNCATE ledger'");
		expect(statement?.shape).toBe("EXECUTE ''");
		expect(statement?.strings).toEqual(['TRUNCATE ledger']);
	});

	it('keeps dollar-quoted bodies whole', () => {
		const statements = sqlStatements("DO $$ BEGIN EXECUTE 'DROP TABLE t'; END $$; SELECT 1");
		expect(statements).toHaveLength(2);
		expect(statements[0]?.strings).toEqual([" BEGIN EXECUTE 'DROP TABLE t'; END "]);
	});

	it("takes a client's own command as a statement to the end of its line", () => {
		const texts = sqlStatements('\\dt\n.tables\nselect 1;').map((statement) => statement.text);
		expect(texts).toEqual(['\\dt', '.tables', 'select 1']);
	});

	it('blanks parenthesised groups without moving the clauses around them', () => {
		const shape = 'UPDATE t SET a = (SELECT b FROM u WHERE u.id = 1)';
		const top = topLevel(shape);
		expect(top).toHaveLength(shape.length);
		expect(top).not.toMatch(/WHERE/);
	});
});
