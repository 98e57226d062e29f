import type { ContainerPlace } from './containerCommands';
import type { CodeEffectReader } from './codeTypes';

/** The shell grammar a command line is read with. */
export type ShellDialect = 'bash' | 'powershell';

/** How a simple command was reached inside the line: directly, or run by another construct that executes its text. */
export type CommandOrigin =
	| 'line'
	| 'substitution'
	| 'processSubstitution'
	| 'shellString'
	| 'heredoc'
	| 'exec'
	| 'xargs'
	/** Text written into a shell's stdin by an earlier pipeline stage (`echo 'rm -rf /' | sh`). */
	| 'pipedScript'
	/** A shell command or file call inside interpreter code (`python -c "os.system('…')"`, `shutil.rmtree`). */
	| 'interpreter'
	/** A command a container runtime runs (`docker run -v /:/host img rm -rf /host/x`, `kubectl exec pod -- …`). */
	| 'container';

/** A file redirection attached to a simple command (`> out.txt`, `2>>log`, `| Out-File x`). */
export interface Redirect {
	readonly operator: string;
	readonly target: string;
}

/**
 * One simple command found in a command line, with wrappers (`sudo`, `env X=1`, `timeout 5`, `nice`) peeled off.
 * `argv[0]` is the program actually run; quoted words are unquoted, so `echo "rm -rf /"` has argv `['echo', 'rm -rf /']`.
 */
export interface SimpleCommand {
	readonly argv: readonly string[];
	/** The command's own source text, for display and for `/regex/` rules. */
	readonly text: string;
	/** Wrappers peeled to reach `argv`, outermost first. */
	readonly wrappers: readonly string[];
	readonly origin: CommandOrigin;
	/** Present when the command is a stage of a pipeline: which pipeline, and its 0-based stage. */
	readonly pipeline?: { readonly id: number; readonly stage: number };
	readonly redirects: readonly Redirect[];
	/** The grammar this command was read with; a `pwsh -c` string inside a bash line is `powershell`. */
	readonly dialect?: ShellDialect;
	/** Index in `commands` of the command whose argument, redirect or string holds this one (`bash` in `bash <(curl …)`). */
	readonly parent?: number;
	/** Name of the shell function whose body holds this command, so a function calling itself can be recognised. */
	readonly inFunction?: string;
	/**
	 * The `( … )` subshells the command sits in, outermost first, as ids unique within the line (`/0/2`); absent at
	 * the top. A function defined in a subshell exists only there: a call from outside runs nothing.
	 */
	readonly subshell?: string;
	/** For a command in a function body: the subshell path where the function was defined. */
	readonly functionScope?: string;
	/** True when the command is started in the background with `&`. */
	readonly background?: boolean;
	/**
	 * The directory the command runs in when an earlier `cd`/`pushd` of the same line moved it, as written (`/srv`,
	 * `..`, `~/x`, `sub/dir`; a relative one is relative to the line's own cwd). Absent: the line's own cwd.
	 */
	readonly cwd?: string;
	/** The command word as written when it was expanded to reach `argv[0]` (`{rm,-rf,/}`, `$(which rm)`, an alias). */
	readonly writtenAs?: string;
	/** True when the command word depends on a value not known before the line runs (`$X -rf /`, `${X:-rm}`). */
	readonly dynamicWord?: boolean;
	/**
	 * True when a job runner (`xargs`, `parallel`) adds words read from its input that the line does not show, so the
	 * command's operands (or, for `-I {}`, parts of its words) are unknown.
	 */
	readonly argsFromInput?: boolean;
	/** Variables set for this command alone (`X=1 cmd`, `env X=1 cmd`), as written after unquoting. */
	readonly env?: Readonly<Record<string, string>>;
	/**
	 * True when the line may not run this command at all: it is text fed to a program that might run it
	 * (`python3 tool.py <<EOF … EOF`), so what it does is only likely.
	 */
	readonly maybeRun?: boolean;
	/** For a command run inside a container: whether the container is new or holds data, and the host folders it mounts. */
	readonly container?: ContainerPlace;
	/** Text the line feeds to the command's stdin when the line shows it (a heredoc, a here-string, an `echo` piped in). */
	readonly stdinText?: string;
	/** Index in `commands` of the command whose output feeds this one's stdin through `>(…)` (`cat <<EOF > >(bash)`). */
	readonly fedBy?: number;
	/** Index in `commands` of the command that saved the script file this one runs (`curl -o a.sh …; bash a.sh`). */
	readonly scriptFrom?: number;
	/** True when an earlier `cd` of the line went somewhere that cannot be known before the line runs (`cd "$X"`, `cd -`). */
	readonly cwdUnknown?: boolean;
}

/** Every simple command in a line, in source order; `parseError` says why the line could not be fully read. */
export interface CommandLineAnalysis {
	readonly commandLine: string;
	readonly dialect: ShellDialect;
	readonly commands: readonly SimpleCommand[];
	readonly parseError?: string;
}

/**
 * Splits a command line into simple commands with a real shell grammar; pure, synchronous once constructed. Code the
 * line hands an interpreter is read with `readCode` where it can read that language, else with patterns.
 */
export interface ShellAnalyzer {
	analyze(
		commandLine: string,
		dialect: ShellDialect,
		readCode?: CodeEffectReader,
	): CommandLineAnalysis;
}
