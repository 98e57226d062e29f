import { describe, expect, it } from 'vitest';

import type { ApprovalRequest } from '../../../../src/core/approvals/pendingApproval';
import { compilePolicy } from '../../../../src/core/policy/compilePolicy';
import { evaluatePolicy } from '../../../../src/core/policy/evaluatePolicy';
import { readPolicySettings } from '../../../../src/core/settings/readPolicySettings';
import {
	anchoredRegex,
	exactPathGlob,
	proposeAlwaysAllowRule,
} from '../../../../src/core/approvals/alwaysAllowRule';
import {
	fileWrite,
	preToolUse,
	shellTool,
	userPrompt,
	WORKSPACE,
} from '../../../support/hookEventBuilder';

const DEFAULT_ASK = { providerId: 'hookwarden.policy', ruleId: 'defaultVerdict' };

function request(overrides: Partial<ApprovalRequest>): ApprovalRequest {
	return {
		id: 'a1',
		event: preToolUse(),
		reason: 'x',
		askedBy: DEFAULT_ASK,
		workspaceFolder: WORKSPACE,
		createdAt: 0,
		deadline: 1,
		...overrides,
	};
}

/** What the policy says about a command line once the proposed rule is in the settings. */
function verdictWith(rule: unknown, commandLine: string): string | undefined {
	const { settings } = readPolicySettings([
		{ source: { kind: 'userSettings' }, values: { rules: [rule] } },
	]);
	const policy = compilePolicy(settings);
	const event = preToolUse({ tool: shellTool(commandLine) });
	return evaluatePolicy(
		policy,
		{ event, workspaceFolder: WORKSPACE, homeDir: '/home/dev' },
		new Map(),
	).verdict;
}

/** What the policy says about a write to `path` once the proposed rule is in the settings. */
function pathVerdictWith(rule: unknown, path: string): string | undefined {
	const { settings } = readPolicySettings([
		{ source: { kind: 'userSettings' }, values: { rules: [rule] } },
	]);
	return evaluatePolicy(
		compilePolicy(settings),
		{
			event: preToolUse({ tool: fileWrite(path) }),
			workspaceFolder: WORKSPACE,
			homeDir: '/home/dev',
		},
		new Map(),
	).verdict;
}

describe('proposeAlwaysAllowRule', () => {
	it('pins a command to the exact tool and an anchored literal regex', () => {
		const proposal = proposeAlwaysAllowRule(
			request({ event: preToolUse({ tool: shellTool('make release VERSION=1.2') }) }),
			['make release VERSION=1.2'],
			'2026-01-02',
		);
		expect(proposal).toMatchObject({
			kind: 'rule',
			rule: {
				id: 'always-allow-run_in_terminal-make-release-version-1-2',
				tool: 'run_in_terminal',
				command: ['/^make release VERSION=1\\.2$/'],
				verdict: 'allow',
			},
		});
		if (proposal.kind !== 'rule') {
			return;
		}
		expect(verdictWith(proposal.rule, 'make release VERSION=1.2')).toBe('allow');
		// Never wider than what was seen.
		expect(verdictWith(proposal.rule, 'make release VERSION=1x2')).toBeUndefined();
		expect(verdictWith(proposal.rule, 'make release VERSION=1.2 --force')).toBeUndefined();
		expect(verdictWith(proposal.rule, 'make release')).toBeUndefined();
	});

	it('lists each sub-command of a compound line and says so', () => {
		const proposal = proposeAlwaysAllowRule(
			request({ event: preToolUse({ tool: shellTool('npm test && npm run lint') }) }),
			['npm test', 'npm run lint'],
			'2026-01-02',
		);
		expect(proposal.kind === 'rule' && proposal.rule.command).toEqual([
			'/^npm test$/',
			'/^npm run lint$/',
		]);
		expect(proposal.kind === 'rule' && proposal.explanation.join(' ')).toMatch(/alone or together/);
	});

	it('pins file paths exactly, with glob characters escaped and a name at the top written ./name', () => {
		const proposal = proposeAlwaysAllowRule(
			request({ event: preToolUse({ tool: fileWrite('README.md') }) }),
			undefined,
			'2026-01-02',
		);
		expect(proposal.kind === 'rule' && proposal.rule.path).toEqual(['./README.md']);
		expect(exactPathGlob('src/[id]/*.ts', WORKSPACE)).toBeUndefined();
		expect(exactPathGlob('src/a(1)/b*.ts', WORKSPACE)).toBe('src/a[(]1[)]/b[*].ts');
	});

	it('writes portable paths: relative to the workspace, else to ~, never the checkout’s own absolute path', () => {
		const temp = '/tmp/hookwarden-demo-Xk2/ws';
		const home = '/home/dev';
		expect(exactPathGlob(`${temp}/NOTES.md`, temp, home)).toBe('./NOTES.md');
		expect(exactPathGlob(`${temp}/docs/notes (draft).md`, temp, home)).toBe(
			'docs/notes [(]draft[)].md',
		);
		expect(exactPathGlob(`${home}/.config/tool.json`, temp, home)).toBe('~/.config/tool.json');
		expect(exactPathGlob('/etc/hosts', temp, home)).toBe('/etc/hosts');
		expect(exactPathGlob('NOTES.md', undefined, home)).toBeUndefined();
	});

	it('a rule for a file at the top allows that file and no file of the same name deeper', () => {
		const proposal = proposeAlwaysAllowRule(
			request({ event: preToolUse({ tool: fileWrite(`${WORKSPACE}/NOTES.md`) }) }),
			undefined,
			'2026-01-02',
			'/home/dev',
		);
		expect(proposal).toMatchObject({
			kind: 'rule',
			rule: { id: 'always-allow-create_file-notes-md', path: ['./NOTES.md'] },
		});
		if (proposal.kind !== 'rule') {
			return;
		}
		expect(pathVerdictWith(proposal.rule, `${WORKSPACE}/NOTES.md`)).toBe('allow');
		expect(pathVerdictWith(proposal.rule, `${WORKSPACE}/docs/NOTES.md`)).toBeUndefined();
		expect(pathVerdictWith(proposal.rule, '/elsewhere/NOTES.md')).toBeUndefined();
	});

	it('keeps the whole subject in the id; a very long one is shortened at a word', () => {
		const line = 'npm run build -- --configuration production --output-path dist/app';
		const proposal = proposeAlwaysAllowRule(
			request({ event: preToolUse({ tool: shellTool(line) }) }),
			[line],
			'd',
		);
		expect(proposal.kind === 'rule' && proposal.rule.id).toBe(
			'always-allow-run_in_terminal-npm-run-build-configuration-production-output-path-dist-app',
		);
		const long = `echo ${'lorem ipsum '.repeat(12)}`;
		const longer = proposeAlwaysAllowRule(
			request({ event: preToolUse({ tool: shellTool(long) }) }),
			[long.trim()],
			'd',
		);
		expect(longer.kind === 'rule' && longer.rule.id).toMatch(
			/^always-allow-run_in_terminal-echo(-lorem-ipsum)+(-lorem)?$/,
		);
	});

	it('refuses when an ask rule asked: ask outranks allow', () => {
		const proposal = proposeAlwaysAllowRule(
			request({
				askedBy: {
					providerId: 'hookwarden.policy',
					ruleId: 'ask-publish',
					source: { kind: 'workspaceSettings', file: '/ws/.vscode/settings.json' },
				},
			}),
			['echo hi'],
			'2026-01-02',
		);
		expect(proposal.kind).toBe('outranked');
		expect(proposal.kind === 'outranked' && proposal.why).toMatch(
			/^Rule 'ask-publish' in workspace settings asks/,
		);
	});

	it('refuses what it cannot pin: no sub-commands, a tool without command or path, other events', () => {
		expect(
			proposeAlwaysAllowRule(
				request({ event: preToolUse({ tool: shellTool('x') }) }),
				undefined,
				'd',
			).kind,
		).toBe('unavailable');
		expect(proposeAlwaysAllowRule(request({ event: userPrompt() }), undefined, 'd').kind).toBe(
			'unavailable',
		);
	});

	it('anchoredRegex escapes every regex character', () => {
		expect(anchoredRegex('a.b*c/d(e)[f]$')).toBe('/^a\\.b\\*c\\/d\\(e\\)\\[f\\]\\$$/');
	});
});
