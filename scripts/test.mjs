// The one test command (`npm test`). Static steps first (types, lint, layers and cycles, build), which pass or fail
// but are not tests; then the test tiers, each counted by the cases that ran: unit, integration (the built bridge
// spawned as hook runners spawn it), the Copilot CLI tier, the install tier (REQUIRE_INSTALL_TEST=1) and the real
// VS Code tier. A tier that cannot run here says how many cases it skipped. Ends with one line:
// `N passed, N failed` (`, N skipped` when any were).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function run(label, command, args, options = {}) {
	console.log(`\n▶ ${label}`);
	const result = spawnSync(command, args, {
		cwd: root,
		stdio: options.capture ? ['inherit', 'pipe', 'inherit'] : 'inherit',
		encoding: 'utf8',
		env: { ...process.env, ...options.env },
	});
	if (options.capture) {
		process.stdout.write(result.stdout ?? '');
	}
	if (result.status !== 0) {
		failedSteps.push(label);
	}
	return result;
}

/** A vitest tier, counted from its JSON report; a file that fails to load counts as one failed case. */
function vitestTier(label, config, env = {}) {
	const dir = mkdtempSync(join(tmpdir(), 'hookwarden-vitest-'));
	const report = join(dir, 'report.json');
	const args = [
		'vitest',
		'run',
		'--reporter=default',
		'--reporter=json',
		`--outputFile.json=${report}`,
	];
	if (config) {
		args.push('--config', config);
	}
	run(label, 'npx', args, { env });
	if (existsSync(report)) {
		const { numPassedTests, numFailedTests, numPendingTests, numTodoTests, testResults } =
			JSON.parse(readFileSync(report, 'utf8'));
		const unloaded = testResults.filter(
			(file) => file.status === 'failed' && file.assertionResults.length === 0,
		);
		totals.passed += numPassedTests;
		totals.failed += numFailedTests + unloaded.length;
		totals.skipped += numPendingTests + numTodoTests;
	} else {
		totals.failed += 1;
	}
	rmSync(dir, { recursive: true, force: true });
}

/** A tier that prints its own `N passed, N failed[, N skipped]` line; `SKIP` counts its cases as skipped. */
function reportingTier(label, command, args, casesIfSkipped) {
	const result = run(label, command, args, { capture: true });
	const out = result.stdout ?? '';
	const counts = /^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?/m.exec(out);
	if (/^SKIP /m.test(out) && result.status === 0) {
		totals.skipped += casesIfSkipped();
	} else if (counts) {
		totals.passed += Number(counts[1]);
		totals.failed += Number(counts[2]);
		totals.skipped += Number(counts[3] ?? 0);
	} else if (result.status !== 0) {
		totals.failed += 1;
	}
}

/** How many test cases the files under `folder` declare: what a skipped tier did not run. */
function declaredCases(folder) {
	const walk = (dir) =>
		readdirSync(dir).flatMap((name) => {
			const path = join(dir, name);
			return statSync(path).isDirectory()
				? walk(path)
				: /\.(test|spec)\.m?ts$/.test(name)
					? [path]
					: [];
		});
	const dir = join(root, folder);
	return existsSync(dir)
		? walk(dir).reduce(
				(n, file) => n + (readFileSync(file, 'utf8').match(/^\s*(it|test)\(/gm) ?? []).length,
				0,
			)
		: 0;
}

/**
 * `.ci/run` installs the VS Code server while the static steps and the unit tier run and names a file the install
 * writes its exit status to; the integration tier (which reads the build's tool schemas) and the tiers after it start
 * once that file says how the install ended.
 */
function waitForServerInstall() {
	const statusFile = process.env.HOOKWARDEN_SERVER_INSTALL_STATUS;
	if (!statusFile) {
		return;
	}
	const tick = new Int32Array(new SharedArrayBuffer(4));
	const readStatus = () => (existsSync(statusFile) ? readFileSync(statusFile, 'utf8').trim() : '');
	let status = readStatus();
	while (status === '') {
		Atomics.wait(tick, 0, 0, 200); // a poll interval, not a fixed wait: the loop ends when the file is written
		status = readStatus();
	}
	const log = process.env.HOOKWARDEN_SERVER_INSTALL_LOG;
	console.log('\n▶ VS Code server install (run by .ci/run alongside the tiers above)');
	if (log && existsSync(log)) {
		process.stdout.write(readFileSync(log, 'utf8'));
	}
	if (status !== '0') {
		console.log(`the install exited with ${status}`);
		failedSteps.push('VS Code server install');
	}
}

run('type-check', 'npx', ['tsc', '--noEmit']);
run('lint (zero warnings, layer boundaries)', 'npx', ['eslint', '--max-warnings=0', '.']);
run('import cycles (type imports included)', 'node', ['scripts/check-cycles.mjs']);
vitestTier('unit tests');
run('build', 'node', ['esbuild.mjs', '--production']);
// The integration tier reads the tool schemas the VS Code build ships (test/integration/shippedToolShapes.test.ts),
// so under .ci/run it starts once the server install has ended; the unit tier above leaves it time to.
waitForServerInstall();
vitestTier(
	'integration tests (built bridge, spawned as hook runners spawn it)',
	'vitest.integration.config.mts',
);
if (existsSync(join(root, 'scripts/run-copilot-tests.mjs'))) {
	reportingTier('Copilot CLI tier', 'node', ['scripts/run-copilot-tests.mjs', '--no-build'], () =>
		declaredCases('test/copilot'),
	);
}
if (existsSync(join(root, 'vitest.install.config.mts'))) {
	if (process.env.REQUIRE_INSTALL_TEST === '1') {
		vitestTier(
			'install tier (fresh VS Code server install, as the README runs it)',
			'vitest.install.config.mts',
		);
	} else {
		console.log('\n▶ install tier\nSKIP install tier: set REQUIRE_INSTALL_TEST=1 (.ci/run does)');
		totals.skipped += declaredCases('test/install');
	}
}
reportingTier(
	'real VS Code tests',
	'bash',
	['scripts/run-vscode-tests.sh', '--no-build', '--package'],
	() => declaredCases('test/e2e'),
);

if (failedSteps.length > 0) {
	console.log(`\nFailed steps: ${failedSteps.join('; ')}`);
}
const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : '';
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 || failedSteps.length > 0 ? 1 : 0);
