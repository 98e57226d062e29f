/*
 * The verb in an MCP tool's name (`mcp__gitlab__delete_project`, `mcp__docker__remove_volume`, `mcp__redis__flushall`),
 * read with the same verb vocabulary as service CLIs: the server holds the data, the tool's verb says what happens to
 * it, and its arguments may widen it (`{all: true}`, `{namespace: 'production'}`).
 */
import { readVerbs, type VerbReading, verbParts } from '../programs/verbs';

/** `mcp__server__tool` (Claude, the Copilot CLI) or `mcp_server_tool` (VS Code): the server and the tool's words. */
function toolWords(name: string): { readonly server: string; readonly words: readonly string[] } {
	const doubled = /^mcp__([^_]+(?:_[^_]+)*?)__(.+)$/i.exec(name);
	if (doubled) {
		return { server: doubled[1] ?? '', words: verbParts(doubled[2] ?? '') };
	}
	const [, server = '', ...rest] = verbParts(name.replace(/^mcp_/i, 'mcp '));
	return { server, words: rest };
}

/** A tool's arguments as the words of a command line: `{all: true}` is `--all`, `{stage: 'prod'}` is `--stage prod`. */
function argumentWords(input: Readonly<Record<string, unknown>>): string[] {
	return Object.entries(input).flatMap(([key, value]) =>
		value === true ? [`--${key}`] : typeof value === 'string' ? [`--${key}`, value] : [],
	);
}

/** What an MCP tool's name says it does to the data its server holds, with its arguments; its server's name too. */
export function mcpVerbsOf(
	name: string,
	input: Readonly<Record<string, unknown>>,
): (VerbReading & { readonly server: string }) | undefined {
	if (!/^mcp_/i.test(name)) {
		return undefined;
	}
	const { server, words } = toolWords(name);
	const args = argumentWords(input);
	return {
		...readVerbs([...words, ...args.filter((word) => word.startsWith('--'))], {}, args),
		server,
	};
}
