// The Copilot tier (`npm run test:copilot`): the real `copilot` binary from the pinned dev dependency
// @github/copilot, run non-interactively and offline against a scripted OpenAI-compatible model on loopback (BYOK),
// with Hookwarden installed at user scope in a temporary COPILOT_HOME and the built bridge deciding headless; and a
// real Copilot SDK session (the pinned dev dependency @github/copilot-sdk and the runtime its platform package ships)
// on the same scripted model, governed in-process by hookwarden/sdk.
//
//   node scripts/run-copilot-tests.mjs [--no-build] [-- <extra vitest args>]
//
// Checks its prerequisites first and fails with one clear line when one is missing (never hangs: every process has
// a deadline). Ends with a plain `N passed, N failed` line; exits 1 when anything failed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const separator = args.indexOf('--');
const extra = separator >= 0 ? args.slice(separator + 1) : [];
const build = !args.slice(0, separator >= 0 ? separator : undefined).includes('--no-build');
const copilot = process.env.HOOKWARDEN_COPILOT_BIN ?? join(root, 'node_modules', '.bin', 'copilot');
const TIER_TIMEOUT_MS = 15 * 60_000;

function finish(passed, failed, problem) {
	if (problem) {
		console.error(`copilot tier: ${problem}`);
	}
	console.log(`${passed} passed, ${failed} failed`);
	process.exit(failed > 0 || problem ? 1 : 0);
}

// 1. The CLI binary: present, and it runs (in a throwaway HOME, so nothing of the developer's config is read).
if (!existsSync(copilot)) {
	finish(
		0,
		1,
		`no Copilot CLI at ${copilot}; run \`npm ci\` (it is the dev dependency @github/copilot)`,
	);
}
const scratch = mkdtempSync(join(tmpdir(), 'hookwarden-copilot-check-'));
const version = spawnSync(copilot, ['--version'], {
	encoding: 'utf8',
	timeout: 30_000,
	env: { PATH: process.env.PATH, HOME: scratch, COPILOT_HOME: join(scratch, '.copilot') },
});
rmSync(scratch, { recursive: true, force: true });
const found = /GitHub Copilot CLI (\d+\.\d+\.\d+)/.exec(version.stdout ?? '');
if (!found) {
	const why =
		version.error?.message ?? (version.stderr || version.stdout || `exit ${version.status}`).trim();
	finish(0, 1, `the Copilot CLI at ${copilot} does not run (${why.split('\n')[0]})`);
}
console.log(`copilot tier: Copilot CLI ${found[1]} at ${copilot}`);

// 2. The Copilot SDK and the runtime its platform package ships (an optional dependency `npm ci` installs).
const sdkPlatform = join(
	root,
	'node_modules',
	'@github',
	`copilot-sdk-${process.platform}-${process.arch}`,
);
if (!existsSync(join(root, 'node_modules', '@github', 'copilot-sdk', 'package.json'))) {
	finish(0, 1, 'no @github/copilot-sdk in node_modules; run `npm ci` (it is a dev dependency)');
}
if (!existsSync(sdkPlatform)) {
	finish(
		0,
		1,
		`no Copilot SDK runtime at ${sdkPlatform}; run \`npm ci\` without --omit=optional (the SDK session needs it)`,
	);
}
const sdkVersion = JSON.parse(
	readFileSync(join(root, 'node_modules', '@github', 'copilot-sdk', 'package.json'), 'utf8'),
);
console.log(
	`copilot tier: Copilot SDK ${sdkVersion.version} (runtime ${sdkVersion.copilotCliVersion ?? '?'})`,
);

// 3. The scripted model server: its module, and a loopback port it can listen on.
if (!existsSync(join(root, 'test', 'copilot', 'support', 'modelServer.ts'))) {
	finish(0, 1, 'the scripted model server test/copilot/support/modelServer.ts is missing');
}
const loopback = await new Promise((resolve) => {
	const server = createServer();
	const timer = setTimeout(() => resolve('no answer from listen() within 5 s'), 5_000);
	server.once('error', (error) => {
		clearTimeout(timer);
		resolve(error.message);
	});
	server.listen(0, '127.0.0.1', () => {
		clearTimeout(timer);
		server.close(() => resolve(undefined));
	});
});
if (loopback) {
	finish(0, 1, `the scripted model server cannot listen on 127.0.0.1 (${loopback})`);
}

// 4. The built bridge the launcher runs.
if (build) {
	const built = spawnSync('node', ['esbuild.mjs', '--production'], {
		cwd: root,
		stdio: 'inherit',
		timeout: 300_000,
	});
	if (built.status !== 0) {
		finish(
			0,
			1,
			`the build failed (node esbuild.mjs --production: ${built.error?.message ?? `exit ${built.status}`})`,
		);
	}
}
if (!existsSync(join(root, 'dist', 'bridge.js'))) {
	finish(0, 1, 'dist/bridge.js is missing; run `node esbuild.mjs --production` first');
}

// 5. The scenarios, under one deadline for the whole tier.
const dir = mkdtempSync(join(tmpdir(), 'hookwarden-copilot-vitest-'));
const report = join(dir, 'report.json');
const vitest = spawn(
	'npx',
	[
		'vitest',
		'run',
		'--config',
		'vitest.copilot.config.mts',
		'--reporter=default',
		'--reporter=json',
		`--outputFile.json=${report}`,
		...extra,
	],
	{ cwd: root, stdio: 'inherit', detached: true },
);
let timedOut = false;
const timer = setTimeout(() => {
	timedOut = true;
	try {
		process.kill(-vitest.pid, 'SIGKILL');
	} catch {
		vitest.kill('SIGKILL');
	}
}, TIER_TIMEOUT_MS);
const status = await new Promise((resolve) => vitest.once('close', (code) => resolve(code)));
clearTimeout(timer);

let passed = 0;
let failed = 0;
if (existsSync(report)) {
	const { numPassedTests, numFailedTests, testResults } = JSON.parse(readFileSync(report, 'utf8'));
	// A file that fails to load runs no test; it still counts as a failure.
	const unloaded = testResults.filter(
		(file) => file.status === 'failed' && file.assertionResults.length === 0,
	);
	passed = numPassedTests;
	failed = numFailedTests + unloaded.length;
}
rmSync(dir, { recursive: true, force: true });
if (timedOut) {
	finish(
		passed,
		failed + 1,
		`the tier did not finish within ${TIER_TIMEOUT_MS / 60_000} minutes and was killed`,
	);
}
if (status !== 0 && failed === 0) {
	finish(passed, 1, `vitest exited with ${status} and no report`);
}
finish(passed, failed);
