// The one test command (`npm test`): static checks, unit tests, the built bridge spawned as VS Code spawns it, and,
// when a VS Code server is installed (`npm run vscode:install`), the tests that run in a real VS Code. With
// REQUIRE_INSTALL_TEST=1 (.ci/run sets it) also the install test: `npm run vscode:install` into fresh temp folders.
// Ends with a plain `N passed, N failed` line, counting test cases across every tier.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
let passed = 0;
let failed = 0;
const failures = [];

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
		failures.push(label);
	}
	return result;
}

function vitest(label, config, options = {}) {
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
	run(label, 'npx', args, options);
	let counts = { passed: 0, failed: 1 };
	if (existsSync(report)) {
		const { numPassedTests, numFailedTests, testResults } = JSON.parse(
			readFileSync(report, 'utf8'),
		);
		// A file that fails to load runs no test at all; it still has to count as a failure in the closing line.
		// (numFailedTestSuites would also count every describe block around a failed test.)
		const unloaded = testResults.filter(
			(file) => file.status === 'failed' && file.assertionResults.length === 0,
		);
		counts = { passed: numPassedTests, failed: numFailedTests + unloaded.length };
	}
	passed += counts.passed;
	failed += counts.failed;
	rmSync(dir, { recursive: true, force: true });
	return counts;
}

function check(label, command, args) {
	if (run(label, command, args).status === 0) {
		passed += 1;
	} else {
		failed += 1;
	}
}

check('type-check', 'npx', ['tsc', '--noEmit']);
check('lint (zero warnings)', 'npx', ['eslint', '--max-warnings=0', '.']);
vitest('unit tests');
check('build', 'node', ['esbuild.mjs', '--production']);
vitest(
	'integration tests (built bridge, spawned as VS Code spawns hooks)',
	'vitest.integration.config.mts',
);

const real = run(
	'real VS Code tests',
	'bash',
	['scripts/run-vscode-tests.sh', '--no-build', '--package'],
	{ capture: true },
);
const counts = /^(\d+) passed, (\d+) failed/m.exec(real.stdout ?? '');
if (counts) {
	passed += Number(counts[1]);
	failed += Number(counts[2]);
} else if (real.status !== 0) {
	failed += 1;
}

if (process.env.REQUIRE_INSTALL_TEST === '1') {
	const install = vitest(
		'install test (npm run vscode:install into fresh temp folders; minutes)',
		'vitest.install.config.mts',
	);
	console.log(`install test: ${install.passed} passed, ${install.failed} failed`);
} else {
	console.log(
		'\nSKIP install test: set REQUIRE_INSTALL_TEST=1 to run it (several minutes; .ci/run does)',
	);
}

if (failures.length > 0) {
	console.log(`\nFailed steps: ${failures.join('; ')}`);
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || failures.length > 0 ? 1 : 0);
