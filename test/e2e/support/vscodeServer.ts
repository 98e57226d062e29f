/**
 * Starts the real VS Code server (code-server's `lib/vscode/out/server-main.js`, installed by
 * scripts/install-vscode-server.sh) for one test run: its own port, temp folders, User settings and environment.
 * See test/e2e/README.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** Where the pinned server build lives; read from the environment or `.vscode-server/env.sh`. */
export interface VscodeServerInstall {
	/** `.vscode-server/` */
	readonly root: string;
	/** Node 24 binary the server runs on. */
	readonly node: string;
	/** `…/code-server/lib/vscode/out/server-main.js` */
	readonly serverMain: string;
	/** Debian chromium for the Playwright driver. */
	readonly chromium: string;
}

/** User settings every test server starts with; `StartVscodeServerOptions.settings` wins over them. */
export const QUIET_DEFAULT_SETTINGS: Readonly<Record<string, unknown>> = Object.freeze({
	'workbench.startupEditor': 'none',
	'extensions.autoCheckUpdates': false,
	'extensions.autoUpdate': false,
	'extensions.ignoreRecommendations': true,
	'telemetry.telemetryLevel': 'off',
	'update.mode': 'none',
	// Keeps the Chat view from opening in the secondary side bar on a fresh profile (screenshots, space).
	'workbench.secondarySideBar.defaultVisibility': 'hidden',
	// Hookwarden opens its walkthrough on a profile's first start; tests that are not about it keep the editor free.
	'workbench.welcomePage.walkthroughs.openOnInstall': false,
});

export interface StartVscodeServerOptions {
	/** User settings merged over QUIET_DEFAULT_SETTINGS (and over an existing settings.json in `userDataDir`). */
	readonly settings?: Readonly<Record<string, unknown>>;
	/** Extra environment for the server and its extension host; `undefined` removes a variable. */
	readonly env?: Readonly<Record<string, string | undefined>>;
	/** `.vsix` files installed with `--install-extension` before the server starts. */
	readonly vsix?: readonly string[];
	/** Unpacked extension folders (with a package.json) symlinked into the extensions folder. */
	readonly extensionFolders?: readonly string[];
	/** Keep workspace trust on (default: `--disable-workspace-trust`). */
	readonly workspaceTrust?: boolean;
	/**
	 * `--enable-smoke-test-driver`: needed for the `payload` (extension-development/extension-tests) URL in
	 * VS Code 1.139; side effect: notification toasts are suppressed (read the Notification Center instead).
	 */
	readonly smokeTestDriver?: boolean;
	/** Use these folders instead of fresh temp ones; they are not removed by `stop()`. */
	readonly userDataDir?: string;
	readonly extensionsDir?: string;
	/** More server-main.js arguments. */
	readonly args?: readonly string[];
	/** Server `--log` level (default `info`). */
	readonly logLevel?: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'critical' | 'off';
	/** How long to wait for the server to listen (default 30 s). */
	readonly timeoutMs?: number;
	/** Prefix of the temp folder name, to tell runs apart in /tmp. */
	readonly label?: string;
	/** Defaults to `requireServerInstall()`. */
	readonly install?: VscodeServerInstall;
	/** Runs the server through another command (a private mount namespace, for example). */
	readonly wrap?: (command: string, args: readonly string[]) => { command: string; args: string[] };
}

export interface VscodeServerDirs {
	/** Temp root holding the folders below (when they were not given). */
	readonly root: string;
	readonly userDataDir: string;
	readonly extensionsDir: string;
	readonly serverDataDir: string;
	/** The server's TMPDIR. */
	readonly tmpDir: string;
}

export interface WorkbenchUrlOptions {
	/** Absolute folder to open (on this machine; the server is local). */
	readonly folder?: string;
	/** Absolute `.code-workspace` file to open instead of a folder. */
	readonly workspace?: string;
	/** Extension(s) under development, loaded in the server's extension host (needs `smokeTestDriver`). */
	readonly extensionDevelopmentPath?: string | readonly string[];
	/** Tests module whose `run()` the extension host awaits (needs `smokeTestDriver`). */
	readonly extensionTestsPath?: string;
}

export interface VscodeServer {
	readonly port: number;
	/** `http://127.0.0.1:<port>/` */
	readonly url: string;
	/** The workbench's remote authority (`remote` for code-server's build), for `vscode-remote://` URIs. */
	readonly remoteAuthority: string;
	readonly pid: number;
	/** Started with `--enable-smoke-test-driver` (toasts suppressed; payload URLs honoured). */
	readonly smokeTestDriver: boolean;
	readonly dirs: VscodeServerDirs;
	readonly install: VscodeServerInstall;
	/** Workbench URL that opens a folder and/or an extension-development payload. */
	workbenchUrl(options?: WorkbenchUrlOptions): string;
	/** Paths of the server's log files so far (server, remote agent, extension host, output channels). */
	logFiles(): string[];
	/** Server stdout/stderr plus every log file, with headers; for diagnostics on failure. */
	readLog(): string;
	/** True until the server process exits. */
	isRunning(): boolean;
	/** Kills the server's whole process group and removes the temp folders. Safe to call twice. */
	stop(): Promise<void>;
}

/**
 * What a UI spec should install as the extension under test: the .vsix in `HOOKWARDEN_E2E_VSIX` when set (the
 * runner's `--package`), else the unpacked folder `HOOKWARDEN_E2E_EXTENSION` (default: the repository root, with
 * its built dist/) linked into the extensions folder. Spread it into StartVscodeServerOptions.
 */
export function extensionUnderTest(): Pick<StartVscodeServerOptions, 'vsix' | 'extensionFolders'> {
	const vsix = process.env.HOOKWARDEN_E2E_VSIX;
	if (vsix) {
		return { vsix: [vsix] };
	}
	return { extensionFolders: [process.env.HOOKWARDEN_E2E_EXTENSION ?? findRepoRoot()] };
}

/** Repository root: `HOOKWARDEN_ROOT`, else the nearest folder above `start` with package.json and node_modules. */
export function findRepoRoot(start: string = __dirname): string {
	const fromEnv = process.env.HOOKWARDEN_ROOT;
	if (fromEnv) {
		return fromEnv;
	}
	let dir = path.resolve(start);
	for (;;) {
		if (
			fs.existsSync(path.join(dir, 'package.json')) &&
			fs.existsSync(path.join(dir, 'node_modules')) &&
			path.basename(dir) !== '.vscode-server'
		) {
			return dir;
		}
		const parent = path.dirname(dir);
		if (parent === dir) {
			throw new Error(`findRepoRoot: no package.json + node_modules above ${start}`);
		}
		dir = parent;
	}
}

/** Parses `export NAME='value'` lines (as written by the install script). */
export function parseEnvSh(text: string): Record<string, string> {
	const out: Record<string, string> = {};
	for (const line of text.split('\n')) {
		const m = /^\s*export\s+([A-Za-z_][A-Za-z0-9_]*)=(?:'([^']*)'|"([^"]*)"|(\S*))\s*$/.exec(line);
		if (m?.[1]) {
			out[m[1]] = m[2] ?? m[3] ?? m[4] ?? '';
		}
	}
	return out;
}

/**
 * The installed server and browser, or undefined when anything is missing. Values come from the environment
 * (`VSCODE_SERVER_NODE`, `VSCODE_SERVER_MAIN`, `VSCODE_SERVER_ROOT`, `CHROMIUM`) or else `.vscode-server/env.sh`.
 */
export function findServerInstall(repoRoot?: string): VscodeServerInstall | undefined {
	let vars: Record<string, string | undefined> = process.env;
	if (!vars.VSCODE_SERVER_NODE || !vars.VSCODE_SERVER_MAIN) {
		let root: string;
		try {
			root = repoRoot ?? findRepoRoot();
		} catch {
			return undefined;
		}
		const envSh = path.join(
			nonEmpty(process.env.HOOKWARDEN_VSCODE_SERVER_DIR) ?? path.join(root, '.vscode-server'),
			'env.sh',
		);
		if (!fs.existsSync(envSh)) {
			return undefined;
		}
		vars = { ...parseEnvSh(fs.readFileSync(envSh, 'utf8')), CHROMIUM: process.env.CHROMIUM };
	}
	const node = vars.VSCODE_SERVER_NODE;
	const serverMain = vars.VSCODE_SERVER_MAIN;
	const chromium =
		nonEmpty(vars.CHROMIUM) ?? findOnPath('chromium') ?? findOnPath('chromium-browser');
	if (!node || !serverMain || !chromium) {
		return undefined;
	}
	if (![node, serverMain, chromium].every((file) => fs.existsSync(file))) {
		return undefined;
	}
	const root = nonEmpty(vars.VSCODE_SERVER_ROOT) ?? path.resolve(serverMain, '../../../../../..');
	return { root, node, serverMain, chromium };
}

/** Like findServerInstall, but throws with the install command when something is missing. */
export function requireServerInstall(repoRoot?: string): VscodeServerInstall {
	const install = findServerInstall(repoRoot);
	if (!install) {
		throw new Error(
			'No VS Code server or chromium (.vscode-server/env.sh): run bash scripts/install-vscode-server.sh',
		);
	}
	return install;
}

function nonEmpty(value: string | undefined): string | undefined {
	return value === '' ? undefined : value;
}

function findOnPath(command: string): string | undefined {
	for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
		const file = path.join(dir, command);
		try {
			fs.accessSync(file, fs.constants.X_OK);
			return file;
		} catch {
			// keep looking
		}
	}
	return undefined;
}

const running = new Set<{ child: ChildProcess; cleanup: () => void }>();
let exitHookInstalled = false;

/** Last resort when the test process exits without calling stop(): kill the groups, remove temp folders. */
function installExitHook(): void {
	if (exitHookInstalled) {
		return;
	}
	exitHookInstalled = true;
	process.once('exit', () => {
		for (const entry of running) {
			entry.cleanup();
		}
	});
}

function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
	if (!pid) {
		return;
	}
	try {
		process.kill(-pid, signal);
	} catch {
		// already gone
	}
}

function removeDir(dir: string): void {
	try {
		fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
	} catch {
		// a straggler may still write into it; the OS temp cleaner gets the rest
	}
}

function serverEnv(
	tmpDir: string,
	extra: Readonly<Record<string, string | undefined>> | undefined,
): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = { ...process.env };
	// Inherited from a surrounding VS Code, these would make the server talk to that one.
	for (const key of [
		'VSCODE_IPC_HOOK_CLI',
		'VSCODE_IPC_HOOK',
		'VSCODE_PID',
		'ELECTRON_RUN_AS_NODE',
	]) {
		delete env[key];
	}
	env.EXTENSIONS_GALLERY = '{}';
	env.TMPDIR = tmpDir;
	for (const [key, value] of Object.entries(extra ?? {})) {
		if (value === undefined) {
			delete env[key];
		} else {
			env[key] = value;
		}
	}
	return env;
}

function writeSettings(
	userDataDir: string,
	settings: Readonly<Record<string, unknown>> | undefined,
): void {
	const file = path.join(userDataDir, 'User', 'settings.json');
	let existing: Record<string, unknown> = {};
	if (fs.existsSync(file)) {
		const text = fs.readFileSync(file, 'utf8').trim();
		if (text) {
			existing = JSON.parse(text) as Record<string, unknown>;
		}
	}
	fs.mkdirSync(path.dirname(file), { recursive: true });
	const merged = { ...QUIET_DEFAULT_SETTINGS, ...existing, ...settings };
	fs.writeFileSync(file, JSON.stringify(merged, null, '\t') + '\n');
}

function linkExtensionFolder(extensionsDir: string, folder: string): void {
	const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as {
		publisher?: string;
		name?: string;
		version?: string;
	};
	if (!manifest.publisher || !manifest.name || !manifest.version) {
		throw new Error(`${folder}/package.json needs publisher, name and version`);
	}
	const link = path.join(
		extensionsDir,
		`${manifest.publisher}.${manifest.name}-${manifest.version}`,
	);
	fs.rmSync(link, { recursive: true, force: true });
	fs.symlinkSync(path.resolve(folder), link, 'dir');
}

function runToExit(
	command: string,
	args: readonly string[],
	env: NodeJS.ProcessEnv,
	timeoutMs: number,
): Promise<{ code: number | null; output: string }> {
	return new Promise((resolve, reject) => {
		const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
		let output = '';
		child.stdout.on('data', (d: Buffer) => (output += d.toString()));
		child.stderr.on('data', (d: Buffer) => (output += d.toString()));
		const timer = setTimeout(() => {
			killGroup(child.pid, 'SIGKILL');
			reject(new Error(`timed out after ${timeoutMs} ms: ${command} ${args.join(' ')}\n${output}`));
		}, timeoutMs);
		child.on('error', (err) => {
			clearTimeout(timer);
			reject(err);
		});
		child.on('close', (code) => {
			clearTimeout(timer);
			killGroup(child.pid, 'SIGKILL');
			resolve({ code, output });
		});
	});
}

function tail(text: string, lines: number): string {
	return text.split('\n').slice(-lines).join('\n');
}

function listLogFiles(dirs: readonly string[]): string[] {
	const files: string[] = [];
	for (const dir of dirs) {
		if (!fs.existsSync(dir)) {
			continue;
		}
		for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
			if (entry.isFile() && entry.name.endsWith('.log')) {
				files.push(path.join(entry.parentPath, entry.name));
			}
		}
	}
	return files.sort();
}

/** Reads the workbench page's `remoteAuthority` (code-server's build says `remote`). */
async function fetchRemoteAuthority(url: string, timeoutMs: number): Promise<string> {
	const deadline = Date.now() + timeoutMs;
	let lastError: unknown;
	while (Date.now() < deadline) {
		try {
			const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
			const html = await response.text();
			const m = /id="vscode-workbench-web-configuration"\s+data-settings="([^"]*)"/.exec(html);
			if (response.ok && m?.[1]) {
				const json = m[1]
					.replace(/&quot;/g, '"')
					.replace(/&#39;/g, "'")
					.replace(/&lt;/g, '<')
					.replace(/&gt;/g, '>')
					.replace(/&amp;/g, '&');
				const config = JSON.parse(json) as { remoteAuthority?: string };
				return config.remoteAuthority ?? 'remote';
			}
			lastError = new Error(`HTTP ${response.status}, no workbench configuration in the page`);
		} catch (err) {
			lastError = err;
		}
		await new Promise((r) => setTimeout(r, 100));
	}
	throw new Error(`workbench page at ${url} did not answer: ${String(lastError)}`);
}

/**
 * Starts `server-main.js` on 127.0.0.1 with a port of its choosing (`--port 0`, parsed from its output) and
 * per-run folders. Resolves once the workbench page is served.
 */
export async function startVscodeServer(
	options: StartVscodeServerOptions = {},
): Promise<VscodeServer> {
	const install = options.install ?? requireServerInstall();
	const timeoutMs = options.timeoutMs ?? 30_000;
	const root = fs.mkdtempSync(path.join(os.tmpdir(), `hw-e2e-${options.label ?? 'server'}-`));
	const dirs: VscodeServerDirs = {
		root,
		userDataDir: options.userDataDir ?? path.join(root, 'user-data'),
		extensionsDir: options.extensionsDir ?? path.join(root, 'extensions'),
		serverDataDir: path.join(root, 'server-data'),
		tmpDir: path.join(root, 'tmp'),
	};
	for (const dir of [dirs.userDataDir, dirs.extensionsDir, dirs.serverDataDir, dirs.tmpDir]) {
		fs.mkdirSync(dir, { recursive: true });
	}
	let startedChild: ChildProcess | undefined;
	try {
		writeSettings(dirs.userDataDir, options.settings);
		for (const folder of options.extensionFolders ?? []) {
			linkExtensionFolder(dirs.extensionsDir, folder);
		}
		const env = serverEnv(dirs.tmpDir, options.env);
		const common = [
			'--accept-server-license-terms',
			'--disable-telemetry',
			'--user-data-dir',
			dirs.userDataDir,
			'--extensions-dir',
			dirs.extensionsDir,
			'--server-data-dir',
			dirs.serverDataDir,
		];
		if (options.vsix?.length) {
			const args = [install.serverMain, ...common, '--force'];
			for (const vsix of options.vsix) {
				args.push('--install-extension', path.resolve(vsix));
			}
			const result = await runToExit(install.node, args, env, 60_000);
			if (result.code !== 0 || /\bfailed\b/i.test(result.output)) {
				throw new Error(
					`installing ${options.vsix.join(', ')} failed (exit ${result.code}):\n${result.output}`,
				);
			}
		}

		const args = [
			install.serverMain,
			'--host',
			'127.0.0.1',
			'--port',
			'0',
			'--without-connection-token',
			...common,
			'--log',
			options.logLevel ?? 'info',
		];
		if (!options.workspaceTrust) {
			args.push('--disable-workspace-trust');
		}
		if (options.smokeTestDriver) {
			args.push('--enable-smoke-test-driver');
		}
		args.push(...(options.args ?? []));

		const launch = options.wrap?.(install.node, args) ?? { command: install.node, args };
		const child = spawn(launch.command, launch.args, {
			env,
			cwd: dirs.tmpDir,
			detached: true, // own process group, so stop() reaches the extension host and pty host too
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		startedChild = child;
		let output = '';
		const MAX_OUTPUT = 4 * 1024 * 1024;
		const onData = (d: Buffer): void => {
			if (output.length < MAX_OUTPUT) {
				output += d.toString();
			}
		};
		child.stdout.on('data', onData);
		child.stderr.on('data', onData);
		let exited = false;
		const exitedPromise = new Promise<void>((resolve) => {
			child.once('exit', () => {
				exited = true;
				resolve();
			});
		});
		const cleanupSync = (): void => {
			killGroup(child.pid, 'SIGKILL');
			removeDir(root);
		};
		const entry = { child, cleanup: cleanupSync };
		running.add(entry);
		installExitHook();

		const port = await new Promise<number>((resolve, reject) => {
			const timer = setTimeout(() => {
				reject(
					new Error(`VS Code server did not listen within ${timeoutMs} ms:\n${tail(output, 40)}`),
				);
			}, timeoutMs);
			const check = (): void => {
				const m = /Extension host agent listening on (\d+)/.exec(output);
				if (m?.[1]) {
					clearTimeout(timer);
					resolve(Number(m[1]));
				}
			};
			child.stdout.on('data', check);
			child.once('exit', (code, signal) => {
				clearTimeout(timer);
				reject(
					new Error(
						`VS Code server exited (${code ?? signal}) before listening:\n${tail(output, 40)}`,
					),
				);
			});
			child.once('error', (err) => {
				clearTimeout(timer);
				reject(err);
			});
		});
		const url = `http://127.0.0.1:${port}/`;
		const remoteAuthority = await fetchRemoteAuthority(url, timeoutMs);

		let stopped = false;
		const server: VscodeServer = {
			port,
			url,
			remoteAuthority,
			pid: child.pid ?? -1,
			smokeTestDriver: !!options.smokeTestDriver,
			dirs,
			install,
			workbenchUrl(urlOptions: WorkbenchUrlOptions = {}): string {
				const params: string[] = [];
				if (urlOptions.folder) {
					params.push(`folder=${encodeURIComponent(path.resolve(urlOptions.folder))}`);
				} else if (urlOptions.workspace) {
					params.push(`workspace=${encodeURIComponent(path.resolve(urlOptions.workspace))}`);
				} else {
					params.push('ew=true');
				}
				const payload: [string, string][] = [];
				const remote = (p: string): string =>
					`vscode-remote://${remoteAuthority}${path.resolve(p)}`;
				const devPaths = urlOptions.extensionDevelopmentPath;
				for (const devPath of typeof devPaths === 'string' ? [devPaths] : (devPaths ?? [])) {
					payload.push(['extensionDevelopmentPath', remote(devPath)]);
				}
				if (urlOptions.extensionTestsPath) {
					payload.push(['extensionTestsPath', remote(urlOptions.extensionTestsPath)]);
				}
				if (payload.length) {
					params.push(`payload=${encodeURIComponent(JSON.stringify(payload))}`);
				}
				return `${url}?${params.join('&')}`;
			},
			logFiles(): string[] {
				return listLogFiles([path.join(dirs.userDataDir, 'logs'), dirs.serverDataDir]);
			},
			readLog(): string {
				const parts = [`===== server-main.js stdout/stderr (pid ${child.pid}) =====\n${output}`];
				for (const file of server.logFiles()) {
					let text: string;
					try {
						text = fs.readFileSync(file, 'utf8');
					} catch (err) {
						text = `(unreadable: ${String(err)})`;
					}
					const shown = path.relative(root, file);
					parts.push(`===== ${shown.startsWith('..') ? file : shown} =====\n${text}`);
				}
				return parts.join('\n');
			},
			isRunning(): boolean {
				return !exited;
			},
			async stop(): Promise<void> {
				if (stopped) {
					return;
				}
				stopped = true;
				if (!exited) {
					killGroup(child.pid, 'SIGTERM');
					await Promise.race([exitedPromise, new Promise((r) => setTimeout(r, 5_000))]);
				}
				// The leader exiting does not mean the group is gone (extension host, pty host, terminals).
				killGroup(child.pid, 'SIGKILL');
				running.delete(entry);
				removeDir(root);
			},
		};
		return server;
	} catch (err) {
		if (startedChild) {
			killGroup(startedChild.pid, 'SIGKILL');
			for (const entry of running) {
				if (entry.child === startedChild) {
					running.delete(entry);
				}
			}
		}
		removeDir(root);
		throw err;
	}
}
