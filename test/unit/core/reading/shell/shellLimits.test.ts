import { beforeAll, describe, expect, it } from 'vitest';

import type { HookEvent } from '../../../../../src/core/events/hookEvent';
import { compilePolicy } from '../../../../../src/core/policy/compilePolicy';
import { evaluatePolicy } from '../../../../../src/core/policy/evaluatePolicy';
import { BUILTIN_PACKS } from '../../../../../src/core/judging/builtinPacks';
import { DefaultHooksProvider } from '../../../../../src/core/provider/defaultHooksProvider';
import { readPolicySettings } from '../../../../../src/core/settings/readPolicySettings';
import type {
	CommandLineAnalysis,
	ShellAnalyzer,
	SimpleCommand,
} from '../../../../../src/core/reading/shell/commandLine';
import {
	commandLineOverLimit,
	limitedShellAnalyzer,
	MAX_COMMANDS,
	MAX_LINE_LENGTH,
	MAX_NESTING,
	MAX_OPERATORS,
} from '../../../../../src/core/reading/shell/shellLimits';
import { shellAnalyzer } from '../../../../support/shellAnalyzer';

let analyzer: ShellAnalyzer;
beforeAll(async () => {
	analyzer = await shellAnalyzer();
});

const nested = (open: string, close: string, n: number, inner = 'rm -rf /') =>
	open.repeat(n) + inner + close.repeat(n);

describe('commandLineOverLimit', () => {
	it.each([
		'npm test',
		'echo "$(date)" && (cd src && ls) | wc -l',
		"awk '{ if ($1 > 0) { print $2 } }' file",
		'curl -d \'{"a":{"b":[1,2,{"c":3}]}}\' https://example.com',
		nested('$(', ')', MAX_NESTING, 'ls'),
		Array(MAX_OPERATORS).fill('true').join(' ; '),
		`cat > big.txt <<EOF\n${Array(5_000).fill('plain text line').join('\n')}\nEOF`,
	])('reads %#', (line) => {
		expect(commandLineOverLimit(line)).toBeUndefined();
	});

	it.each([
		[nested('(', ')', 2_000), 'nests brackets 2000 deep'],
		[`echo ${nested('$(', ')', MAX_NESTING + 1)}`, `${MAX_NESTING + 1} deep`],
		[nested('{ ', '; }', 500), '500 deep'],
		[nested('[', ']', 300), '300 deep'],
		[`bash -c '${nested('(', ')', 200)}'`, '200 deep'],
		[Array(20_000).fill('cat').join('|'), 'over 1000 pipes'],
		[
			Array(MAX_OPERATORS + 2)
				.fill('true')
				.join(' && '),
			'over 1000 pipes',
		],
		['x'.repeat(MAX_LINE_LENGTH + 1), `${MAX_LINE_LENGTH + 1} characters long`],
	])('refuses %#', (line, why) => {
		expect(commandLineOverLimit(line)).toContain(why);
	});
});

describe('limitedShellAnalyzer', () => {
	it('reads a line just under every limit with the real grammar, without a throw', () => {
		const deep = analyzer.analyze(`echo ${nested('$(', ')', MAX_NESTING - 1)}`, 'bash');
		expect(deep.parseError).toBeUndefined();
		expect(deep.commands.some((c) => c.argv.join(' ') === 'rm -rf /')).toBe(true);
		const long = analyzer.analyze(
			`${Array(MAX_OPERATORS - 1)
				.fill('cat')
				.join(' | ')} | rm -rf /`,
			'bash',
		);
		expect(long.parseError).toBeUndefined();
		expect(long.commands).toHaveLength(MAX_OPERATORS);
	});

	it.each([
		['bash', nested('(', ')', 2_000)],
		['bash', `echo ${nested('$(', ')', 2_000)}`],
		['bash', `${Array(20_000).fill('cat').join(' | ')} | rm -rf /`],
		['bash', `${Array(5_000).fill('true').join(' && ')} && rm -rf /`],
		['powershell', nested('(', ')', 1_000, 'Remove-Item -Recurse -Force /')],
	] as const)(
		'answers the red-team line %# with a parseError instead of a throw',
		(dialect, line) => {
			const analysis = analyzer.analyze(line, dialect);
			expect(analysis.parseError).toMatch(/over the|more than/);
			expect(analysis.commands).toEqual([]);
		},
	);

	it('turns a throwing parser into a parseError and stops trusting it afterwards', () => {
		let calls = 0;
		const crashing: ShellAnalyzer = {
			analyze(commandLine, dialect) {
				calls++;
				if (commandLine === 'boom') {
					throw new RangeError('Maximum call stack size exceeded');
				}
				return { commandLine, dialect, commands: [] };
			},
		};
		const limited = limitedShellAnalyzer(crashing);
		expect(limited.analyze('ls', 'bash').parseError).toBeUndefined();
		expect(limited.analyze('boom', 'bash').parseError).toContain(
			'RangeError: Maximum call stack size exceeded',
		);
		expect(limited.analyze('ls', 'bash').parseError).toContain('failed on an earlier line');
		expect(calls).toBe(2);
	});

	it('reports an analysis with more commands than it reads, keeping the commands', () => {
		const command: SimpleCommand = {
			argv: ['true'],
			text: 'true',
			wrappers: [],
			origin: 'line',
			redirects: [],
		};
		const many: ShellAnalyzer = {
			analyze: (commandLine, dialect): CommandLineAnalysis => ({
				commandLine,
				dialect,
				commands: Array<SimpleCommand>(MAX_COMMANDS + 1).fill(command),
			}),
		};
		const analysis = limitedShellAnalyzer(many).analyze('true', 'bash');
		expect(analysis.parseError).toContain(`${MAX_COMMANDS + 1} commands`);
		expect(analysis.commands).toHaveLength(MAX_COMMANDS + 1);
	});
});

function shellEvent(commandLine: string): HookEvent {
	return {
		name: 'PreToolUse',
		dialect: 'vscode',
		timestamp: '2026-01-01T00:00:00.000Z',
		tool: {
			name: 'run_in_terminal',
			kind: 'shell',
			input: { command: commandLine },
			commandLine,
			shell: 'bash',
			paths: [],
		},
	};
}

function policyOf(values: Record<string, unknown>) {
	const { settings } = readPolicySettings([
		{ source: { kind: 'workspaceSettings', file: '/ws/.vscode/settings.json' }, values },
	]);
	return compilePolicy(settings);
}

describe('an unreadable command line in the policy', () => {
	it.each(['open', 'closed'])('asks with the reason under failMode %s', (failMode) => {
		const line = nested('(', ')', 2_000);
		const outcome = evaluatePolicy(
			policyOf({ failMode }),
			{ event: shellEvent(line), shell: analyzer.analyze(line, 'bash') },
			BUILTIN_PACKS,
		);
		expect(outcome.verdict).toBe('ask');
		expect(outcome.winner?.ruleId).toBe('destructiveCommands.unreadableCommandLine');
		expect(outcome.winner?.reason).toContain('nests brackets 2000 deep');
	});

	it.each([
		['open', 'ask'],
		['closed', 'deny'],
	])(
		'answers a shell tool whose arguments hold no command it can find under failMode %s: %s',
		(failMode, verdict) => {
			const event = shellEvent('');
			const outcome = evaluatePolicy(
				policyOf({ failMode }),
				{
					event: {
						...event,
						tool: {
							name: 'mcp__box__exec',
							kind: 'shell',
							input: { program: 'rm', target: '~' },
							paths: [],
						},
					} as HookEvent,
				},
				BUILTIN_PACKS,
			);
			expect(outcome.verdict).toBe(verdict);
			expect(outcome.winner?.reason).toContain('hold no command');
		},
	);

	it('asks about a line the grammar rejects, and still denies what it could read', () => {
		const rejected = 'echo ok; ((( rm -rf / )';
		expect(
			evaluatePolicy(
				policyOf({}),
				{ event: shellEvent(rejected), shell: analyzer.analyze(rejected, 'bash') },
				BUILTIN_PACKS,
			).verdict,
		).toBe('ask');
		const partly = 'rm -rf / ; echo ${';
		const analysis = analyzer.analyze(partly, 'bash');
		expect(analysis.parseError).toBeDefined();
		expect(
			evaluatePolicy(policyOf({}), { event: shellEvent(partly), shell: analysis }, BUILTIN_PACKS)
				.verdict,
		).toBe('deny');
	});

	it('asks when only protectedPaths reads shell lines, and says nothing with both packs off', () => {
		const line = nested('(', ')', 2_000);
		const input = { event: shellEvent(line), shell: analyzer.analyze(line, 'bash') };
		const onlyPaths = policyOf({
			packs: { destructiveCommands: false, protectedPaths: true, secrets: true },
		});
		expect(evaluatePolicy(onlyPaths, input, BUILTIN_PACKS).winner?.ruleId).toBe(
			'protectedPaths.unreadableCommandLine',
		);
		const off = policyOf({
			packs: { destructiveCommands: false, protectedPaths: false, secrets: true },
		});
		expect(evaluatePolicy(off, input, BUILTIN_PACKS).verdict).toBeUndefined();
	});

	it('runs a catastrophic-backtracking user regex on a long line in linear time', () => {
		const policy = policyOf({
			rules: [{ id: 'redos', command: '/(a+)+$/', verdict: 'deny' }],
		});
		expect(policy.rules).toHaveLength(1);
		const line = `echo ${'a'.repeat(50_000)}!`;
		const started = performance.now();
		const outcome = evaluatePolicy(
			policy,
			{ event: shellEvent(line), shell: analyzer.analyze(line, 'bash') },
			BUILTIN_PACKS,
		);
		expect(performance.now() - started).toBeLessThan(1_000);
		expect(outcome.verdict).toBeUndefined();
		const matching = `echo ${'a'.repeat(50_000)}`;
		expect(
			evaluatePolicy(
				policy,
				{ event: shellEvent(matching), shell: analyzer.analyze(matching, 'bash') },
				BUILTIN_PACKS,
			).verdict,
		).toBe('deny');
	});
});

describe('an evaluation that runs out of time on a shell line', () => {
	/** A clock that jumps a second every time it is read: any deadline check past the first few throws. */
	const racing = () => {
		let now = 0;
		return { now: () => (now += 1_000), setTimer: () => () => undefined };
	};
	const context = { signal: new AbortController().signal };
	const line = `${Array(200).fill('echo x').join(' ; ')}`;

	it.each([
		['open', 'ask'],
		['closed', 'throws'],
	] as const)('under failMode %s: %s', async (failMode, expected) => {
		const provider = new DefaultHooksProvider({
			policy: () =>
				policyOf({
					failMode,
					rules: Array.from({ length: 20 }, (_, i) => ({
						id: `r${i}`,
						command: `ls${i}`,
						verdict: 'deny',
					})),
				}),
			analyzeShell: (commandLine) => analyzer.analyze(commandLine, 'bash'),
			clock: racing(),
			budgetMs: 10,
		});
		const decided = provider.onPreToolUse(shellEvent(line), context);
		if (expected === 'throws') {
			await expect(decided).rejects.toThrow(/no decision within 10 ms/);
		} else {
			const decision = await decided;
			expect(decision?.verdict).toBe('ask');
			expect(decision?.provenance.ruleId).toBe('destructiveCommands.unfinishedCheck');
			expect(decision?.reason).toContain('no decision within 10 ms');
		}
	});
});
