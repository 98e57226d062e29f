/**
 * What the line itself has given names before a command runs: variables assigned earlier (`W='rm -rf ~'; $W`), loop
 * variables, and a shell string's positional parameters (`bash -c '"$@"' _ rm -rf /`). A name the line assigned
 * from something unknown (`x=$(cat f)`) is remembered as unknown, so an earlier literal value is not used for it.
 */
export interface ShellScope {
	/** The value of `$name` (`1`, `@`, `HOME`), `null` when the line made it unknown, `undefined` when never given. */
	lookup(name: string): string | null | undefined;
	/** The positional parameters `$1…` of the shell string being read, when it was given some. */
	readonly positional?: readonly string[];
}

/** Variables assigned on one line, in order; shared by every shell string the line runs. */
export class LineVariables {
	private readonly values = new Map<string, string | null>();
	/** Positional parameters the line set itself (`set -- -rf ~`), `$0` first. */
	private setPositional?: readonly string[];

	/** Records `name=value`; `null` when the value is only known at run time. */
	assign(name: string, value: string | null): void {
		this.values.set(name, value);
	}

	/** Records `set -- words…`: from here on `$1…` and `"$@"` are those words. */
	setPositionalParameters(words: readonly string[]): void {
		this.setPositional = ['$0', ...words];
	}

	/** A scope over these variables plus a shell string's positional parameters (or those the line set). */
	scope(given?: readonly string[]): ShellScope {
		const positional = this.setPositional ?? given;
		return {
			lookup: (name) => {
				if (/^\d+$/.test(name)) {
					return positional?.[Number(name)];
				}
				if (name === '@' || name === '*') {
					return positional ? positional.slice(1).join(' ') : undefined;
				}
				if (name === '#') {
					return positional ? String(Math.max(0, positional.length - 1)) : undefined;
				}
				return this.values.get(name);
			},
			...(positional && { positional }),
		};
	}
}
