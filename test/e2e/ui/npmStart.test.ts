/**
 * `npm start` as a newcomer meets it (scripts/start.mjs, run as `npm start` runs it): a busy port is named and the run
 * fails at once; otherwise the demo starts with Hookwarden running and its walkthrough open, and Ctrl-C (SIGINT to its process group, as a
 * terminal sends it) leaves nothing running: not the VS Code server, not a terminal it started (node-pty puts those in
 * sessions of their own), not esbuild's service process.
 * Every process the run starts inherits a marker in its environment, which is how this spec looks for leftovers.
 */
import * as assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';

import { after, afterEach, describe, it } from 'mocha';

import { processesWithEnvironment } from '../support/processes';
import { findRepoRoot, requireServerInstall } from '../support/vscodeServer';
import { openWorkbenchUrl, waitFor, type Workbench } from '../support/workbench';

const ROOT = findRepoRoot();
const MARK = 'HOOKWARDEN_START_SPEC';

/** Ids of live processes whose environment holds `MARK=<id>`. */
function marked(id: string): number[] {
	return processesWithEnvironment(`${MARK}=${id}`);
}

function describeProcess(pid: number): string {
	try {
		return `${pid} ${fs.readFileSync(`/proc/${pid}/cmdline`, 'latin1').replace(/\0/g, ' ').slice(0, 160)}`;
	} catch {
		return `${pid} (gone)`;
	}
}

function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const probe = net.createServer();
		probe.once('error', reject);
		probe.listen(0, '127.0.0.1', () => {
			const { port } = probe.address() as net.AddressInfo;
			probe.close(() => resolve(port));
		});
	});
}

function accepts(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = net.connect(port, '127.0.0.1');
		socket.once('connect', () => {
			socket.destroy();
			resolve(true);
		});
		socket.once('error', () => resolve(false));
	});
}

interface StartRun {
	readonly child: ChildProcess;
	readonly output: () => string;
	readonly exited: Promise<number | null>;
}

/** Runs `node scripts/start.mjs` in a process group of its own, as a terminal runs `npm start` in the foreground. */
function start(env: Record<string, string>): StartRun {
	let output = '';
	const child = spawn(process.execPath, ['scripts/start.mjs'], {
		cwd: ROOT,
		env: { ...process.env, ...env },
		detached: true,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
	return { child, output: () => output, exited };
}

describe('npm start: a busy port, the first start, and Ctrl-C', function () {
	let wb: Workbench | undefined;
	let running: StartRun | undefined;
	let id = '';

	afterEach(async function () {
		if (this.currentTest?.state === 'failed') {
			await wb?.saveDiagnostics(this.currentTest.fullTitle()).catch(() => undefined);
		}
	});

	after(async () => {
		await wb?.close();
		// Whatever a failed test left behind is stopped here, by the same marker the test looks for.
		if (running?.child.pid !== undefined) {
			try {
				process.kill(-running.child.pid, 'SIGKILL');
			} catch {
				// Already gone.
			}
		}
		for (const pid of id ? marked(id) : []) {
			try {
				process.kill(pid, 'SIGKILL');
			} catch {
				// Already gone.
			}
		}
	});

	it('names a busy port and exits non-zero before it installs or builds anything', async () => {
		const blocker = net.createServer();
		await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
		const { port } = blocker.address() as net.AddressInfo;
		try {
			const run = start({ PORT: String(port) });
			const code = await Promise.race([
				run.exited,
				new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 30_000)),
			]);
			assert.equal(code, 1, run.output());
			assert.match(run.output(), new RegExp(`port ${port} \\(from PORT\\) is busy`));
			assert.doesNotMatch(run.output(), /packaging|installing/);
		} finally {
			blocker.close();
		}
	});

	it('starts the demo with Hookwarden running and its walkthrough ticked; Ctrl-C stops every process it started', async function () {
		// Packaging, the scripted model and the extension install come first: minutes on a busy machine.
		this.timeout(600_000);
		const install = requireServerInstall(ROOT);
		id = randomUUID();
		const port = await freePort();
		running = start({ PORT: String(port), [MARK]: id });
		const run = running;
		const url = await waitFor(
			() => /open (http:\/\/127\.0\.0\.1:\d+\/\S+)/.exec(run.output())?.[1],
			{
				timeoutMs: 300_000,
				intervalMs: 500,
				describe: () => `npm start printed no URL:\n${run.output()}`,
			},
		);
		const folder = /this run's files: (\S+)/.exec(run.output())?.[1];
		assert.ok(folder && fs.existsSync(folder), run.output());

		wb = await openWorkbenchUrl(url, { chromium: install.chromium, readLog: run.output });
		const page = wb.page;
		// Hookwarden runs in the demo window, and its walkthrough opens with what the demo already did ticked.
		await page
			.locator('.part.statusbar .statusbar-item', { hasText: 'Hookwarden' })
			.first()
			.waitFor({ state: 'visible', timeout: 60_000 });
		for (const done of ['Install the hooks', 'Write a first rule']) {
			await page
				.locator('.getting-started-step', { hasText: done })
				.locator('.codicon-getting-started-step-checked')
				.waitFor({ state: 'visible', timeout: 60_000 });
		}
		await wb.screenshot('start-1-walkthrough');

		// A terminal: its shell runs in a session of its own, out of reach of a process-group kill.
		await wb.runCommand('Terminal: Create New Terminal');
		await page
			.locator('.terminal-wrapper .xterm')
			.first()
			.waitFor({ state: 'visible', timeout: 30_000 });
		await page.keyboard.type('sleep 900\n');
		await waitFor(
			() =>
				marked(id).some((pid) => describeProcess(pid).includes('sleep 900')) ? true : undefined,
			{
				timeoutMs: 20_000,
				describe: () => `no sleep among ${marked(id).map(describeProcess).join('; ')}`,
			},
		);
		await wb.close();
		wb = undefined;

		assert.ok(run.child.pid);
		process.kill(-run.child.pid, 'SIGINT');
		const code = await Promise.race([
			run.exited,
			new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 30_000)),
		]);
		assert.equal(code, 0, run.output());
		await waitFor(() => (marked(id).length === 0 ? true : undefined), {
			timeoutMs: 5_000,
			describe: () => `still running after Ctrl-C: ${marked(id).map(describeProcess).join('; ')}`,
		});
		assert.equal(await accepts(port), false, `port ${port} still accepts connections`);
		assert.equal(fs.existsSync(folder), false, `${folder} was left behind`);
	});
});
