import type { ToolCall } from '../../events/hookEvent';
import type { SimpleCommand } from '../shell/commandLine';
import { clientStatements } from './clientStatements';
import { needsSqlParser } from './readStatements';
import { toolStatements } from './toolStatements';

/**
 * Whether a call carries SQL the parser should read: a statement of a losing kind (`DROP`, `DELETE`, `UPDATE` …) sent
 * to a data store by one of its sub-commands or in a tool's arguments. Read cheaply, without the parser, so a call
 * without such a statement (`psql -c 'select 1'`, `npm test`) never loads it.
 */
export function sqlParserNeeded(tool: ToolCall, commands: readonly SimpleCommand[]): boolean {
	const sent = [
		...commands.map((command) => clientStatements(command.argv, command.stdinText)),
		toolStatements(tool),
	];
	return sent.some((found) => found?.texts.some((text) => needsSqlParser(text, found.language)));
}
