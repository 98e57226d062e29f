import { beforeAll, describe, expect, it } from 'vitest';

import type { Finding } from '../../../../src/core/judging/finding';
import type { OwnStateLocations } from '../../../../src/core/judging/ownState';
import { protectedPathsPack } from '../../../../src/core/judging/packs/protectedPaths';
import type { ShellAnalyzer } from '../../../../src/core/reading/shell/commandLine';
import { shellAnalyzer } from '../../../support/shellAnalyzer';

const HOME = '/home/dev';
const PROJECT = '/srv/app';
const POLICY = '/etc/hookwarden/policy.json';

const OWN: OwnStateLocations = {
	launcherFolder: `${HOME}/.hookwarden`,
	auditPaths: [],
	machinePolicy: [POLICY, '/etc/hookwarden'],
	variables: { HOME, USER: 'dev' },
};

let analyzer: ShellAnalyzer;
beforeAll(async () => {
	analyzer = await shellAnalyzer();
});

/** What the protectedPaths pack says about one bash line run in the project, the strictest finding first. */
function judged(line: string): readonly Finding[] {
	const shell = analyzer.analyze(line, 'bash');
	expect(shell.parseError).toBeUndefined();
	const findings = protectedPathsPack.evaluate({
		event: {
			name: 'PreToolUse',
			dialect: 'vscode',
			timestamp: '2026-12-03T12:00:00.000Z',
			cwd: PROJECT,
			tool: {
				name: 'run_in_terminal',
				kind: 'shell',
				input: { command: line },
				commandLine: line,
				shell: 'bash',
				paths: [],
			},
		},
		shell,
		homeDir: HOME,
		workspaceFolder: PROJECT,
		ownState: OWN,
	});
	const rank = { allow: 0, ask: 1, deny: 2 } as const;
	return [...findings].sort((a, b) => rank[b.verdict] - rank[a.verdict]);
}

const verdictOf = (line: string) => judged(line)[0]?.verdict;

describe("the machine policy's owner and access list are Hookwarden's own state", () => {
	it.each([
		`sudo chown "$USER" ${POLICY}`,
		`sudo chown dev:dev ${POLICY}`,
		'sudo chown -R "$(id -u)" /etc/hookwarden',
		`sudo chgrp staff ${POLICY}`,
		`sudo chmod 0646 ${POLICY}`,
		'sudo chmod g+w /etc/hookwarden',
		`sudo setfacl -m u:dev:rw ${POLICY}`,
		'setfacl -R -m u:dev:rwx /etc/hookwarden',
		`sudo chattr -i ${POLICY}`,
		'sudo chattr -R +a /etc/hookwarden',
		'cd /etc/hookwarden && sudo chown dev policy.json',
		`echo '{}' | sudo tee ${POLICY}`,
		`sudo rm ${POLICY}`,
	])('%s is denied', (line) => {
		const [strictest] = judged(line);
		expect(strictest?.verdict).toBe('deny');
		expect(strictest?.ruleId).toBe('protectedPaths.ownState');
		expect(strictest?.reason).toContain('machine policy');
	});

	it('leaves reading it, and attributes of other files, alone', () => {
		expect(verdictOf(`cat ${POLICY}`)).toBeUndefined();
		expect(verdictOf('ls -l /etc/hookwarden')).toBeUndefined();
		expect(verdictOf('chattr +i build/out.bin')).toBeUndefined();
		expect(verdictOf('chown dev src/app.ts')).toBeUndefined();
	});
});

describe('another agent started ungoverned is asked', () => {
	it.each([
		// approvals off: whatever its hooks ask is approved with nobody asked
		["copilot -p 'tidy up' --allow-all-tools", 'approvals off'],
		['copilot --yolo', 'approvals off'],
		["copilot --allow-all -p 'ship it'", 'approvals off'],
		["copilot --allow-tool=shell -p 'clean'", 'approvals off'],
		["copilot --allow-tool 'write' -p x", 'approvals off'],
		['claude --dangerously-skip-permissions -p "refactor"', 'approvals off'],
		['claude --permission-mode bypassPermissions', 'approvals off'],
		['claude --permission-mode=bypassPermissions -p x', 'approvals off'],
		['codex --dangerously-bypass-approvals-and-sandbox exec "fix"', 'approvals off'],
		['codex --yolo', 'approvals off'],
		['codex -a never exec "fix"', 'approvals off'],
		['codex --ask-for-approval never', 'approvals off'],
		['codex -c approval_policy=never exec x', 'approvals off'],
		['gemini -y -p "go"', 'approvals off'],
		['gemini --approval-mode yolo', 'approvals off'],
		['qwen --yolo', 'approvals off'],
		['cursor-agent -f -p "go"', 'approvals off'],
		// another HOME or configuration folder: the user hooks that watch it do not load
		["HOME=/tmp/x copilot -p 'go'", 'HOME'],
		['COPILOT_HOME=/tmp/c copilot', 'COPILOT_HOME'],
		['XDG_CONFIG_HOME=/tmp/cfg gemini -p hi', 'XDG_CONFIG_HOME'],
		['env CLAUDE_CONFIG_DIR=/tmp/c claude -p hi', 'CLAUDE_CONFIG_DIR'],
		['CODEX_HOME=/tmp/cx codex exec hi', 'CODEX_HOME'],
		['copilot --config-dir /tmp/elsewhere -p hi', 'another configuration folder'],
		// hooks switched off
		[`claude --settings '{"disableAllHooks": true}' -p x`, 'hooks switched off'],
		['claude --setting-sources project,local -p x', 'hooks switched off'],
	])('%s (%s)', (line, what) => {
		const [strictest] = judged(line);
		expect(strictest?.verdict).toBe('ask');
		expect(strictest?.reason).toContain(what);
	});

	it('says all that applies when a line does several', () => {
		const [strictest] = judged('HOME=/tmp/x copilot --yolo --config-dir /tmp/y');
		expect(strictest?.verdict).toBe('ask');
		for (const part of ['`HOME` moved', 'approvals off (`--yolo`)', '`--config-dir /tmp/y`']) {
			expect(strictest?.reason).toContain(part);
		}
	});

	it('leaves an agent started with its approvals, configuration and hooks as they are alone', () => {
		for (const line of [
			"copilot -p 'fix the failing test'",
			"copilot --allow-tool='shell(git status)' -p x",
			'claude -p "explain --dangerously-skip-permissions"',
			'claude --permission-mode plan',
			'claude --setting-sources user,project',
			'codex -a on-request exec x',
			'gemini --approval-mode default -p x',
			'npm run yolo',
		]) {
			expect({ line, verdict: verdictOf(line) }).toEqual({ line, verdict: undefined });
		}
	});
});
