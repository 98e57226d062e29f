import { beforeAll, describe, expect, it } from 'vitest';
import type { ShellAnalyzer } from '../../../../../src/core/reading/shell/commandLine';
import { xargsRuns } from '../../../../../src/core/reading/shell/jobRunners';
import { shellAnalyzer } from '../../../../support/shellAnalyzer';

let analyzer: ShellAnalyzer;
beforeAll(async () => {
	analyzer = await shellAnalyzer();
});

/** The argv of the last command of a bash line, words joined by `·`. */
function lastArgv(line: string): string {
	const commands = analyzer.analyze(line, 'bash').commands;
	return commands.at(-1)?.argv.join('·') ?? '';
}

describe('expansions inside a word split it as bash does', () => {
	it.each<[string, string]>([
		['shred -u${IFS}notes.txt', 'shred·-u·notes.txt'],
		['shred -u /tmp/a$IFS/tmp/b', 'shred·-u·/tmp/a·/tmp/b'],
		["S=' '; shred -u${S}notes.txt", 'shred·-u·notes.txt'],
		["x='a  b'; echo pre${x}post", 'echo·prea·bpost'],
		['d=build; ls /tmp/$d', 'ls·/tmp/build'],
		['n=""; ls /tmp/x$n', 'ls·/tmp/x'],
		// quoted, the value stays inside one word; unknown expansions stay as written
		['S=\' \'; echo "a${S}b"', 'echo·a b'],
		['echo a$UNSET', 'echo·a$UNSET'],
	])('%j', (line, expected) => {
		expect(lastArgv(line)).toBe(expected);
	});
});

describe('builtins that assign a variable', () => {
	it.each<[string, string]>([
		['printf -v target \'%s/%s\' docs notes.md; shred -u "$target"', 'shred·-u·docs/notes.md'],
		['printf -vtarget \'%s\' notes.md; shred -u "$target"', 'shred·-u·notes.md'],
		['read target <<< notes.md; shred -u $target', 'shred·-u·notes.md'],
		['read -r first rest <<< "a b c"; echo "$rest"', 'echo·b c'],
		// a value the line does not show replaces an earlier one with an unknown
		['t=notes.md; read t < list.txt; shred -u "$t"', 'shred·-u·$t'],
		['t=notes.md; printf -v t "%s" "$(date)"; shred -u "$t"', 'shred·-u·$t'],
	])('%j', (line, expected) => {
		expect(lastArgv(line)).toBe(expected);
	});
});

describe('xargs splits its input as its options say', () => {
	it.each<[string[], string, string[]]>([
		[['xargs', '-0', 'shred'], 'my notes.txt\0b.txt\0', ['shred', 'my notes.txt', 'b.txt']],
		[['xargs', '--null', '-I{}', 'shred', '{}'], 'a b\0', ['shred', 'a b']],
		[['xargs', '-d,', 'shred'], 'a,b c', ['shred', 'a', 'b c']],
		[['xargs', '-d', '\\n', 'shred'], 'a b\nc', ['shred', 'a b', 'c']],
		[['xargs', 'shred'], 'a b\nc', ['shred', 'a', 'b', 'c']],
	])('%j fed %j', (argv, input, expected) => {
		expect(xargsRuns(argv, input)[0]?.argv).toEqual(expected);
	});
});
