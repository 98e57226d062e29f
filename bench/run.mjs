// `npm run bench`: prints the project's speed targets, each measured on this machine in one run.
//   policy evaluation per PreToolUse with 200 rules ........ median ≤ 50 µs
//   bridge spawn-to-verdict vs a bare `node -e 0` ........... ≤ 1.3×   (headless: no window)
//   launcher through the running window vs bash+jq reference  ≤ 0.35×  (Linux/macOS fast path, TLS both ways)
//   node bridge through the running window vs bare node ..... ≤ 1.15×  (where node must run: Windows)
//   200 concurrent calls to the window ....................... p99 ≤ 5× p50, none lost, each recorded
//   audit append per event (mask + one open/write/close) ....... median ≤ 200 µs (the bridge spawns log too)
//   Events view: 25,000 events into a 10,000-event model, listed  every round ≤ 5,000 ms
//   paths of a 100,000-file apply_patch body ..................... every round ≤ 2,000 ms
//   snapshots of a 5,000-file, 100 MB workspace, window and headless: an effectful call that changed ≤ 10 files adds
//   ≤ 40 ms, its PostToolUse comparison ≤ 40 ms, a call without write effects takes none; 100 calls add ≤ 5 MB
// Each ratio is the median of per-round ratios: a round spawns the reference and the measured command back to back,
// so a spell of CPU steal on a shared machine slows both sides of a pair instead of skewing one series.
import { fork, spawn } from 'node:child_process';
import * as net from 'node:net';
import {
	copyFileSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

import * as esbuild from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const bridge = join(root, 'dist', 'bridge.js');
const rows = [];

function row(measure, value, unit, target, ok) {
	rows.push({
		measure,
		value: `${value.toFixed(unit === '×' ? 2 : 1)} ${unit}`,
		target,
		verdict: ok ? 'ok' : 'MISSED',
	});
}

// Spawns per series; medians of 25 moved by ±0.05× between runs on a 2-core VM, 40 hold steadier.
const SPAWN_ROUNDS = 40;

/** The median of `measured[i] / reference[i]` over paired rounds. */
function pairedRatio(measured, reference) {
	return median(measured.map((value, i) => value / reference[i]));
}

function median(values) {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
}

function timeSpawn(command, args, stdin, cwd, env = process.env) {
	return new Promise((resolve, reject) => {
		const start = performance.now();
		const child = spawn(command, args, { cwd, env, stdio: ['pipe', 'pipe', 'inherit'] });
		let out = '';
		child.stdout.on('data', (chunk) => (out += chunk));
		child.on('error', reject);
		child.on('close', (code) =>
			code === 0
				? resolve({ ms: performance.now() - start, out })
				: reject(new Error(`${command} exited ${code}`)),
		);
		child.stdin.end(stdin);
	});
}

async function policyBench() {
	const { module, dir } = await bundle('bench/policyEvaluation.bench.ts');
	const result = await module.run();
	rmSync(dir, { recursive: true, force: true });
	row(
		`policy evaluation, PreToolUse, ${result.rules} rules + packs (median)`,
		result.evaluateMedianUs,
		'µs',
		'≤ 50 µs',
		result.evaluateMedianUs <= 50,
	);
	row(
		'shell parse of a 5-sub-command line (median, warm)',
		result.parseMedianUs,
		'µs',
		'info',
		true,
	);
	row(
		`shell parse of a long nested line, ${result.nestedCommands} sub-commands (median, warm)`,
		result.nestedParseMedianUs,
		'µs',
		'info',
		true,
	);
	row(
		`policy evaluation of that line, ${result.rules} rules + packs (median)`,
		result.nestedEvaluateMedianUs,
		'µs',
		'info',
		true,
	);
	row(
		`policy evaluation of a line with SQL (parser loaded), ${result.rules} rules + packs (median)`,
		result.sqlEvaluateMedianUs,
		'µs',
		'info',
		true,
	);
	row(
		`policy evaluation of an MCP tool call, ${result.rules} rules + packs (median)`,
		result.mcpEvaluateMedianUs,
		'µs',
		'info',
		true,
	);
}

async function auditBench() {
	const { module, dir } = await bundle('bench/auditAppend.bench.ts');
	const result = module.run();
	rmSync(dir, { recursive: true, force: true });
	row(
		`audit append per event, shell call (${result.lineBytes} B line, median)`,
		result.shellUs,
		'µs',
		'≤ 200 µs',
		result.shellUs <= 200,
	);
	row(
		'audit append per event, 200 KB file write (masked, cut, median)',
		result.largeWriteUs,
		'µs',
		'info',
		true,
	);
}

// Both were timed assertions in the unit tests (eventsModel.test.ts, pathsInPatch.test.ts); a unit test that fails
// on a slow machine says nothing about behaviour, so the speed is checked here. Each round must meet the target the
// tests enforced, so the row shows the slowest round.
async function eventsModelBench() {
	const { module, dir } = await bundle('bench/eventsModel.bench.ts');
	const result = module.run();
	rmSync(dir, { recursive: true, force: true });
	row(
		`Events view: ${result.events} events into a ${result.limit}-event model, listed (slowest round)`,
		result.maxMs,
		'ms',
		'≤ 5000 ms',
		result.maxMs <= 5000,
	);
	row('  median round', result.medianMs, 'ms', 'info', true);
}

async function pathsInPatchBench() {
	const { module, dir } = await bundle('bench/pathsInPatch.bench.ts');
	const result = module.run();
	rmSync(dir, { recursive: true, force: true });
	row(
		`paths of a ${result.files}-file apply_patch body (slowest round)`,
		result.maxMs,
		'ms',
		'≤ 2000 ms',
		result.maxMs <= 2000,
	);
	row('  median round', result.medianMs, 'ms', 'info', true);
}

async function spawnBench() {
	const workspace = mkdtempSync(join(tmpdir(), 'hookwarden-bench-ws-'));
	// Every headless answer is logged: the spawn ratios below are measured with the audit log on.
	const env = { ...process.env, HOOKWARDEN_AUDIT_FILE: join(workspace, 'audit.jsonl') };
	mkdirSync(join(workspace, '.vscode'));
	writeFileSync(
		join(workspace, '.vscode', 'settings.json'),
		JSON.stringify({ 'hookwarden.rules': [{ command: 'curl', verdict: 'deny' }] }),
	);
	const payload = (tool, input) =>
		JSON.stringify({
			timestamp: new Date().toISOString(),
			hook_event_name: 'PreToolUse',
			session_id: 'bench',
			cwd: workspace,
			tool_name: tool,
			tool_input: input,
			tool_use_id: 'b1',
		});
	const runToken = Date.now().toString(36);
	const cases = [
		['file tool (read_file)', payload('read_file', { filePath: join(workspace, 'a.ts') })],
		[
			// An agent runs the same lines all session long: this one's reading comes from the shell-analysis cache. It
			// writes nothing, so no snapshot is taken: what snapshots add is measured in its own rows.
			'shell tool (run_in_terminal, a line read before)',
			payload('run_in_terminal', { command: 'git status && git diff --stat' }),
		],
		[
			// A line never seen loads the shell grammar (wasm) to read it: what the first call of each new line costs.
			'shell tool, a line not read before (grammar loaded)',
			// The token makes it new to this run too: the cache outlives a run.
			(round) =>
				payload('run_in_terminal', {
					command: `git log --oneline -n ${round + 100} ${runToken} && git status`,
				}),
			'info',
		],
		[
			'Python one-liner (python3 -c, its code read)',
			payload('run_in_terminal', {
				command: `python3 -c "import shutil, os; shutil.rmtree('build'); os.remove('out.log')"`,
			}),
			// Interpreter code costs more than a plain line: measured, not held to the plain line's target.
			'info',
		],
	];
	const baseline = [];
	const bridgeTimes = cases.map(() => []);
	const stdinOf = (stdin, round) => (typeof stdin === 'function' ? stdin(round) : stdin);
	for (let i = 0; i < 3; i++) {
		await timeSpawn(process.execPath, ['-e', '0'], '', workspace);
		for (const [, stdin] of cases)
			await timeSpawn(
				process.execPath,
				[bridge, 'PreToolUse'],
				stdinOf(stdin, -1 - i),
				workspace,
				env,
			);
	}
	// Interleaved so that machine load affects every series alike.
	for (let i = 0; i < SPAWN_ROUNDS; i++) {
		baseline.push((await timeSpawn(process.execPath, ['-e', '0'], cases[0][1], workspace)).ms);
		for (const [index, [, stdin]] of cases.entries()) {
			bridgeTimes[index].push(
				(
					await timeSpawn(
						process.execPath,
						[bridge, 'PreToolUse'],
						stdinOf(stdin, i),
						workspace,
						env,
					)
				).ms,
			);
		}
	}
	const base = median(baseline);
	row('bare `node -e 0` spawn (median)', base, 'ms', 'baseline', true);
	for (const [index, [label, , target]] of cases.entries()) {
		const ms = median(bridgeTimes[index]);
		const ratio = pairedRatio(bridgeTimes[index], baseline);
		row(`bridge spawn-to-verdict, ${label}, audit log on (median)`, ms, 'ms', 'info', true);
		row(
			`  ratio to bare node (median of ${SPAWN_ROUNDS} pairs)`,
			ratio,
			'×',
			target ?? '≤ 1.30×',
			target === 'info' || ratio <= 1.3,
		);
	}
	// Calls that hold files started a snapshot keeper for this workspace: end it with the bench.
	for (const pid of keepersOf(workspace)) {
		process.kill(pid);
	}
	rmSync(workspace, { recursive: true, force: true });
}

async function bundle(entry) {
	// Inside the repository so packages resolve from its node_modules. The grammar loader looks for its .wasm files
	// next to the bundle (as in dist/) or three folders up from it (as from src/node/shell/), which out/bench-*/ is
	// not, so the grammars are copied next to the bundle the way esbuild.mjs copies them into dist/.
	mkdirSync(join(root, 'out'), { recursive: true });
	const dir = mkdtempSync(join(root, 'out', 'bench-'));
	const outfile = join(dir, 'entry.cjs');
	for (const file of ['tree-sitter.wasm', 'tree-sitter-bash.wasm', 'tree-sitter-powershell.wasm']) {
		copyFileSync(
			join(root, 'node_modules', '@vscode', 'tree-sitter-wasm', 'wasm', file),
			join(dir, file),
		);
	}
	await esbuild.build({
		entryPoints: [join(root, entry)],
		bundle: true,
		platform: 'node',
		format: 'cjs',
		outfile,
		logLevel: 'error',
	});
	return { module: await import(outfile), dir, outfile };
}

/** Starts the stand-in extension host in a process of its own and talks to it over the fork IPC channel. */
async function forkHost(outfile, workspace) {
	const child = fork(outfile, ['--serve', workspace], {
		stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
	});
	const next = () => new Promise((resolve) => child.once('message', resolve));
	const { socket, secretFile, token, runtimeDir } = await next();
	return {
		socket,
		secretFile,
		token,
		runtimeDir,
		recorded: async () => {
			const answer = next();
			child.send('recorded');
			return (await answer).recorded;
		},
		stop: async () => {
			const exited = new Promise((resolve) => child.once('exit', resolve));
			child.send('stop');
			await exited;
		},
	};
}

function post(socket, head, body) {
	return new Promise((resolve) => {
		const start = performance.now();
		const connection = net.connect(socket);
		let reply = '';
		connection.on('connect', () => connection.end(head + body));
		connection.on('data', (chunk) => (reply += chunk));
		connection.on('error', () => resolve({ ms: performance.now() - start, ok: false }));
		connection.on('end', () =>
			resolve({
				ms: performance.now() - start,
				ok: reply.startsWith('HTTP/1.1 200') && reply.includes('{'),
			}),
		);
	});
}

async function liveBench() {
	const { module, dir, outfile } = await bundle('bench/liveHost.bench.ts');
	const workspace = join(dir, 'ws');
	const host = await forkHost(outfile, workspace);
	const launcher = module.writeLauncher(dir, bridge, host.runtimeDir);
	// Each call has its own tool_use_id: the window shares one answer between calls with the same id (a hook
	// registered twice), which would record only the first.
	let callId = 0;
	const payload = () =>
		JSON.stringify({
			timestamp: new Date().toISOString(),
			hook_event_name: 'PreToolUse',
			session_id: 'bench',
			cwd: workspace,
			tool_name: 'run_in_terminal',
			tool_input: { command: 'git status && git diff --stat' },
			tool_use_id: `call-${callId++}`,
		});
	const stdin = payload();
	const withWindow = {
		...process.env,
		HOOKWARDEN_ENDPOINT: host.socket,
		XDG_RUNTIME_DIR: host.runtimeDir,
	};
	const reference = `bash ${join(root, 'bench', 'reference-hook.sh')}`;
	const series = { reference: [], launcher: [], node: [], nodeBridge: [] };
	const once = async () => {
		series.reference.push((await timeSpawn('/bin/sh', ['-c', reference], stdin, workspace)).ms);
		const viaLauncher = await timeSpawn(
			'/bin/sh',
			['-c', `${launcher} PreToolUse`],
			payload(),
			workspace,
			withWindow,
		);
		series.launcher.push(viaLauncher.ms);
		series.node.push((await timeSpawn(process.execPath, ['-e', '0'], stdin, workspace)).ms);
		series.nodeBridge.push(
			(await timeSpawn(process.execPath, [bridge, 'PreToolUse'], payload(), workspace, withWindow))
				.ms,
		);
		return viaLauncher.out;
	};
	for (let i = 0; i < 3; i++) await once();
	const recordedBefore = await host.recorded();
	for (let i = 0; i < SPAWN_ROUNDS; i++) await once();
	const ref = median(series.reference);
	row('bash + jq reference hook (median)', ref, 'ms', 'baseline', true);
	row(
		'launcher (sh + curl) through the running window (median)',
		median(series.launcher),
		'ms',
		'info',
		true,
	);
	const launcherRatio = pairedRatio(series.launcher, series.reference);
	row(
		`  ratio to the bash + jq reference (median of ${SPAWN_ROUNDS} pairs)`,
		launcherRatio,
		'×',
		'≤ 0.35×',
		launcherRatio <= 0.35,
	);
	row(
		'node bridge through the running window (median)',
		median(series.nodeBridge),
		'ms',
		'info',
		true,
	);
	const nodeBridgeRatio = pairedRatio(series.nodeBridge, series.node);
	row(
		`  ratio to bare node (median of ${SPAWN_ROUNDS} pairs)`,
		nodeBridgeRatio,
		'×',
		'≤ 1.15×',
		nodeBridgeRatio <= 1.15,
	);
	const recordedSerial = (await host.recorded()) - recordedBefore;

	const token = host.token;
	const before = await host.recorded();
	const calls = await Promise.all(
		Array.from({ length: 200 }, (_, i) => {
			const body = JSON.stringify({
				v: module.PROTOCOL_VERSION,
				client: 'node',
				event: 'PreToolUse',
				payload: { ...JSON.parse(stdin), tool_use_id: `c${i}` },
			});
			return post(
				host.socket,
				module.signedHead(`${module.HOOK_PATH}PreToolUse`, token, body),
				body,
			);
		}),
	);
	const latencies = calls.map((c) => c.ms).sort((a, b) => a - b);
	const p50 = latencies[Math.floor(latencies.length * 0.5)];
	const p99 = latencies[Math.floor(latencies.length * 0.99)];
	const lost = calls.filter((c) => !c.ok).length;
	const recorded = (await host.recorded()) - before;
	row('200 concurrent calls to the window: p50', p50, 'ms', 'info', true);
	row('200 concurrent calls to the window: p99', p99, 'ms', '≤ 5× p50', p99 <= 5 * p50);
	row(
		`  answered ${200 - lost}/200, recorded ${recorded}/200 (serial runs recorded ${recordedSerial}/${2 * SPAWN_ROUNDS})`,
		200 - lost,
		'calls',
		'200',
		lost === 0 && recorded === 200 && recordedSerial === 2 * SPAWN_ROUNDS,
	);
	await host.stop();
	rmSync(dir, { recursive: true, force: true });
}

// Snapshots where a process lives across calls (the window; the keeper serves bridges the same way).
async function snapshotBench() {
	const { module, dir } = await bundle('bench/snapshots.bench.ts');
	const result = await module.run(dir, SPAWN_ROUNDS);
	rmSync(dir, { recursive: true, force: true });
	row(
		'window: first snapshot of a 5,000-file, 100 MB workspace',
		result.firstHoldMs,
		'ms',
		'info',
		true,
	);
	row(
		'window: added latency of an effectful call, 10 files changed (median)',
		result.holdMs,
		'ms',
		'≤ 40 ms',
		result.holdMs <= 40,
	);
	row('  the same, nothing changed (median)', result.unchangedHoldMs, 'ms', 'info', true);
	row(
		'window: PostToolUse comparison, 10 files changed (median)',
		result.observeMs,
		'ms',
		'≤ 40 ms',
		result.observeMs <= 40,
	);
	const growthMb = result.growthBytes / (1024 * 1024);
	row('store growth, 100 effectful calls on small files', growthMb, 'MB', '≤ 5 MB', growthMb <= 5);
}

/** The snapshot keepers started for a workspace, by their command lines in /proc. */
function keepersOf(workspace) {
	const found = [];
	for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
		try {
			const line = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
			if (line.includes('--snapshot-keeper') && line.includes(workspace)) {
				found.push(Number(pid));
			}
		} catch {
			// Gone meanwhile.
		}
	}
	return found;
}

/**
 * Snapshots headless: a bridge per call, the keeper (started by the first call) holding and comparing. Each round
 * changes 10 files, then spawns the same PreToolUse in a workspace with snapshots on and in an identical one with them
 * off; then changes 10 more and does the same with PostToolUse. What snapshots add is the paired difference. A call
 * that writes nothing must add nothing: it takes no snapshot at all.
 */
async function headlessSnapshotBench() {
	const { module, dir } = await bundle('bench/snapshots.bench.ts');
	const home = join(dir, 'home');
	const runtime = join(dir, 'run');
	mkdirSync(home, { recursive: true });
	mkdirSync(runtime, { mode: 0o700 });
	const on = join(dir, 'on');
	const off = join(dir, 'off');
	module.makeWorkspace(on);
	module.makeWorkspace(off);
	mkdirSync(join(off, '.vscode'));
	writeFileSync(
		join(off, '.vscode', 'settings.json'),
		JSON.stringify({ 'hookwarden.snapshots.enabled': false }),
	);
	const env = {
		...process.env,
		HOME: home,
		XDG_RUNTIME_DIR: runtime,
		HOOKWARDEN_AUDIT_FILE: join(dir, 'audit.jsonl'),
	};
	let id = 0;
	const payload = (event, workspace, command, useId) =>
		JSON.stringify({
			hook_event_name: event,
			session_id: 'bench',
			cwd: workspace,
			tool_name: 'run_in_terminal',
			tool_input: { command },
			tool_use_id: useId,
			...(event === 'PostToolUse' && { tool_response: '' }),
		});
	const call = async (event, workspace, command, useId) =>
		(
			await timeSpawn(
				process.execPath,
				[bridge, event],
				payload(event, workspace, command, useId),
				workspace,
				env,
			)
		).ms;
	// The first call starts the keeper, which holds the workspace at once; wait until it answers.
	await call('PreToolUse', on, 'python3 tidy.py', 'warm');
	for (let i = 0; i < 600 && keepersOf(on).length === 0; i++) {
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
	for (let i = 0; i < 5; i++) {
		await call('PreToolUse', on, 'python3 tidy.py', `w${i}`);
		await call('PostToolUse', on, 'python3 tidy.py', `w${i}`);
	}
	const records = () =>
		readdirSync(
			join(
				home,
				'.config',
				'Code',
				'User',
				'globalStorage',
				'hookwarden.hookwarden',
				'snapshots',
				'records',
			),
		).length;
	const series = {
		holdOn: [],
		holdOff: [],
		observeOn: [],
		observeOff: [],
		quietOn: [],
		quietOff: [],
	};
	let quietRecords = 0;
	for (let round = 0; round < SPAWN_ROUNDS; round++) {
		const useId = `r${id++}`;
		module.changeFiles(on, round, 10);
		module.changeFiles(off, round, 10);
		series.holdOn.push(await call('PreToolUse', on, 'python3 tidy.py', useId));
		series.holdOff.push(await call('PreToolUse', off, 'python3 tidy.py', useId));
		module.changeFiles(on, round + 1000, 10);
		module.changeFiles(off, round + 1000, 10);
		series.observeOn.push(await call('PostToolUse', on, 'python3 tidy.py', useId));
		series.observeOff.push(await call('PostToolUse', off, 'python3 tidy.py', useId));
		const before = records();
		series.quietOn.push(await call('PreToolUse', on, 'git status && git diff --stat', `q${round}`));
		series.quietOff.push(
			await call('PreToolUse', off, 'git status && git diff --stat', `q${round}`),
		);
		quietRecords += records() - before;
	}
	const added = (a, b) => median(a.map((value, i) => value - b[i]));
	const hold = added(series.holdOn, series.holdOff);
	const observe = added(series.observeOn, series.observeOff);
	row(
		'headless: bridge spawn-to-verdict, effectful call, snapshots off (median)',
		median(series.holdOff),
		'ms',
		'info',
		true,
	);
	row(
		`headless: added latency of an effectful call, 10 files changed (median of ${SPAWN_ROUNDS} pairs)`,
		hold,
		'ms',
		'≤ 40 ms',
		hold <= 40,
	);
	row(
		`headless: PostToolUse comparison, 10 files changed (median of ${SPAWN_ROUNDS} pairs)`,
		observe,
		'ms',
		'≤ 40 ms',
		observe <= 40,
	);
	row(
		`headless: a call without write effects: snapshots taken ${quietRecords}, added (median)`,
		added(series.quietOn, series.quietOff),
		'ms',
		'none taken',
		quietRecords === 0,
	);
	for (const pid of keepersOf(on)) {
		process.kill(pid);
	}
	rmSync(dir, { recursive: true, force: true });
}

// `npm run bench -- live spawn` runs only those sections; no argument runs them all.
const sections = {
	policy: policyBench,
	audit: auditBench,
	events: eventsModelBench,
	patch: pathsInPatchBench,
	spawn: spawnBench,
	live: liveBench,
	snapshots: snapshotBench,
	headlessSnapshots: headlessSnapshotBench,
};
const chosen = process.argv.slice(2);
for (const name of chosen.filter((section) => !(section in sections))) {
	throw new Error(`unknown bench section ${name}; choose from ${Object.keys(sections).join(', ')}`);
}
for (const [name, section] of Object.entries(sections)) {
	if (chosen.length === 0 || chosen.includes(name)) {
		await section();
	}
}
const width = Math.max(...rows.map((r) => r.measure.length));
console.log(
	`\n${'measure'.padEnd(width)}  ${'value'.padStart(12)}  ${'target'.padEnd(10)}  verdict`,
);
for (const r of rows) {
	console.log(
		`${r.measure.padEnd(width)}  ${r.value.padStart(12)}  ${r.target.padEnd(10)}  ${r.verdict}`,
	);
}
