/**
 * Runs a folder of compiled mocha `*.test.js` files inside the real VS Code server's Node extension host, through
 * the standard `@vscode/test-electron` `runTests()` with codeShim.mjs as the "VS Code executable".
 * See test/e2e/README.md.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runTests } from '@vscode/test-electron';
import type { HostTestsSummary } from '../hostTests/index';
import { findRepoRoot } from './vscodeServer';

export interface ExtensionHostTestsOptions {
	/** Compiled tests folder (`*.test.js`, searched recursively). */
	readonly testsDir: string;
	/** Compiled mocha entry (test/e2e/hostTests/index.ts compiled); default `<testsDir>/index.js`. */
	readonly entry?: string;
	/** Extension(s) under development; default the repository root. */
	readonly extensionDevelopmentPath?: string | readonly string[];
	/** Folder or .code-workspace to open; default none (an empty window). Used as is, not copied. */
	readonly workspace?: string;
	/** Extra environment for the extension host (`extensionTestsEnv`). */
	readonly env?: Readonly<Record<string, string>>;
	/**
	 * HOME of the server and its extension host (also exported as `HOOKWARDEN_E2E_HOME`). Default: a fresh folder in
	 * the run's temp root, so whatever the extension writes under `~` (launchers, user-scope hook files) never reaches
	 * the real home folder. `env.HOME` wins over it.
	 */
	readonly home?: string;
	/** User settings for this run, merged over the quiet defaults. */
	readonly settings?: Readonly<Record<string, unknown>>;
	/** Mocha grep. */
	readonly grep?: string;
	/** Whole-run limit (default 180 s), enforced by the shim. */
	readonly timeoutMs?: number;
}

export interface ExtensionHostTestsResult extends HostTestsSummary {
	/** The shim's (= the tests') exit code. */
	readonly exitCode: number;
	/** False when the tests never reported (launch failure, crash, timeout): then `failed` is at least 1. */
	readonly reported: boolean;
}

/** The shim, made executable if a checkout lost the mode bit. */
export function codeShimPath(): string {
	const shim = path.join(findRepoRoot(), 'test', 'e2e', 'support', 'codeShim.mjs');
	const mode = fs.statSync(shim).mode;
	if ((mode & 0o111) !== 0o111) {
		fs.chmodSync(shim, mode | 0o755);
	}
	return shim;
}

/** Runs the extension-host suite once; resolves with counts (never rejects for test failures). */
export async function runExtensionHostTests(
	options: ExtensionHostTestsOptions,
): Promise<ExtensionHostTestsResult> {
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-e2e-host-'));
	const resultsFile = path.join(root, 'results.json');
	const userDataDir = path.join(root, 'user-data');
	const extensionsDir = path.join(root, 'extensions');
	fs.mkdirSync(extensionsDir, { recursive: true });
	const home = options.env?.HOME ?? options.home ?? path.join(root, 'home');
	fs.mkdirSync(home, { recursive: true });
	if (options.settings) {
		fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
		fs.writeFileSync(
			path.join(userDataDir, 'User', 'settings.json'),
			JSON.stringify(options.settings, null, '\t'),
		);
	}
	const devPath = options.extensionDevelopmentPath ?? findRepoRoot();
	const started = Date.now();
	let exitCode: number;
	try {
		exitCode = await runTests({
			vscodeExecutablePath: codeShimPath(),
			extensionDevelopmentPath: typeof devPath === 'string' ? devPath : [...devPath],
			extensionTestsPath: options.entry ?? path.join(options.testsDir, 'index.js'),
			launchArgs: [
				...(options.workspace ? [path.resolve(options.workspace)] : []),
				`--user-data-dir=${userDataDir}`,
				`--extensions-dir=${extensionsDir}`,
			],
			extensionTestsEnv: {
				HOME: home,
				...options.env,
				HOOKWARDEN_E2E_HOME: home,
				HOOKWARDEN_E2E_TESTS_DIR: path.resolve(options.testsDir),
				HOOKWARDEN_E2E_RESULTS_FILE: resultsFile,
				HOOKWARDEN_E2E_TIMEOUT_MS: String(options.timeoutMs ?? 180_000),
				...(options.grep ? { HOOKWARDEN_E2E_GREP: options.grep } : {}),
			},
		});
	} catch (err) {
		// TestRunFailedError carries the exit code.
		const code = (err as { code?: unknown }).code;
		exitCode = typeof code === 'number' ? code : 1;
		if (typeof code !== 'number') {
			console.error(`runExtensionHostTests: ${String(err)}`);
		}
	}
	try {
		if (fs.existsSync(resultsFile)) {
			const summary = JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as HostTestsSummary;
			return { ...summary, exitCode, reported: true };
		}
		return {
			passed: 0,
			failed: 1,
			pending: 0,
			durationMs: Date.now() - started,
			files: [],
			failures: [
				{
					title: '(extension-host run)',
					error: `no results; the run exited with code ${exitCode}`,
				},
			],
			exitCode: exitCode === 0 ? 1 : exitCode,
			reported: false,
		};
	} finally {
		fs.rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
	}
}
