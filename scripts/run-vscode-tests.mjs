#!/usr/bin/env node
// @ts-check
/**
 * The real-VS-Code test tier (test/e2e/README.md): extension-host tests (mocha inside the real VS Code server's
 * Node extension host, via @vscode/test-electron + test/e2e/support/codeShim.mjs) and UI specs (mocha in plain
 * Node driving the workbench with Playwright). Ends with one plain line `N passed, N failed`.
 *
 *   node scripts/run-vscode-tests.mjs [options]
 *
 *   --host-tests DIR  extension-host tests (*.test.ts / *.test.js, recursive); default test/e2e/hostTests
 *   --ui-tests DIR    UI specs (*.test.ts / *.test.js); default every *.test.ts under test/e2e outside
 *                     hostTests/, support/ and fixtures/
 *   --only host|ui    run one tier
 *   --extension DIR   extension under test (default: the repository; built first with `node esbuild.mjs`)
 *   --workspace DIR   folder the extension-host tests open (default: a temp copy of test/e2e/fixtures/workspace,
 *                     or an empty temp folder)
 *   --package         package the extension with vsce first; UI specs then install the .vsix
 *                     (HOOKWARDEN_E2E_VSIX; see extensionUnderTest() in test/e2e/support/vscodeServer.ts)
 *   --no-build        do not run `node esbuild.mjs` first
 *   --grep PATTERN    mocha grep for both tiers
 *
 * Without an installed server (.vscode-server/env.sh) or chromium it prints one SKIP line and exits 0, or 1 when
 * REQUIRE_VSCODE=1.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { vsceArgs } from './packageArgs.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const E2E = path.join(ROOT, 'test', 'e2e');
const OUT = path.join(ROOT, 'out', 'e2e');
/** `require` that returns `unknown`, to be cast to the type the caller expects. */
/** @type {(id: string) => unknown} */
const load = createRequire(import.meta.url);

/**
 * What the compiled test/e2e/support/runExtensionHostTests.ts exports (as used here).
 * @typedef {{ passed: number, failed: number, exitCode: number, reported: boolean, failures: { title: string, error: string }[] }} HostResult
 * @typedef {{ runExtensionHostTests(options: { testsDir: string, entry: string, extensionDevelopmentPath: string, workspace: string, grep?: string }): Promise<HostResult> }} HostRunner
 */

/** @param {string} message */
function say(message) {
	console.log(`[vscode-tests] ${message}`);
}

/** @param {number} since */
function seconds(since) {
	return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

function parseArgs() {
	/** @type {{ hostTests?: string, uiTests?: string, only?: string, extension: string, workspace?: string, package: boolean, build: boolean, grep?: string }} */
	const options = { extension: ROOT, package: false, build: true };
	const argv = process.argv.slice(2);
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		const value = () => {
			const v = argv[++i];
			if (v === undefined) {
				throw new Error(`${arg} needs a value`);
			}
			return v;
		};
		switch (arg) {
			case '--host-tests':
				options.hostTests = path.resolve(value());
				break;
			case '--ui-tests':
				options.uiTests = path.resolve(value());
				break;
			case '--only':
				options.only = value();
				break;
			case '--extension':
				options.extension = path.resolve(value());
				break;
			case '--workspace':
				options.workspace = path.resolve(value());
				break;
			case '--package':
				options.package = true;
				break;
			case '--no-build':
				options.build = false;
				break;
			case '--grep':
				options.grep = value();
				break;
			case '--help':
			case '-h':
				console.log(
					fs
						.readFileSync(fileURLToPath(import.meta.url), 'utf8')
						.split('\n')
						.filter((line) => line.startsWith(' *'))
						.map((line) => line.replace(/^ \*\/?/, ''))
						.join('\n'),
				);
				process.exit(0);
				break;
			default:
				throw new Error(`unknown argument ${arg} (--help lists the options)`);
		}
	}
	return options;
}

/** The installed server's variables, or a reason it is missing. */
function readInstall() {
	const envSh = path.join(
		process.env.HOOKWARDEN_VSCODE_SERVER_DIR || path.join(ROOT, '.vscode-server'),
		'env.sh',
	);
	if (!fs.existsSync(envSh)) {
		return { missing: 'no .vscode-server' };
	}
	/** @type {Record<string, string>} */
	const vars = {};
	for (const line of fs.readFileSync(envSh, 'utf8').split('\n')) {
		const m = /^\s*export\s+([A-Za-z_][A-Za-z0-9_]*)='([^']*)'\s*$/.exec(line);
		if (m?.[1] !== undefined && m[2] !== undefined) {
			vars[m[1]] = m[2];
		}
	}
	for (const key of ['VSCODE_SERVER_NODE', 'VSCODE_SERVER_MAIN']) {
		const file = vars[key];
		if (!file || !fs.existsSync(file)) {
			return { missing: 'no .vscode-server' };
		}
	}
	const chromium = [vars.CHROMIUM, '/usr/bin/chromium'].find((c) => c && fs.existsSync(c));
	if (!chromium) {
		return { missing: 'no chromium' };
	}
	return { vars: { ...vars, CHROMIUM: chromium } };
}

/**
 * @param {string} command
 * @param {string[]} args
 * @param {string} cwd
 */
function run(command, args, cwd) {
	const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
	if (result.status !== 0) {
		throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal})`);
	}
}

/**
 * @param {string} dir
 * @param {(relative: string) => boolean} [keep]
 * @param {typeof import('../test/e2e/support/compile.mjs')} compile
 */
function testSources(compile, dir, keep) {
	return [
		...compile.findFiles(dir, '.test.ts', keep),
		...compile.findFiles(dir, '.test.js', keep),
	].sort();
}

async function main() {
	const options = parseArgs();
	const install = readInstall();
	if (!install.vars) {
		// One fixed line, whatever is missing (${install.missing}): scripts/test.mjs and CI read it as is.
		console.log('SKIP real-vscode: no .vscode-server (run: bash scripts/install-vscode-server.sh)');
		return process.env.REQUIRE_VSCODE === '1' ? 1 : 0;
	}
	Object.assign(process.env, install.vars);
	process.env.HOOKWARDEN_ROOT ??= ROOT;
	const compile = await import('../test/e2e/support/compile.mjs');

	const hostDir = options.hostTests ?? path.join(E2E, 'hostTests');
	const hostFiles = options.only === 'ui' ? [] : testSources(compile, hostDir);
	const uiFiles =
		options.only === 'host'
			? []
			: options.uiTests
				? testSources(compile, options.uiTests)
				: testSources(compile, E2E, (rel) => !/^(hostTests|support|fixtures)[\\/]/.test(rel));
	if (hostFiles.length === 0 && uiFiles.length === 0) {
		say('no real-VS-Code tests found');
		console.log('0 passed, 0 failed');
		return 0;
	}

	const t0 = Date.now();
	if (
		options.build &&
		options.extension === ROOT &&
		fs.existsSync(path.join(ROOT, 'esbuild.mjs'))
	) {
		say('building the extension: node esbuild.mjs');
		run(process.execPath, ['esbuild.mjs'], ROOT);
	}
	if (options.package) {
		const vsix = path.join(OUT, 'extension-under-test.vsix');
		fs.mkdirSync(OUT, { recursive: true });
		say(`packaging ${options.extension} with vsce`);
		// Hookwarden packages the one way `npm run package` does (its marketplace README); another extension plainly.
		const [, ...args] =
			options.extension === ROOT
				? vsceArgs(vsix)
				: ['vsce', 'package', '--no-dependencies', '--out', vsix];
		run(path.join(ROOT, 'node_modules', '.bin', 'vsce'), args, options.extension);
		process.env.HOOKWARDEN_E2E_VSIX = vsix;
	}
	process.env.HOOKWARDEN_E2E_EXTENSION = options.extension;

	for (const dir of ['host', 'ui', 'support']) {
		fs.rmSync(path.join(OUT, dir), { recursive: true, force: true });
	}
	const [hostEntry] = await compile.compileEntries({
		entryPoints: [path.join(E2E, 'hostTests', 'index.ts')],
		outdir: path.join(OUT, 'host'),
		outbase: path.join(E2E, 'hostTests'),
	});
	await compile.compileEntries({
		entryPoints: hostFiles,
		outdir: path.join(OUT, 'host', 'tests'),
		outbase: hostDir,
	});
	const uiOutbase = options.uiTests ?? E2E;
	const uiCompiled = await compile.compileEntries({
		entryPoints: uiFiles,
		outdir: path.join(OUT, 'ui'),
		outbase: uiOutbase,
	});
	const [runnerJs] = await compile.compileEntries({
		entryPoints: [path.join(E2E, 'support', 'runExtensionHostTests.ts')],
		outdir: path.join(OUT, 'support'),
		outbase: path.join(E2E, 'support'),
	});
	say(
		`compiled ${hostFiles.length} extension-host and ${uiFiles.length} UI test file(s) in ${seconds(t0)}`,
	);

	let passed = 0;
	let failed = 0;

	if (hostFiles.length > 0 && hostEntry && runnerJs) {
		const t1 = Date.now();
		const host = /** @type {HostRunner} */ (load(runnerJs));
		let workspace = options.workspace;
		/** @type {string | undefined} */
		let tempWorkspace;
		if (!workspace) {
			tempWorkspace = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-e2e-workspace-'));
			const fixture = path.join(E2E, 'fixtures', 'workspace');
			if (fs.existsSync(fixture)) {
				fs.cpSync(fixture, tempWorkspace, { recursive: true });
			}
			workspace = tempWorkspace;
		}
		say(
			`extension-host tests: ${hostFiles.length} file(s), extension ${options.extension}, workspace ${workspace}`,
		);
		try {
			const result = await host.runExtensionHostTests({
				testsDir: path.join(OUT, 'host', 'tests'),
				entry: hostEntry,
				extensionDevelopmentPath: options.extension,
				workspace,
				...(options.grep ? { grep: options.grep } : {}),
			});
			passed += result.passed;
			failed += result.failed;
			if (!result.reported) {
				for (const f of result.failures) {
					console.error(`${f.title}: ${f.error}`);
				}
			}
			say(
				`extension-host tier: ${result.passed} ok, ${result.failed} failing, exit ${result.exitCode} (${seconds(t1)})`,
			);
		} finally {
			if (tempWorkspace) {
				fs.rmSync(tempWorkspace, { recursive: true, force: true });
			}
		}
	}

	if (uiCompiled.length > 0) {
		const t2 = Date.now();
		say(`UI specs: ${uiCompiled.length} file(s)`);
		process.setSourceMapsEnabled(true);
		const Mocha = /** @type {typeof import('mocha')} */ (load('mocha'));
		const mocha = new Mocha({
			ui: 'bdd',
			reporter: 'spec',
			timeout: Number(process.env.HOOKWARDEN_E2E_MOCHA_TIMEOUT ?? 120_000),
			...(options.grep ? { grep: options.grep } : {}),
		});
		for (const file of uiCompiled) {
			mocha.addFile(file);
		}
		let uiPassed = 0;
		let uiFailed = 0;
		try {
			await new Promise((resolve) => {
				const runner = mocha.run(() => resolve(undefined));
				runner.on('pass', () => uiPassed++);
				runner.on('fail', () => uiFailed++);
			});
		} catch (err) {
			console.error(
				`UI specs did not load: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
			);
			uiFailed++;
		}
		passed += uiPassed;
		failed += uiFailed;
		say(`UI tier: ${uiPassed} ok, ${uiFailed} failing (${seconds(t2)})`);
	}

	say(`total ${seconds(t0)}`);
	console.log(`${passed} passed, ${failed} failed`);
	return failed > 0 ? 1 : 0;
}

let code;
try {
	code = await main();
} catch (err) {
	console.error(`[vscode-tests] ${err instanceof Error ? err.message : String(err)}`);
	console.log('0 passed, 1 failed');
	code = 1;
}
// Playwright or a stray handle must not keep the process alive after the summary.
process.stdout.write('', () => process.exit(code));
