import type { ToolCall } from '../../events/hookEvent';
import { editorCommandEffects, editorCommandOf } from '../tools/editorCommands';
import { mcpVerbsOf } from '../tools/mcpVerbs';
import { pathsInPatch } from '../tools/pathsInPatch';
import { settingChangeOf } from '../tools/settingKeys';
import { type PathArgument, pathArgumentsOf, patchTextOf } from '../tools/toolPathsOf';
import type { Effect, EffectKind } from '../../terms/effect';
import type { SqlReader } from '../statements/statementLoss';
import { toolStatementEffects } from '../statements/toolStatements';

/** Argument keys whose value is the content a tool writes. */
const CONTENT_KEYS =
	/^(?:content|contents|text|new_?string|new_?str|code_?edit|file_?text|diff|patch|replacement|edits|insert_?text|data|body)$/i;
/** Argument keys that name where a move or rename takes a path from. */
const SOURCE_KEYS = /^(?:source|from|old_?path|source_?path|src)$/i;

/** What a tool's name says it does to the paths it names. */
function kindFromName(name: string): EffectKind | 'deleteOrMove' | undefined {
	const words = name.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();
	if (/(?:^|[_\W])(?:delete|remove|rm|unlink|trash)(?:$|[_\W])/.test(words)) {
		return 'delete';
	}
	if (/(?:^|[_\W])(?:move|rename|mv)(?:$|[_\W])/.test(words)) {
		return 'deleteOrMove';
	}
	if (
		/(?:^|[_\W])(?:write|edit|create|replace|insert|append|save|patch|update|apply|mkdir|touch|copy|cp|upload|put|set|modify|overwrite|chmod|link)(?:$|[_\W])/.test(
			words,
		)
	) {
		return 'write';
	}
	if (
		/(?:^|[_\W])(?:read|view|get|list|search|find|open|cat|show|grep|glob|stat|ls|fetch|download)(?:$|[_\W])/.test(
			words,
		)
	) {
		return 'read';
	}
	return undefined;
}

/** `str_replace_editor`-style tools carry their verb in `command`: `view` only reads. */
function verbOf(input: Readonly<Record<string, unknown>>): EffectKind | undefined {
	const verb = typeof input.command === 'string' ? input.command.toLowerCase() : undefined;
	if (verb === undefined) {
		return undefined;
	}
	if (verb === 'view' || verb === 'read') {
		return 'read';
	}
	return ['create', 'str_replace', 'insert', 'undo_edit', 'write', 'append'].includes(verb)
		? 'write'
		: undefined;
}

/** Every path-valued argument of a tool call with its key, batch-edit items included; a web address is no file. */
function pathArguments(input: Readonly<Record<string, unknown>>): readonly PathArgument[] {
	return pathArgumentsOf(input).filter(({ path }) => !/^https?:\/\//i.test(path));
}

/** `.github`, `hooks`, `src/`: a last segment without an extension after its first character. */
function looksLikeFolder(path: string): boolean {
	const last =
		path
			.replace(/[\\/]+$/, '')
			.split(/[\\/]/)
			.at(-1) ?? '';
	return path.endsWith('/') || !/.\.[^.]+$/.test(last);
}

/** A patch's own verbs: `*** Delete File:` deletes, every other header writes. */
function patchEffects(
	tool: ToolCall,
	make: (kind: EffectKind, path: string, action: string) => Effect,
): Effect[] {
	const patch = patchTextOf(tool.kind, tool.input);
	if (patch === undefined) {
		return [];
	}
	const deleted = new Set(
		[...patch.matchAll(/^\*\*\* Delete File:\s*(.+?)\s*$/gm)].map((match) => match[1] ?? ''),
	);
	return pathsInPatch(patch).map((path) =>
		deleted.has(path) ? make('delete', path, 'deletes') : make('write', path, 'patches'),
	);
}

/** The effect a tool has on the paths it names: its kind's, unless its name or verb says more precisely. */
function effectKindOf(
	tool: ToolCall,
	named: EffectKind | 'deleteOrMove' | undefined,
	carriesContent: boolean,
): EffectKind | 'deleteOrMove' {
	if (tool.kind === 'fileRead') {
		return 'read';
	}
	if (tool.kind === 'fileWrite') {
		return named === 'delete' || named === 'deleteOrMove' || named === 'read' ? named : 'write';
	}
	return named ?? (carriesContent ? 'write' : 'read');
}

/**
 * What a non-shell tool call does to the paths it names: file tools of every harness by their kind, patches by their
 * headers, and MCP or unknown tools by the shape of their arguments (a path key plus a name or content that says
 * what happens to it). A tool whose verb cannot be told from its name but that carries content writes. Statements an
 * MCP tool carries (`execute_sql {query}`) are read with `readSql` when the caller loaded the SQL parser.
 */
export function toolEffects(tool: ToolCall, readSql?: SqlReader): Effect[] {
	if (tool.kind === 'web') {
		return localFilesFetched(tool);
	}
	if (tool.kind === 'shell' || tool.kind === 'subagent') {
		return [];
	}
	const reach = tool.kind === 'mcp' ? 'mcpTool' : 'fileTool';
	const source = tool.name;
	// A read tool only reads, whatever its name says (its name's regular expressions cost a one-shot bridge 0.7 ms).
	const named =
		tool.kind === 'fileRead' ? undefined : (verbOf(tool.input) ?? kindFromName(tool.name));
	// A file tool, or a tool whose name says what it does, is read for sure; a verb guessed from the arguments is likely.
	const sure = tool.kind === 'fileRead' || tool.kind === 'fileWrite' || named !== undefined;
	const make = (kind: EffectKind, path: string, action: string, tree = false): Effect => ({
		kind,
		path,
		...(tree && { tree }),
		action,
		source,
		reach,
		certainty: sure ? 'sure' : 'likely',
	});
	const patched = tool.kind === 'fileWrite' ? patchEffects(tool, make) : [];
	const carriesContent = Object.keys(tool.input).some((key) => CONTENT_KEYS.test(key));
	const kind = effectKindOf(tool, named, carriesContent);
	const effects = [...patched, ...toolStatementEffects(tool, readSql)];
	const seen = new Set(patched.map((effect) => effect.path));
	for (const { key, path } of pathArguments(tool.input)) {
		if (seen.has(path)) {
			continue;
		}
		seen.add(path);
		if (kind === 'deleteOrMove') {
			effects.push(
				SOURCE_KEYS.test(key)
					? make('move', path, 'moves away', true)
					: make('write', path, 'moves a file to'),
			);
		} else if (kind === 'delete') {
			// A delete tool given a folder may take all it holds: a name without an extension is read as one.
			effects.push(make('delete', path, 'deletes', looksLikeFolder(path)));
		} else {
			effects.push(make(kind, path, kind === 'read' ? 'reads' : 'writes'));
		}
	}
	// What the tool names besides paths: an editor command, a setting, the verb of an MCP tool with no path.
	return tool.kind === 'mcp' || tool.kind === 'other'
		? [
				...effects,
				...namedEffects(
					tool,
					effects.some((effect) => looksLikePath(effect.path)),
				),
			]
		: effects;
}

/** A value a path argument holds that names a file (`src/a.ts`, `~/x`, `.env`), not a resource (`target: 'prod'`). */
function looksLikePath(value: string | undefined): boolean {
	return value !== undefined && /[\\/.~]/.test(value);
}

/**
 * What a tool does that its paths do not show: the editor command it runs, the setting it changes, and for an MCP
 * tool that names no path, the verb of its name (`delete_project`) on the data its server holds.
 */
function namedEffects(tool: ToolCall, namesPaths: boolean): Effect[] {
	const make = (
		fields: Pick<Effect, 'kind' | 'subject' | 'action'> & { whole?: boolean },
	): Effect => ({
		...fields,
		source: tool.name,
		reach: tool.kind === 'mcp' ? 'mcpTool' : 'fileTool',
		certainty: 'sure',
	});
	const editor = editorCommandOf(tool.name, tool.input);
	if (editor) {
		return editorCommandEffects(editor, make);
	}
	const setting = settingChangeOf(tool.name, tool.input);
	if (setting) {
		return [make({ kind: 'configExec', subject: setting.subject, action: setting.action })];
	}
	const verbs = namesPaths ? undefined : mcpVerbsOf(tool.name, tool.input);
	return verbs?.destroys
		? [
				make({
					kind: 'serviceDataLoss',
					subject: 'serviceData',
					action: `destroys data the \`${verbs.server}\` server holds (${verbs.why})`,
					...(verbs.whole && { whole: true }),
				}),
			]
		: [];
}

/** A web tool handed a `file://` address (`fetch_webpage` of `file:///home/me/.ssh/id_rsa`) reads that file. */
function localFilesFetched(tool: ToolCall): Effect[] {
	const addresses = Object.values(tool.input).flatMap((value: unknown): unknown[] =>
		Array.isArray(value) ? (value as unknown[]) : [value],
	);
	return addresses
		.filter((value): value is string => typeof value === 'string' && /^file:/i.test(value.trim()))
		.map((path) => ({
			kind: 'read',
			path,
			action: 'fetches the local file',
			source: tool.name,
			reach: 'fileTool',
			certainty: 'sure',
		}));
}
