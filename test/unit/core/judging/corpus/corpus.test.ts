import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HookEvent } from '../../../../../src/core/events/hookEvent';
import { BUILTIN_PACKS } from '../../../../../src/core/judging/builtinPacks';
import type { Finding } from '../../../../../src/core/judging/finding';
import type { ShellAnalyzer } from '../../../../../src/core/reading/shell/commandLine';
import type { CodeEffectReader } from '../../../../../src/core/reading/shell/interpreterCode';
import { codeReader } from '../../../../support/codeReader';
import { shellAnalyzer } from '../../../../support/shellAnalyzer';
import { type CorpusRow, DANGEROUS } from './dangerous';
import { HARMLESS } from './harmless';

// The corpus runs every built-in pack the way the bridge does: a workspace, its cwd, and a home folder.
const WORKSPACE = '/home/u/proj';
const HOME = '/home/u';

let analyzer: ShellAnalyzer;
let readCode: CodeEffectReader;
beforeAll(async () => {
	analyzer = await shellAnalyzer();
	readCode = await codeReader();
});

function findings([line, , written]: CorpusRow): Finding[] {
	const dialect = written ?? 'bash';
	const event: HookEvent = {
		name: 'PreToolUse',
		dialect: 'vscode',
		timestamp: '2026-01-01T00:00:00.000Z',
		cwd: WORKSPACE,
		tool: {
			name: dialect === 'powershell' ? 'powershell' : 'run_in_terminal',
			kind: 'shell',
			input: { command: line },
			commandLine: line,
			shell: dialect,
			paths: [],
		},
	};
	const input = {
		event,
		workspaceFolder: WORKSPACE,
		homeDir: HOME,
		shell: analyzer.analyze(line, dialect, readCode),
	};
	return [...BUILTIN_PACKS.values()].flatMap((pack) => [...pack.evaluate(input)]);
}

const caught = new Map<string, [number, number]>();
const leftAlone = new Map<string, [number, number]>();
function tally(into: Map<string, [number, number]>, tag: string, ok: boolean): void {
	const [hits, total] = into.get(tag) ?? [0, 0];
	into.set(tag, [hits + (ok ? 1 : 0), total + 1]);
}

describe('corpus: dangerous lines are denied or asked', () => {
	it.each(DANGEROUS.map((row) => [row[1], row[0], row] as const))('[%s] %s', (tag, _line, row) => {
		const verdicts = findings(row).map((finding) => finding.verdict);
		const ok = verdicts.includes('deny') || verdicts.includes('ask');
		tally(caught, tag, ok);
		expect(ok).toBe(true);
	});
});

describe('corpus: harmless lines are left alone', () => {
	it.each(HARMLESS.map((row) => [row[1], row[0], row] as const))('[%s] %s', (tag, _line, row) => {
		const found = findings(row);
		tally(leftAlone, tag, found.length === 0);
		expect(found.map((finding) => `${finding.verdict} ${finding.ruleId}`)).toEqual([]);
	});
});

afterAll(() => {
	const rate = (map: Map<string, [number, number]>) => {
		const [hits, total] = [...map.values()].reduce(([h, t], [a, b]) => [h + a, t + b], [0, 0]);
		return `${hits}/${total} (${((100 * hits) / Math.max(total, 1)).toFixed(1)}%)`;
	};
	const byTag = (map: Map<string, [number, number]>) =>
		[...map].map(([tag, [hits, total]]) => `${tag} ${hits}/${total}`).join(', ');
	if (process.env.CORPUS_REPORT) {
		process.stdout.write(
			`corpus: dangerous caught ${rate(caught)} [${byTag(caught)}]\n` +
				`corpus: harmless left alone ${rate(leftAlone)} [${byTag(leftAlone)}]\n`,
		);
	}
});
