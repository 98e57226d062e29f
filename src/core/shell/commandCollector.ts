import type { CommandOrigin, Redirect, ShellDialect, SimpleCommand } from './commandLine';
import {
	embeddedScript,
	findExecCommands,
	POWERSHELLS,
	readsScriptFromStdin,
} from './embeddedScripts';
import { programName } from './programName';
import { peelWrappers } from './wrappers';

/** Where a command sits while a tree is walked: how it was reached, and what it belongs to. */
export interface WalkContext {
	readonly origin: CommandOrigin;
	readonly dialect: ShellDialect;
	readonly parent?: number;
	readonly pipeline?: { readonly id: number; readonly stage: number };
	readonly inFunction?: string;
	readonly background?: boolean;
	/** How many shell strings deep this walk is, to stop `bash -c "bash -c …"` from recursing forever. */
	readonly depth: number;
}

/** Re-reads text that a command runs (a `bash -c` string, a heredoc fed to a shell) into the same collector. */
export type Reparse = (text: string, context: WalkContext) => void;

/** The deepest chain of shell strings followed; real commands rarely nest more than twice. */
const MAX_DEPTH = 8;

/** One command as read from the tree, before its wrappers are peeled. */
export interface RawCommand {
	readonly argv: readonly string[];
	readonly text: string;
	readonly redirects: readonly Redirect[];
	/** Bodies of heredocs and here-strings attached to the command, run when it is a shell reading stdin. */
	readonly stdinScripts: readonly string[];
}

/** Accumulates the simple commands of one line, across dialects and re-parsed strings, in source order. */
export class CommandCollector {
	readonly commands: SimpleCommand[] = [];
	readonly errors: string[] = [];
	private nextPipeline = 0;

	constructor(private readonly reparse: Reparse) {}

	/** A fresh pipeline id, unique within the line. */
	newPipeline(): number {
		return this.nextPipeline++;
	}

	/** Records a command with its wrappers peeled, then the commands it runs itself; returns its index. */
	add(raw: RawCommand, context: WalkContext): number {
		const peeled = peelWrappers(raw.argv);
		const index = this.push(
			{ ...raw, argv: peeled.argv },
			peeled.wrappers,
			peeled.viaXargs ? 'xargs' : context.origin,
			context,
		);
		for (const execArgv of findExecCommands(peeled.argv)) {
			const inner = peelWrappers(execArgv);
			const text = execArgv.map(quoteForDisplay).join(' ');
			this.push(
				{ argv: inner.argv, text, redirects: [], stdinScripts: [] },
				inner.wrappers,
				'exec',
				{ ...context, parent: index },
			);
		}
		if (context.depth >= MAX_DEPTH) {
			this.errors.push('shell strings nested too deeply to follow');
			return index;
		}
		const inner = {
			...context,
			parent: index,
			pipeline: undefined,
			background: undefined,
			depth: context.depth + 1,
		};
		const script = embeddedScript(peeled.argv);
		if (script) {
			this.reparse(script.text, { ...inner, origin: 'shellString', dialect: script.dialect });
		}
		if (raw.stdinScripts.length > 0 && readsScriptFromStdin(peeled.argv)) {
			const dialect = POWERSHELLS.has(programName(peeled.argv[0] ?? '')) ? 'powershell' : 'bash';
			for (const body of raw.stdinScripts) {
				this.reparse(body, { ...inner, origin: 'heredoc', dialect });
			}
		}
		return index;
	}

	private push(
		raw: RawCommand,
		wrappers: readonly string[],
		origin: CommandOrigin,
		context: WalkContext,
	): number {
		const command: SimpleCommand = {
			argv: raw.argv,
			text: raw.text,
			wrappers,
			origin,
			redirects: raw.redirects,
			dialect: context.dialect,
			...(context.pipeline ? { pipeline: context.pipeline } : {}),
			...(context.parent !== undefined ? { parent: context.parent } : {}),
			...(context.inFunction !== undefined ? { inFunction: context.inFunction } : {}),
			...(context.background ? { background: true } : {}),
		};
		this.commands.push(command);
		return this.commands.length - 1;
	}
}

/** Quotes a word for display only when it would otherwise read as several words. */
function quoteForDisplay(word: string): string {
	return /^[\w@%+=:,./{}-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
