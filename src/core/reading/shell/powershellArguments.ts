/** What a cmdlet's arguments say once parameters and their values are told apart. */
export interface PowerShellArguments {
	/** Named parameters by canonical lower-case name; a switch has the value `true`. */
	readonly named: ReadonlyMap<string, string | true>;
	readonly positional: readonly string[];
}

/**
 * Parses PowerShell-style arguments: `-Name value`, `-Name:value`, and unambiguous prefixes (`-r` for `-Recurse`,
 * `-fo` for `-Force`) of the parameter names given; parameters not in `valued` are switches.
 */
export function parsePowerShellArguments(
	args: readonly string[],
	valued: readonly string[],
	switches: readonly string[],
): PowerShellArguments {
	const named = new Map<string, string | true>();
	const positional: string[] = [];
	const all = [...valued, ...switches];
	for (let index = 0; index < args.length; index++) {
		const word = args[index] ?? '';
		const match = /^-([A-Za-z][\w-]*)(?::(.*))?$/s.exec(word);
		if (!match) {
			positional.push(word);
			continue;
		}
		const written = (match[1] ?? '').toLowerCase();
		const candidates = all.filter((name) => name.startsWith(written));
		const name = all.includes(written)
			? written
			: candidates.length === 1
				? candidates[0]
				: undefined;
		if (name === undefined) {
			// An unknown or ambiguous parameter: PowerShell would refuse it; keep it visible under what was written.
			named.set(written, match[2] ?? true);
			continue;
		}
		if (valued.includes(name)) {
			named.set(name, match[2] ?? args[++index] ?? '');
		} else if (match[2] === undefined || !/^\$false$/i.test(match[2])) {
			named.set(name, true);
		}
	}
	return { named, positional };
}
