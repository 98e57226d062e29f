// `npm run build && node bench/codeGrammars.mjs [rounds] [--bridge-only]`: what reading interpreter code costs a one-shot process, per
// language, next to a shell line that only loads the bash grammar and a bare `node -e 0`; then the whole headless
// bridge deciding a shell line and lines with Python and JavaScript code. Each round spawns every
// series once (interleaved, so machine load hits all alike); each child loads what the bridge would, with the
// bridge's `--liftoff-only`, and reports the CPU time of each phase and of the whole process (steadier than wall time
// on a shared machine). Results: docs/decisions/interpreter-code.md.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Script } from 'node:vm';

const dist = new URL('../dist', import.meta.url).pathname;

/** Runs a bundle written as one CommonJS function expression (see src/node/cachedBundle.ts), without its code cache. */
function loadWrapped(file) {
	const module = { exports: {} };
	new Script(readFileSync(file, 'utf8'), { filename: file }).runInThisContext()(
		module.exports,
		createRequire(file),
		module,
		file,
		dirname(file),
	);
	return module.exports;
}
const SERIES = ['none', 'shell', 'python', 'javascript', 'ruby', 'php'];
const SNIPPETS = {
	python:
		'import os, shutil\np = os.path.expanduser("~/.cache/x")\nshutil.rmtree(p)\nos.system("ls -la")',
	javascript:
		'const fs = require("fs"); fs.rmSync(require("os").homedir() + "/.cache/x", { recursive: true }); require("child_process").execSync("ls -la")',
	ruby: 'require "fileutils"; FileUtils.rm_rf(File.join(Dir.home, ".cache/x")); system("ls -la")',
	php: '$p = getenv("HOME") . "/.cache/x"; rmdir($p); system("ls -la");',
};

/** CPU milliseconds this process has used: steadier than wall time on a shared machine. */
function cpu() {
	const usage = process.cpuUsage();
	return (usage.user + usage.system) / 1000;
}

/** One cold process: a shell line's grammar, then (for a language) the code reader, its grammar and two reads. */
async function child(series) {
	const phases = {};
	if (series !== 'none') {
		let start = cpu();
		const shell = loadWrapped(join(dist, 'bridge-shell.js'));
		const analyzer = await shell.createShellAnalyzer({
			dialects: ['bash'],
			baselineWasmOnly: true,
		});
		analyzer.analyze(`python3 -c 'print(1)'`, 'bash');
		phases.shellGrammar = cpu() - start;
		if (series !== 'shell') {
			start = cpu();
			const code = loadWrapped(join(dist, 'bridge-code.js'));
			phases.requireReader = cpu() - start;
			start = cpu();
			const read = await code.createCodeReader(series, {
				bundleFolder: dist,
				baselineWasmOnly: true,
			});
			phases.codeGrammar = cpu() - start;
			start = cpu();
			const actions = read(SNIPPETS[series]);
			phases.firstRead = cpu() - start;
			start = cpu();
			read(SNIPPETS[series]);
			phases.nextRead = cpu() - start;
			if (actions.length !== 2) {
				throw new Error(`${series} read ${JSON.stringify(actions)}`);
			}
		}
	}
	const usage = process.resourceUsage();
	phases.processCpu = (usage.userCPUTime + usage.systemCPUTime) / 1000;
	process.stdout.write(JSON.stringify(phases));
}

function median(values) {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
}

function parent(rounds) {
	const results = Object.fromEntries(SERIES.map((series) => [series, []]));
	for (let round = 0; round < rounds; round++) {
		for (const series of SERIES) {
			const start = performance.now();
			const run = spawnSync(
				process.execPath,
				[new URL(import.meta.url).pathname, 'child', series],
				{
					encoding: 'utf8',
				},
			);
			if (run.status !== 0) {
				throw new Error(run.stderr);
			}
			results[series].push({ wall: performance.now() - start, ...JSON.parse(run.stdout) });
		}
	}
	const base = results.none;
	const shell = results.shell;
	for (const series of SERIES) {
		const runs = results[series];
		const phases = Object.keys(runs[0])
			.filter((key) => key !== 'wall')
			.map((key) => `${key} ${median(runs.map((run) => run[key])).toFixed(1)}`)
			.join(', ');
		const toNode = median(runs.map((run, i) => run.wall / base[i].wall)).toFixed(2);
		const toShell = median(runs.map((run, i) => run.processCpu / shell[i].processCpu)).toFixed(2);
		console.log(
			`${series.padEnd(10)} wall ${median(runs.map((run) => run.wall)).toFixed(1)} ms (${toNode}× node, CPU ${toShell}× shell line) | CPU ms: ${phases}`,
		);
	}
}

/** Lines the bridge decides, new each round so that its disk cache of readings never answers. */
const BRIDGE_LINES = {
	'shell line': (round) => `ls -la src/${round} && git status`,
	'python line': (round) => `python3 -c 'import os; os.remove("build/${round}.tmp")'`,
	'node line': (round) => `node -e 'require("fs").rmSync("build/${round}", { recursive: true })'`,
};

/** GNU time, to read a child's CPU time (node does not report its children's); absent, only wall time is shown. */
const TIME = '/usr/bin/time';

/** Runs the bridge once on `input`: wall milliseconds, and CPU milliseconds where GNU time is there to tell. */
function runBridge(input, env, home) {
	const times = join(home, 'times');
	const bridge = [join(dist, 'bridge.js'), 'PreToolUse'];
	const withTime = existsSync(TIME);
	const start = performance.now();
	const run = withTime
		? spawnSync(TIME, ['-f', '%U %S', '-o', times, process.execPath, ...bridge], {
				input,
				env,
				cwd: home,
			})
		: spawnSync(process.execPath, bridge, { input, env, cwd: home });
	const wall = performance.now() - start;
	if (run.status !== 0) {
		throw new Error(String(run.stderr));
	}
	const [user = 0, system = 0] = withTime
		? readFileSync(times, 'utf8').trim().split(/\s+/).map(Number)
		: [];
	return { wall, cpu: withTime ? (user + system) * 1000 : undefined };
}

/**
 * The whole bridge, headless, from spawn to verdict: a shell line (bash grammar only) next to lines that carry Python
 * and JavaScript code (bash grammar, then the code reader bundle and that language's grammar), in a home and runtime
 * folder of their own. CPU time (10 ms resolution) is the steadier measure on a shared machine.
 */
function bridgeSeries(rounds) {
	const home = mkdtempSync(join(tmpdir(), 'hookwarden-code-bench-'));
	const env = {
		...process.env,
		HOME: home,
		XDG_RUNTIME_DIR: home,
		HOOKWARDEN_AUDIT_FILE: join(home, 'audit.jsonl'),
	};
	const results = Object.fromEntries(Object.keys(BRIDGE_LINES).map((label) => [label, []]));
	for (let round = 0; round < rounds; round++) {
		for (const [label, line] of Object.entries(BRIDGE_LINES)) {
			const input = JSON.stringify({
				hook_event_name: 'PreToolUse',
				session_id: 'bench',
				cwd: home,
				tool_name: 'run_in_terminal',
				tool_input: { command: line(round) },
				tool_use_id: `b${round}`,
			});
			results[label].push(runBridge(input, env, home));
		}
	}
	rmSync(home, { recursive: true, force: true });
	const shell = results['shell line'];
	for (const [label, runs] of Object.entries(results)) {
		const wallRatio = median(runs.map((run, i) => run.wall / shell[i].wall)).toFixed(2);
		const cpu =
			runs[0].cpu === undefined ? '' : `, CPU ${median(runs.map((run) => run.cpu)).toFixed(0)} ms`;
		console.log(
			`bridge, ${label.padEnd(11)} spawn to verdict: wall ${median(runs.map((run) => run.wall)).toFixed(1)} ms (${wallRatio}× the shell line)${cpu}`,
		);
	}
}

if (process.argv[2] === 'child') {
	await child(process.argv[3]);
} else {
	// `[rounds] [--bridge-only]`
	const rounds = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 30);
	if (!process.argv.includes('--bridge-only')) {
		parent(rounds);
	}
	bridgeSeries(rounds);
}
