import type { CommandOrigin, Redirect, ShellDialect, SimpleCommand } from './commandLine';
import {
	embeddedScript,
	findExecCommands,
	POSIX_SHELLS,
	POWERSHELLS,
	readsScriptFromStdin,
} from './embeddedScripts';
import { AliasTable, resolveCommandWord } from './dynamicWords';
import { fedText, substitutedLiteral } from './fedScripts';
import { codeEffects, interpreterCode, interpreterReadsStdin } from './interpreterCode';
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
	private readonly aliases = new AliasTable();

	constructor(private readonly reparse: Reparse) {}

	/** A fresh pipeline id, unique within the line. */
	newPipeline(): number {
		return this.nextPipeline++;
	}

	/** Records a command with its wrappers peeled, then the commands it runs itself; returns its index. */
	add(raw: RawCommand, context: WalkContext): number {
		const aliased = this.aliases.expand(raw.argv);
		const resolved = resolveCommandWord(aliased ?? raw.argv);
		let peeled = peelWrappers(resolved.argv);
		// A wrapper may hide the dynamic word: `sudo $(which rm) -rf /`.
		const late = peeled.wrappers.length > 0 ? resolveCommandWord(peeled.argv) : undefined;
		if (late?.writtenAs !== undefined) {
			const again = peelWrappers(late.argv);
			peeled = { ...again, wrappers: [...peeled.wrappers, ...again.wrappers] };
		}
		const writtenAs = late?.writtenAs ?? (aliased ? raw.argv[0] : resolved.writtenAs);
		const index = this.push(
			{ ...raw, argv: peeled.argv },
			peeled.wrappers,
			peeled.viaXargs ? 'xargs' : context.origin,
			context,
			{
				...(writtenAs !== undefined ? { writtenAs } : {}),
				...(late?.unknown || (!late && resolved.unknown) ? { dynamicWord: true } : {}),
			},
		);
		this.aliases.record(peeled.argv);
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
		for (const execArgv of findExecCommands(peeled.argv)) {
			const text = execArgv.map(quoteForDisplay).join(' ');
			this.add(
				{ argv: execArgv, text, redirects: [], stdinScripts: [] },
				{ ...inner, origin: 'exec' },
			);
		}
		const script = embeddedScript(peeled.argv);
		if (script) {
			this.reparse(script.text, { ...inner, origin: 'shellString', dialect: script.dialect });
		}
		for (const text of gitShellValues(peeled.argv)) {
			this.reparse(text, { ...inner, origin: 'shellString', dialect: 'bash' });
		}
		const readsStdin = readsScriptFromStdin(peeled.argv);
		if (raw.stdinScripts.length > 0 && readsStdin) {
			const dialect = POWERSHELLS.has(programName(peeled.argv[0] ?? '')) ? 'powershell' : 'bash';
			for (const body of raw.stdinScripts) {
				this.reparse(body, { ...inner, origin: 'heredoc', dialect });
			}
		}
		const stdinLanguage = interpreterReadsStdin(peeled.argv);
		const code = interpreterCode(peeled.argv);
		const codes = [
			...(code ? [code] : []),
			...(stdinLanguage
				? raw.stdinScripts.map((body) => ({ language: stdinLanguage, code: body }))
				: []),
		];
		// What an earlier stage writes into a shell or an interpreter reading stdin: `echo 'rm -rf /' | sh`.
		const pipeline = context.pipeline;
		if (pipeline && pipeline.stage > 0 && (readsStdin || stdinLanguage)) {
			const earlier = this.commands.filter(
				(command) =>
					command.pipeline?.id === pipeline.id &&
					command.pipeline.stage < pipeline.stage &&
					command.origin === context.origin,
			);
			const fed = fedText(earlier);
			if (fed !== undefined && stdinLanguage) {
				codes.push({ language: stdinLanguage, code: fed });
			} else if (fed !== undefined) {
				this.reparse(fed, { ...inner, origin: 'pipedScript', dialect: 'bash' });
			}
		}
		const runner = programName(peeled.argv[0] ?? '');
		if (POSIX_SHELLS.has(runner) || ['eval', 'source', '.'].includes(runner)) {
			for (const word of peeled.argv.slice(1)) {
				const literal = substitutedLiteral(word);
				if (literal !== undefined) {
					this.reparse(literal, { ...inner, origin: 'pipedScript', dialect: 'bash' });
				}
			}
		}
		for (const effect of codes.flatMap(codeEffects)) {
			if (effect.shell !== undefined) {
				this.reparse(effect.shell, { ...inner, origin: 'interpreter', dialect: 'bash' });
			} else if (effect.argv) {
				this.add(
					{ argv: effect.argv, text: effect.text, redirects: [], stdinScripts: [] },
					{ ...inner, origin: 'interpreter' },
				);
			}
		}
		return index;
	}

	/** Reads text a command will run as a shell command line (`GIT_SSH_COMMAND=…`) as commands run by `context.parent`. */
	runShellText(text: string, context: WalkContext): void {
		if (context.depth < MAX_DEPTH) {
			this.reparse(text, {
				...context,
				origin: 'shellString',
				dialect: 'bash',
				depth: context.depth + 1,
			});
		}
	}

	private push(
		raw: RawCommand,
		wrappers: readonly string[],
		origin: CommandOrigin,
		context: WalkContext,
		word: Pick<SimpleCommand, 'writtenAs' | 'dynamicWord'>,
	): number {
		const command: SimpleCommand = {
			...word,
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

/** Shell commands git runs from its own `-c` settings: `alias.x=!cmd` and `core.sshCommand=cmd`. */
function gitShellValues(argv: readonly string[]): string[] {
	if (programName(argv[0] ?? '') !== 'git') {
		return [];
	}
	const values: string[] = [];
	argv.forEach((word, index) => {
		const setting = word === '-c' ? (argv[index + 1] ?? '') : '';
		const match = /^(?:alias\.[^=]+=!|core\.sshcommand=)([\s\S]+)$/i.exec(setting);
		if (match?.[1]) {
			values.push(match[1]);
		}
	});
	return values;
}

/** Quotes a word for display only when it would otherwise read as several words. */
function quoteForDisplay(word: string): string {
	return /^[\w@%+=:,./{}-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
