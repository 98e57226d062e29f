import { describe, expect, it } from 'vitest';

import {
	scriptRun,
	scriptsDefined,
	scriptsInPackageJson,
} from '../../../../../src/core/reading/shell/packageScripts';

describe('package scripts defined on the line', () => {
	it('finds scripts a package manager call sets', () => {
		expect(scriptsDefined(['npm', 'pkg', 'set', 'scripts.dev=vite', 'name=x'])).toEqual([
			['dev', 'vite'],
		]);
		expect(scriptsDefined(['npm', 'set-script', 'lint', 'eslint .'])).toEqual([
			['lint', 'eslint .'],
		]);
		expect(scriptsDefined(['npm', 'pkg', 'get', 'scripts'])).toEqual([]);
		expect(scriptsDefined(['make', 'set-script', 'a', 'b'])).toEqual([]);
	});

	it('reads the scripts of a package.json text', () => {
		expect(scriptsInPackageJson('{"name":"a","scripts":{"go":"node ."}}')).toEqual([
			['go', 'node .'],
		]);
		expect(scriptsInPackageJson('not json')).toEqual([]);
	});

	it('tells which script a call runs', () => {
		const known = (name: string) => name === 'dev';
		expect(scriptRun(['npm', 'run', 'dev'], known)).toBe('dev');
		expect(scriptRun(['npm', 'run-script', '--silent', 'x'], known)).toBe('x');
		expect(scriptRun(['npm', 'tst'], known)).toBe('test');
		expect(scriptRun(['yarn', 'dev'], known)).toBe('dev');
		expect(scriptRun(['pnpm', 'install'], known)).toBeUndefined();
		expect(scriptRun(['npm', 'install'], known)).toBeUndefined();
	});
});
