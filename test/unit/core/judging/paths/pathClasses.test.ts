import { describe, expect, it } from 'vitest';

import { guardedLocations } from '../../../../../src/core/judging/paths/guardedLocations';
import type { Coverage, PathClass } from '../../../../../src/core/judging/paths/pathClasses';
import { classifyCandidate } from '../../../../../src/core/judging/paths/pathClasses';

const HOME = '/home/dev';
const WS = '/home/dev/src/app';
const FACTS = {
	home: HOME,
	workspace: WS,
	guarded: guardedLocations(
		{
			launcherFolder: `${HOME}/.hookwarden`,
			runtimeFolder: '/run/user/1000/hookwarden',
			secretFile: '/run/user/1000/hookwarden/secret',
			auditPaths: [`${HOME}/.config/Code/User/globalStorage/hookwarden/audit`],
			editorUserFolders: [`${HOME}/.config/Code/User`],
		},
		HOME,
		WS,
	),
};

function classesOf(path: string, coverage: Coverage = 'path'): PathClass[] {
	return classifyCandidate(path, FACTS, coverage).map((match) => match.pathClass);
}

/** [path, coverage, a class it must be in]. One row per class, each in words a person would write. */
const ROWS: readonly (readonly [path: string, coverage: Coverage, cls: PathClass])[] = [
	['/run/user/1000/hookwarden/secret', 'path', 'ownSecret'],
	['/run/user/1000', 'treeRead', 'ownSecret'],
	[`${HOME}/.hookwarden/launch.sh`, 'path', 'ownState'],
	[`${WS}/.github/hooks/hookwarden.json`, 'path', 'ownState'],
	[`${WS}/.vscode/settings.json`, 'path', 'ownState'],
	[`${HOME}/.config/Code/User/settings.json`, 'path', 'ownState'],
	[`${WS}/.git/hooks/pre-commit`, 'path', 'ownState'],
	[HOME, 'tree', 'ownState'],
	[`${HOME}/.ssh/id_ed25519`, 'path', 'secret'],
	[`${HOME}/.aws/credentials`, 'path', 'secret'],
	// browsers' cookie, password and key stores, wherever the browser family keeps its profiles
	[`${HOME}/.config/chromium/Profile 2/Network/Cookies`, 'path', 'secret'],
	[`${HOME}/.config/BraveSoftware/Brave-Browser/Local State`, 'path', 'secret'],
	[`${HOME}/snap/firefox/common/.mozilla/firefox/x1.default/key4.db`, 'path', 'secret'],
	[`${HOME}/AppData/Local/Microsoft/Edge/User Data/Default/Login Data`, 'path', 'secret'],
	[`${HOME}/Library/Cookies/Cookies.binarycookies`, 'path', 'secret'],
	// every process's environment, by a glob or by the shell's own process id
	['/proc/*/environ', 'path', 'secret'],
	['/proc/$$/environ', 'path', 'secret'],
	[`${HOME}/.kube/config`, 'path', 'secret'],
	[`${WS}/.env.production`, 'path', 'secret'],
	[`${HOME}/.ssh/id_*`, 'path', 'secret'],
	[`${WS}/deploy/prod.env`, 'path', 'secret'],
	[`${WS}/config/secrets.yml`, 'path', 'secret'],
	[`${WS}/client_secret_1234.apps.googleusercontent.com.json`, 'path', 'secret'],
	[`${WS}/.envrc`, 'path', 'secret'],
	[`${HOME}/.config/rclone/rclone.conf`, 'path', 'secret'],
	[`${HOME}/.m2/settings.xml`, 'path', 'secret'],
	[`${HOME}/.s3cfg`, 'path', 'secret'],
	[`${HOME}/.bash_history`, 'path', 'secret'],
	[`${HOME}/**/*.pem`, 'path', 'secret'],
	[`${WS}/config/*.env`, 'path', 'secret'],
	[`${HOME}/.psql_history`, 'path', 'secret'],
	[`${HOME}/.bashrc`, 'path', 'startup'],
	[`${HOME}/.profile`, 'path', 'startup'],
	[`${WS}/.devcontainer/devcontainer.json`, 'path', 'startup'],
	[`${WS}/.devcontainer/python/devcontainer.json`, 'path', 'startup'],
	[`${WS}/.devcontainer.json`, 'path', 'startup'],
	['/dev/sda', 'path', 'device'],
	['/dev/nvme0n1p2', 'path', 'device'],
	['/dev/null', 'path', 'sink'],
	['/', 'tree', 'root'],
	['/etc', 'tree', 'system'],
	['/usr/lib/x', 'path', 'system'],
	[HOME, 'tree', 'home'],
	['/home', 'tree', 'home'],
	[WS, 'tree', 'workspaceRoot'],
	[`${WS}/.git`, 'tree', 'vcs'],
	[`${WS}/node_modules`, 'tree', 'buildOutput'],
	[`${WS}/dist`, 'tree', 'buildOutput'],
	['/tmp/build-123', 'tree', 'temp'],
	['/tmp', 'tree', 'tempRoot'],
	[`${WS}/src/app.ts`, 'path', 'source'],
	[`${HOME}/other-project/notes.md`, 'path', 'outside'],
	['**', 'tree', 'unknown'],
];

describe('path classes: one table says what a resolved path is', () => {
	it.each(ROWS)('%s (%s) is %s', (path, coverage, cls) => {
		expect(classesOf(path, coverage)).toContain(cls);
	});

	it('does not call an ordinary source file or build output sensitive', () => {
		for (const path of [
			`${WS}/src/app.ts`,
			`${WS}/dist/main.js`,
			`${WS}/README.md`,
			`${WS}/src/secrets.ts`,
			`${WS}/example.env`,
			`${WS}/.venv/bin/python`,
			`${WS}/src/*.ts`,
		]) {
			expect(classesOf(path)).not.toEqual(
				expect.arrayContaining([expect.stringMatching(/^(?:own|secret|startup)/)]),
			);
		}
	});

	it('says a glob that can match a guarded path may be that path', () => {
		const matches = classifyCandidate(`${WS}/.github/*/hookwarden.json`, FACTS, 'path');
		expect(matches.map((m) => m.pathClass)).toContain('ownState');
	});
});
