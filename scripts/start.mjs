// `npm start`: the main job on a fresh machine. Builds and packages Hookwarden, starts the pinned VS Code server (from
// npm; installed on first use) on loopback with Hookwarden installed and a demo workspace holding example policies,
// and prints the URL to open.
//
// - The port: `PORT` if set (it must be free: a busy one is named and nothing else happens), else 8123, else a free
//   port the system picks. Checked first, before anything slow.
// - Exits non-zero when any step fails, and when the server stops or never starts listening.
// - Ctrl-C (SIGINT), SIGTERM and SIGHUP stop everything it started: the server's process group and every process
//   carrying this run's marker in its environment (terminals live in sessions of their own), then remove its folder.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
	cpSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	symlinkSync,
	writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { stopMarkedProcesses } from './markedProcesses.mjs';
import { vsceArgs } from './packageArgs.mjs';

const root = new URL('..', import.meta.url).pathname;
const DEFAULT_PORT = 8123;
const LISTEN_TIMEOUT_MS = 120_000;
const MARKER = 'HOOKWARDEN_DEMO_RUN';
const say = (line) => console.log(`hookwarden: ${line}`);

/** Where this run keeps its files, and the state `stop` cleans up. */
const run = {
	folder: /** @type {string | undefined} */ (undefined),
	id: randomUUID(),
	server: /** @type {import('node:child_process').ChildProcess | undefined} */ (undefined),
	stopping: false,
};

/** Stops everything this run started and removes its folder; exits with `code`. */
async function stop(code) {
	if (run.stopping) {
		return;
	}
	run.stopping = true;
	const killed = await stopMarkedProcesses({ group: run.server?.pid, name: MARKER, value: run.id });
	if (killed.length > 0) {
		say(`stopped ${killed.length} process(es) that outlived SIGTERM`);
	}
	if (run.folder) {
		rmSync(run.folder, { recursive: true, force: true });
	}
	process.exit(code);
}

function fail(message) {
	console.error(`hookwarden: ${message}`);
	void stop(1);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
	process.on(signal, () => {
		say(`${signal}: stopping`);
		void stop(0);
	});
}

function step(label, command, args, options = {}) {
	say(label);
	const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
	if (result.status !== 0) {
		console.error(`hookwarden: ${label} failed${result.error ? ` (${result.error.message})` : ''}`);
		void stop(result.status || 1);
		return false;
	}
	return true;
}

/** Whether 127.0.0.1:`port` can be listened on now (`0`: any free port, whose number it resolves). */
function tryListen(port) {
	return new Promise((resolve) => {
		const probe = createServer();
		probe.once('error', () => resolve(undefined));
		probe.listen(port, '127.0.0.1', () => {
			const address = probe.address();
			probe.close(() => resolve(typeof address === 'object' && address ? address.port : undefined));
		});
	});
}

async function choosePort() {
	const requested = process.env.PORT;
	if (requested !== undefined && requested !== '') {
		const port = Number(requested);
		if (!Number.isInteger(port) || port < 0 || port > 65535) {
			fail(`PORT=${requested} is not a port number`);
			return undefined;
		}
		if ((await tryListen(port)) === undefined) {
			fail(
				`port ${port} (from PORT) is busy: set PORT to a free port, or unset it to let npm start pick one`,
			);
			return undefined;
		}
		return port;
	}
	if ((await tryListen(DEFAULT_PORT)) !== undefined) {
		return DEFAULT_PORT;
	}
	const free = await tryListen(0);
	say(`port ${DEFAULT_PORT} is busy; using ${free} instead (set PORT to choose one)`);
	return free;
}

async function main() {
	const port = await choosePort();
	if (port === undefined) {
		return;
	}

	// A fast check when the server is installed, a clean (re)install when it is missing or an earlier attempt failed or
	// was interrupted. The demo opens in your own browser, so the test browser (chromium) is not installed for it.
	const serverDir = process.env.HOOKWARDEN_VSCODE_SERVER_DIR || join(root, '.vscode-server');
	const installed = existsSync(join(serverDir, '.installed'));
	if (
		!step(
			installed
				? 'checking the pinned VS Code server'
				: 'installing the pinned VS Code server from npm (first run only, about 3 minutes)',
			'bash',
			['scripts/install-vscode-server.sh'],
			{ env: { ...process.env, HOOKWARDEN_INSTALL_BROWSER: '0' } },
		)
	) {
		return;
	}
	const env = Object.fromEntries(
		[...readFileSync(join(serverDir, 'env.sh'), 'utf8').matchAll(/^export (\w+)='([^']*)'$/gm)].map(
			(m) => [m[1], m[2]],
		),
	);
	const vsix = join(root, 'dist', 'hookwarden.vsix');
	if (!step('building and packaging the extension', 'npx', vsceArgs(vsix))) {
		return;
	}
	// FakeLM, the scripted test model: lets Copilot Chat run real agent requests offline in the demo. esbuild keeps a
	// service process while it is used; it is stopped as soon as the model is built.
	const { loadBundle } = await import('../test/e2e/support/compile.mjs');
	const fakelm = await loadBundle('../fakeModel/build.ts');

	run.folder = mkdtempSync(join(tmpdir(), 'hookwarden-start-'));
	say(`this run's files: ${run.folder}`);
	const home = join(run.folder, 'home');
	const workspace = join(run.folder, 'demo-workspace');
	cpSync(join(root, 'test', 'fixtures', 'workspace'), workspace, { recursive: true });
	const dirs = {
		userData: join(run.folder, 'user-data'),
		extensions: join(run.folder, 'extensions'),
		serverData: join(run.folder, 'server-data'),
		tmp: join(run.folder, 'tmp'),
	};
	for (const dir of [home, ...Object.values(dirs)]) {
		mkdirSync(dir, { recursive: true });
	}
	const fakeModel = await fakelm.buildFakeModel({
		repoRoot: root,
		outDir: join(run.folder, 'fakelm'),
	});
	await (await import('esbuild')).stop();
	symlinkSync(fakeModel, join(dirs.extensions, fakelm.FAKE_MODEL_FOLDER_NAME), 'dir');
	// The folder the demo's destructive script tries to delete, so you can see it survive.
	mkdirSync(join(home, 'victim'), { recursive: true });
	writeFileSync(join(home, 'victim', 'keep-me.txt'), 'Hookwarden kept this.\n');
	mkdirSync(join(dirs.userData, 'User'), { recursive: true });
	// No `workbench.startupEditor: none`: the Welcome page VS Code opens at start creates its walkthrough registry
	// before Copilot Chat is enabled at run time. A registry created after that change sees only that change (VS Code
	// hands a late extension-point handler the last delta, not every extension), so Hookwarden's walkthrough was never
	// listed until a reload.
	writeFileSync(
		join(dirs.userData, 'User', 'settings.json'),
		JSON.stringify(
			{
				'telemetry.telemetryLevel': 'off',
				'update.mode': 'none',
				'extensions.autoCheckUpdates': false,
				'extensions.autoUpdate': false,
				...fakelm.FAKE_MODEL_USER_SETTINGS,
				'chat.useHooks': true,
				// Without it, a request typed while Copilot Chat is still starting meets "Sign in to use GitHub Copilot"
				// (about half the fresh-profile runs); with it, every typed request reached the Fake Model.
				'chat.allowAnonymousAccess': true,
				'hookwarden.subagents.maxPerSession': 1,
				// The demo folder is yours: Restricted Mode would only add a banner to click through.
				'security.workspace.trust.enabled': false,
			},
			null,
			2,
		),
	);
	// A private HOME keeps the demo's hook files and launcher out of your real ~/.copilot and ~/.hookwarden.
	// FAKELM_DEMO gets Chat ready when the window opens (Copilot Chat enabled, agent mode, Fake Model selected); the
	// control folder keeps the scripted model's request log (requests.jsonl) for a look behind the scenes. The marker
	// lets Ctrl-C find every process the server starts, wherever it ends up.
	const fakelmControl = join(run.folder, 'fakelm-control');
	mkdirSync(fakelmControl, { recursive: true });
	const serverEnv = {
		...process.env,
		HOME: home,
		TMPDIR: dirs.tmp,
		EXTENSIONS_GALLERY: '{}',
		FAKELM_DEMO: '1',
		FAKELM_CONTROL_DIR: fakelmControl,
		[MARKER]: run.id,
	};
	const common = [
		'--accept-server-license-terms',
		'--disable-telemetry',
		'--user-data-dir',
		dirs.userData,
		'--extensions-dir',
		dirs.extensions,
		'--server-data-dir',
		dirs.serverData,
	];
	if (
		!step(
			'installing Hookwarden into the demo profile',
			env.VSCODE_SERVER_NODE,
			[env.VSCODE_SERVER_MAIN, ...common, '--install-extension', vsix],
			{ env: serverEnv },
		)
	) {
		return;
	}

	const server = spawn(
		env.VSCODE_SERVER_NODE,
		[
			env.VSCODE_SERVER_MAIN,
			...common,
			'--host',
			'127.0.0.1',
			'--port',
			String(port),
			'--without-connection-token',
		],
		{ env: serverEnv, stdio: ['ignore', 'pipe', 'inherit'], detached: true },
	);
	run.server = server;
	const notListening = setTimeout(
		() =>
			fail(
				`the VS Code server did not start listening on port ${port} within ${LISTEN_TIMEOUT_MS / 1000} s`,
			),
		LISTEN_TIMEOUT_MS,
	);
	let announced = false;
	server.stdout.on('data', (chunk) => {
		const listening = /listening on (\d+)/i.exec(String(chunk));
		if (announced || !listening) {
			return;
		}
		announced = true;
		clearTimeout(notListening);
		const url = `http://127.0.0.1:${listening[1]}/?folder=${encodeURIComponent(workspace)}`;
		say(`open ${url}`);
		say(
			'the Chat view opens in agent mode with "Fake Model", a scripted model that drives Copilot Chat offline',
		);
		say(
			'  (no sign-in needed; should a "Sign in to use GitHub Copilot" dialog appear anyway, close it with its X and send the prompt again)',
		);
		say('type one of these in Chat and watch the Hookwarden views in the activity bar:');
		for (const { prompt, shows } of fakelm.DEMO_SCENARIOS) {
			say(`  ${prompt.padEnd(38)} ${shows}`);
		}
		say(`the demo's rules are in ${join(workspace, '.vscode', 'settings.json')}`);
		say('press Ctrl-C to stop');
	});
	server.on('exit', (code, signal) => {
		if (!run.stopping) {
			fail(
				`the VS Code server exited (${signal ?? code})${announced ? '' : ' before it started listening'}`,
			);
		}
	});
}

main().catch((error) =>
	fail(error instanceof Error ? (error.stack ?? error.message) : String(error)),
);
