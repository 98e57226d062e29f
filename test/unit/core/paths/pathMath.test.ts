import { posix } from 'node:path';

import { describe, expect, it } from 'vitest';

import {
	isAbsolutePath,
	normalizePath,
	pathInside,
	resolvePath,
} from '../../../../src/core/paths/pathMath';

describe('pathMath', () => {
	it.each([
		['/a/b/../c', '/a/c'],
		['/a/./b//c/', '/a/b/c'],
		['a/../../b', '../b'],
		['C:\\Users\\me\\..\\x', 'C:/Users/x'],
		['/..', '/'],
		['.', '.'],
	])('normalizes %s', (input, expected) => expect(normalizePath(input)).toBe(expected));

	it('agrees with POSIX normalising for every spelling, the already-normal ones it returns as they are included', () => {
		const pieces = ['a', 'bc', '.', '..', '...', '', '.x', 'x.'];
		let seed = 7;
		const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
		for (let round = 0; round < 5000; round++) {
			const segments = Array.from({ length: next() % 6 }, () => pieces[next() % pieces.length]);
			const path = (next() % 2 ? '/' : '') + segments.join('/') + (next() % 4 ? '' : '/');
			const expected = posix.normalize(path).replace(/(?<=.)\/$/, '');
			expect([path, normalizePath(path)]).toEqual([path, expected]);
			expect(normalizePath(expected)).toBe(expected);
		}
	});

	it.each([
		['/x', true],
		['C:\\x', true],
		['c:/x', true],
		['x/y', false],
		['~/x', false],
	])('isAbsolutePath(%s)', (input, expected) => expect(isAbsolutePath(input)).toBe(expected));

	it.each([
		['src/a.ts', '/ws', '/home/me', '/ws/src/a.ts'],
		['~/.copilot/hooks/x.json', '/ws', '/home/me', '/home/me/.copilot/hooks/x.json'],
		['/etc/passwd', '/ws', '/home/me', '/etc/passwd'],
		['../other/x', '/ws/sub', undefined, '/ws/other/x'],
	])('resolves %s against %s', (path, base, home, expected) =>
		expect(resolvePath(path, base, home)).toBe(expected),
	);

	it.each([
		['/ws/src/a.ts', '/ws', 'src/a.ts'],
		['/ws', '/ws', ''],
		['/wsx/a', '/ws', undefined],
		['/other', '/ws', undefined],
		['C:/WS/a.ts', 'c:\\ws', 'a.ts'],
	])('pathInside(%s, %s)', (path, folder, expected) =>
		expect(pathInside(path, folder)).toBe(expected),
	);
});
