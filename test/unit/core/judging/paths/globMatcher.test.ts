import picomatch from 'picomatch/posix';
import { describe, expect, it } from 'vitest';

import { GUARDED_ANYWHERE } from '../../../../../src/core/judging/paths/guardedLocations';
import { matcherOf, plainRunOf } from '../../../../../src/core/judging/paths/globMatcher';

describe('the plain run a glob match must hold', () => {
	it.each([
		['**/.vscode/settings.json', '.vscode/settings.json'],
		['**/.github/copilot/settings*.json', '.github/copilot/settings'],
		['**/*.code-workspace', '.code-workspace'],
		['/home/me/.SSH/id_*', 'home/me/.ssh/id_'],
		['**/User/workspaceStorage/*/hookwarden.hookwarden/**', 'user/workspacestorage'],
	])('%s holds %s', (glob, run) => {
		expect(plainRunOf(glob)).toBe(run);
	});

	it.each([
		['alternatives', '**/{a,b}/settings.json'],
		['a class', '**/.env[a-z]'],
		['an extglob', '**/+(a|b).json'],
		['a negation', '!**/x.json'],
		['an escape', '**/a\\*b'],
		['only wildcards', '**/*'],
		['letters outside ASCII', '**/ςecrets/**'],
	])('says nothing for a glob with %s', (_, glob) => {
		expect(plainRunOf(glob)).toBeUndefined();
	});
});

describe('a glob matcher', () => {
	const paths = [
		'/home/me/project/.vscode/settings.json',
		'/home/me/project/.VSCode/Settings.JSON',
		'.vscode/settings.json',
		'/home/me/project/.vscode/settings.jsonc',
		'/home/me/a.code-workspace',
		'/w/.github/hooks',
		'/w/.github/hooks/pre.json',
		'/w/.github/copilot/settings.local.json',
		'/w/.git/hooks/pre-commit',
		'/u/.config/Code/User/globalStorage/hookwarden.hookwarden/audit.jsonl',
		'/u/.config/Code/User/workspaceStorage/abc/hookwarden.hookwarden/x',
		'/home/me/src/a.ts',
		'/home/me/ΣECRETS/a',
	];
	const globs = [...GUARDED_ANYWHERE.map((entry) => entry.glob), '**/σecrets/**', '**/.env*'];

	it('agrees with the compiled glob on every path, whether or not it compiles it', () => {
		for (const glob of globs) {
			const reference = picomatch(glob, { dot: true, nocase: true });
			for (const path of paths) {
				expect([glob, path, matcherOf(glob)(path)]).toEqual([glob, path, reference(path)]);
			}
		}
	});
});
