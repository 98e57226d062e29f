/**
 * The body of codeShim.mjs (the stand-in "VS Code executable" for @vscode/test-electron's runTests): parses
 * test-electron's arguments, starts the real VS Code server with `--enable-smoke-test-driver`, opens headless
 * Chromium on a `payload` URL naming the extension under development and the tests module, forwards the
 * extension host's console (it arrives through `window.codeAutomationLog`) and returns the tests' exit code
 * (from `window.codeAutomationExit`). See codeShim.mjs for the environment it reads.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { format } from 'node:util';
import { findRepoRoot, startVscodeServer, type VscodeServer } from './vscodeServer';
import { launchBrowser, type LaunchedBrowser } from './workbench';

export interface ShimArgs {
	devPaths: string[];
	testsPath?: string;
	userDataDir?: string;
	extensionsDir?: string;
	/** First positional argument: the folder or .code-workspace to open. */
	target?: string;
	/** Flags the shim does not use (Electron/desktop ones such as --no-sandbox, --disable-updates). */
	ignored: string[];
}

const VALUE_FLAGS = new Set([
	'user-data-dir',
	'extensions-dir',
	'extensionDevelopmentPath',
	'extensionTestsPath',
]);

/** Parses the arguments @vscode/test-electron passes (`--flag=value` or `--flag value`). */
export function parseShimArgs(argv: readonly string[]): ShimArgs {
	const parsed: ShimArgs = { devPaths: [], ignored: [] };
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i] ?? '';
		if (!arg.startsWith('--')) {
			parsed.target ??= path.resolve(arg);
			continue;
		}
		const eq = arg.indexOf('=');
		const name = arg.slice(2, eq < 0 ? undefined : eq);
		if (!VALUE_FLAGS.has(name)) {
			parsed.ignored.push(arg);
			continue;
		}
		const value = eq < 0 ? argv[++i] : arg.slice(eq + 1);
		if (value === undefined) {
			throw new Error(`codeShim: ${arg} needs a value`);
		}
		if (name === 'extensionDevelopmentPath') {
			parsed.devPaths.push(path.resolve(value));
		} else if (name === 'extensionTestsPath') {
			parsed.testsPath = path.resolve(value);
		} else if (name === 'user-data-dir') {
			parsed.userDataDir = path.resolve(value);
		} else {
			parsed.extensionsDir = path.resolve(value);
		}
	}
	return parsed;
}

/**
 * The workbench's own log lines, which arrive through the same `codeAutomationLog` as the extension host's
 * console output; hidden unless HOOKWARDEN_E2E_SHIM_VERBOSE=1 (and kept in the log saved on failure).
 */
const WORKBENCH_NOISE =
	/^(\[AgentHost|\[ChatModelSelection\]|\[AccountPolicyGate\]|\[reconnection-grace-time\]|\[Service Worker\]|Ignoring fetching additional builtin extensions|Updating additional builtin extensions cache|Creating a socket|Creation of workbench contribution|Resolving connection token|Resolved connection token|Timed out waiting for authentication provider|Canceled)/;

/** `codeAutomationLog` receives console-style arguments (`['%d passing', 2]`): format them like console.log. */
function formatLogArgs(args: unknown): string {
	return Array.isArray(args) ? format(...(args as unknown[])) : format(args);
}

/** Runs one extension-test session; resolves with the process exit code. */
export async function runShim(argv: readonly string[]): Promise<number> {
	const started = Date.now();
	const fullLog: string[] = [];
	const args = parseShimArgs(argv);
	if (!args.testsPath) {
		console.error(
			'codeShim: --extensionTestsPath is required (this shim only runs extension tests)',
		);
		return 1;
	}
	const timeoutMs = Number(process.env.HOOKWARDEN_E2E_TIMEOUT_MS ?? 180_000);
	const verbose = process.env.HOOKWARDEN_E2E_SHIM_VERBOSE === '1';
	const settingsJson = process.env.HOOKWARDEN_E2E_SETTINGS;
	const settings = settingsJson ? (JSON.parse(settingsJson) as Record<string, unknown>) : undefined;

	let server: VscodeServer | undefined;
	let browser: LaunchedBrowser | undefined;
	let cleanedUp = false;
	const cleanup = async (): Promise<void> => {
		if (cleanedUp) {
			return;
		}
		cleanedUp = true;
		await browser?.close().catch(() => undefined);
		await server?.stop().catch(() => undefined);
	};
	for (const signal of ['SIGINT', 'SIGTERM'] as const) {
		process.once(signal, () => {
			void cleanup().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
		});
	}
	const saveServerLog = (why: string): void => {
		if (!server) {
			return;
		}
		const dir = path.join(findRepoRoot(), 'test-results', 'logs');
		fs.mkdirSync(dir, { recursive: true });
		const file = path.join(dir, `codeShim-${new Date().toISOString().replace(/[:.]/g, '-')}.log`);
		fs.writeFileSync(
			file,
			`${why}\n===== workbench log (codeAutomationLog) =====\n${fullLog.join('\n')}\n${server.readLog()}`,
		);
		console.error(`codeShim: server and extension-host logs saved to ${file}`);
	};

	try {
		server = await startVscodeServer({
			smokeTestDriver: true,
			label: 'shim',
			...(args.userDataDir ? { userDataDir: args.userDataDir } : {}),
			...(args.extensionsDir ? { extensionsDir: args.extensionsDir } : {}),
			...(settings ? { settings } : {}),
		});
		const liveServer = server;
		browser = await launchBrowser({ executablePath: server.install.chromium });
		const page = browser.page;

		let onExit: (code: number) => void = () => undefined;
		const exited = new Promise<number>((resolve) => (onExit = resolve));
		await page.exposeFunction('codeAutomationLog', (level: string, logArgs: unknown) => {
			const text = formatLogArgs(logArgs);
			fullLog.push(`${((Date.now() - started) / 1000).toFixed(2)} ${level} ${text}`);
			if (verbose || !WORKBENCH_NOISE.test(text)) {
				if (level === 'error') {
					console.error(text);
				} else {
					console.log(text);
				}
			}
		});
		await page.exposeFunction('codeAutomationExit', (code: number) => onExit(code));
		if (verbose) {
			page.on('console', (msg) => console.log(`[browser ${msg.type()}] ${msg.text()}`));
		}
		page.on('pageerror', (err) => console.error(`[browser pageerror] ${err.message}`));

		const target = args.target;
		const isWorkspaceFile = target?.endsWith('.code-workspace') ?? false;
		const url = server.workbenchUrl({
			...(target && isWorkspaceFile ? { workspace: target } : {}),
			...(target && !isWorkspaceFile ? { folder: target } : {}),
			extensionDevelopmentPath: args.devPaths,
			extensionTestsPath: args.testsPath,
		});
		await page.goto(url, { waitUntil: 'domcontentloaded' });

		let timer: NodeJS.Timeout | undefined;
		let poll: NodeJS.Timeout | undefined;
		const timedOut = new Promise<'timeout'>((resolve) => {
			timer = setTimeout(() => resolve('timeout'), timeoutMs);
		});
		const serverDied = new Promise<'server-exited'>((resolve) => {
			poll = setInterval(() => {
				if (!liveServer.isRunning()) {
					resolve('server-exited');
				}
			}, 500);
		});
		const outcome = await Promise.race([exited, timedOut, serverDied]);
		clearTimeout(timer);
		clearInterval(poll);
		if (typeof outcome === 'number') {
			if (outcome !== 0) {
				saveServerLog(`extension tests exited with code ${outcome}`);
			}
			const secs = ((Date.now() - started) / 1000).toFixed(1);
			console.log(`codeShim: extension tests exited with code ${outcome} after ${secs} s`);
			return outcome;
		}
		const why =
			outcome === 'timeout'
				? `codeShim: no test result after ${timeoutMs} ms (does the tests module's run() settle? HOOKWARDEN_E2E_TIMEOUT_MS raises the limit)`
				: 'codeShim: the VS Code server exited before the tests finished';
		console.error(why);
		saveServerLog(why);
		return 1;
	} catch (err) {
		console.error(`codeShim: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
		saveServerLog(`launch failure: ${String(err)}`);
		return 1;
	} finally {
		await cleanup();
	}
}
