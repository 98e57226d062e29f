import { parseOptions } from './optionGrammar';
import type { ProgramModel } from './programModel';

/** Programs whose first operand is a database file they open, and whose other operands are SQL. */
export const DATABASE_FILE_PROGRAMS = ['sqlite3', 'duckdb'] as const;

/** SQL (or a dot-command) that changes the database: anything but reading it. */
const WRITES_SQL =
	/\b(?:insert|update|delete|replace|upsert|drop|create|alter|attach|vacuum|reindex|truncate)\b|\bpragma\s+\w+\s*=|^\s*\.(?:restore|import|read|load)\b/im;

/**
 * `sqlite3 FILE 'UPDATE …'`: the file is written when the SQL changes it, read otherwise. An editor's state
 * database (`state.vscdb`, which records the extensions switched off) is Hookwarden's own state, so writing it is
 * judged like writing any other file there; SQL fed on stdin is read too.
 */
export const databaseFile: ProgramModel = (call) => {
	const parsed = parseOptions(call.args, {
		shortValues: '',
		longValues: [
			'cmd',
			'init',
			'separator',
			'newline',
			'nullvalue',
			'mmap',
			'lookaside',
			'pagecache',
			'vfs',
		],
	});
	const [file, ...sql] = parsed.operands;
	if (file === undefined || file === ':memory:') {
		return [];
	}
	const text = [...sql, call.command.stdinText ?? ''].join('\n');
	return WRITES_SQL.test(text)
		? [call.effect({ kind: 'write', path: file, action: 'changes the database' })]
		: [call.effect({ kind: 'read', path: file, action: 'queries the database' })];
};
