import { describe, expect, it } from 'vitest';

import { listedPaths } from '../../../../../src/core/reading/shell/listings';

describe('the names a listing writes, as globs', () => {
	it.each<[string[], string[] | undefined]>([
		[['find', '~/.ssh', '-type', 'f'], ['~/.ssh/**']],
		[['find', '.', '-name', '*.pyc'], ['./**/*.pyc']],
		[['ls'], ['./*']],
		[['ls', '-la', 'config'], ['config/*']],
		[['git', 'ls-files'], ['./**']],
		[['git', 'ls-files', '*.ts'], ['./**/*.ts']],
		[['git', 'ls-files', 'src/*.ts'], ['src/*.ts']],
		[
			['git', 'ls-files', '-z', 'docs'],
			['docs', 'docs/**'],
		],
		[['git', 'diff', '--name-only'], ['./**']],
		[
			['git', 'diff', '--name-only', 'HEAD~1', '--', 'src'],
			['src', 'src/**'],
		],
		[['git', 'diff', 'HEAD~1'], undefined],
		[['git', 'status'], undefined],
		[['cat', 'list.txt'], undefined],
	])('%j', (argv, expected) => {
		expect(listedPaths(argv)).toEqual(expected);
	});
});
