import type { SimpleCommand } from '../reading/shell/commandLine';
import type { TextPattern } from './textPattern';
import { startsWithWords } from './textPattern';

const PRIVILEGE_WRAPPERS: ReadonlySet<string> = new Set(['sudo', 'doas', 'su', 'pkexec', 'runas']);

/**
 * Whether a command pattern matches one sub-command, following `chat.tools.terminal.autoApprove`: literal text
 * matches the start of the sub-command (as whole words), `/regex/` is tested against it. The sub-command is tried as
 * written and with its wrappers peeled (`sudo rm -rf x` is also `rm -rf x`); an allow never reaches through a
 * privilege wrapper, so allowing `rm` does not allow `sudo rm`.
 */
export function matchCommandPattern(
	pattern: TextPattern,
	command: SimpleCommand,
	forAllow: boolean,
): boolean {
	return matchSpellings(pattern, commandSpellings(command, forAllow));
}

/** Whether a command pattern matches any of a sub-command's spellings (see {@link commandSpellings}). */
export function matchSpellings(pattern: TextPattern, spellings: readonly string[]): boolean {
	for (const spelling of spellings) {
		if (
			pattern.kind === 'regex'
				? pattern.regex.test(spelling)
				: startsWithWords(spelling, pattern.text)
		) {
			return true;
		}
	}
	return false;
}

// Spellings depend only on the command, and every rule asks for them: computed once per command, not once per rule.
const spellingsCache = new WeakMap<
	SimpleCommand,
	{ readonly any: string[]; readonly allow: string[] }
>();

/**
 * The texts a command pattern is tried against for one sub-command: as written, and with its wrappers peeled (never
 * through a privilege wrapper for an allow). Computed once per command and kept.
 */
export function commandSpellings(command: SimpleCommand, forAllow: boolean): readonly string[] {
	let cached = spellingsCache.get(command);
	if (!cached) {
		cached = { any: computeSpellings(command, false), allow: computeSpellings(command, true) };
		spellingsCache.set(command, cached);
	}
	return forAllow ? cached.allow : cached.any;
}

function computeSpellings(command: SimpleCommand, forAllow: boolean): string[] {
	const spellings = [command.text.trim()];
	if (forAllow && command.wrappers.some((wrapper) => PRIVILEGE_WRAPPERS.has(basename(wrapper)))) {
		return spellings;
	}
	const [program, ...args] = command.argv;
	if (program !== undefined) {
		spellings.push([program, ...args].join(' '));
		const name = basename(program);
		if (name !== program) {
			spellings.push([name, ...args].join(' '));
		}
	}
	return spellings;
}

function basename(program: string): string {
	const slash = Math.max(program.lastIndexOf('/'), program.lastIndexOf('\\'));
	return slash >= 0 ? program.slice(slash + 1) : program;
}
