import { GIT_LONG_OPTIONS } from './gitLongOptions';

/**
 * The long option git reads a written name as (`fo` → `force`, `no-verif` → `no-verify`): itself when it is one or
 * git has no table for the subcommand, else the one option (or negation) it is an unambiguous prefix of, as git's
 * parse-options matches abbreviations. An ambiguous prefix is left as written: git refuses it.
 */
function fullName(written: string, longs: readonly string[]): string {
	if (longs.includes(written)) {
		return written;
	}
	const negated = written.startsWith('no-') ? written.slice(3) : undefined;
	const candidates = new Set<string>();
	for (const long of longs) {
		if (long.startsWith(written)) {
			candidates.add(long);
		}
		if (negated !== undefined && (long === negated || long.startsWith(negated))) {
			candidates.add(`no-${long}`);
		}
	}
	const [only] = candidates;
	return candidates.size === 1 && only !== undefined ? only : written;
}

/**
 * A git subcommand's words with every abbreviated long option written out in full (`git clean --fo -dx` reads as
 * `--force -dx`), up to a `--`, so each model reads one spelling of each option.
 */
export function withFullLongOptions(
	subcommand: string,
	args: readonly string[],
): readonly string[] {
	const longs = GIT_LONG_OPTIONS[subcommand];
	if (longs === undefined) {
		return args;
	}
	const end = args.indexOf('--');
	return args.map((word, at) => {
		const match = /^--([a-z][a-z0-9-]*)(=[\s\S]*)?$/.exec(word);
		if (!match || (end >= 0 && at > end)) {
			return word;
		}
		return `--${fullName(match[1] ?? '', longs)}${match[2] ?? ''}`;
	});
}
