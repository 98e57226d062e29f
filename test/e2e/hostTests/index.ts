/**
 * Mocha entry for extension-host tests: VS Code `require`s the compiled file (the `extensionTestsPath`) inside the
 * extension host and awaits `run()`. It collects `*.test.js` under HOOKWARDEN_E2E_TESTS_DIR (default: its own
 * folder), runs them, prints `N passed, N failed`, and writes a JSON summary to HOOKWARDEN_E2E_RESULTS_FILE when
 * set. A rejected `run()` makes VS Code exit with code 1.
 *
 * Environment (passed as `extensionTestsEnv`): HOOKWARDEN_E2E_TESTS_DIR, HOOKWARDEN_E2E_RESULTS_FILE,
 * HOOKWARDEN_E2E_GREP (mocha grep), HOOKWARDEN_E2E_MOCHA_TIMEOUT (ms per test, default 30000).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

export interface HostTestsSummary {
	passed: number;
	failed: number;
	pending: number;
	durationMs: number;
	files: string[];
	failures: { title: string; error: string }[];
}

/** `*.test.js` files under `dir`, sorted; skips node_modules. */
export function collectTestFiles(dir: string): string[] {
	return fs
		.readdirSync(dir, { recursive: true, withFileTypes: true })
		.filter((e) => e.isFile() && e.name.endsWith('.test.js'))
		.map((e) => path.join(e.parentPath, e.name))
		.filter((file) => !file.split(path.sep).includes('node_modules'))
		.sort();
}

export async function run(): Promise<void> {
	process.setSourceMapsEnabled(true);
	const testsDir = path.resolve(process.env.HOOKWARDEN_E2E_TESTS_DIR ?? __dirname);
	const resultsFile = process.env.HOOKWARDEN_E2E_RESULTS_FILE;
	const grep = process.env.HOOKWARDEN_E2E_GREP;
	const started = Date.now();

	const mocha = new Mocha({
		ui: 'bdd',
		color: false,
		reporter: 'spec',
		timeout: Number(process.env.HOOKWARDEN_E2E_MOCHA_TIMEOUT ?? 30_000),
		...(grep ? { grep } : {}),
	});
	const files = collectTestFiles(testsDir);
	for (const file of files) {
		mocha.addFile(file);
	}
	console.log(`extension-host tests: ${files.length} file(s) from ${testsDir}`);

	const summary: HostTestsSummary = {
		passed: 0,
		failed: 0,
		pending: 0,
		durationMs: 0,
		files,
		failures: [],
	};
	await new Promise<void>((resolve, reject) => {
		try {
			const runner = mocha.run(() => resolve());
			runner.on('pass', () => summary.passed++);
			runner.on('pending', () => summary.pending++);
			runner.on('fail', (test, err: unknown) => {
				summary.failed++;
				summary.failures.push({
					title: test.fullTitle(),
					error: err instanceof Error ? (err.stack ?? err.message) : String(err),
				});
			});
		} catch (err) {
			// A test file that throws while loading.
			reject(err instanceof Error ? err : new Error(String(err)));
		}
	}).catch((err: unknown) => {
		summary.failed++;
		summary.failures.push({
			title: '(loading test files)',
			error: err instanceof Error ? (err.stack ?? err.message) : String(err),
		});
	});
	summary.durationMs = Date.now() - started;

	if (resultsFile) {
		fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
		fs.writeFileSync(resultsFile, JSON.stringify(summary, null, '\t'));
	}
	console.log(`extension host: ${summary.passed} passed, ${summary.failed} failed`);
	if (summary.failed > 0) {
		throw new Error(`${summary.failed} extension-host test(s) failed`);
	}
	if (files.length === 0) {
		throw new Error(`no *.test.js files under ${testsDir}`);
	}
}
