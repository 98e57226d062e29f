// Measures one PreToolUse policy evaluation against 200 settings rules plus the built-in packs, with the command line
// already parsed (parsing is measured on its own), the way the host evaluates every tool call.
import { performance } from 'node:perf_hooks';

import { createShellAnalyzer } from '../src/node/shell/shellGrammars';
import { BUILTIN_PACKS } from '../src/core/judging/builtinPacks';
import { compilePolicy } from '../src/core/policy/compilePolicy';
import { evaluatePolicy } from '../src/core/policy/evaluatePolicy';
import type { PolicyInput } from '../src/core/judging/policyInput';
import { readPolicySettings } from '../src/core/settings/readPolicySettings';
import { toolCallOf } from '../src/core/reading/tools/toolCallOf';
import { createSqlReader } from '../src/node/sql/sqlParser';

function rules(count: number): unknown[] {
	const shapes = [
		(i: number) => ({ id: `cmd-${i}`, command: `tool${i} --flag`, verdict: 'deny' }),
		(i: number) => ({ id: `re-${i}`, command: `/^deploy-${i}\\b/`, verdict: 'ask' }),
		(i: number) => ({
			id: `path-${i}`,
			tool: 'fileWrite',
			path: `generated/${i}/**`,
			verdict: 'deny',
		}),
		(i: number) => ({ id: `tool-${i}`, tool: `/^mcp__server${i}__/`, verdict: 'ask' }),
		(i: number) => ({ id: `allow-${i}`, command: `safe${i}`, verdict: 'allow' }),
	];
	return Array.from({ length: count }, (_, i) => shapes[i % shapes.length]!(i));
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)]!;
}

export async function run(): Promise<Record<string, number>> {
	const source = { kind: 'workspaceSettings', file: '/ws/.vscode/settings.json' } as const;
	const { settings } = readPolicySettings([{ source, values: { rules: rules(200) } }]);
	const policy = compilePolicy(settings);
	const analyzer = await createShellAnalyzer();
	const line = 'cd src && npm run build -- --watch=false | tee build.log && git status --short';
	const parseTimes: number[] = [];
	for (let i = 0; i < 2000; i++) {
		const start = performance.now();
		analyzer.analyze(line, 'bash');
		parseTimes.push(performance.now() - start);
	}
	const input: PolicyInput = {
		event: {
			name: 'PreToolUse',
			dialect: 'vscode',
			timestamp: new Date().toISOString(),
			cwd: '/ws',
			tool: toolCallOf('run_in_terminal', { command: line }, { cwd: '/ws' }),
		},
		workspaceFolder: '/ws',
		homeDir: '/home/me',
		shell: analyzer.analyze(line, 'bash'),
	};
	const batch = 200;
	const batchTimes: number[] = [];
	for (let round = 0; round < 100; round++) {
		const start = performance.now();
		for (let i = 0; i < batch; i++) {
			evaluatePolicy(policy, input, BUILTIN_PACKS);
		}
		batchTimes.push((performance.now() - start) / batch);
	}
	// A long, nested line: wrappers, a shell string inside a shell string, interpreter code, a pipe into a shell,
	// fan-out and a heredoc, plus a chain of plain commands: the worst case an agent realistically sends.
	const nested = [
		...Array.from({ length: 30 }, (_, i) => `npm run step${i} -- --flag=${i}`),
		// bash -c "sh -c '… python3 -c \"import os; os.system(…)\"'": three levels of quoting.
		String.raw`sudo -u app env A=1 nice -n 5 timeout 30 bash -c "sh -c 'rm -rf build && python3 -c \"import os; os.system(\\\"git status\\\")\"'"`,
		`echo 'ls -la' | sudo bash -s`,
		`find . -name '*.tmp' -exec sh -c 'rm -f "$1"' _ {} \\;`,
		`ls | xargs -I{} sh -c 'echo {}'`,
		`node -e "require('fs').rmSync('dist', {recursive: true, force: true})"`,
		`bash <<EOF\ncd src\nrm -rf node_modules\nEOF`,
	].join(' && ');
	const nestedParse: number[] = [];
	for (let i = 0; i < 300; i++) {
		const start = performance.now();
		analyzer.analyze(nested, 'bash');
		nestedParse.push(performance.now() - start);
	}
	const nestedInput: PolicyInput = {
		...input,
		event: {
			name: 'PreToolUse',
			dialect: 'vscode',
			timestamp: new Date().toISOString(),
			cwd: '/ws',
			tool: toolCallOf('run_in_terminal', { command: nested }, { cwd: '/ws' }),
		},
		shell: analyzer.analyze(nested, 'bash'),
	};
	const nestedTimes: number[] = [];
	for (let round = 0; round < 50; round++) {
		const start = performance.now();
		for (let i = 0; i < 20; i++) {
			evaluatePolicy(policy, nestedInput, BUILTIN_PACKS);
		}
		nestedTimes.push((performance.now() - start) / 20);
	}
	// A line that carries SQL of losing kinds, read by the parser (loaded once, as a process keeps it). Each round
	// judges a fresh input: effects are memoised per input, and here reading the statements is what is measured.
	const sqlLine = `psql -h db -c "BEGIN; DELETE FROM sessions WHERE expires_at < now(); UPDATE users SET active = false WHERE last_seen < now() - interval '1 year'; COMMIT;"`;
	const sqlInput: PolicyInput = {
		...input,
		event: {
			name: 'PreToolUse',
			dialect: 'vscode',
			timestamp: new Date().toISOString(),
			cwd: '/ws',
			tool: toolCallOf('run_in_terminal', { command: sqlLine }, { cwd: '/ws' }),
		},
		shell: analyzer.analyze(sqlLine, 'bash'),
		readSql: createSqlReader(),
	};
	const sqlTimes: number[] = [];
	for (let round = 0; round < 300; round++) {
		const start = performance.now();
		evaluatePolicy(policy, { ...sqlInput }, BUILTIN_PACKS);
		sqlTimes.push(performance.now() - start);
	}
	// An MCP tool call read by the verb in its name and its arguments; a fresh input per call, so its effects are read
	// and judged every time rather than taken from the per-input memo.
	const mcpInput: PolicyInput = {
		event: {
			name: 'PreToolUse',
			dialect: 'vscode',
			timestamp: new Date().toISOString(),
			cwd: '/ws',
			tool: toolCallOf(
				'mcp__gitlab__delete_project',
				{ project_id: 'acme/shop', environment: 'staging', confirm: true },
				{ cwd: '/ws' },
			),
		},
		workspaceFolder: '/ws',
		homeDir: '/home/me',
	};
	const mcpTimes: number[] = [];
	for (let round = 0; round < 100; round++) {
		const start = performance.now();
		for (let i = 0; i < batch; i++) {
			evaluatePolicy(policy, { ...mcpInput }, BUILTIN_PACKS);
		}
		mcpTimes.push((performance.now() - start) / batch);
	}
	return {
		rules: policy.rules.length,
		sqlEvaluateMedianUs: median(sqlTimes) * 1000,
		mcpEvaluateMedianUs: median(mcpTimes) * 1000,
		evaluateMedianUs: median(batchTimes) * 1000,
		parseMedianUs: median(parseTimes) * 1000,
		nestedCommands: nestedInput.shell?.commands.length ?? 0,
		nestedParseMedianUs: median(nestedParse) * 1000,
		nestedEvaluateMedianUs: median(nestedTimes) * 1000,
	};
}
