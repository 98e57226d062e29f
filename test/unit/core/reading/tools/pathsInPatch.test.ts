import { describe, expect, it } from 'vitest';
import { pathsInPatch } from '../../../../../src/core/reading/tools/pathsInPatch';

const lines = (...text: string[]) => text.join('\n');

describe('pathsInPatch', () => {
	it.each<[string, string, string[]]>([
		[
			'every apply_patch header kind, in order',
			lines(
				'*** Begin Patch',
				'*** Add File: /ws/new.ts',
				'+export const a = 1;',
				'*** Update File: /ws/old.ts',
				'*** Move to: /ws/moved.ts',
				'@@ function f()',
				'-a',
				'+b',
				'*** Delete File: /ws/gone.ts',
				'*** End Patch',
			),
			['/ws/new.ts', '/ws/old.ts', '/ws/moved.ts', '/ws/gone.ts'],
		],
		[
			'apply_patch content that looks like a unified header is content',
			lines(
				'*** Begin Patch',
				'*** Update File: src/q.sql',
				'@@',
				'--- old comment',
				'+++ new comment',
				'*** End Patch',
			),
			['src/q.sql'],
		],
		[
			'apply_patch header paths are trimmed and de-duplicated',
			lines(
				'*** Begin Patch',
				'*** Update File:  a.ts  ',
				'*** Update File: a.ts',
				'*** End Patch',
			),
			['a.ts'],
		],
		[
			'apply_patch with CRLF line ends',
			'*** Begin Patch\r\n*** Add File: /ws/x.ts\r\n+x\r\n*** End Patch\r\n',
			['/ws/x.ts'],
		],
		[
			'a git diff strips a/ and b/',
			lines(
				'diff --git a/src/x.ts b/src/x.ts',
				'--- a/src/x.ts',
				'+++ b/src/x.ts',
				'@@ -1,2 +1,2 @@',
				' keep',
				'-old',
				'+new',
			),
			['src/x.ts'],
		],
		[
			'a new file ignores /dev/null',
			lines('--- /dev/null', '+++ b/created.ts', '@@ -0,0 +1 @@', '+x'),
			['created.ts'],
		],
		[
			'a deleted file ignores /dev/null',
			lines('--- a/removed.ts', '+++ /dev/null', '@@ -1 +0,0 @@', '-x'),
			['removed.ts'],
		],
		[
			'a plain diff keeps absolute paths and drops the timestamp after a tab',
			lines(
				'--- /etc/hosts\t2026-01-01 00:00:00.000000000 +0000',
				'+++ /etc/hosts.new\t2026-01-02 00:00:00.000000000 +0000',
				'@@ -1 +1 @@',
				'-a',
				'+b',
			),
			['/etc/hosts', '/etc/hosts.new'],
		],
		[
			'hunk lines that look like headers are counted as hunk lines',
			lines(
				'--- a/q.sql',
				'+++ b/q.sql',
				'@@ -1,2 +1,2 @@',
				'--- removed sql comment',
				'-- kept? no: this is a removed line "- kept"',
				'+++ added line',
				'+-- another',
				'--- a/second.sql',
				'+++ b/second.sql',
				'@@ -1 +1 @@',
				'-x',
				'+y',
			),
			['q.sql', 'second.sql'],
		],
		[
			'several files in one diff, with a no-newline marker',
			lines(
				'--- a/one.ts',
				'+++ b/one.ts',
				'@@ -1 +1 @@',
				'-a',
				'\\ No newline at end of file',
				'+b',
				'--- a/two.ts',
				'+++ b/two.ts',
				'@@ -3,0 +4 @@',
				'+c',
			),
			['one.ts', 'two.ts'],
		],
		[
			'a git rename without content changes',
			lines(
				'diff --git a/old/name.ts b/new/name.ts',
				'similarity index 100%',
				'rename from old/name.ts',
				'rename to new/name.ts',
			),
			['old/name.ts', 'new/name.ts'],
		],
		['text that is no patch', 'just some words\n--no header here', []],
		['an empty string', '', []],
	])('%s', (_label, patch, expected) => {
		expect(pathsInPatch(patch)).toEqual(expected);
	});

	// How fast this runs is measured by `npm run bench` (bench/pathsInPatch.bench.ts), not asserted here.
	it('reads every header of a 100,000-file patch', () => {
		const patch = lines(
			'*** Begin Patch',
			...Array.from({ length: 100_000 }, (_, i) => `*** Add File: f${i}.ts\n+x`),
			'*** End Patch',
		);
		const paths = pathsInPatch(patch);
		expect(paths).toHaveLength(100_000);
		expect([paths[0], paths.at(-1)]).toEqual(['f0.ts', 'f99999.ts']);
	});
});
