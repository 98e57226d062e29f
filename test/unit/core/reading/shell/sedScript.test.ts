import { describe, expect, it } from 'vitest';

import {
	sedScriptActions,
	sedScriptFromStdin,
	sedScriptOf,
} from '../../../../../src/core/reading/shell/sedScript';

/** `kind operand` per action, in order. */
function actions(script: string): string[] {
	return sedScriptActions(script).map(({ kind, operand }) => `${kind} ${operand}`.trim());
}

describe('what a sed script does outside its stream', () => {
	it.each<[string, string[]]>([
		['e date', ['run date']],
		['3e ./notify.sh', ['run ./notify.sh']],
		['/^go/,$!e uptime', ['run uptime']],
		['\\%x%e id', ['run id']],
		['e', ['runEditedLines']],
		['s/.*/echo &/e', ['runEditedLines']],
		['s|a|b|gw out.txt', ['write out.txt']],
		['s/;/,/g;w log.txt', ['write log.txt']],
		['1r header.txt', ['read header.txt']],
		['$R other.txt', ['read other.txt']],
		['W first-lines.txt', ['write first-lines.txt']],
		// Text commands keep the rest of their line as text: no command hides in it.
		['a e rm -rf ~', []],
		['$i w never.txt', []],
		['s/e/w/g', []],
		['y/ew/we/', []],
		['/e/d;/w/p', []],
		['1!G;h;$!d', []],
		[':top\ns/ee/e/;t top', []],
		['# e comment', []],
	])('%j', (script, expected) => {
		expect(actions(script)).toEqual(expected);
	});
});

describe('the script a sed command line runs', () => {
	it.each<[string[], string | undefined]>([
		[['sed', '-n', '1p', 'f'], '1p'],
		[['sed', '-e', 's/a/b/', '-e', '2d', 'f'], 's/a/b/\n2d'],
		[['sed', '-ne', 'p', 'f'], 'p'],
		[['sed', '-es/x/y/', 'f'], 's/x/y/'],
		[['sed', '--expression=1e id', 'f'], '1e id'],
		[['sed', '-i.bak', 's/a/b/', 'f'], 's/a/b/'],
		[['sed', '-l', '80', 'l', 'f'], 'l'],
		[['sed', '-f', 'script.sed', 'f'], undefined],
		[['sed', '--sandbox', 'e id', 'f'], undefined],
	])('%j', (argv, expected) => {
		expect(sedScriptOf(argv)).toBe(expected);
	});
});

describe('a sed script read from stdin', () => {
	it.each<[string[], boolean]>([
		[['sed', '-f', '-', 'notes.txt'], true],
		[['sed', '-nf', '/dev/stdin', 'notes.txt'], true],
		[['sed', '--file=-', 'notes.txt'], true],
		[['sed', '-f', 'fix.sed', 'notes.txt'], false],
		[['sed', 's/a/b/'], false],
	])('%j', (argv, expected) => {
		expect(sedScriptFromStdin(argv)).toBe(expected);
	});
});
