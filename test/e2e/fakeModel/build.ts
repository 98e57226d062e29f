/**
 * Builds FakeLM (./extension.ts, the scripted test model) into a folder VS Code loads as an unpacked extension:
 * `package.json` plus one esbuild bundle `extension.js` (`vscode` external). Link or copy the folder into an
 * `--extensions-dir` as {@link FAKE_MODEL_FOLDER_NAME} (the UI spec does it through `extensionFolders`).
 *
 * From plain JavaScript (scripts/start.mjs), load this file through test/e2e/support/compile.mjs:
 * `(await loadBundle('../fakeModel/build.ts')).buildFakeModel({ repoRoot, outDir })`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import * as esbuild from 'esbuild';

/** The manifest's `publisher.name-version`, the folder name VS Code expects in an extensions folder. */
export const FAKE_MODEL_FOLDER_NAME = 'hookwarden-test.fakelm-0.0.1';

/**
 * User settings the real agent loop needs (real-hook-runner.md §3): AI features on (the quiet test defaults of other
 * specs turn them off) and hooks on. Merge them into the profile's `User/settings.json`.
 */
export const FAKE_MODEL_USER_SETTINGS: Readonly<Record<string, unknown>> = Object.freeze({
	'chat.disableAIFeatures': false,
	'chat.useHooks': true,
	'chat.tools.global.autoApprove': true,
});

/** Builds the extension into `outDir` (emptied first); resolves to that folder. */
export async function buildFakeModel(options: {
	repoRoot: string;
	outDir: string;
}): Promise<string> {
	const source = path.join(options.repoRoot, 'test', 'e2e', 'fakeModel');
	fs.rmSync(options.outDir, { recursive: true, force: true });
	fs.mkdirSync(options.outDir, { recursive: true });
	await esbuild.build({
		entryPoints: [path.join(source, 'extension.ts')],
		outfile: path.join(options.outDir, 'extension.js'),
		bundle: true,
		platform: 'node',
		format: 'cjs',
		target: 'node20',
		external: ['vscode'],
		sourcemap: 'inline',
		sourcesContent: false,
		logLevel: 'warning',
	});
	fs.copyFileSync(path.join(source, 'package.json'), path.join(options.outDir, 'package.json'));
	return options.outDir;
}

export { DEMO_SCENARIOS } from './script';
