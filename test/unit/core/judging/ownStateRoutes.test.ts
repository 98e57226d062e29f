import { beforeAll, describe, expect, it } from 'vitest';

import type { HookEvent } from '../../../../src/core/events/hookEvent';
import type { Finding } from '../../../../src/core/judging/finding';
import type { OwnStateLocations } from '../../../../src/core/judging/ownState';
import { protectedPathsPack } from '../../../../src/core/judging/packs/protectedPaths';
import type { PolicyInput } from '../../../../src/core/judging/policyInput';
import type { ShellAnalyzer } from '../../../../src/core/reading/shell/commandLine';
import { shellAnalyzer } from '../../../support/shellAnalyzer';

// The own-state routes of issue 19 as the pack sees them, with the locations the node layer carries: the window's
// terminal variables, the TLS identity, the editor's extension records, its command lines, and settings above the
// workspace. (test/integration/ownStateRoutes.test.ts runs the same routes through the built bridge.)

const HOME = '/home/me';
const WORKSPACE = '/home/me/code/proj';
const RUNTIME = '/run/user/1000/hookwarden-1000';

const OWN: OwnStateLocations = {
	launcherFolder: `${HOME}/.hookwarden`,
	runtimeFolder: RUNTIME,
	secretFile: `${RUNTIME}/secret.header`,
	keyFiles: [`${RUNTIME}/secret-identity.pem`],
	auditPaths: [`${WORKSPACE}/logs/audit.jsonl`],
	editorExtensionRecords: [
		`${HOME}/.vscode/extensions`,
		`${HOME}/.config/Code/User/globalStorage/state.vscdb`,
	],
	outerSettingsFiles: [`${HOME}/code/.vscode/settings.json`],
	variables: {
		HOME,
		HOOKWARDEN_SECRET_FILE: `${RUNTIME}/secret.header`,
		HOOKWARDEN_ENDPOINT: `${RUNTIME}/w-*.sock`,
	},
};

let analyzer: ShellAnalyzer;
beforeAll(async () => {
	analyzer = await shellAnalyzer();
});

function findingsOf(commandLine: string): readonly Finding[] {
	const event: HookEvent = {
		name: 'PreToolUse',
		dialect: 'vscode',
		timestamp: '2026-01-01T00:00:00.000Z',
		cwd: WORKSPACE,
		tool: {
			name: 'run_in_terminal',
			kind: 'shell',
			input: { command: commandLine },
			commandLine,
			shell: 'bash',
			paths: [],
		},
	};
	const input: PolicyInput = {
		event,
		shell: analyzer.analyze(commandLine, 'bash'),
		homeDir: HOME,
		workspaceFolder: WORKSPACE,
		ownState: OWN,
	};
	return protectedPathsPack.evaluate(input);
}

function verdictOf(commandLine: string): string | undefined {
	const findings = findingsOf(commandLine);
	const denied = findings.find((f) => f.verdict === 'deny');
	return denied ? `deny ${denied.ruleId}` : findings[0]?.verdict;
}

describe('protectedPaths: the routes outside command reading', () => {
	it.each([
		['cat "$HOOKWARDEN_SECRET_FILE"', 'deny protectedPaths.ownSecret'],
		['printf x > "$HOOKWARDEN_SECRET_FILE"', 'deny protectedPaths.ownSecret'],
		['ln -sf /tmp/agent.sock "$HOOKWARDEN_ENDPOINT"', 'deny protectedPaths.ownState'],
		[`cat ${RUNTIME}/secret-identity.pem`, 'deny protectedPaths.ownSecret'],
		[
			'cp /tmp/evil.js ~/.vscode/extensions/hookwarden.hookwarden-1.0.0/dist/bridge.js',
			'deny protectedPaths.ownState',
		],
		["echo '[]' > ~/.vscode/extensions/extensions.json", 'deny protectedPaths.ownState'],
		['cp x ~/.config/Code/User/globalStorage/state.vscdb', 'deny protectedPaths.ownState'],
		// The state database records the extensions switched off: SQL that changes it writes it.
		[
			`sqlite3 ~/.config/Code/User/globalStorage/state.vscdb "UPDATE ItemTable SET value='[]'"`,
			'deny protectedPaths.ownState',
		],
		[
			'sqlite3 ~/.config/Code/User/globalStorage/state.vscdb "SELECT key FROM ItemTable"',
			undefined,
		],
		['code --uninstall-extension hookwarden.hookwarden', 'deny protectedPaths.ownState'],
		[
			'/usr/bin/code --disable-extension HookWarden.hookwarden@1.2.3',
			'deny protectedPaths.ownState',
		],
		['code-insiders --disable-extensions', 'deny protectedPaths.ownState'],
		['rm logs/audit.jsonl', 'deny protectedPaths.ownState'],
		["echo '{}' > ../.vscode/settings.json", 'deny protectedPaths.ownState'],
		['code --uninstall-extension ms-python.python', undefined],
		['code --install-extension hookwarden.hookwarden', undefined],
		['ls ~/.vscode/extensions', undefined],
		['cat README.md', undefined],
	])('%s → %s', (line, expected) => {
		expect(verdictOf(line)).toBe(expected);
	});
});

describe('protectedPaths: reasons for the editor command lines', () => {
	it.each([
		['code --uninstall-extension hookwarden.hookwarden', 'uninstalls Hookwarden'],
		['cursor --disable-extension=hookwarden.hookwarden', 'disables Hookwarden'],
		['codium --disable-extensions', 'disables every extension'],
	])('%s says what it does once', (line, what) => {
		const [finding] = findingsOf(line);
		expect(finding?.reason).toBe(
			`\`${line}\` ${what}${what.startsWith('disables every') ? ', Hookwarden among them' : ''}, so no hook call reaches it. Agents may not change Hookwarden's own state; ask the person to make this change themselves.`,
		);
	});
});
