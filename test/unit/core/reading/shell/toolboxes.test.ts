import { describe, expect, it } from 'vitest';

import { toolboxApplet } from '../../../../../src/core/reading/shell/toolboxes';
import { peelWrappers } from '../../../../../src/core/reading/shell/wrappers';

describe('multicall toolboxes read as the program their applet does the work of', () => {
	it.each<[string[], string[] | undefined]>([
		[
			['toybox', 'rm', '-r', 'x'],
			['rm', '-r', 'x'],
		],
		[
			['coreutils', '--coreutils-prog=shred', 'f'],
			['shred', 'f'],
		],
		[
			['coreutils', 'mv', 'a', 'b'],
			['mv', 'a', 'b'],
		],
		[
			['cmake', '-E', 'remove_directory', 'out'],
			['rm', '-rf', 'out'],
		],
		[
			['cmake', '-E', 'rename', 'a', 'b'],
			['mv', '-f', 'a', 'b'],
		],
		[
			['cmake', '-E', 'create_symlink', 'target', 'link'],
			['ln', '-sf', 'target', 'link'],
		],
		[['cmake', '-E', 'sha256sum', 'f'], undefined],
		[['cmake', '--build', 'build'], undefined],
		[['toybox'], undefined],
	])('%j', (argv, expected) => {
		expect(toolboxApplet(argv)?.argv).toEqual(expected);
	});

	it('peels a toolbox like a wrapper, keeping the folder `cmake -E chdir` runs in', () => {
		const peeled = peelWrappers(['cmake', '-E', 'chdir', 'sub', 'rm', '-rf', 'cache']);
		expect(peeled.argv).toEqual(['rm', '-rf', 'cache']);
		expect(peeled.cwd).toBe('sub');
		expect(peeled.wrappers).toEqual(['cmake']);
	});
});
