import { substitutedLiteral } from './fedScripts';

// Command words whose value is only known when the line runs, read the way bash would expand them where that can be
// done without running anything: brace lists, `${IFS}` splitting, `${X:-default}`, `$(which rm)`, `$SHELL`.

/** A command's words after the command word's own expansion, and what the command word was written as. */
export interface ResolvedWords {
	readonly argv: readonly string[];
	/** The command word as written, when it was expanded (`{rm,-rf,/}`, `$(which rm)`); absent when it was plain. */
	readonly writtenAs?: string;
	/** True when the command word depends on something unknown before the line runs (`$X`, `$(pick)`). */
	readonly unknown?: boolean;
}

const IFS = /\$\{IFS(?:[%#][^}]*)?\}|\$IFS\b/g;
const DEFAULTED = /^\$\{[A-Za-z_][A-Za-z0-9_]*:?[-=+]([^}]*)\}$/;
const LOOKUP =
	/^(?:\$\(|`)\s*(?:which|command\s+-v|type\s+-p|whereis\s+-b)\s+([\w./-]+)\s*(?:\)|`)$/;
/** Control characters or a lone UTF-16 surrogate in a command word: no program is named like that; read as unknown. */
const UNREADABLE =
	// eslint-disable-next-line no-control-regex
	/[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const SHELL_VARIABLES = /^\$(?:\{(?:SHELL|BASH)\}|SHELL|BASH)$/;

/** Expands a word of the form `{a,b,c}` (no nesting, no spaces) into its parts, as bash brace expansion does. */
function braceList(word: string): string[] | undefined {
	const match = /^\{([^{}\s]*,[^{}\s]*)\}$/.exec(word);
	return match?.[1]?.split(',');
}

/**
 * Expands the command word of `argv` as far as it can be known before the line runs, so `{rm,-rf,/}`,
 * `rm${IFS}-rf${IFS}/`, `${X:-rm} -rf /`, `$(which rm) -rf /` and `$SHELL -c …` read as the commands they run.
 */
export function resolveCommandWord(argv: readonly string[]): ResolvedWords {
	const first = argv[0] ?? '';
	if (!/[{$`]/.test(first) && !UNREADABLE.test(first)) {
		return { argv };
	}
	const rest = argv.slice(1);
	const braces = braceList(first);
	if (braces) {
		return { argv: [...braces, ...rest], writtenAs: first };
	}
	if (IFS.test(first)) {
		IFS.lastIndex = 0;
		const words = first.replace(IFS, ' ').split(/\s+/).filter(Boolean);
		return { ...resolveCommandWord([...words, ...rest]), writtenAs: first };
	}
	const defaulted = DEFAULTED.exec(first);
	if (defaulted?.[1]) {
		return { argv: [defaulted[1], ...rest], writtenAs: first, unknown: true };
	}
	const lookup = LOOKUP.exec(first);
	if (lookup?.[1]) {
		return { argv: [lookup[1], ...rest], writtenAs: first };
	}
	const printed = substitutedLiteral(first.replace(/^`([\s\S]*)`$/, '$$($1)'));
	if (printed !== undefined && printed.trim() !== '') {
		return { ...resolveCommandWord([...printed.trim().split(/\s+/), ...rest]), writtenAs: first };
	}
	if (SHELL_VARIABLES.test(first)) {
		return { argv: ['sh', ...rest], writtenAs: first };
	}
	if (/\$|`/.test(first) || UNREADABLE.test(first)) {
		return { argv, writtenAs: first, unknown: true };
	}
	return { argv };
}

/** Aliases defined earlier in the same line (`alias nuke='rm -rf'`), by name, as their words. */
export class AliasTable {
	private readonly aliases = new Map<string, readonly string[]>();
	/** PowerShell alias names, lower-case: PowerShell matches command names in any case. */
	private readonly caseless = new Set<string>();

	/**
	 * Records the definitions of an `alias name=value …` command, and of PowerShell's `Set-Alias`/`New-Alias` (`sal ls
	 * Remove-Item`, `-Name ls -Value Remove-Item`), whose names match in any case; other commands are ignored.
	 */
	record(argv: readonly string[]): void {
		const powerShell = powerShellAlias(argv);
		if (powerShell) {
			this.aliases.set(powerShell.name.toLowerCase(), [powerShell.value]);
			this.caseless.add(powerShell.name.toLowerCase());
			return;
		}
		if (argv[0] !== 'alias') {
			return;
		}
		for (const word of argv.slice(1)) {
			const at = word.indexOf('=');
			if (at > 0) {
				this.aliases.set(
					word.slice(0, at),
					word
						.slice(at + 1)
						.split(/\s+/)
						.filter(Boolean),
				);
			}
		}
	}

	/** The command with an alias in command position replaced by its words, or `undefined` when it is no alias. */
	expand(argv: readonly string[]): readonly string[] | undefined {
		const first = argv[0] ?? '';
		const words =
			this.aliases.get(first) ??
			(this.caseless.has(first.toLowerCase()) ? this.aliases.get(first.toLowerCase()) : undefined);
		return words && words.length > 0 ? [...words, ...argv.slice(1)] : undefined;
	}
}

/** `Set-Alias [-Name] NAME [-Value] VALUE` and `New-Alias` (`sal`, `nal`): the alias made, or `undefined`. */
function powerShellAlias(argv: readonly string[]): { name: string; value: string } | undefined {
	if (!/^(?:set-alias|new-alias|sal|nal)$/i.test(argv[0] ?? '')) {
		return undefined;
	}
	const named = new Map<string, string>();
	const positional: string[] = [];
	for (let index = 1; index < argv.length; index++) {
		const word = argv[index] ?? '';
		const parameter = /^-(\w+)(?::(.+))?$/.exec(word);
		if (!parameter) {
			positional.push(word);
		} else if (/^(?:n|na|nam|name|v|va|val|valu|value)$/i.test(parameter[1] ?? '')) {
			named.set((parameter[1] ?? '').charAt(0).toLowerCase(), parameter[2] ?? argv[++index] ?? '');
		}
	}
	const name = named.get('n') ?? positional.shift();
	const value = named.get('v') ?? positional.shift();
	return name && value ? { name, value } : undefined;
}

/**
 * Rewrites a brace list in command position (`{rm,-rf,/}`, which tree-sitter-bash cannot read there) as the words bash
 * expands it to, so the command it runs is seen; braces elsewhere are left to the grammar.
 */
export function expandCommandBraces(text: string): string {
	if (!text.includes(',')) {
		return text;
	}
	return text.replace(
		/(^|[;&|(`\n]\s*|\$\(\s*)\{([^{}\s,;]*(?:,[^{}\s;]*)+)\}(?=[\s;&|)]|$)/g,
		(_whole, before: string, list: string) => `${before}${list.split(',').join(' ')}`,
	);
}
