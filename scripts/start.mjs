// `npm start`: the main job on a fresh machine. Builds and packages Hookwarden, starts the pinned VS Code server (from
// npm; installed on first use) on loopback with Hookwarden installed and a demo workspace holding example policies,
// and prints the URL to open. Ctrl-C stops everything it started.
import { spawn, spawnSync } from 'node:child_process';
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
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const port = Number(process.env.PORT ?? 8123);
const say = (line) => console.log(`hookwarden: ${line}`);

function step(label, command, args, options = {}) {
	say(label);
	const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
	if (result.status !== 0) {
		console.error(`hookwarden: ${label} failed`);
		process.exit(result.status ?? 1);
	}
}

// Always: a fast check when the server is installed, a clean (re)install when it is missing or an earlier attempt
// failed or was interrupted.
const serverDir = process.env.HOOKWARDEN_VSCODE_SERVER_DIR || join(root, '.vscode-server');
step(
	existsSync(join(serverDir, '.installed'))
		? 'checking the pinned VS Code server'
		: 'installing the pinned VS Code server from npm (first run only, about 3 minutes)',
	'bash',
	['scripts/install-vscode-server.sh'],
);
const env = Object.fromEntries(
	[...readFileSync(join(serverDir, 'env.sh'), 'utf8').matchAll(/^export (\w+)='([^']*)'$/gm)].map(
		(m) => [m[1], m[2]],
	),
);
const vsix = join(root, 'dist', 'hookwarden.vsix');
step('building and packaging the extension', 'npx', [
	'vsce',
	'package',
	'--no-dependencies',
	'--out',
	vsix,
]);
// FakeLM, the scripted test model: lets Copilot Chat run real agent requests offline in the demo.
const { loadBundle } = await import('../test/e2e/support/compile.mjs');
const fakelm = await loadBundle('../fakeModel/build.ts');

const DEMO_PROMPTS = [
	['Say hello using the terminal.', 'allowed; every hook event recorded'],
	['Clean up my home folder.', 'rm -rf denied (destructiveCommands pack)'],
	['Publish the package.', 'asks you first: answer Allow Once or Deny'],
	['Turn off the hooks that watch you.', 'write to .github/hooks denied (protectedPaths)'],
	['Split the work between two helpers.', 'second subagent denied (limit 1)'],
	['Finish up and stop.', 'Stop gate: must run npm test before stopping'],
	['Push my branch.', 'git push blocked by a provider from hookwarden.providers'],
];

const run = mkdtempSync(join(tmpdir(), 'hookwarden-start-'));
const home = join(run, 'home');
const workspace = join(run, 'demo-workspace');
cpSync(join(root, 'test', 'fixtures', 'workspace'), workspace, { recursive: true });
const dirs = {
	userData: join(run, 'user-data'),
	extensions: join(run, 'extensions'),
	serverData: join(run, 'server-data'),
	tmp: join(run, 'tmp'),
};
for (const dir of [home, ...Object.values(dirs)]) {
	mkdirSync(dir, { recursive: true });
}
const fakeModel = await fakelm.buildFakeModel({ repoRoot: root, outDir: join(run, 'fakelm') });
symlinkSync(fakeModel, join(dirs.extensions, fakelm.FAKE_MODEL_FOLDER_NAME), 'dir');
// The folder the demo's destructive script tries to delete, so you can see it survive.
mkdirSync(join(home, 'victim'), { recursive: true });
writeFileSync(join(home, 'victim', 'keep-me.txt'), 'Hookwarden kept this.\n');
mkdirSync(join(dirs.userData, 'User'), { recursive: true });
writeFileSync(
	join(dirs.userData, 'User', 'settings.json'),
	JSON.stringify(
		{
			'workbench.startupEditor': 'none',
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
// control folder keeps the scripted model's request log (requests.jsonl) for a look behind the scenes.
const fakelmControl = join(run, 'fakelm-control');
mkdirSync(fakelmControl, { recursive: true });
const serverEnv = {
	...process.env,
	HOME: home,
	TMPDIR: dirs.tmp,
	EXTENSIONS_GALLERY: '{}',
	FAKELM_DEMO: '1',
	FAKELM_CONTROL_DIR: fakelmControl,
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
step(
	'installing Hookwarden into the demo profile',
	env.VSCODE_SERVER_NODE,
	[env.VSCODE_SERVER_MAIN, ...common, '--install-extension', vsix],
	{ env: serverEnv },
);

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
let announced = false;
server.stdout.on('data', (chunk) => {
	if (!announced && /listening on/i.test(String(chunk))) {
		announced = true;
		say(`open http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}`);
		say(
			'the Chat view opens in agent mode with "Fake Model", a scripted model that drives Copilot Chat offline',
		);
		say(
			'  (no sign-in needed; should a "Sign in to use GitHub Copilot" dialog appear anyway, close it with its X and send the prompt again)',
		);
		say('type one of these in Chat and watch the Hookwarden views in the activity bar:');
		for (const [prompt, what] of DEMO_PROMPTS) {
			say(`  ${prompt.padEnd(38)} ${what}`);
		}
		say(`the demo's rules are in ${join(workspace, '.vscode', 'settings.json')}`);
		say('press Ctrl-C to stop');
	}
});
const stop = () => {
	try {
		process.kill(-server.pid, 'SIGTERM');
	} catch {
		// Already gone.
	}
	rmSync(run, { recursive: true, force: true });
	process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => {
	console.error(`hookwarden: the VS Code server exited (${code})`);
	rmSync(run, { recursive: true, force: true });
	process.exit(code ?? 1);
});
