/*
 * Where a data-store client's statements travel on a command line, read from its row of the client table: the
 * options that carry them, the operands that are statements, and what it reads on stdin. One reading serves the
 * effects, the check that loads the parser, and the shell commands a client's own escapes run.
 */
import type { DataStoreClient, StatementLanguage } from '../programs/dataStoreClients';
import { dataStoreClient } from '../programs/dataStoreClients';
import { parseOptions } from '../programs/optionGrammar';
import { programName } from '../shell/programName';

/** Statement text as a client receives it, in its language. */
export interface ClientStatements {
	readonly client: DataStoreClient;
	readonly language: StatementLanguage;
	readonly texts: readonly string[];
}

/** The texts a client's words and stdin carry as statements. */
function textsOf(
	client: DataStoreClient,
	args: readonly string[],
	stdin: string | undefined,
): string[] {
	// Only option names lose their case: a statement's names and strings stay as written.
	const words = client.caseInsensitive
		? args.map((word) => (word.startsWith('-') ? word.toLowerCase() : word))
		: args;
	const parsed = parseOptions(words, client.grammar);
	const fromOptions = parsed.options.flatMap((option) =>
		client.statementOptions.includes(option.name) && option.value !== undefined
			? [option.value]
			: [],
	);
	const operands = parsed.operands;
	const fromOperands =
		client.operands === 'all'
			? [operands.join(' ')]
			: client.operands === 'afterFirst'
				? operands.slice(1)
				: [];
	const fromStdin = client.readsStdin && stdin !== undefined ? [stdin] : [];
	return [...fromOptions, ...fromOperands, ...fromStdin].filter((text) => text.trim() !== '');
}

/**
 * The statements a command sends to a data store, or `undefined` when its program is no data-store client. `stdin` is
 * the text the line shows feeding it (a heredoc, a pipe, a file written earlier on the line).
 */
export function clientStatements(
	argv: readonly string[],
	stdin: string | undefined,
): ClientStatements | undefined {
	const client = dataStoreClient(programName(argv[0] ?? ''));
	if (!client) {
		return undefined;
	}
	return { client, language: client.language, texts: textsOf(client, argv.slice(1), stdin) };
}

/**
 * The shell command lines a client's own escapes run (`psql -c '\! cmd'`, `sqlite3 db '.shell cmd'`, `system cmd` fed
 * to mysql), for the walker to read as commands the client runs.
 */
export function clientShellEscapes(argv: readonly string[], stdin: string | undefined): string[] {
	const found = clientStatements(argv, stdin);
	const escape = found?.client.shellEscapes;
	if (!found || !escape) {
		return [];
	}
	return found.texts
		.flatMap((text) => text.split('\n'))
		.flatMap((line) => {
			const match = escape.exec(line);
			const command = match ? line.slice(match.index + match[0].length).trim() : '';
			return command === '' ? [] : [command];
		});
}
